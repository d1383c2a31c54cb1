import { FORK_PARAMS } from '../../params/forks.js';
import {
  PROJECT_GROUP_FILTERS,
  PROJECT_USER_FILTERS,
  SNAPSHOT_PARAMS,
  STARRER_FILTERS,
} from '../../params/project-reads.js';
import { STARRED_PROJECTS_PARAMS } from '../../params/projects.js';
import { namespaceRef, nonEmpty, projectRef } from '../../params/parsers.js';
import { ONLY_PROJECT, PROJECT, PROJECT_ARG } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { arg, asText, bool, option, params } from '../flags.js';
import { verb } from '../verb.js';
import type { CommandSpec } from '../spec.js';
import { memberVerbs } from '../members/verbs.js';

/** `projects fork`: the model of a typed verb (src/commands/verb.ts); fork.ts reads `VerbInput<typeof FORK>`. */
export const FORK = verb({
  name: 'fork',
  summary: 'Fork a project, optionally waiting until the copy is finished',
  description:
    'The service copies the repository in the background. Without --wait the new project is printed at once with its import status; with --wait collab polls it until the copy is finished (exit 6 if it fails, 7 if --timeout runs out; Ctrl-C stops waiting and leaves the fork running).',
  args: { project: PROJECT },
  flags: {
    namespace: option(
      '--namespace <id|path>',
      'namespace (group or user) to fork into, by ID or full path (default: your own)',
      namespaceRef,
      { aliases: ['--namespace-id'] },
    ),
    params: params(FORK_PARAMS),
    ...waitFlags('the fork is ready, and print it then'),
  },
  mutating: true,
  examples: [
    'collab projects fork acme/web/storefront',
    'collab projects fork acme/web/storefront --namespace globex --path shop --wait',
    'collab projects fork 42 --wait --timeout 2m --json | jq .web_url',
  ],
});

export const FORK_RELATION_ADD = verb({
  name: 'add',
  summary: 'Mark <project> as forked from <forked-from> (owners and administrators)',
  args: {
    project: PROJECT,
    forkedFrom: arg({ name: 'forked-from', description: 'the upstream project: numeric ID or full path' }, projectRef),
  },
  mutating: true,
  examples: ['collab projects fork-relation add olivia/storefront acme/web/storefront'],
});

export const FORKS = verb({
  name: 'forks',
  summary: 'List the forks of a project that you can see',
  args: { project: PROJECT },
  flags: { query: params(STARRED_PROJECTS_PARAMS) },
  list: true,
  examples: [
    'collab projects forks acme/web/storefront',
    'collab projects forks 42 --owned --visibility private --all --json',
  ],
});

export const STARRERS = verb({
  name: 'starrers',
  summary: 'List the users who starred a project',
  args: { project: PROJECT },
  flags: { query: params(STARRER_FILTERS) },
  list: true,
  examples: ['collab projects starrers acme/web/storefront --search dana'],
});

export const USERS = verb({
  name: 'users',
  summary: 'List the users who have access to a project',
  args: { project: PROJECT },
  flags: { query: params(PROJECT_USER_FILTERS) },
  list: true,
  examples: ['collab projects users acme/web/storefront --search ma --skip-users 1,2'],
});

export const GROUPS = verb({
  name: 'groups',
  summary: "List a project's ancestor groups, and with --with-shared the groups it is shared with",
  args: { project: PROJECT },
  flags: { query: params(PROJECT_GROUP_FILTERS) },
  list: true,
  examples: [
    'collab projects groups acme/platform/infra/terraform',
    'collab projects groups acme/web/storefront --with-shared --shared-min-access-level developer',
  ],
});

export const SNAPSHOT = verb({
  name: 'snapshot',
  summary: 'Download an uncompressed tar of a project repository (administrators)',
  description: 'The archive is streamed to the file (or to standard output with --file -) as it arrives.',
  args: { project: PROJECT },
  flags: {
    file: option('--file <path|->', 'where to write the tar archive; - for standard output', nonEmpty, {
      required: true,
    }),
    wiki: bool('--wiki', (SNAPSHOT_PARAMS[0] as (typeof SNAPSHOT_PARAMS)[number]).description),
  },
  examples: [
    'collab projects snapshot acme/web/storefront --file storefront.tar',
    'collab projects snapshot 42 --wiki --file - | tar -t',
  ],
});

