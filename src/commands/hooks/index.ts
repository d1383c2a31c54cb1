import { OWNER_OPTIONS } from '../owner-options.js';
import type { ArgSpec, CommandSpec } from '../spec.js';
import { hookFieldOptions } from './options.js';
import { noun } from '../nouns.js';

const HOOK_ID: ArgSpec = { name: 'hook-id', description: 'the hook ID (see `collab hooks list`)' };

export const spec: CommandSpec = {
  ...noun('hooks'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>. Project hooks need the Maintainer role, group hooks the Owner role. The secret token is read from --token-file <path|-> or asked for with --token-prompt, never taken from the command line, and never printed.`,
  subcommands: [
    {
      name: 'list',
      summary: 'List the hooks with the events each delivers',
      options: OWNER_OPTIONS,
      list: true,
      examples: ['collab hooks list --project acme/web/storefront', 'collab hooks list --group acme --json'],
      load: () => import('./list.js'),
    },
    {
      name: 'view',
      summary: 'Show one hook',
      args: [HOOK_ID],
      options: OWNER_OPTIONS,
      examples: ['collab hooks view 3 --project acme/web/storefront'],
      load: () => import('./view.js'),
    },
    {
      name: 'create',
      summary: 'Add a hook',
      description: 'Push events are on by default, every other event off, TLS verification on.',
      options: hookFieldOptions({ description: 'where deliveries are sent (http or https)', required: true }),
      mutating: true,
      examples: [
        'collab hooks create --project acme/web/storefront --url https://ci.example.com/hook --events push,merge-requests,pipeline',
        'collab hooks create --group acme --url https://audit.example.com/hook --subgroup-events --token-file secret.txt',
        'vault read -field=token secret/hook | collab hooks create --project 42 --url https://ci.example.com/hook --token-file -',
      ],
      load: () => import('./create.js'),
    },
    {
      name: 'update',
      summary: 'Change a hook; events not mentioned stay as they are',
      description: `Reads the hook, applies the given flags over it, and writes the whole hook back (the service wants every update to carry the URL): events and settings you do not mention keep their values. --events replaces the whole set of events. --url defaults to the current URL. The service forgets the secret token when the URL changes, unless a token is given with it.`,
      args: [HOOK_ID],
      options: hookFieldOptions({ description: 'a new address for deliveries (default: the current one)' }),
      mutating: true,
      examples: ['collab hooks update 3 --project acme/web/storefront --issues-events --no-push-events', 'collab hooks update 7 --group acme --token-prompt'],
      load: () => import('./update.js'),
    },
    {
      name: 'delete',
      destructive: true,
      summary: 'Remove a hook (a hook that is already gone is not an error)',
      args: [HOOK_ID],
      description: 'On a terminal you confirm by typing the hook’s ID; scripts pass --yes.',
      options: [...OWNER_OPTIONS, { flags: '--strict', description: 'fail with exit 4 when the hook does not exist' }],
      mutating: true,
      confirm: true,
      examples: ['collab hooks delete 3 --project acme/web/storefront', 'collab hooks delete 3 --project acme/web/storefront --yes'],
      load: () => import('./delete.js'),
    },
  ],
};
