import type { Level } from './load.js';
import { targetKey } from './model.js';
import type { TargetKind } from './schema.js';
import { isItem } from './sections/common.js';
import { SECTIONS } from './sections/index.js';
import { isBelow } from './targets.js';

/**
 * An exported file as a person writes it: what most projects below a group have alike is said
 * once, in the group's `projects:` level, and what most groups below it have alike in its
 * `subgroups:` level, each exception with its target. The same merge as plan's (targets.ts): maps
 * merge key by key, lists and values replace. So a key of a map is taken out on its own when more
 * than half of the targets below hold its most common value: one that holds another keeps its own,
 * one that says nothing of it says what it has (the section's `exportUnsaid`), and where that
 * cannot be said the key stays with each target. A list, or a value, is taken out whole the same
 * way: one that has none says `[]`, one that has another keeps its whole list (it replaces the
 * group's), so that every target plans as it is. Outer groups first: a deeper group's level says
 * only what its enclosing ones did not. Nothing empty is written; paths in natural order (p2, p10).
 */

/** What a target that says nothing of a section's key (undefined: of the whole section) has, as the file writes it; undefined: the file cannot say it. */
export type Unsaid = (kind: TargetKind, path: string, section: string, key: string | undefined) => unknown;

interface Member {
  level: Level;
  fill(section: string, key: string | undefined): unknown;
}

const depth = (path: string) => path.split('/').length;
const isEmpty = (level: Level) => Object.keys(level).length === 0;

/** `p2` before `p10`: runs of digits compared as numbers, the rest as text. */
export function naturalCompare(a: string, b: string): number {
  const x = a.match(/\d+|\D+/g) ?? [];
  const y = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) continue;
    if (/^\d/.test(p) && /^\d/.test(q)) {
      const [m, n] = [p.replace(/^0+(?=\d)/, ''), q.replace(/^0+(?=\d)/, '')];
      if (m.length !== n.length) return m.length - n.length;
      if (m !== n) return m < n ? -1 : 1;
      return p.length - q.length;
    }
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * `levels`: each target's sections (`project:acme/web/app` -> its level), taken apart in place.
 * `groupRoots`/`projectRoots`: what was exported (kept for the caller's header); `unsaid`: what a
 * target that says nothing of a key has (export.ts asks its section).
 */
export function factorShared(
  levels: ReadonlyMap<string, Level>,
  groupPaths: readonly string[],
  projectPaths: readonly string[],
  unsaid: Unsaid = () => undefined,
): Record<string, unknown> {
  const own = (kind: TargetKind, path: string): Level => {
    const key = targetKey(kind, path);
    let level = levels.get(key);
    if (!level) (levels as Map<string, Level>).set(key, (level = {}));
    return level;
  };
  const member = (kind: TargetKind) => (path: string) => ({
    level: own(kind, path),
    fill: (section: string, key: string | undefined) => unsaid(kind, path, section, key),
  });
  const byDepth = [...groupPaths].sort((a, b) => depth(a) - depth(b) || naturalCompare(a, b));
  const blocks = new Map<string, { projects: Level; subgroups: Level }>();
  for (const group of byDepth) {
    const below = (paths: readonly string[]) => paths.filter((path) => isBelow(path, group)).sort(naturalCompare);
    blocks.set(group, {
      projects: hoist(below(projectPaths).map(member('project'))),
      subgroups: hoist(below(groupPaths).map(member('group'))),
    });
  }
  const groups: Record<string, Level> = {};
  for (const group of [...groupPaths].sort(naturalCompare)) {
    const block = blocks.get(group) ?? { projects: {}, subgroups: {} };
    const entry: Level = { ...own('group', group) };
    if (!isEmpty(block.projects)) entry.projects = block.projects;
    if (!isEmpty(block.subgroups)) entry.subgroups = block.subgroups;
    if (!isEmpty(entry)) groups[group] = entry;
  }
  const projects: Record<string, Level> = {};
  for (const path of [...projectPaths].sort(naturalCompare)) {
    const level = own('project', path);
    if (!isEmpty(level)) projects[path] = level;
  }
  return { version: 1, ...(isEmpty(groups) ? {} : { groups }), ...(isEmpty(projects) ? {} : { projects }) };
}

/** A value as compared: keys sorted; a list section's items in any order are one list. */
function canonical(value: unknown, top = false): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return `[${(top ? items.sort() : items).join(',')}]`;
  }
  if (isItem(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The most common of the values given (undefined ones are not counted), with how many hold it; the first one met wins a tie. */
function mostCommon(values: readonly unknown[], top: boolean): { value: unknown; count: number } | undefined {
  const counts = new Map<string, { value: unknown; count: number }>();
  for (const value of values) {
    if (value === undefined) continue;
    const key = canonical(value, top);
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { value, count: 1 });
  }
  let best: { value: unknown; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best;
}

/**
 * What more than half of the members (two or more) hold alike, taken out of each: a map's keys one
 * by one, anything else whole; each member left with what makes it plan as it did (its own value,
 * or what it has where it said nothing). Returns the shared level.
 */
export function hoist(members: readonly Member[]): Level {
  const shared: Level = {};
  if (members.length < 2) return shared;
  const names = SECTIONS.map((section) => section.name).filter((name) =>
    members.some((m) => m.level[name] !== undefined),
  );
  for (const name of names) {
    const values = members.map((m) => m.level[name]);
    if (values.every((value) => value === undefined || isItem(value))) {
      const map = hoistKeys(members, name);
      if (!isEmpty(map)) shared[name] = map;
      continue;
    }
    const best = mostCommon(values, true);
    if (!best || best.count * 2 <= members.length || isItem(best.value)) continue;
    const fills = members.map((m, i) =>
      values[i] !== undefined ? undefined : Array.isArray(best.value) ? [] : m.fill(name, undefined),
    );
    if (fills.some((fill, i) => values[i] === undefined && fill === undefined)) continue;
    shared[name] = best.value;
    const held = canonical(best.value, true);
    members.forEach((m, i) => {
      if (values[i] === undefined) m.level[name] = fills[i];
      else if (canonical(values[i], true) === held) delete m.level[name];
    });
  }
  return shared;
}

/** A map section's keys, each hoisted on its own (a hash value only when every member holds it alike: hashes merge). */
function hoistKeys(members: readonly Member[], name: string): Level {
  const shared: Level = {};
  const mapOf = (m: Member): Level | undefined => (isItem(m.level[name]) ? (m.level[name] as Level) : undefined);
  const keys = [...new Set(members.flatMap((m) => Object.keys(mapOf(m) ?? {})))];
  for (const key of keys) {
    const values = members.map((m) => mapOf(m)?.[key]);
    const best = mostCommon(values, false);
    if (!best || best.count * 2 <= members.length) continue;
    if (isItem(best.value) && best.count !== members.length) continue;
    const fills = members.map((m, i) => (values[i] === undefined ? m.fill(name, key) : undefined));
    if (fills.some((fill, i) => values[i] === undefined && fill === undefined)) continue;
    shared[key] = best.value;
    const held = canonical(best.value);
    members.forEach((m, i) => {
      const map = { ...(mapOf(m) ?? {}) };
      if (values[i] === undefined) map[key] = fills[i];
      else if (canonical(values[i]) === held) delete map[key];
      if (isEmpty(map)) delete m.level[name];
      else m.level[name] = map;
    });
  }
  return shared;
}
