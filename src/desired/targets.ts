import type { DesiredData, Level } from './load.js';
import type { TargetKind } from './schema.js';
import { SECTIONS } from './sections/index.js';

/**
 * What the file reaches, and what each target is to be: the levels that apply to a target, least
 * specific first (defaults; then for a project each enclosing group's `projects:`, the globs that
 * match it, its own entry; for a group each enclosing group's `subgroups:`, its own entry), merged:
 * maps merge, lists and values replace, `inherit: false` drops what the levels before it said,
 * `skip: true` leaves the target out.
 */

export interface DesiredTarget {
  kind: TargetKind;
  path: string;
  /** The sections it has (sections/index.ts), merged; and `skip`. */
  sections: Level;
  /** `sections` as a plan keeps them, merged the same way (load.ts `kept`); absent: nothing came from a template. */
  kept?: Level;
  create: boolean;
}

/** A target the service does not have (`resource`: null or not found) and the file does not create: the plan's `missing`, the absent report's lines. */
export const isAbsent = (target: DesiredTarget, resource: unknown): boolean => !resource && !target.create;

/** What the live state must be read for: the groups and projects the file names, and the groups whose contents it reaches. */
export interface Reach {
  groups: string[];
  /** Groups whose every descendant group is a target (they have a `subgroups:` level). */
  subgroupRoots: string[];
  /** Groups whose every project (at any depth) is a target (a `projects:` level), and the groups globs start from. */
  projectRoots: string[];
  globs: string[];
  projects: string[];
}

export const isGlob = (key: string) => key.includes('*');

/** The literal groups a glob starts with (`acme/web/*` -> acme/web); undefined when its first segment is a wildcard. */
export function globRoot(glob: string): string | undefined {
  const segments = glob.split('/');
  const literal = segments.slice(
    0,
    segments.findIndex((s) => s.includes('*')),
  );
  return literal.length > 0 ? literal.join('/') : undefined;
}

/** `*` is any text within one segment, `**` any number of segments. */
export function globMatches(glob: string, path: string): boolean {
  const pattern = glob
    .split('/')
    .map((segment) =>
      segment === '**' ? '(?:.+)' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'),
    )
    .join('/');
  return new RegExp(`^${pattern}$`).test(path);
}

/** Globs by how much of a path they fix: more literal characters is more specific; `**` least. */
function specificity(glob: string): number {
  return glob.replace(/\*/g, '').length * 10 - (glob.includes('**') ? 5 : 0);
}

export function reachOf(data: DesiredData): Reach {
  const groups = Object.keys(data.groups ?? {});
  const projectKeys = Object.keys(data.projects ?? {});
  const globs = projectKeys.filter(isGlob);
  return {
    groups,
    subgroupRoots: groups.filter((g) => data.groups?.[g]?.subgroups !== undefined),
    projectRoots: [
      ...groups.filter((g) => data.groups?.[g]?.projects !== undefined),
      ...globs.map((g) => globRoot(g) as string),
    ],
    globs,
    projects: projectKeys.filter((k) => !isGlob(k)),
  };
}

/** A path below a group (at any depth), not the group itself. */
export const isBelow = (path: string, group: string) => path.startsWith(`${group}/`);
const depth = (path: string) => path.split('/').length;

/**
 * The targets the file reaches (`reach`: reachOf(data)) among those found, each with its merged
 * sections (and `kept`'s, the file as a plan keeps it: load.ts); skipped ones left out.
 */
