import type { Level } from './load.js';
import { targetKey } from './model.js';
import type { TargetKind } from './schema.js';
import { equal, isItem } from './sections/common.js';
import { isBelow } from './targets.js';

/**
 * An exported file as a person writes it: what every project below a group has alike is said once,
 * in the group's `projects:` level, and what every group below it has alike in its `subgroups:`
 * level; what is left stays with each target. The same merge as plan's (targets.ts): maps merge key
 * by key, lists and values replace; so a setting shared by all is taken out on its own, a list only
 * whole. Outer groups first: a deeper group's level says only what its enclosing ones did not.
 */

const depth = (path: string) => path.split('/').length;
const isEmpty = (level: Level) => Object.keys(level).length === 0;

/**
 * `levels`: each target's sections (`project:acme/web/app` -> its level), taken apart in place.
 * `groupRoots`: the groups exported whole (their every project and subgroup is a target);
 * `projectRoots`: projects named on their own.
 */
export function factorShared(
  levels: ReadonlyMap<string, Level>,
  groupRoots: readonly string[],
  projectRoots: readonly string[],
  groupPaths: readonly string[],
  projectPaths: readonly string[],
): Record<string, unknown> {
  const own = (kind: TargetKind, path: string): Level => levels.get(targetKey(kind, path)) ?? {};
  const sortedGroups = [...groupPaths].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1));
  const groups: Record<string, Level> = {};
  const blocks = new Map<string, { projects: Level; subgroups: Level }>();
  for (const group of sortedGroups) {
    blocks.set(group, {
      projects: hoist(projectPaths.filter((path) => isBelow(path, group)).map((path) => own('project', path))),
      subgroups: hoist(groupPaths.filter((path) => isBelow(path, group)).map((path) => own('group', path))),
    });
  }
  for (const group of [...groupPaths].sort()) {
    const block = blocks.get(group) ?? { projects: {}, subgroups: {} };
    const root = groupRoots.includes(group);
    const entry: Level = { ...own('group', group) };
    // A root says `projects:` and `subgroups:` even when empty: plan then reads them by the group's lists, as export did.
    if (!isEmpty(block.projects) || (root && projectPaths.some((path) => isBelow(path, group))))
      entry.projects = block.projects;
    if (!isEmpty(block.subgroups) || (root && groupPaths.some((path) => isBelow(path, group))))
      entry.subgroups = block.subgroups;
    if (root || !isEmpty(entry)) groups[group] = entry;
  }
  const projects: Record<string, Level> = {};
  for (const path of [...projectPaths].sort()) {
    const level = own('project', path);
    if (projectRoots.includes(path) || !isEmpty(level)) projects[path] = level;
  }
  return { version: 1, ...(isEmpty(groups) ? {} : { groups }), ...(isEmpty(projects) ? {} : { projects }) };
}

/** What all the levels (two or more) have alike, taken out of each: a map's keys one by one, anything else whole. */
export function hoist(members: readonly Level[]): Level {
  const shared: Level = {};
  const [first, ...rest] = members;
  if (!first || rest.length === 0) return shared;
  for (const [name, value] of Object.entries(first)) {
    if (isItem(value)) {
      const keys = Object.entries(value).filter(([key, v]) =>
        rest.every((member) => isItem(member[name]) && member[name][key] !== undefined && equal(member[name][key], v)),
      );
      if (keys.length === 0) continue;
      shared[name] = Object.fromEntries(keys);
      for (const member of members) {
        const map = isItem(member[name])
          ? Object.fromEntries(Object.entries(member[name]).filter(([key]) => !keys.some(([taken]) => taken === key)))
          : {};
        if (isEmpty(map)) delete member[name];
        else member[name] = map;
      }
    } else if (rest.every((member) => member[name] !== undefined && equal(member[name], value))) {
      shared[name] = value;
      for (const member of members) delete member[name];
    }
  }
  return shared;
}
