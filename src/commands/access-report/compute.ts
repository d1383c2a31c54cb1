import { ACCESS_LEVELS } from '../../params/access.js';

/**
 * Who reaches what under a group, and why: a pure function of what the service lists (members of
 * each project and group, the groups above, the shares), with GitLab's rules (its "Members of a
 * project" and "Share projects and groups" pages, and the API's members/all):
 * - a user's role is the highest of every source: a direct membership, a membership of a group
 *   above (inherited), a share;
 * - a share of a project or group with group Y gives each member of Y (or of a group above Y) the
 *   lower of their role there and the share's level (`group_access`); shares do not chain (Y's own
 *   shares give nothing through it), an expired share gives nothing;
 * - a group's shares reach every project and subgroup below it, a project's only that project;
 * - a membership at Minimal Access makes no one a member of a project.
 */

export interface MemberEntry {
  id: number;
  username: string;
  name: string;
  state: string;
  access_level: number;
  expires_at: string | null;
}

export interface ShareEntry {
  /** The invited group's full path. */
  group: string;
  access_level: number;
  expires_at: string | null;
}

/** A project or group below the report's group, or one above it. */
export interface Holder {
  kind: 'project' | 'group';
  id: number;
  /** Full path (a project's path_with_namespace). */
  path: string;
  /** The group holding it: a project's namespace, a group's parent (null at the top). */
  parent: string | null;
  shares: readonly ShareEntry[];
}

export interface World {
  /** Every group from the top of the hierarchy down, by full path (readable ones). */
  groups: ReadonlyMap<string, Holder>;
  projects: readonly Holder[];
  /** Direct members by `kind:path`: projects and groups of the hierarchy, and invited groups and the groups above them. */
  members: ReadonlyMap<string, readonly MemberEntry[]>;
  /** Today as YYYY-MM-DD (shares that expired before it give nothing). */
  today: string;
}

type SourceKind = 'direct' | 'inherited' | 'share';

/** One row of the report: a user's effective role in a project or group, and where it comes from. */
export interface AccessRow {
  type: 'project' | 'group';
  path: string;
  id: number;
  user_id: number;
  username: string;
  name: string;
  /** active, blocked (the service's user state), or bot. */
  state: string;
  access_level: number;
  source: SourceKind;
  /** The group a role is inherited from, or the group a share is with; null for direct. */
  source_group: string | null;
  /** The share's level, which caps what its members get; null unless the source is a share. */
  share_access_level: number | null;
  /** When the role ends: the membership's expiry, or the share's when it is earlier. */
  expires_at: string | null;
}

export const membersKey = (kind: 'project' | 'group', path: string): string => `${kind}:${path}`;

/** A group and every group above it, nearest first, by full path: `a/b/c`, `a/b`, `a`. */
export function groupAndAncestors(path: string | null): string[] {
  if (!path) return [];
  const parts = path.split('/');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('/'));
}

interface Candidate {
  member: MemberEntry;
  level: number;
  source: SourceKind;
  sourceGroup: string | null;
  shareLevel: number | null;
  expires: string | null;
}

const earlier = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** Every user's sources for one project or group, in the order a tie is settled: direct, inherited nearest first, shares. */
function candidates(world: World, holder: Holder): Candidate[] {
  const out: Candidate[] = [];
  const members = (kind: 'project' | 'group', path: string) => world.members.get(membersKey(kind, path)) ?? [];
  for (const member of members(holder.kind, holder.path))
    out.push({
      member,
      level: member.access_level,
      source: 'direct',
      sourceGroup: null,
      shareLevel: null,
      expires: member.expires_at,
    });
  const above = groupAndAncestors(holder.parent);
  for (const group of above) {
    for (const member of members('group', group))
      out.push({
        member,
        level: member.access_level,
        source: 'inherited',
        sourceGroup: group,
        shareLevel: null,
        expires: member.expires_at,
      });
  }
  // The holder's own shares, then those of each group above it.
  const sharing = [
    holder,
    ...above.map((path) => world.groups.get(path)).filter((group): group is Holder => group !== undefined),
  ];
  for (const sharer of sharing) {
    for (const share of sharer.shares) {
      if (share.expires_at !== null && share.expires_at < world.today) continue;
      // The invited group's members and those of the groups above it; not its own shares.
      for (const group of groupAndAncestors(share.group)) {
        for (const member of members('group', group)) {
          out.push({
            member,
            level: Math.min(share.access_level, member.access_level),
            source: 'share',
            sourceGroup: share.group,
            shareLevel: share.access_level,
            expires: earlier(share.expires_at, member.expires_at),
          });
        }
      }
    }
  }
  return out;
}

/** The rows of one project or group: each user once, at the highest level any source gives (unsorted: the report sorts every row once). */
export function effectiveAccess(world: World, holder: Holder): AccessRow[] {
  const best = new Map<number, Candidate>();
  for (const candidate of candidates(world, holder)) {
    const held = best.get(candidate.member.id);
    if (!held || candidate.level > held.level) best.set(candidate.member.id, candidate);
  }
  const floor = holder.kind === 'project' ? ACCESS_LEVELS.guest : 1;
  return [...best.values()]
    .filter((candidate) => candidate.level >= floor)
    .map((candidate) => ({
      type: holder.kind,
      path: holder.path,
      id: holder.id,
      user_id: candidate.member.id,
      username: candidate.member.username,
      name: candidate.member.name,
      state: candidate.member.state,
      access_level: candidate.level,
      source: candidate.source,
      source_group: candidate.sourceGroup,
      share_access_level: candidate.shareLevel,
      expires_at: candidate.expires,
    }));
}
