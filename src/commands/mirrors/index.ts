import { MIRROR_PARAMS } from '../../params/remote-mirrors.js';
import { positiveInteger } from '../../params/parsers.js';
import { confirmedDelete } from '../delete.js';
import { arg, asText, option, params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const MIRROR_ID = arg(
  { name: 'mirror-id', description: 'the mirror’s ID (see `collab mirrors list`)' },
  positiveInteger,
);

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s push mirrors and how their last update went',
  list: true,
  examples: ['collab mirrors list --project acme/web/storefront'],
});

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one push mirror',
  args: { mirrorId: MIRROR_ID },
  examples: ['collab mirrors view 3 --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a push mirror (disabled unless --enabled)',
  description:
    'The remote’s URL, with its credentials, is read from --url-file <path>, or standard input without it (--url-file - too), never from the command line; --url takes a URL without credentials (an SSH remote). No output shows the credentials: the service answers them as *****.',
  flags: {
    url: option('--url <url>', 'the remote, without credentials (ssh://git@host/group/repo.git)', asText),
    urlFile: option(
      '--url-file <path|->',
      'read the remote’s URL, credentials and all, from a file; - or none: standard input',
      asText,
    ),
    fields: params(MIRROR_PARAMS),
  },
  mutating: true,
  examples: [
    'collab mirrors create --project acme/web/storefront --url-file mirror-url.txt --enabled --only-protected-branches',
    'vault read -field=url secret/mirror | collab mirrors create --project 42 --enabled',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change a push mirror’s settings (its URL stays: delete and create for another)',
  args: { mirrorId: MIRROR_ID },
  flags: { fields: params(MIRROR_PARAMS) },
  mutating: true,
  examples: ['collab mirrors update 3 --project acme/web/storefront --no-enabled'],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a push mirror (one already gone is not an error)',
  typing: 'the mirror’s ID',
  args: { mirrorId: MIRROR_ID },
  kinds: ['project'],
  strict: 'the mirror does not exist',
  examples: ['collab mirrors delete 3 --project acme/web/storefront --yes'],
});

export const SYNC = ownerVerb({
  kinds: ['project'],
  name: 'sync',
  summary: 'Push to the mirror now',
  args: { mirrorId: MIRROR_ID },
  mutating: true,
  examples: ['collab mirrors sync 3 --project acme/web/storefront'],
});

export const spec: CommandSpec = {
  ...noun('mirrors'),
  description:
    'Push mirrors: every verb takes --project <id|path> (- reads projects from standard input) and needs the Maintainer role. A pull mirror is a project setting (collab projects update --import-url, collab.yaml `mirror`).',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...SYNC, load: () => import('./sync.js') },
  ],
};
