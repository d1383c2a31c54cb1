import type { Owner } from '../../api/owner.js';
import {
  type EntryBody,
  type EnvironmentEntry,
  getProtectedEnvironment,
  type ProtectedEnvironment,
} from '../../api/protected-environments.js';
import { resolveGroupId, resolveUserId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import {
  DEPLOYMENT_TIERS,
  ENVIRONMENT_ROLES,
  type EnvironmentRole,
  GROUP_INHERITANCE,
  type GroupInheritance,
  MIN_REQUIRED_APPROVALS,
} from '../../params/protected-environments.js';
import { unknownThing } from '../delete.js';

/** The entries the flags give, by list; each user and group looked up by name before anything is sent. */
export interface EntryFlags {
  deployRoles: readonly EnvironmentRole[];
  deployUsers: readonly string[];
  deployGroups: readonly string[];
  approverRoles: readonly EnvironmentRole[];
  approverUsers: readonly string[];
  approverGroups: readonly string[];
  groupInheritance: GroupInheritance | undefined;
  approvals: number | undefined;
}

export const deployGiven = (flags: EntryFlags) =>
  flags.deployRoles.length + flags.deployUsers.length + flags.deployGroups.length > 0;
export const approversGiven = (flags: EntryFlags) =>
  flags.approverRoles.length + flags.approverUsers.length + flags.approverGroups.length > 0;

/** --group-inheritance says how the groups given count their members: with none given it would say nothing. */
export function checkGroupInheritance(flags: EntryFlags): void {
  if (flags.groupInheritance !== undefined && flags.deployGroups.length + flags.approverGroups.length === 0)
    throw new CollabError('usage', '--group-inheritance needs a group to apply to', {
      hint: 'give --deploy-group <path> or --approver-group <path> with it',
    });
}

/** A group protects deployment tiers only (doc/api/group_protected_environments.md: `name` is a tier). */
export function checkName(owner: Owner, name: string): void {
  if (owner.kind === 'group' && !(DEPLOYMENT_TIERS as readonly string[]).includes(name))
    throw new CollabError('usage', `a group protects a deployment tier, not "${name}"`, {
      hint: `give one of ${DEPLOYMENT_TIERS.join(', ')}`,
    });
}

async function groupId(ctx: VerbContext, path: string, flag: string): Promise<number> {
  try {
    return await resolveGroupId(ctx.session, /^\d+$/.test(path) ? Number(path) : path, flag);
  } catch (error) {
    if (isCollabError(error) && error.kind === 'not-found')
      throw withHint(error, 'groups are named by full path: `collab groups list --search <name>` finds one');
    throw error;
  }
}

/** One list's entries as the service takes them (roles, then users, then groups, as given). */
async function entriesOf(
  ctx: VerbContext,
  roles: readonly EnvironmentRole[],
  users: readonly string[],
  groups: readonly string[],
  prefix: string,
  required: number | undefined,
  inheritance: GroupInheritance | undefined,
): Promise<EntryBody[]> {
  const extra = required !== undefined ? { required_approvals: required } : {};
  const counted = inheritance !== undefined ? { group_inheritance_type: GROUP_INHERITANCE[inheritance] } : {};
  const entries: EntryBody[] = roles.map((role) => ({ access_level: ENVIRONMENT_ROLES[role], ...extra }));
  for (const user of users)
    entries.push({ user_id: await resolveUserId(ctx.session, user, `--${prefix}-user`), ...extra });
  for (const group of groups)
    entries.push({ group_id: await groupId(ctx, group, `--${prefix}-group`), ...counted, ...extra });
  return entries;
}

export interface WantedLists {
  deploy_access_levels?: EntryBody[];
  approval_rules?: EntryBody[];
}

/** What the flags name, as entries: each list only when one of its flags is given. */
export async function wantedLists(ctx: VerbContext, flags: EntryFlags): Promise<WantedLists> {
  const wanted: WantedLists = {};
  if (deployGiven(flags))
    wanted.deploy_access_levels = await entriesOf(
      ctx,
      flags.deployRoles,
      flags.deployUsers,
      flags.deployGroups,
      'deploy',
      undefined,
      flags.groupInheritance,
    );
  if (approversGiven(flags))
    wanted.approval_rules = await entriesOf(
      ctx,
      flags.approverRoles,
      flags.approverUsers,
      flags.approverGroups,
      'approver',
      flags.approvals ?? MIN_REQUIRED_APPROVALS,
      flags.groupInheritance,
    );
  return wanted;
}

/** An entry's identity: `role:40`, `user:3`, `group:9`. */
function keyOf(entry: EntryBody | EnvironmentEntry): string {
  if (entry.user_id !== null && entry.user_id !== undefined) return `user:${entry.user_id}`;
  if (entry.group_id !== null && entry.group_id !== undefined) return `group:${entry.group_id}`;
  return `role:${entry.access_level}`;
}

/**
 * What a PUT sends to make a list the wanted one: entries added, an approval's count or a group's
 * inheritance changed by id (only what differs), the rest destroyed.
 */
export function listEdits(wanted: readonly EntryBody[], live: readonly EnvironmentEntry[]): EntryBody[] {
  const edits: EntryBody[] = [];
  for (const entry of wanted) {
    const existing = live.find((found) => keyOf(found) === keyOf(entry));
    if (!existing) {
      edits.push(entry);
      continue;
    }
    const changed: EntryBody = {};
    if (entry.required_approvals !== undefined && existing.required_approvals !== entry.required_approvals)
      changed.required_approvals = entry.required_approvals;
    if (
      entry.group_inheritance_type !== undefined &&
      (existing.group_inheritance_type ?? GROUP_INHERITANCE.direct) !== entry.group_inheritance_type
    )
      changed.group_inheritance_type = entry.group_inheritance_type;
    if (Object.keys(changed).length > 0) edits.push({ id: existing.id, ...changed });
  }
  for (const existing of live)
    if (!wanted.some((entry) => keyOf(entry) === keyOf(existing))) edits.push({ id: existing.id, _destroy: true });
  return edits;
}

/** The environment's 404 (not its owner's) says where the names are listed. */
const unknownEnvironment = (error: unknown, owner: Owner, name: string) =>
  unknownThing(error, owner, `protected environment ${name}`, 'protected-environments');

export async function existingEnvironment(ctx: VerbContext, owner: Owner, name: string): Promise<ProtectedEnvironment> {
  const { data } = await ctx.session
    .request<ProtectedEnvironment>(getProtectedEnvironment(owner, name))
    .catch((error: unknown) => {
      throw unknownEnvironment(error, owner, name);
    });
  return data;
}
