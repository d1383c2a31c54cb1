import { int, minLength, optional, string, strictObject, union } from 'zod/mini';
import { getGroup } from '../../api/groups.js';
import { shareWithGroup, unshareGroup } from '../../api/shares.js';
import { expiryPassed } from '../../params/members.js';
import { CollabError } from '../../errors.js';
import type { LiveTarget } from '../model.js';
import {
  accessLevel,
  accessLevelSchema,
  dateSchema,
  accessLevelWord,
  equal,
  isItem,
  listOf,
  listSchema,
  servicePath,
  unlisted,
} from './common.js';
import { type Item, type OnTarget, plannedSetting, type Section } from './section.js';
import { groupsAbove, parentPath } from '../../util/path-order.js';

/**
 * `shares`: the groups a project or group is shared with, by the group's path (or ID). Read from the
 * project or group itself (`shared_with_groups`); a group's list entry leaves it out, so a group
 * read from a list is read again. The service has no update: a changed share is removed and made again.
 */

interface ShareBody {
  group_access: number;
  expires_at: string | null;
}

type ShareSpec = OnTarget &
  (
    | { op: 'share-create'; group: string | number; body: ShareBody }
    | { op: 'share-replace'; group: number; body: ShareBody }
    | { op: 'share-delete'; group: number }
  );

const sharesOf = (resource: Item | null): Item[] =>
  Array.isArray(resource?.shared_with_groups) ? resource.shared_with_groups : [];

/**
 * A share in the file names its group by path or ID; a path in any case, as GitLab finds a group
 * by it (Namespace.find_by_full_path, case-insensitive): `Globex` is the share with globex, which a
 * second POST would meet with 409.
 */
const same = (share: Item, group: unknown) =>
  typeof group === 'number'
    ? share.group_id === group
    : typeof group === 'string' && String(share.group_full_path).toLowerCase() === group.toLowerCase();

const sent = (body: ShareBody) => ({
  group_access: body.group_access,
  ...(typeof body.expires_at === 'string' ? { expires_at: body.expires_at } : {}),
});

/**
 * Why the service refuses a new share of a project outright (409), or undefined: the group it is in
 * or one of that group's ancestors (ProjectGroupLink#different_group,
 * app/models/project_group_link.rb @0286e4c6). Told from the paths, and from the project's own
 * group's ID where the file names the group by ID; an ancestor named by ID is left to the service.
 */
declare module '../model.js' {
  interface LiveTarget {
    /** The group whose share_with_group_lock keeps this project from new shares once the apply is made. */
    shareLockedBy?: string;
    /** This group's root, when it keeps its groups from sharing outside it once the apply is made. */
    shareHierarchyOf?: string;
  }
}

/**
 * Whether group `path` keeps its projects from sharing once this apply is made: GitLab takes a
 * project's share only while its group's share_with_group_lock is off
 * (Project#allowed_to_share_with_group?); turning it on turns it on below too, and a group below a
 * locked one is locked on save (Namespace#force_share_with_group_lock_on_descendants,
 * sync_share_with_group_lock_with_parent). So: locked when the file turns it on here or above;
 * else, where the file turns it off here, as the group above ends; else as it is now.
 */
async function lockedAfter(
  path: string,
  settingOf: (path: string) => unknown,
  isLocked: (path: string) => Promise<boolean>,
): Promise<string | undefined> {
  const chain = [path, ...groupsAbove(path)];
  const on = chain.find((group) => settingOf(group) === true);
  if (on) return on;
  if (settingOf(path) === false) {
    const parent = chain[1];
    return parent === undefined ? undefined : lockedAfter(parent, settingOf, isLocked);
  }
  return (await isLocked(path)) ? path : undefined;
}

function shareRefusal(live: LiveTarget, group: string | number): string | undefined {
  const path = servicePath(live).toLowerCase();
  const home = parentPath(path);
  const namespace = live.resource?.namespace as Item | undefined;
  const inside =
    typeof group === 'number'
      ? namespace?.kind === 'group' && namespace.id === group
      : home === group.toLowerCase() || home.startsWith(`${group.toLowerCase()}/`);
  return inside ? 'a project cannot be shared with the group it is in or one of its ancestors' : undefined;
}

