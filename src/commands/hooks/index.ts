import { confirmedDelete } from '../delete.js';
import { positiveInteger } from '../../params/parsers.js';
import { arg } from '../flags.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';
import { CREATE_URL, HOOK_FIELD_FLAGS, UPDATE_URL } from './options.js';
import { noun } from '../nouns.js';

const HOOK_ID = arg({ name: 'hook-id', description: 'the hook ID (see `collab hooks list`)' }, positiveInteger);

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the hooks with the events each delivers',
  list: true,
  examples: ['collab hooks list --project acme/web/storefront', 'collab hooks list --group acme --json'],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one hook',
  args: { hookId: HOOK_ID },
  examples: ['collab hooks view 3 --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a hook',
  description: 'Push events are on by default, every other event off, TLS verification on.',
  flags: { url: CREATE_URL, ...HOOK_FIELD_FLAGS },
  mutating: true,
  examples: [
    'collab hooks create --project acme/web/storefront --url https://ci.example.com/hook --events push,merge-requests,pipeline',
    'collab hooks create --group acme --url https://audit.example.com/hook --subgroup-events --token-file secret.txt',
    'vault read -field=token secret/hook | collab hooks create --project 42 --url https://ci.example.com/hook --token-file -',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a hook; events not mentioned stay as they are',
  description: `Reads the hook, applies the given flags over it, and writes the whole hook back (the service wants every update to carry the URL): events and settings you do not mention keep their values. --events replaces the whole set of events. --url defaults to the current URL. The service forgets the secret token when the URL changes, unless a token is given with it.`,
  args: { hookId: HOOK_ID },
  flags: { url: UPDATE_URL, ...HOOK_FIELD_FLAGS },
  mutating: true,
  examples: [
    'collab hooks update 3 --project acme/web/storefront --issues-events --no-push-events',
    'collab hooks update 7 --group acme --token-prompt',
  ],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a hook (a hook that is already gone is not an error)',
  typing: 'the hook’s ID',
  args: { hookId: HOOK_ID },
  kinds: ['project', 'group'],
  strict: 'the hook does not exist',
  examples: [
    'collab hooks delete 3 --project acme/web/storefront',
    'collab hooks delete 3 --project acme/web/storefront --yes',
  ],
});

export const spec: CommandSpec = {
  ...noun('hooks'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>. Project hooks need the Maintainer role, group hooks the Owner role. The secret token is read from --token-file <path|-> or asked for with --token-prompt, never taken from the command line, and never printed.`,
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
