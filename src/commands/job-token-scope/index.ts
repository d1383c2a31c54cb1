import { groupRef, projectRef } from '../../params/parsers.js';
import { group, tristate } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';
import { entryOf } from './entry.js';

/** --target-project <path> or --target-group <path>: one entry of an allowlist. */
const ENTRY = group(
  [
    {
      flags: '--target-project <project>',
      description: 'a project of the allowlist (ID or full path)',
      parse: projectRef,
    },
    { flags: '--target-group <group>', description: 'a group of the allowlist (ID or full path)', parse: groupRef },
  ],
  entryOf,
);

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show whether job tokens are limited to the allowlists, and the allowlisted projects and groups',
  examples: ['collab job-token-scope view --project acme/web/storefront'],
});

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Limit access with a job token to the allowlists (--enabled), or open it to every project (--no-enabled)',
  flags: { enabled: tristate('--enabled', 'only the allowlisted projects and groups (--no-enabled: every project)') },
  mutating: true,
  examples: [
    'collab job-token-scope update --project acme/web/storefront --enabled',
    'collab job-token-scope update --project - --enabled < projects.txt',
  ],
});

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the projects and groups allowed to reach the project with a job token',
  examples: ['collab job-token-scope list --project acme/web/storefront --json'],
});

export const ADD = ownerVerb({
  kinds: ['project'],
  name: 'add',
  summary: 'Allow a project or a group to reach the project with a job token',
  flags: { entry: ENTRY },
  mutating: true,
  examples: [
    'collab job-token-scope add --project acme/web/storefront --target-project acme/platform/api',
    'collab job-token-scope add --project acme/web/storefront --target-group acme/platform',
  ],
});

export const REMOVE = ownerVerb({
  kinds: ['project'],
  name: 'remove',
  summary: 'Take a project or a group off the allowlist (one not on it is not an error)',
  description: 'On a terminal you confirm by typing the path; scripts pass --yes.',
  flags: { entry: ENTRY },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: ['collab job-token-scope remove --project acme/web/storefront --target-project acme/platform/api --yes'],
});

export const spec: CommandSpec = {
  ...noun('job-token-scope'),
  description:
    'Every verb takes --project <id|path> (- reads projects from standard input) and needs the Maintainer role. With the limit on, only the allowlisted projects and groups (and the project itself) may reach the project with a CI/CD job token.',
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...LIST, load: () => import('./list.js') },
    { ...ADD, load: () => import('./add.js') },
    { ...REMOVE, load: () => import('./remove.js') },
  ],
};
