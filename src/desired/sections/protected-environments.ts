import {
  array,
  int,
  minimum,
  minLength,
  optional,
  string,
  strictObject,
  union,
  enum as oneOf,
  type ZodMiniType,
} from 'zod/mini';
import { ROLES } from '../../api/roles.js';
import {
  type EntryBody,
  type EnvironmentEntry,
  type ProtectedEnvironment,
  protectedEnvironmentsPath,
  protectEnvironment,
  unprotectEnvironment,
  updateProtectedEnvironment,
} from '../../api/protected-environments.js';
import { getGroup } from '../../api/groups.js';
import { memberFilters, membersPath } from '../../api/members.js';
import { resolveUserId } from '../../api/resolve.js';
import { getUser } from '../../api/users.js';
import { expiryPassed } from '../../params/members.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError } from '../../errors.js';
import {
  DEPLOYMENT_TIERS,
  ENVIRONMENT_ROLES,
  type EnvironmentRole,
  environmentRoleName,
  GROUP_INHERITANCE_PARAM,
  MIN_REQUIRED_APPROVALS,
} from '../../params/protected-environments.js';
import { accessLevel, isItem, listOf, listSchema, paramSchema, unlisted, withSecret } from './common.js';
import type { Item, OnTarget, Reader, Section } from './section.js';
import { once } from '../../util/memo.js';

/**
 * `protected_environments`: a project's protected environments by name, a group's by deployment
 * tier (Premium), one GET a target. Who may deploy and who must approve are lists of entries,
 * each a role by name (`role: maintainer`), a user by username or a group by full path; the
 * names are looked up once a run (an unknown one is exit 4 before anything is sent), so the plan
 * compares IDs (`Dana` is dana, as GitLab finds a username or a path whatever its case). A
 * changed list is one PUT: the entries added, and those gone destroyed.
 */

declare module '../model.js' {
  interface LiveTarget {
    protectedEnvironments?: ProtectedEnvironment[];
    /** The IDs of the users and groups the file's entries name (`user:max` -> 3), read once a run. */
    environmentIds?: ReadonlyMap<string, number>;
    /** The usernames and full paths of the users and groups the live entries hold (`user:3` -> `user:max`). */
    environmentNames?: ReadonlyMap<string, string>;
    /**
     * The IDs of the users the file's new entries name who are no members of the project: `none`
     * when they are no administrator either, `unknown` when the caller cannot tell (only an
     * administrator reads another user's `is_admin`).
     */
    environmentUsersWithoutAccess?: ReadonlyMap<number, 'none' | 'unknown'>;
  }
}

/** An entry as the file names it (`user:Max`) and as the service identifies it (`user:3`), and what an approval needs. */
interface Entry {
  key: string;
  /** idKey's form: `role:maintainer`, `user:3`, `group:9` (a name in another case is the same ID). */
  id: string;
  body: EntryBody;
  required?: number;
  /** A group entry's group_inheritance_type, where the file gives it. */
  inheritance?: number;
}

type Lists = { deploy_access_levels?: EntryBody[]; approval_rules?: EntryBody[] };

type ProtectedEnvironmentSpec = OnTarget &
  (
    | {
        op: 'environment-protect';
        body: { name: string; deploy_access_levels: EntryBody[]; approval_rules?: EntryBody[] };
      }
    | { op: 'environment-update'; name: string; body: Lists }
    | { op: 'environment-unprotect'; name: string }
  );

const LIST_FIELDS = ['deploy_access_levels', 'approval_rules'] as const;
type ListField = (typeof LIST_FIELDS)[number];

function entrySchema(approval: boolean): ZodMiniType {
  const required = approval ? { required_approvals: optional(int().check(minimum(MIN_REQUIRED_APPROVALS))) } : {};
  const roles = Object.keys(ENVIRONMENT_ROLES) as [EnvironmentRole, ...EnvironmentRole[]];
  return union([
    strictObject({ role: oneOf(roles), ...required }),
    strictObject({ user: string().check(minLength(1)), ...required }),
    strictObject({
      group: string().check(minLength(1)),
      // Whether the group's members through an inherited membership count too (1), or its direct
      // members alone (0, GitLab's default): doc/api/protected_environments.md.
      group_inheritance_type: optional(paramSchema(GROUP_INHERITANCE_PARAM)),
      ...required,
    }),
  ]);
}

/** The live entry by ID: `role:40`, `user:3`, `group:9`. */
function idKey(entry: EnvironmentEntry): string {
  if (entry.user_id !== null && entry.user_id !== undefined) return `user:${entry.user_id}`;
  if (entry.group_id !== null && entry.group_id !== undefined) return `group:${entry.group_id}`;
  return `role:${environmentRoleName(entry.access_level)}`;
}