export function resolveTargets(
  data: DesiredData,
  reach: Reach,
  found: { groups: readonly string[]; projects: readonly string[] },
  kept?: DesiredData,
): DesiredTarget[] {
  const groupPaths = new Set(reach.groups);
  for (const path of found.groups) if (reach.subgroupRoots.some((root) => isBelow(path, root))) groupPaths.add(path);
  const projectPaths = new Set(reach.projects);
  for (const path of found.projects) {
    if (
      reach.projectRoots.some((root) => isBelow(path, root) && data.groups?.[root]?.projects !== undefined) ||
      reach.globs.some((glob) => globMatches(glob, path))
    )
      projectPaths.add(path);
  }
  const targets: DesiredTarget[] = [];
  const make = (kind: TargetKind, path: string, levels: (from: DesiredData) => Level[]): DesiredTarget => {
    const made = target(kind, path, levels(data));
    return kept ? { ...made, kept: target(kind, path, levels(kept)).sections } : made;
  };
  for (const path of [...groupPaths].sort()) targets.push(make('group', path, (from) => groupLevels(from, path)));
  for (const path of [...projectPaths].sort()) targets.push(make('project', path, (from) => projectLevels(from, path)));
  return targets.filter((t) => t.sections.skip !== true);
}

function groupLevels(data: DesiredData, path: string): Level[] {
  const groups = data.groups ?? {};
  const ancestors = Object.keys(groups)
    .filter((g) => isBelow(path, g))
    .sort((a, b) => depth(a) - depth(b));
  const own = groups[path];
  const { projects: _p, subgroups: _s, ...ownSections } = own ?? {};
  return [data.defaults, ...ancestors.map((g) => groups[g]?.subgroups), own ? ownSections : undefined].filter(
    (l): l is Level => l !== undefined,
  );
}

function projectLevels(data: DesiredData, path: string): Level[] {
  const groups = data.groups ?? {};
  const projects = data.projects ?? {};
  const enclosing = Object.keys(groups)
    .filter((g) => isBelow(path, g))
    .sort((a, b) => depth(a) - depth(b))
    .map((g) => groups[g]?.projects);
  const globs = Object.keys(projects)
    .filter((key) => isGlob(key) && globMatches(key, path))
    .sort((a, b) => specificity(a) - specificity(b))
    .map((key) => projects[key]);
  return [data.defaults, ...enclosing, ...globs, projects[path]].filter((l): l is Level => l !== undefined);
}

function target(kind: TargetKind, path: string, levels: readonly Level[]): DesiredTarget {
  let merged: Level = {};
  for (const level of levels) {
    const { inherit, ...rest } = level;
    if (inherit === false) merged = {};
    merged = mergeLevel(merged, rest);
  }
  const { create, ...sections } = merged;
  return { kind, path, sections: forKind(kind, sections), create: create === true };
}

/** Maps merge, key by key; lists and values replace. */
function mergeLevel(base: Level, over: Level): Level {
  const out: Level = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const before = out[key];
    out[key] = isMap(before) && isMap(value) ? mergeLevel(before, value) : value;
  }
  return out;
}

const isMap = (value: unknown): value is Level => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `defaults` speaks to groups and projects at once: each kind keeps the sections it has, and of each what it has (its settings). */
function forKind(kind: TargetKind, sections: Level): Level {
  const out: Level = {};
  if (sections.skip !== undefined) out.skip = sections.skip;
  for (const section of SECTIONS) {
    const value = sections[section.name];
    if (value === undefined || !section.kinds.includes(kind)) continue;
    out[section.name] = section.forKind ? section.forKind(kind, value) : value;
  }
  return out;
}

/** `--shard k/n`: whether this target is in shard k (1-based) of n, by a hash of its address (the same split on every run and machine). */
export function inShard(kind: TargetKind, path: string, shard: { index: number; count: number } | undefined): boolean {
  if (!shard) return true;
  let hash = 2166136261;
  for (const char of `${kind}:${path}`) hash = Math.imul(hash ^ (char.codePointAt(0) as number), 16777619) >>> 0;
  return hash % shard.count === shard.index - 1;
}

/** `collab plan acme/web`: a target named, or below one named. */
export function selected(path: string, names: readonly string[]): boolean {
  return names.length === 0 || names.some((name) => path === name || isBelow(path, name));
}