export const UPLOAD = verb({
  name: 'upload',
  summary: 'Upload a file to a project and print the Markdown that links to it',
  description:
    'Prints the Markdown to paste in a description or comment; -o json prints the whole upload result (alt, url, full_path, markdown).',
  args: { project: PROJECT, file: arg({ name: 'file', description: 'the file to upload' }, asText) },
  mutating: true,
  examples: [
    'collab projects upload acme/web/storefront screenshot.png',
    'collab projects upload 42 report.pdf --json | jq -r .url',
  ],
});

export const IMPORT_MEMBERS = verb({
  name: 'import-members',
  summary: 'Copy the members of another project into a project (maintainers of the target)',
  description: 'Members that cannot be imported are listed with the reason; the exit code is then 5.',
  args: { project: PROJECT },
  flags: {
    from: option('--from <project>', 'the project whose members are copied: numeric ID or full path', projectRef, {
      required: true,
    }),
  },
  mutating: true,
  examples: ['collab projects import-members acme/web/storefront --from acme/web/design-system'],
});

export const MIRROR_PULL = verb({
  name: 'mirror-pull',
  summary: 'Start an update of a pull mirror now (maintainers)',
  description:
    'The service updates the mirror in the background. With --wait collab polls the project until its import status leaves scheduled/started and prints it (exit 6 if the update failed, with the service’s import_error; 7 if --timeout runs out; Ctrl-C stops waiting and leaves the update running).',
  args: { project: PROJECT },
  flags: waitFlags('the update is finished, and print the project then'),
  mutating: true,
  examples: [
    'collab projects mirror-pull acme/platform/api',
    'collab projects mirror-pull acme/platform/api --wait --timeout 5m',
  ],
});

/** fork, fork relations, the read-only views of a project, snapshot, upload, housekeeping, member import, mirror pull. */
export const EXTRA_VERBS: CommandSpec[] = [
  { ...FORK, load: () => import('./fork.js') },
  {
    name: 'fork-relation',
    summary: 'Mark an existing project as a fork of another, or remove that mark',
    subcommands: [
      { ...FORK_RELATION_ADD, load: async () => (await import('./fork-relation.js')).add },
      {
        name: 'remove',
        destructive: true,
        summary: 'Remove the fork relation of <project> (owners and administrators)',
        args: [PROJECT_ARG],
        typed: ONLY_PROJECT,
        mutating: true,
        examples: ['collab projects fork-relation remove olivia/storefront'],
        load: async () => (await import('./fork-relation.js')).remove,
      },
    ],
  },
  { ...FORKS, load: () => import('./forks.js') },
  { ...STARRERS, load: () => import('./starrers.js') },

  {
    name: 'languages',
    typed: ONLY_PROJECT,
    summary: 'Show the languages of a project repository, largest share first',
    description:
      'The table lists language and percent, largest first; -o json prints the service object (language -> percent) in the same order.',
    args: [PROJECT_ARG],
    examples: ['collab projects languages acme/web/storefront', 'collab projects languages 42 --json'],
    load: () => import('./languages.js'),
  },
  { ...USERS, load: () => import('./users.js') },

  { ...GROUPS, load: () => import('./groups.js') },
  {
    name: 'storage',
    typed: ONLY_PROJECT,
    summary: 'Show where a project repository is stored (administrators)',
    args: [PROJECT_ARG],
    examples: ['collab projects storage acme/web/storefront'],
    load: () => import('./storage.js'),
  },
  { ...SNAPSHOT, load: () => import('./snapshot.js') },
  { ...UPLOAD, load: () => import('./upload.js') },
  {
    name: 'housekeeping',
    typed: ONLY_PROJECT,
    summary: 'Start the housekeeping task (git gc and friends) of a project (maintainers)',
    args: [PROJECT_ARG],
    mutating: true,
    examples: ['collab projects housekeeping acme/web/storefront'],
    load: () => import('./housekeeping.js'),
  },
  { ...IMPORT_MEMBERS, load: () => import('./import-members.js') },

  memberVerbs('project'),
  { ...MIRROR_PULL, load: () => import('./mirror-pull.js') },
];