/** The live entry as the file names it: `role:maintainer`, `user:max`, `group:acme/qa`. */
const liveKey = (entry: EnvironmentEntry, names: ReadonlyMap<string, string> | undefined): string =>
  names?.get(idKey(entry)) ?? idKey(entry);

/** The file's entry as the service identifies it (IDs from the run's lookups). */
function wantedEntry(item: Item, ids: ReadonlyMap<string, number> | undefined, approval: boolean): Entry {
  const required = approval ? Number(item.required_approvals ?? MIN_REQUIRED_APPROVALS) : undefined;
  const extra = required !== undefined ? { required_approvals: required } : {};
  if (typeof item.role === 'string') {
    const level = ENVIRONMENT_ROLES[item.role as EnvironmentRole];
    return {
      key: `role:${item.role}`,
      id: `role:${item.role}`,
      body: { access_level: level, ...extra },
      ...(required ? { required } : {}),
    };
  }
  const kind = typeof item.user === 'string' ? 'user' : 'group';
  const key = `${kind}:${String(item[kind])}`;
  const id = ids?.get(key) ?? 0;
  const inheritance =
    kind === 'group' && typeof item.group_inheritance_type === 'number' ? item.group_inheritance_type : undefined;
  return {
    key,
    id: `${kind}:${id}`,
    body:
      kind === 'user'
        ? { user_id: id, ...extra }
        : { group_id: id, ...(inheritance !== undefined ? { group_inheritance_type: inheritance } : {}), ...extra },
    ...(required ? { required } : {}),
    ...(inheritance !== undefined ? { inheritance } : {}),
  };
}

/** A live entry in the file's words. */
function liveItem(entry: EnvironmentEntry, names: ReadonlyMap<string, string> | undefined, approval: boolean): Item {
  const key = liveKey(entry, names);
  const kind = key.slice(0, key.indexOf(':'));
  const item: Item = { [kind]: key.slice(kind.length + 1) };
  if (kind === 'group' && (entry.group_inheritance_type ?? 0) !== 0)
    item.group_inheritance_type = entry.group_inheritance_type;
  if (approval && entry.required_approvals !== undefined) item.required_approvals = entry.required_approvals;
  return item;
}

const itemsOf = (value: unknown): Item[] => (Array.isArray(value) ? value.filter(isItem) : []);

/** The groups a project is shared with, by lower-case full path and by ID, as its view lists them. */
function sharedWith(resource: Item | null): string[] {
  const shares: unknown = resource?.shared_with_groups;
  return (Array.isArray(shares) ? shares.filter(isItem) : []).flatMap((share) => [
    String(share.group_full_path).toLowerCase(),
    String(share.group_id),
  ]);
}

/** What one list's PUT sends to make it the file's: new entries, changed approvals and inheritance by id, the rest destroyed. */
function listEdits(wanted: readonly Entry[], live: readonly EnvironmentEntry[]): EntryBody[] | undefined {
  const edits: EntryBody[] = [];
  for (const entry of wanted) {
    const existing = live.find((e) => idKey(e) === entry.id);
    if (!existing) {
      edits.push(entry.body);
      continue;
    }
    const edit: EntryBody = {};
    if (entry.required !== undefined && existing.required_approvals !== entry.required)
      edit.required_approvals = entry.required;
    if (entry.inheritance !== undefined && (existing.group_inheritance_type ?? 0) !== entry.inheritance)
      edit.group_inheritance_type = entry.inheritance;
    if (Object.keys(edit).length > 0) edits.push({ id: existing.id, ...edit });
  }
  for (const existing of live)
    if (!wanted.some((entry) => entry.id === idKey(existing))) edits.push({ id: existing.id, _destroy: true });
  return edits.length > 0 ? edits : undefined;
}

/** An environment's live entries of one list. */
const liveEntries = (env: ProtectedEnvironment, field: ListField): readonly EnvironmentEntry[] =>
  (field === 'approval_rules' ? env.approval_rules : env.deploy_access_levels) ?? [];

/**
 * The IDs of the users and groups the file's entries (`words`) name, as the live entries hold
 * them (`user:Dana` -> 3 when an entry holds user dana, in whatever case GitLab finds it): a saved
 * plan's check has no lookups of its own, and a name no live entry holds is in no entry of it.
 */
