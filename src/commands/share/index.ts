import { ownerVerb } from '../owner.js';
import { accessLevel, date, groupRef } from '../../params/parsers.js';
import { bool, option } from '../flags.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

const WITH = option('--group-id <group>', 'the group to share with (ID or full path)', groupRef, {
  required: true,
  aliases: ['--with'],
});

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the groups it is shared with',
  examples: ['collab share list --project acme/web/storefront', 'collab share list --group acme/web --json'],
});

export const ADD = ownerVerb({
  kinds: ['project', 'group'],
  name: 'add',
  summary: 'Share it with a group',
  flags: {
    withGroup: WITH,
    access: option(
      '--group-access <level>',
      'the most the group’s members get: guest, reporter, developer, maintainer, owner or 10..50',
      accessLevel,
      { required: true, aliases: ['--access'] },
    ),
    expires: option('--expires-at <YYYY-MM-DD>', 'the share ends at the start of this day (a future date)', date, {
      aliases: ['--expires'],
    }),
  },
  mutating: true,
  examples: [
    'collab share add --project acme/web/storefront --group-id globex --group-access developer',
    'collab share add --group acme/web --group-id 11 --group-access reporter --expires-at 2030-01-31',
  ],
});

export const REMOVE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'remove',
  destructive: true,
  summary: 'Stop sharing it with a group (not shared is not an error)',
  flags: {
    withGroup: WITH,
    strict: bool('--strict', 'fail with exit 4 when it is not shared with that group'),
  },
  mutating: true,
  examples: ['collab share remove --project acme/web/storefront --group-id globex'],
});

export const spec: CommandSpec = {
  ...noun('share'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>: what is shared. Members of the --group-id group get access to it, up to the --group-access level. Sharing a project needs the Maintainer role on it, sharing a group the Owner role.`,
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...ADD, load: () => import('./add.js') },
    { ...REMOVE, load: () => import('./remove.js') },
  ],
};
