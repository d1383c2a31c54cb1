import { OWNER_OPTIONS } from '../owner-options.js';
import { accessLevel, date, groupRef } from '../../params/parsers.js';
import type { CommandSpec, OptionSpec } from '../spec.js';
import { noun } from '../nouns.js';

const WITH: OptionSpec = { flags: '--with <group>', description: 'the group to share with (ID or full path)', parse: groupRef, required: true };

export const spec: CommandSpec = {
  ...noun('share'),
  description: `Every verb takes exactly one of --project <id|path> and --group <id|path>: what is shared. Members of the --with group get access to it, up to the --access level. Sharing a project needs the Maintainer role on it, sharing a group the Owner role.`,
  subcommands: [
    {
      name: 'list',
      summary: 'List the groups it is shared with',
      options: OWNER_OPTIONS,
      examples: ['collab share list --project acme/web/storefront', 'collab share list --group acme/web --json'],
      load: () => import('./list.js'),
    },
    {
      name: 'add',
      summary: 'Share it with a group',
      options: [
        ...OWNER_OPTIONS,
        WITH,
        { flags: '--access <level>', description: 'the most the group’s members get: guest, reporter, developer, maintainer, owner or 10..50', parse: accessLevel, required: true },
        { flags: '--expires <YYYY-MM-DD>', description: 'the share ends at the start of this day (a future date)', parse: date },
      ],
      mutating: true,
      examples: ['collab share add --project acme/web/storefront --with globex --access developer', 'collab share add --group acme/web --with 11 --access reporter --expires 2030-01-31'],
      load: () => import('./add.js'),
    },
    {
      name: 'remove',
      destructive: true,
      summary: 'Stop sharing it with a group (not shared is not an error)',
      options: [...OWNER_OPTIONS, WITH, { flags: '--strict', description: 'fail with exit 4 when it is not shared with that group' }],
      mutating: true,
      examples: ['collab share remove --project acme/web/storefront --with globex'],
      load: () => import('./remove.js'),
    },
  ],
};