function idsHeld(words: Item, names: ReadonlyMap<string, string> | undefined): Map<string, number> {
  const byName = new Map([...(names ?? [])].map(([id, name]) => [name.toLowerCase(), Number(id.split(':')[1])]));
  const ids = new Map<string, number>();
  for (const field of LIST_FIELDS)
    for (const entry of itemsOf(words[field]))
      for (const kind of ['user', 'group'] as const) {
        const id = typeof entry[kind] === 'string' ? byName.get(`${kind}:${entry[kind]}`.toLowerCase()) : undefined;
        if (id !== undefined) ids.set(`${kind}:${entry[kind]}`, id);
      }
  return ids;
}

/** The usernames and paths of the users and groups the live entries hold: one GET each, only for such entries. */
async function namesOf(reader: Reader, envs: readonly ProtectedEnvironment[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const env of envs)
    for (const entry of [...env.deploy_access_levels, ...(env.approval_rules ?? [])]) {
      const key = idKey(entry);
      if (names.has(key) || key.startsWith('role:')) continue;
      if (key.startsWith('user:')) {
        const user = (await reader.client.request<{ username: string }>(getUser(Number(entry.user_id)))).data;
        names.set(key, `user:${user.username}`);
      } else {
        const group = (await reader.client.request<{ full_path: string }>(getGroup(Number(entry.group_id)))).data;
        names.set(key, `group:${group.full_path}`);
      }
    }
  return names;
}

const isEnvironment = (item: Item): item is ProtectedEnvironment =>
  typeof item.name === 'string' && Array.isArray(item.deploy_access_levels);

