import { getGroup } from '../api/groups.js';
import { getProject } from '../api/projects.js';
import { findResource } from '../api/recover.js';
import type { VerbContext } from '../context.js';
import { eachLimited } from '../util/pool.js';
import { descendantGroupsPath, groupProjectsPath } from '../api/groups.js';
import type { Page } from '../http/paginate.js';
import type { LiveTarget } from './model.js';
import type { TargetKind } from './schema.js';
import { SECTIONS } from './sections/index.js';
import type { Reader } from './sections/section.js';
import { type DesiredTarget, isBelow, type Reach } from './targets.js';

/**
 * The live state, read with as few requests as the sections allow: project settings from each
 * root group's project list (100 a page, pages in parallel: include_subgroups covers every depth),
 * groups from their own reads, and per target only what no list carries (each section's `read`:
 * a push rule, hooks, LDAP links…), --concurrency at a time.
 */

type Item = Record<string, unknown>;

export interface Found {
  groups: Map<string, Item | null>;
  projects: Map<string, Item | null>;
}

/** The outermost of some group paths: listing those with include_subgroups covers the others. */
function outermost(paths: readonly string[]): string[] {
  const unique = [...new Set(paths)];
  return unique.filter((path) => !unique.some((other) => other !== path && isBelow(path, other)));
}

export async function list(
  ctx: VerbContext,
  path: string,
  query: Record<string, string | number | boolean>,
  concurrency: number,
): Promise<Item[]> {
  const items: Item[] = [];
  const pages = await ctx.session.pages(path, query, { all: true, perPage: 100, concurrency });
  for await (const page of pages as AsyncIterable<Page>)
    for (const text of page.items) items.push(JSON.parse(text) as Item);
  return items;
}

/** What the file names and reaches, as the service has it (null: not there). */
export async function discover(ctx: VerbContext, reach: Reach, concurrency: number): Promise<Found> {
  const found: Found = { groups: new Map(), projects: new Map() };
  const projectRoots = outermost(reach.projectRoots);
  const groupRoots = outermost(reach.subgroupRoots);
  const exactProjects = reach.projects.filter((path) => !projectRoots.some((root) => isBelow(path, root)));
  await Promise.all([
    ...reach.groups.map(async (path) => {
      // Group details carry what a list leaves out (shares): one read per group the file names.
      found.groups.set(path, (await findResource<Item>(await ctx.session.client(), getGroup(path))) ?? null);
    }),
    ...projectRoots.map(async (root) => {
      // A group's own projects: those shared into it belong to another group (the service lists them by default).
      const projects = await listOrNone(
        ctx,
        groupProjectsPath(root),
        { include_subgroups: true, with_shared: false },
        concurrency,
      );
      for (const project of projects) found.projects.set(String(project.path_with_namespace), project);
    }),
    ...groupRoots.map(async (root) => {
      for (const group of await listOrNone(ctx, descendantGroupsPath(root), {}, concurrency))
        if (!found.groups.has(String(group.full_path))) found.groups.set(String(group.full_path), group);
    }),
    ...exactProjects.map(async (path) => {
      found.projects.set(path, (await findResource<Item>(await ctx.session.client(), getProject(path))) ?? null);
    }),
  ]);
  for (const path of reach.projects) if (!found.projects.has(path)) found.projects.set(path, null);
  return found;
}

/** A list under a group that may not exist yet (to be created): empty then. */
async function listOrNone(
  ctx: VerbContext,
  path: string,
  query: Record<string, string | number | boolean>,
  concurrency: number,
): Promise<Item[]> {
  try {
    return await list(ctx, path, query, concurrency);
  } catch (error) {
    if ((error as { kind?: string }).kind === 'not-found') return [];
    throw error;
  }
}

/** Each target's live state: the resource found, the per-target reads its sections need, then each section's reads once a run. */
export async function readTargets(
  ctx: VerbContext,
  targets: readonly DesiredTarget[],
  found: Found,
  concurrency: number,
): Promise<Map<DesiredTarget, LiveTarget>> {
  const out = new Map<DesiredTarget, LiveTarget>();
  await eachLimited(targets, concurrency, async (target) => {
    const resource =
      (target.kind === 'project' ? found.projects.get(target.path) : found.groups.get(target.path)) ?? null;
    out.set(target, await readExtras(ctx, target.kind, target.path, resource, sectionsOf(target)));
  });
  for (const section of SECTIONS) {
    const using = targets.filter((target) => target.sections[section.name] !== undefined);
    if (section.read?.once && using.length > 0)
      await section.read.once(
        ctx,
        [...out.values()],
        using.map((target) => target.sections[section.name]),
      );
  }
  return out;
}

function sectionsOf(target: DesiredTarget): Set<string> {
  return new Set(Object.keys(target.sections));
}

/** The reads no list carries, for the sections wanted (a push rule, hooks, members…), at once. */
export async function readExtras(
  ctx: VerbContext,
  kind: TargetKind,
  path: string,
  resource: Item | null,
  sections: ReadonlySet<string>,
): Promise<LiveTarget> {
  const live: LiveTarget = { kind, path, resource };
  const reading = SECTIONS.filter((section) => sections.has(section.name) && section.kinds.includes(kind));
  if (resource === null) {
    // Nothing to read of a target not made yet: its push rule, hooks and links are none.
    for (const section of reading) section.read?.none?.(live);
    return live;
  }
  const reader: Reader = {
    client: await ctx.session.client(),
    list: (listPath, query) => list(ctx, listPath, query ?? {}, 1),
  };
  await Promise.all(reading.map((section) => section.read?.target(reader, live, resource)));
  return live;
}