export const shares: Section<ShareSpec> = {
  name: 'shares',
  kinds: ['project', 'group'],
  noun: 'share',
  identity: 'group_id',
  // A path in any case is one group (same): Globex and globex listed together are one listed twice.
  identify: (item) => String(item.group_id).toLowerCase(),
  schema: () =>
    listSchema(
      strictObject({
        group_id: union([string().check(minLength(1)), int()]),
        group_access: accessLevelSchema,
        expires_at: optional(dateSchema),
      }),
    ),
  read: {
    target: async ({ client }, live, resource) => {
      if (live.kind === 'group' && resource.shared_with_groups === undefined)
        live.resource = (await client.request<Item>(getGroup(Number(resource.id)))).data;
    },
    // A project that would get a new share is checked against its group's share_with_group_lock
    // as this apply leaves it (lockedAfter): the groups' views read once each, only for those.
    once: async (_ctx, lives, values, reader, planned) => {
      const view = reader.group;
      const isLocked = async (path: string) => (await view(path)).share_with_group_lock === true;
      const settingOf = (path: string, name: string) => plannedSetting(planned, 'group', path, name);
      await Promise.all(
        lives.map(async (live, i) => {
          const found = sharesOf(live.resource);
          if (!live.resource || listOf(values[i]).items.every((share) => found.some((s) => same(s, share.group_id))))
            return;
          if (live.kind === 'group') {
            // A root that keeps its groups from sharing outside it (GroupLinkable#sharing_allowed?,
            // app/services/concerns/group_linkable.rb @36a59d08): the file's value, else its own.
            const root = servicePath(live).split('/')[0] as string;
            const wanted = settingOf(root, 'prevent_sharing_groups_outside_hierarchy');
            const prevents =
              typeof wanted === 'boolean'
                ? wanted
                : (await view(root)).prevent_sharing_groups_outside_hierarchy === true;
            if (prevents) live.shareHierarchyOf = root;
            return;
          }
          const namespace = live.resource.namespace;
          if (!isItem(namespace) || namespace.kind !== 'group') return;
          live.shareLockedBy = await lockedAfter(
            String(namespace.full_path),
            (path) => settingOf(path, 'share_with_group_lock'),
            isLocked,
          );
        }),
      );
    },
  },
  diff: ({ target, value, live, today, warn, emit }) => {
    const wanted = listOf(value);
    const found = sharesOf(live.resource);
    for (const share of wanted.items) {
      const group = typeof share.group_id === 'number' ? share.group_id : String(share.group_id);
      const existing = found.find((s) => same(s, group));
      const after = {
        group_access: accessLevel(share.group_access),
        expires_at: typeof share.expires_at === 'string' ? share.expires_at : null,
      };
      // A share whose day has come is over, as a membership is (members.ts).
      if (expiryPassed(after.expires_at, today)) {
        if (!existing || existing.expires_at !== after.expires_at)
          warn(`shares: the share with ${String(group)} ended on ${after.expires_at}; it is not made again`);
        continue;
      }
      if (!existing) {
        if (live.shareLockedBy)
          throw new CollabError(
            'usage',
            `shares: project ${target.path} with group ${String(group)}: group ${live.shareLockedBy} has share_with_group_lock on, which keeps its projects from sharing (GitLab answers 400)`,
            { hint: `turn share_with_group_lock off in ${live.shareLockedBy}'s settings, or leave the share out` },
          );
        const root = live.shareHierarchyOf?.toLowerCase();
        if (
          root !== undefined &&
          typeof group === 'string' &&
          group.toLowerCase() !== root &&
          !group.toLowerCase().startsWith(`${root}/`)
        )
          throw new CollabError(
            'usage',
            `shares: group ${target.path} with group ${group}: ${live.shareHierarchyOf} keeps its groups from sharing outside it (prevent_sharing_groups_outside_hierarchy), which GitLab refuses (404)`,
            { hint: `share with a group under ${live.shareHierarchyOf}, or turn the setting off in its settings` },
          );
        const refused = target.kind === 'project' ? shareRefusal(live, group) : undefined;
        if (refused)
          throw new CollabError(
            'usage',
            `shares: ${target.kind} ${target.path} with group ${String(group)}: ${refused}, which GitLab refuses (409)`,
            { hint: `leave ${String(group)} out of this ${target.kind}'s shares: its members have access already` },
          );
        emit(String(group), 'create', null, after, { op: 'share-create', group, body: after });
        continue;
      }
      const before = { group_access: existing.group_access_level, expires_at: existing.expires_at ?? null };
      if (!equal(before, after))
        emit(String(group), 'update', before, after, {
          op: 'share-replace',
          group: Number(existing.group_id),
          body: after,
        });
    }
    for (const existing of unlisted(wanted, found, (share, live) => same(live, share.group_id))) {
      emit(
        String(existing.group_full_path),
        'delete',
        { group_access: existing.group_access_level },
        null,
        { op: 'share-delete', group: Number(existing.group_id) },
        true,
      );
    }
  },
  export: ({ live }) => {
    const found = sharesOf(live.resource);
    if (found.length === 0) return undefined;
    return found.map((share) => ({
      group_id: share.group_full_path,
      group_access: accessLevelWord(share.group_access_level),
      ...(typeof share.expires_at === 'string' ? { expires_at: share.expires_at } : {}),
    }));
  },
  liveFields: (key, live) => {
    const share = sharesOf(live.resource).find((s) => same(s, key) || String(s.group_id) === key);
    return {
      share: share
        ? {
            group_id: share.group_id,
            group_access_level: share.group_access_level,
            expires_at: share.expires_at ?? null,
          }
        : null,
    };
  },
  ops: ['share-create', 'share-replace', 'share-delete'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    switch (spec.op) {
      case 'share-create':
        return [shareWithGroup(owner, { group_id: await resolver.groupId(spec.group), ...sent(spec.body) })];
      case 'share-replace':
        return [unshareGroup(owner, spec.group), shareWithGroup(owner, { group_id: spec.group, ...sent(spec.body) })];
      case 'share-delete':
        return [unshareGroup(owner, spec.group)];
    }
  },
};