/** The users and groups every entry of the file names, looked up once: an unknown one is exit 4 now. */
async function lookUpNames(ctx: VerbContext, values: readonly unknown[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const names = new Set<string>();
  for (const value of values)
    for (const env of listOf(value).items)
      for (const field of LIST_FIELDS)
        for (const item of itemsOf(env[field])) {
          if (typeof item.user === 'string') names.add(`user:${item.user}`);
          if (typeof item.group === 'string') names.add(`group:${item.group}`);
        }
  for (const name of names) {
    const [kind, ref] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    if (kind === 'user') ids.set(name, await resolveUserId(ctx.session, ref, 'an entry of protected_environments'));
    else {
      try {
        ids.set(name, (await ctx.session.request<{ id: number }>(getGroup(ref))).data.id);
      } catch (error) {
        if (isCollabError(error) && error.kind === 'not-found')
          throw new CollabError('not-found', `group ${ref} not found (an entry of protected_environments)`, {
            hint: 'groups are named by full path: `collab groups list --search <name>`',
          });
        throw error;
      }
    }
  }
  return ids;
}

export const protectedEnvironments: Section<ProtectedEnvironmentSpec> = {
  name: 'protected_environments',
  kinds: ['project', 'group'],
  noun: 'protected environment',
  paid: 'protected environments',
  // Each user must have access to the project, each group have it shared (doc/api/protected_environments.md).
  after: ['shares', 'members'],
  identity: 'name',
  schema: (kind) =>
    listSchema(
      strictObject({
        name: kind === 'group' ? oneOf(DEPLOYMENT_TIERS) : string().check(minLength(1)),
        // Required, and at least one: ee/app/models/protected_environment.rb validates its length
        // (minimum 1); doc/api/protected_environments.md lists it as required on POST.
        deploy_access_levels: array(entrySchema(false)).check(minLength(1)),
        approval_rules: optional(array(entrySchema(true))),
      }),
    ),
  read: {
    none: (live) => void (live.protectedEnvironments = []),
    target: async (reader, live, resource) => {
      const envs = (
        await reader.list(
          protectedEnvironmentsPath({ kind: live.kind, ref: Number(resource.id) }),
          {},
          ROLES.maintainers,
        )
      ).filter(isEnvironment);
      live.protectedEnvironments = envs;
      live.environmentNames = await namesOf(reader, envs);
    },
    // "Each user must have access to the project" (doc/api/protected_environments.md @ec05f6eb):
    // another is refused (422). The users a project's new entries name are looked for in its
    // members/all (through a group or a share too), one request a project that adds any; one it
    // lacks is read once more, as an administrator has access to every project.
    once: async (ctx, lives, values, reader) => {
      const ids = await lookUpNames(ctx, values);
      for (const live of lives) live.environmentIds = ids;
      const isAdmin = once((id: number) =>
        reader.client.request<{ is_admin?: boolean }>(getUser(id)).then((answer) => answer.data.is_admin),
      );
      await Promise.all(
        lives.map(async (live, i) => {
          if (!live.resource) return;
          const held = new Set(
            (live.protectedEnvironments ?? []).flatMap((env) =>
              [...env.deploy_access_levels, ...(env.approval_rules ?? [])].map((entry) => entry.user_id),
            ),
          );
          const asking = new Set<number>();
          for (const env of listOf(values[i]).items)
            for (const field of LIST_FIELDS)
              for (const entry of itemsOf(env[field])) {
                const id = typeof entry.user === 'string' ? ids.get(`user:${entry.user}`) : undefined;
                if (id !== undefined && !held.has(id)) asking.add(id);
              }
          if (asking.size === 0) return;
          const owner = { kind: live.kind, ref: Number(live.resource.id) };
          const members = await reader.list(membersPath(owner, true), memberFilters({ userIds: [...asking] }));
          // A group's entry needs more than access: "The assignable user_id are the users who belong
          // to the given group with the Maintainer role (or above)" (doc/api/group_protected_environments.md).
          const enough = live.kind === 'group' ? ENVIRONMENT_ROLES.maintainer : 0;
          const found = new Set(
            members.filter((member) => Number(member.access_level) >= enough).map((member) => Number(member.id)),
          );
          const without = new Map<number, 'none' | 'unknown'>();
          for (const id of asking) {
            if (found.has(id)) continue;
            const admin = await isAdmin(id);
            if (admin !== true) without.set(id, admin === false ? 'none' : 'unknown');
          }
          live.environmentUsersWithoutAccess = without;
        }),
      );
    },
  },
  diff: ({ value, live, target, today, warn, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.protectedEnvironments ?? [];
    const names = live.environmentNames;
    for (const item of wanted.items) {
      const name = String(item.name);
      // The name as the plan keeps it, for what is shown and sent (a template where it is a secret).
      const written = String(kept(item).name);
      // "The assignable group_id are the subgroups under the given group"
      // (doc/api/group_protected_environments.md): another group is refused (422), so said now.
      // GitLab finds a path whatever its case, so `ACME/web` is a subgroup of `acme`.
      if (target.kind === 'group')
        for (const field of LIST_FIELDS)
          for (const entry of itemsOf(item[field]))
            if (
              typeof entry.group === 'string' &&
              !entry.group.toLowerCase().startsWith(`${target.path.toLowerCase()}/`)
            )
              throw new CollabError(
                'usage',
                `protected_environments: group ${entry.group} is not a subgroup of ${target.path} (protected environment ${written})`,
                { hint: `a group's entries name its subgroups (${target.path}/…), a role or a user` },
              );
      // The users of new entries need access to the project (a group's, its Maintainer role),
      // unless its members section gives it.
      if (live.environmentUsersWithoutAccess?.size) {
        const enough = target.kind === 'group' ? ENVIRONMENT_ROLES.maintainer : 0;
        const joining = new Set(
          listOf(target.sections.members)
            // A membership whose day has passed is not made (members), so it gives no access.
            .items.filter((m) => (accessLevel(m.access_level) ?? 0) >= enough && !expiryPassed(m.expires_at, today))
            .map((m) => String(m.username).toLowerCase()),
        );
        const lacking =
          target.kind === 'group'
            ? `is no Maintainer of group ${target.path}`
            : `has no access to project ${target.path}`;
        for (const field of LIST_FIELDS)
          for (const entry of itemsOf(item[field])) {
            if (typeof entry.user !== 'string' || joining.has(entry.user.toLowerCase())) continue;
            const id = live.environmentIds?.get(`user:${entry.user}`);
            const access = id === undefined ? undefined : live.environmentUsersWithoutAccess.get(id);
            if (access === 'none')
              throw new CollabError(
                'usage',
                `protected_environments: user ${entry.user} ${lacking} (protected environment ${written}), which GitLab refuses (422)`,
                {
                  hint:
                    target.kind === 'group'
                      ? `add ${entry.user} to the group's members as maintainer first, or name a role`
                      : `add ${entry.user} to the project's members first, or name a role`,
                },
              );
            if (access === 'unknown')
              warn(
                `protected_environments: ${entry.user} is no ${target.kind === 'group' ? 'Maintainer of the group' : 'member of the project'}, and GitLab refuses an entry of a user without access (422) unless they are an administrator`,
              );
          }
      }
      // "each group must have this project shared" (doc/api/protected_environments.md @ec05f6eb):
      // another is refused (422). Shared now, or by this file's shares of the project (made first).
      if (target.kind === 'project') {
        const shared = new Set([
          ...sharedWith(live.resource),
          ...listOf(target.sections.shares).items.map((share) => String(share.group_id).toLowerCase()),
        ]);
        const held = found.find((env) => env.name === name);
        for (const field of LIST_FIELDS)
          for (const entry of itemsOf(item[field])) {
            if (typeof entry.group !== 'string') continue;
            const id = live.environmentIds?.get(`group:${entry.group}`);
            if (shared.has(entry.group.toLowerCase()) || (id !== undefined && shared.has(String(id)))) continue;
            // An entry the environment has already is not sent again.
            const entries = [...(held?.deploy_access_levels ?? []), ...(held?.approval_rules ?? [])];
            if (id !== undefined && entries.some((e) => e.group_id === id)) continue;
            throw new CollabError(
              'usage',
              `protected_environments: group ${entry.group} is not shared with project ${target.path} (protected environment ${written}), which GitLab refuses (422)`,
              { hint: `share the project with ${entry.group} first: list it in the project's shares` },
            );
          }
      }
      const lists = Object.fromEntries(
        LIST_FIELDS.filter((field) => item[field] !== undefined).map((field) => [
          field,
          itemsOf(item[field]).map((entry) => wantedEntry(entry, live.environmentIds, field === 'approval_rules')),
        ]),
      ) as Partial<Record<ListField, Entry[]>>;
      const words = Object.fromEntries(
        LIST_FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, itemsOf(item[field])]),
      );
      const existing = found.find((env) => env.name === name);
      if (!existing) {
        emit(name, 'create', null, words, {
          op: 'environment-protect',
          body: {
            name: written,
            deploy_access_levels: (lists.deploy_access_levels ?? []).map((entry) => entry.body),
            ...(lists.approval_rules ? { approval_rules: lists.approval_rules.map((entry) => entry.body) } : {}),
          },
        });
        continue;
      }
      const body: Lists = {};
      const before: Item = {};
      const after: Item = {};
      for (const field of LIST_FIELDS) {
        const want = lists[field];
        if (!want) continue;
        const live = liveEntries(existing, field);
        const edits = listEdits(want, live);
        if (!edits) continue;
        body[field] = edits;
        before[field] = live.map((entry) => liveItem(entry, names, field === 'approval_rules'));
        after[field] = words[field];
      }
      if (Object.keys(body).length > 0)
        emit(name, 'update', before, after, { op: 'environment-update', name: written, body });
    }
    for (const existing of unlisted(wanted, found, (item, env) => item.name === env.name))
      emit(
        existing.name,
        'delete',
        { name: existing.name },
        null,
        { op: 'environment-unprotect', name: existing.name },
        true,
      );
  },
  // A change's `after` is its lists in the file's words: made when a PUT of each would send
  // nothing (listEdits, the diff's rule), the entries' IDs those the live entries hold by name.
  reached: (name, after, live) => {
    const env = live.protectedEnvironments?.find((each) => each.name === name);
    if (after === null) return env === undefined;
    if (env === undefined || !isItem(after)) return false;
    const ids = idsHeld(after, live.environmentNames);
    return LIST_FIELDS.every(
      (field) =>
        after[field] === undefined ||
        listEdits(
          itemsOf(after[field]).map((entry) => wantedEntry(entry, ids, field === 'approval_rules')),
          liveEntries(env, field),
        ) === undefined,
    );
  },
  liveFields: (key, live) => ({
    protected_environment: live.protectedEnvironments?.find((env) => env.name === key) ?? null,
  }),
  updates: (_name, after) => (isItem(after) ? Object.keys(after) : undefined),
  ops: ['environment-protect', 'environment-update', 'environment-unprotect'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    switch (spec.op) {
      case 'environment-protect':
        return [protectEnvironment(owner, { ...spec.body, name: withSecret(spec.body.name, resolver.secret) })];
      case 'environment-update':
        return [updateProtectedEnvironment(owner, withSecret(spec.name, resolver.secret), spec.body)];
      case 'environment-unprotect':
        return [unprotectEnvironment(owner, spec.name)];
    }
  },
  export: ({ live }) => {
    const names = live.environmentNames;
    const items = (live.protectedEnvironments ?? []).map((env) => {
      const item: Item = {
        name: env.name,
        deploy_access_levels: env.deploy_access_levels.map((entry) => liveItem(entry, names, false)),
      };
      const approvals = (env.approval_rules ?? []).map((entry) => {
        const rule = liveItem(entry, names, true);
        // One approval is what a rule that says none needs.
        if (rule.required_approvals === MIN_REQUIRED_APPROVALS) delete rule.required_approvals;
        return rule;
      });
      if (approvals.length > 0) item.approval_rules = approvals;
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};
