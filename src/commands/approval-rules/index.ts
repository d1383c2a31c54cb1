import { APPROVALS_REQUIRED_MAX, RULE_TYPES } from '../../params/approvals.js';
import { integer, nonEmpty } from '../../params/parsers.js';
import { confirmedDelete } from '../delete.js';
import { arg, bool, choice, option } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const NAME = arg({ name: 'name', description: 'the rule’s name (see `collab approval-rules list`)' }, nonEmpty);

const APPROVALS = integer(0, APPROVALS_REQUIRED_MAX);

/** Who approves and where: names, looked up before anything is sent. */
const APPROVER_FLAGS = {
  approvers: option('--approver <username>', 'a user who may approve (repeatable)', nonEmpty, { repeatable: true }),
  approverGroups: option('--approver-group <path>', 'a group whose members may approve (repeatable)', nonEmpty, {
    repeatable: true,
  }),
  branches: option('--branch <name>', 'a protected branch the rule is scoped to (repeatable)', nonEmpty, {
    repeatable: true,
  }),
};

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s merge request approval rules',
  list: true,
  examples: ['collab approval-rules list --project acme/web/storefront'],
});

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one approval rule with its approvers and branches',
  args: { name: NAME },
  examples: ['collab approval-rules view security --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add an approval rule',
  description:
    'A regular rule names its approvers (--approver, --approver-group); an any_approver rule lets anyone eligible approve, and a project has at most one. Without --branch or --all-protected-branches the rule applies to every branch.',
  args: { name: NAME },
  flags: {
    approvals: option('--approvals <n>', `how many approvals it needs (0 to ${APPROVALS_REQUIRED_MAX})`, APPROVALS, {
      required: true,
    }),
    type: choice('--type <type>', 'regular (the default) or any_approver', RULE_TYPES),
    ...APPROVER_FLAGS,
    allBranches: bool('--all-protected-branches', 'apply it to every protected branch'),
  },
  mutating: true,
  examples: [
    'collab approval-rules create security --project acme/web/storefront --approvals 2 --approver max --approver-group acme/security --branch main',
    'collab approval-rules create anyone --project 42 --type any_approver --approvals 1',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change an approval rule; what is not given stays',
  description:
    '--approver, --approver-group and --branch each replace that whole list when given. A rule’s type does not change: delete it and create it again.',
  args: { name: NAME },
  flags: {
    rename: option('--rename <name>', 'a new name', nonEmpty),
    approvals: option('--approvals <n>', 'how many approvals it needs', APPROVALS),
    ...APPROVER_FLAGS,
    allBranches: choice('--all-protected-branches <yes|no>', 'apply it to every protected branch, or not', [
      'yes',
      'no',
    ]),
  },
  mutating: true,
  examples: [
    'collab approval-rules update security --project acme/web/storefront --approvals 1',
    'collab approval-rules update security --project 42 --approver max --approver dana',
  ],
});

export const DELETE = confirmedDelete({
  summary: 'Remove an approval rule (one already gone is not an error)',
  typing: 'the rule’s name',
  args: { name: NAME },
  kinds: ['project'],
  strict: 'the rule does not exist',
  examples: ['collab approval-rules delete security --project acme/web/storefront --yes'],
});

export const spec: CommandSpec = {
  ...noun('approval-rules'),
  description:
    'A project’s merge request approval rules (GitLab Premium and Ultimate). Every verb takes --project <id|path> and needs the Maintainer role; a rule is named by its name, approvers by username and group path, branches by name.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
