import { GROUPS_PATH, getGroup } from '../api/groups.js';
import { getProject } from '../api/projects.js';
import { findResource } from '../api/recover.js';
import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { repeatedKeys } from './check.js';
import { discover, type Found, list, readForExport } from './live.js';
import type { Level } from './load.js';
import { targetKey } from './model.js';
import { factorShared, naturalCompare } from './factor.js';
import { SECTIONS, sectionNamed } from './sections/index.js';
import { withoutUnpaid } from './tier.js';
import { isBelow } from './targets.js';

/**
 * `collab export`: the live state of groups and projects as collab.yaml, such that `collab plan`
 * of it has nothing to change. Read as plan reads (the root groups' lists, then each section's
 * reads per target); each section writes its part (`export`), only what differs from a new
 * target's; then what most projects (or subgroups) below a group share is written once, in that
 * group's `projects:` (`subgroups:`) level, with the exceptions (factor.ts).
 */

interface ExportOptions {
  /** Full paths of groups and projects; none: every top-level group the caller sees. */
  roots: readonly string[];
  /** Only these sections (by name); undefined: every one. */
  sections: readonly string[] | undefined;
  concurrency: number;
  /** Sections read through GraphQL where that gives their export whole (src/desired/graphql.ts). */
  graphql: boolean;
}

interface Exported {
  /** The file's content: version, groups, projects. */
  data: Record<string, unknown>;
  /** The variables the file names as `${env:NAME}`, each with what it holds. */
  variables: Map<string, string>;
  reads: number;
  groups: number;
  projects: number;
}

type Item = Record<string, unknown>;

export async function readAndExport(ctx: VerbContext, options: ExportOptions): Promise<Exported> {
  const client = await ctx.session.client();
  const before = client.requestCount;
  const found = await readRoots(ctx, options);
  const wanted = new Set(options.sections ?? SECTIONS.map((section) => section.name));
  await withoutUnpaid(ctx, wanted, options.sections !== undefined);
  const targets = [
    ...[...found.groups].flatMap(([path, resource]) => (resource ? [{ kind: 'group' as const, path, resource }] : [])),
    ...[...found.projects].flatMap(([path, resource]) =>
      resource ? [{ kind: 'project' as const, path, resource }] : [],
    ),
  ];
  const lives = await readForExport(ctx, targets, wanted, options.concurrency, options.graphql);
  const variables = new Map<string, string>();
  const placeholder = (hint: string, what: string) => {
    const name = hint
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
    variables.set(name, what);
    return `\${env:${name}}`;
  };
  const levels = new Map<string, Level>();
  for (const live of lives.sort((a, b) => naturalCompare(a.path, b.path))) {
    const level: Level = {};
    for (const section of SECTIONS) {
      if (!wanted.has(section.name) || !section.kinds.includes(live.kind) || !section.export) continue;
      const value = section.export({ live, placeholder });
      if (value !== undefined) level[section.name] = value;
      // The service may hold two the file cannot tell apart (two schedules of one description): plan would refuse it.
      for (const key of repeatedKeys(section, value))
        ctx.terminal.warn(
          `${live.kind} ${live.path} has more than one ${section.noun ?? 'item'} ${String(key)}, which collab.yaml cannot tell apart: plan refuses this file until all but one are changed or removed`,
        );
    }
    levels.set(targetKey(live.kind, live.path), level);
  }
  const pathsOf = (kind: string) => lives.filter((live) => live.kind === kind).map((live) => live.path);
  const byKey = new Map(lives.map((live) => [targetKey(live.kind, live.path), live]));
  // What a target that says nothing of a key has, for it to say against a value hoisted above it.
  const unsaid = (kind: 'project' | 'group', path: string, name: string, key: string | undefined) => {
    const live = byKey.get(targetKey(kind, path));
    const section = sectionNamed(name);
    return live && section?.exportUnsaid ? section.exportUnsaid(live, key) : undefined;
  };
  return {
    data: factorShared(levels, pathsOf('group'), pathsOf('project'), unsaid),
    variables,
    reads: client.requestCount - before,
    groups: pathsOf('group').length,
    projects: pathsOf('project').length,
  };
}

/**
 * The roots named (each a group or a project: a group is looked for first) or, with none, every
 * top-level group; then what is below the groups, as plan reads the file written for them.
 */
async function readRoots(ctx: VerbContext, options: ExportOptions): Promise<Found> {
  const client = await ctx.session.client();
  const groups = new Map<string, Item>();
  const projects = new Map<string, Item>();
  if (options.roots.length === 0) {
    for (const group of await list(ctx, GROUPS_PATH, { top_level_only: true }, options.concurrency))
      groups.set(String(group.full_path), group);
  }
  const missing: string[] = [];
  const roots = options.roots.filter((path) => !options.roots.some((other) => isBelow(path, other)));
  await Promise.all(
    [...new Set(roots)].map(async (path) => {
      const group = await findResource<Item>(client, getGroup(path));
      if (group) groups.set(path, group);
      const project = group ? undefined : await findResource<Item>(client, getProject(path));
      if (project) projects.set(path, project);
      else if (!group) missing.push(path);
    }),
  );
  if (missing.length > 0) {
    throw new CollabError('not-found', `no group or project ${missing.sort().join(', ')}`, {
      hint: 'name groups and projects by their full path (`collab groups list`, `collab projects list`)',
    });
  }
  const groupRoots = [...groups.keys()].sort();
  const found = await discover(
    ctx,
    { groups: [], subgroupRoots: groupRoots, projectRoots: groupRoots, globs: [], projects: [] },
    options.concurrency,
  );
  for (const [path, group] of groups) found.groups.set(path, group);
  for (const [path, project] of projects) found.projects.set(path, project);
  return found;
}
