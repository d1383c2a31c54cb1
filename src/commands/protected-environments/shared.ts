import { integer, nonEmpty } from '../../params/parsers.js';
import { arg, choice, type Flag, option } from '../flags.js';
import type { ValueParser } from '../../params/option.js';
import {
  ENVIRONMENT_ENTRY_KINDS,
  ENVIRONMENT_LISTS,
  ENVIRONMENT_ROLE_CHOICES,
  type EnvironmentEntryKind,
  type EnvironmentList,
  environmentRole,
  type EnvironmentRole,
  GROUP_INHERITANCE,
  type GroupInheritance,
  MIN_REQUIRED_APPROVALS,
} from '../../params/protected-environments.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { Owner } from '../../api/owner.js';

/** What the declarations of the protected-environments verbs share. */

export const NAME = arg(
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

const GROUP_INHERITANCE_CHOICES = Object.keys(GROUP_INHERITANCE) as GroupInheritance[];

export const ENTRY_FLAGS = {
  deployRoles: entryFlag('deploy', 'role', role),
  deployUsers: entryFlag('deploy', 'user', nonEmpty),
  deployGroups: entryFlag('deploy', 'group', nonEmpty),
  approverRoles: entryFlag('approver', 'role', role),
  approverUsers: entryFlag('approver', 'user', nonEmpty),
  approverGroups: entryFlag('approver', 'group', nonEmpty),
  groupInheritance: choice(
    '--group-inheritance <which>',
    'who of each group given counts: its direct members (a new entry’s default), or its inherited members too',
    GROUP_INHERITANCE_CHOICES,
  ),
  approvals: option(
    '--approvals <n>',
    `how many approvals each approver given must give (default ${MIN_REQUIRED_APPROVALS})`,
    integer(MIN_REQUIRED_APPROVALS),
  ),
};

/**
 * The service's 422 on a project's entry, with what makes it one GitLab takes: "Each user must have
 * access to the project and each group must have this project shared"
 * (doc/api/protected_environments.md @ec05f6eb).
 */
export function entryHint(error: unknown, owner: Owner): unknown {
  if (!isCollabError(error) || error.status !== 422 || owner.kind !== 'project') return error;
  // The model's full message ("Deploy access levels user must have access to the project").
  if (/\buser must have access to the project/.test(error.message))
    return withHint(
      error,
      `each user needs access to the project first: collab projects members add ${owner.ref} --user <username> --access-level developer`,
    );
  if (/\bgroup must be shared with the project/.test(error.message))
    return withHint(
      error,
      `share the project with each group first: collab share add --project ${owner.ref} --group-id <group> --group-access developer`,
    );
  return error;
}
