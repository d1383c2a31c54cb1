import {
  DEPLOYMENT_TIERS,
  ENVIRONMENT_ENTRY_KINDS,
  ENVIRONMENT_LISTS,
  ENVIRONMENT_ROLE_CHOICES,
  type EnvironmentEntryKind,
  type EnvironmentList,
  type EnvironmentRole,
  environmentRole,
  MIN_REQUIRED_APPROVALS,
} from '../../params/protected-environments.js';
import { CollabError } from '../../errors.js';
import type { ValueParser } from '../../params/option.js';
import { integer, nonEmpty } from '../../params/parsers.js';
import { confirmedDelete } from '../delete.js';
import { arg, bool, type Flag, option } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const NAME = arg(
  {
    name: 'name',
    description: 'the environment’s name; a group’s is a deployment tier (see `collab protected-environments list`)',
  },
  nonEmpty,
);

const role: ValueParser<EnvironmentRole> = (value, flag) => {
  const found = environmentRole(value);
  if (!found)
    throw new CollabError(
      'usage',
      `invalid value "${value}" for ${flag}: expected ${ENVIRONMENT_ENTRY_KINDS.role.says.replace(/^a role: /, '')}`,
    );
  return found;
};

/** One flag of the table (src/params): `--deploy-role <role>`, `--approver-user <username>`; repeatable. */
function entryFlag<T>(list: EnvironmentList, kind: EnvironmentEntryKind, parse: ValueParser<T>): Flag<T, 'multiple'> {
  const { value, says } = ENVIRONMENT_ENTRY_KINDS[kind];
  return option(`--${list}-${kind} ${value}`, `${says}, who ${ENVIRONMENT_LISTS[list].who} (repeatable)`, parse, {
    repeatable: true,
    ...(kind === 'role' ? { choices: ENVIRONMENT_ROLE_CHOICES } : {}),
  });
}

const ENTRY_FLAGS = {
  deployRoles: entryFlag('deploy', 'role', role),
  deployUsers: entryFlag('deploy', 'user', nonEmpty),
  deployGroups: entryFlag('deploy', 'group', nonEmpty),
  approverRoles: entryFlag('approver', 'role', role),
  approverUsers: entryFlag('approver', 'user', nonEmpty),
  approverGroups: entryFlag('approver', 'group', nonEmpty),
  approvals: option(
    '--approvals <n>',
    `how many approvals each approver given must give (default ${MIN_REQUIRED_APPROVALS})`,
    integer(MIN_REQUIRED_APPROVALS),
  ),
};

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the protected environments, who may deploy to each and who must approve',
  list: true,
  examples: [
    'collab protected-environments list --project acme/web/storefront',
    'collab protected-environments list --group acme',
  ],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one protected environment',
  args: { name: NAME },
  examples: ['collab protected-environments view production --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Protect an environment: who may deploy to it, and who must approve',
  description: `At least one --deploy-* flag. A group protects a deployment tier (${DEPLOYMENT_TIERS.join(', ')}) in all its projects. Users are named by username and groups by full path, looked up before anything is sent.`,
  args: { name: NAME },
  flags: ENTRY_FLAGS,
  mutating: true,
  examples: [
    'collab protected-environments create production --project acme/web/storefront --deploy-role maintainer --deploy-user dana --approver-group acme/release --approvals 2',
    'collab protected-environments create production --group acme --deploy-role maintainer',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change who may deploy to a protected environment, or who must approve',
  description:
    'The --deploy-* flags together replace who may deploy; the --approver-* flags who must approve (--clear-approvers removes them all). --approvals alone changes what each approver must give.',
  args: { name: NAME },
  flags: { ...ENTRY_FLAGS, clearApprovers: bool('--clear-approvers', 'remove every approval rule') },
  mutating: true,
  examples: [
    'collab protected-environments update production --project acme/web/storefront --deploy-role maintainer --deploy-group acme/release',
    'collab protected-environments update production --project 42 --approvals 2',
  ],
});

export const DELETE = confirmedDelete({
  summary: 'Unprotect an environment (one not protected is not an error)',
  typing: 'the environment’s name',
  args: { name: NAME },
  kinds: ['project', 'group'],
  strict: 'the environment is not protected',
  examples: ['collab protected-environments delete staging --project acme/web/storefront --yes'],
});

export const spec: CommandSpec = {
  ...noun('protected-environments'),
  description:
    'Protected environments (GitLab Premium and Ultimate): every verb takes --project or --group <id|path> (- reads them from standard input) and needs the Maintainer role. An entry is a role by name (developer, maintainer, admin), a user by username or a group by full path.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
