import { confirmedDelete } from '../delete.js';
import { dateTime, nonEmpty, positiveInteger } from '../../params/parsers.js';
import { arg, asText, bool, option, tristate } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const KEY_ID = arg(
  { name: 'key-id', description: 'the deploy key’s ID (see `collab deploy-keys list`)' },
  positiveInteger,
);

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s deploy keys',
  list: true,
  examples: ['collab deploy-keys list --project acme/web/storefront'],
});

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one deploy key',
  args: { keyId: KEY_ID },
  examples: ['collab deploy-keys view 3 --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a deploy key (a key another project has is shared, not copied)',
  description:
    'The public key is read from --key-file <path>, or from standard input without it (--key-file - too). Read-only unless --can-push.',
  flags: {
    title: option('--title <title>', 'the key’s title', nonEmpty, { required: true }),
    keyFile: option(
      '--key-file <path|->',
      'the public key (an OpenSSH line: ssh-ed25519 AAAA… comment); - or none: standard input',
      asText,
    ),
    canPush: bool('--can-push', 'the key may push to the repository'),
    expiresAt: option('--expires-at <time>', 'when the key stops working (ISO 8601)', dateTime),
  },
  mutating: true,
  examples: [
    'collab deploy-keys create --project acme/web/storefront --title ci --key-file ~/.ssh/ci.pub',
    'cat ci.pub | collab deploy-keys create --project acme/web/storefront --title ci --can-push',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Rename a deploy key or change whether it may push',
  description: 'The title is the key’s on every project that has it; --can-push is this project’s.',
  args: { keyId: KEY_ID },
  flags: {
    title: option('--title <title>', 'the key’s new title', nonEmpty),
    canPush: tristate('--can-push', 'the key may push (--no-can-push: read-only)'),
  },
  mutating: true,
  examples: ['collab deploy-keys update 3 --project acme/web/storefront --no-can-push'],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a deploy key from the project (a key it does not have is not an error)',
  typing: 'the key’s ID',
  note: 'A key no other project has is removed from the service too.',
  args: { keyId: KEY_ID },
  kinds: ['project'],
  strict: 'the project does not have the key',
  examples: ['collab deploy-keys delete 3 --project acme/web/storefront --yes'],
});

export const ENABLE = ownerVerb({
  kinds: ['project'],
  name: 'enable',
  summary: 'Enable on the project a deploy key of another project (read-only)',
  args: { keyId: KEY_ID },
  mutating: true,
  examples: ['collab deploy-keys enable 3 --project acme/platform/api'],
});

export const spec: CommandSpec = {
  ...noun('deploy-keys'),
  description: 'Every verb takes --project <id|path> and needs the Maintainer role.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...ENABLE, load: () => import('./enable.js') },
  ],
};
