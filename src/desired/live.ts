import { getGroup } from '../api/groups.js';
import { once } from '../util/memo.js';
import { getProject } from '../api/projects.js';
import { type CurrentUser, getCurrentUser } from '../api/users.js';
import { findResource } from '../api/recover.js';
import type { VerbContext } from '../context.js';
import { type CollabError, isCollabError, withHint } from '../errors.js';
import { eachLimited } from '../util/pool.js';
import { descendantGroupsPath, groupProjectsPath } from '../api/groups.js';
import type { Page } from '../http/paginate.js';
import type { QueryParams } from '../http/query.js';
import { dayOf } from '../util/day.js';
import type { LiveTarget } from './model.js';
import type { TargetKind } from './schema.js';
import { askedSections, exportAsks, type GraphqlAsk, planAsks, readByGraphql } from './graphql.js';
import { isItem } from './sections/common.js';
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
  query: QueryParams,
  concurrency: number,
  requires?: string,
): Promise<Item[]> {
  const items: Item[] = [];
  const pages = await ctx.session.pages(
    path,
    query,
    { all: true, perPage: 100, concurrency },
    requires ? { requires } : {},
  );
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

/**
 * Each target's live state: the resource found, the per-target reads its sections need (through
 * GraphQL where `graphql` allows and a section has such a read, by REST otherwise), then each
 * section's reads once a run. A section GraphQL filled whose diff would change something is read
 * again by REST: GraphQL says which targets are as the file wants, and each change is planned from
 * the REST read (what it shows, the live fields a saved plan is checked against) as without it.
 */
export async function readTargets(
  ctx: VerbContext,
  targets: readonly DesiredTarget[],
  found: Found,
  concurrency: number,
  graphql = false,
): Promise<Map<DesiredTarget, LiveTarget>> {
  const out = new Map<DesiredTarget, LiveTarget>();
  for (const target of targets) {
    const resource =
      (target.kind === 'project' ? found.projects.get(target.path) : found.groups.get(target.path)) ?? null;
    out.set(target, { kind: target.kind, path: target.path, resource });
  }
  const filled = await readSections(
    ctx,
    targets.map((target) => ({
      live: out.get(target) as LiveTarget,
      sections: sectionsOf(target),
      values: target.sections,
    })),
    graphql ? planAsks(targets, out) : [],
    concurrency,
  );
  const byPath = new Map(targets.map((target) => [`${target.kind}:${target.path.toLowerCase()}`, target]));
  const planned = (kind: TargetKind, path: string) => byPath.get(`${kind}:${path.toLowerCase()}`);
  // One reader for every section's once-a-run reads: a group's view asked by two is read once.
  const reader = await readerOf(ctx);
  for (const section of SECTIONS) {
    const using = targets.filter((target) => target.sections[section.name] !== undefined);
    if (section.read?.once && using.length > 0)
      await section.read.once(
        ctx,
        using.map((target) => out.get(target) as LiveTarget),
        using.map((target) => target.sections[section.name]),
        reader,
        planned,
      );
  }
  // A target's sections at once, --concurrency targets at a time, as the REST read goes.
  const today = dayOf(ctx.session.clock.now());
  const again = targets.flatMap((target) => {
    const live = out.get(target) as LiveTarget;
    const names = filled.get(live);
    const changing = SECTIONS.filter(
      (section) => names?.has(section.name) && wouldChange(section, target, live, today),
    );
    return changing.length > 0 ? [{ target, live, changing }] : [];
  });
  await eachLimited(again, concurrency, async ({ target, live, changing }) => {
    const reader = await readerOf(ctx);
    await Promise.all(
      changing.map((section) =>
        section.read?.target?.(reader, live, live.resource as Item, target.sections[section.name]),
      ),
    );
  });
  return out;
}

/**
 * Whether a section's diff would emit a change against this live state (the diff is pure). One
 * that refuses the file against it is asked again of the REST read, whose refusal is the plan's.
 */
function wouldChange(
  section: (typeof SECTIONS)[number],
  target: DesiredTarget,
  live: LiveTarget,
  today: string,
): boolean {
  let changes = false;
  try {
    diffOnce(section, target, live, today, () => void (changes = true));
  } catch {
    return true;
  }
  return changes;
}

function diffOnce(
  section: (typeof SECTIONS)[number],
  target: DesiredTarget,
  live: LiveTarget,
  today: string,
  emit: () => void,
) {
  section.diff({
    target,
    value: target.sections[section.name],
    live,
    creating: false,
    // Only hooks send secrets again; no section with a GraphQL read looks at it.
    rotateSecrets: false,
    today,
    // The plan's own diff says it.
    warn: () => undefined,
    kept: (part) => part,
    emit,
  });
}

function sectionsOf(target: DesiredTarget): Set<string> {
  return new Set(Object.keys(target.sections));
}

const readerOf = async (ctx: VerbContext, exporting = false): Promise<Reader> => {
  const client = await ctx.session.client();
  const user = once((_: undefined) => client.request<CurrentUser>(getCurrentUser()).then((answer) => answer.data));
  return {
    client,
    exporting,
    list: (listPath, query, requires) => list(ctx, listPath, query ?? {}, 1, requires),
    group: once((path: string) => client.request<Item>(getGroup(path)).then((answer) => answer.data)),
    caller: () => user(undefined),
  };
};

/**
 * The reads no list carries (a push rule, hooks, members…) into `live`, for these sections, at once.
 * `values`: the file's value of each section, for the sections that read only what it names (none: read it all).
 */
export async function readInto(
  ctx: VerbContext,
  live: LiveTarget,
  sections: ReadonlySet<string>,
  values?: Readonly<Record<string, unknown>>,
  exporting = false,
): Promise<void> {
  const reading = SECTIONS.filter((section) => sections.has(section.name) && section.kinds.includes(live.kind));
  if (live.resource === null) {
    // Nothing to read of a target not made yet: its push rule, hooks and links are none.
    for (const section of reading) section.read?.none?.(live);
    return;
  }
  const resource = live.resource;
  const reader = await readerOf(ctx, exporting);
  await Promise.all(
    reading.map(async (section) => {
      try {
        await section.read?.target?.(reader, live, resource, values?.[section.name]);
      } catch (error) {
        if (!isCollabError(error) || error.featureOff.length === 0) throw error;
        // A plan whose file turns such a feature on: the section can be read once that is applied.
        if (!exporting) throw turnedOnFirst(error, section.name, live, values?.settings) ?? error;
        // An export writes what the caller can read: a section that a feature turned off hides
        // (pipeline schedules with CI/CD off) is left out of this target, and said, not the whole export.
        ctx.terminal.warn(`${live.kind} ${live.path}: its ${section.name} are not exported, as ${error.hint}`);
      }
    }),
  );
}

/**
 * A section's read that a feature turned off refused, where the file's settings turn one of the
 * features that gate it on: GitLab shows the section once that is applied, so the hint says to
 * apply the file without the section first. Undefined where the file turns none of them on.
 */
function turnedOnFirst(
  error: CollabError,
  section: string,
  live: LiveTarget,
  settings: unknown,
): CollabError | undefined {
  const wanted = isItem(settings) ? settings : {};
  const level = error.featureOff.find(
    (name) => wanted[name] !== undefined && wanted[name] !== 'disabled' && wanted[name] !== live.resource?.[name],
  );
  if (level === undefined) return undefined;
  return withHint(
    error,
    `the file sets ${level} to ${String(wanted[level])} (settings), and GitLab shows the ${section} only once that is applied: apply the file without ${section} first, then with it`,
  );
}

/** A target's sections to read; `values`: the file's, for the sections that read only what it names. */
interface SectionsToRead {
  live: LiveTarget;
  sections: ReadonlySet<string>;
  values?: Readonly<Record<string, unknown>>;
}

/**
 * Reads each target's sections: those `asks` names through GraphQL, the others by REST at the same
 * time, then by REST what GraphQL left. Returns what GraphQL filled, by live state. Each way keeps
 * its bound: `concurrency` queries (GraphQL's pool), `concurrency` targets' REST reads (this one);
 * a query does not take a target's place, since a target's reads take as long with a section fewer
 * (they go out at once) and GraphQL would only add its time to theirs.
 */
async function readSections(
  ctx: VerbContext,
  reads: readonly SectionsToRead[],
  asks: readonly GraphqlAsk[],
  concurrency: number,
  exporting = false,
): Promise<Map<LiveTarget, Set<string>>> {
  const asked = askedSections(asks);
  const lacking = (read: SectionsToRead, leave: (name: string) => boolean) => {
    const sections = new Set([...read.sections].filter((name) => !leave(name)));
    return sections.size > 0 ? [{ ...read, sections }] : [];
  };
  const byRest = reads.flatMap((read) => lacking(read, (name) => asked.get(read.live)?.has(name) === true));
  const [filled] = await Promise.all([
    asks.length > 0 ? readByGraphql(ctx, asks, concurrency) : new Map<LiveTarget, Set<string>>(),
    eachLimited(byRest, concurrency, ({ live, sections, values }) => readInto(ctx, live, sections, values, exporting)),
  ]);
  // What GraphQL was asked and left (a fallback): by REST now.
  const left = reads.flatMap((read) =>
    lacking(read, (name) => asked.get(read.live)?.has(name) !== true || filled.get(read.live)?.has(name) === true),
  );
  await eachLimited(left, concurrency, ({ live, sections, values }) =>
    readInto(ctx, live, sections, values, exporting),
  );
  return filled;
}

/** What `collab export` reads of each target: through GraphQL what gives an export whole, the rest by REST. */
export async function readForExport(
  ctx: VerbContext,
  targets: ReadonlyArray<{ kind: TargetKind; path: string; resource: Item }>,
  wanted: ReadonlySet<string>,
  concurrency: number,
  graphql: boolean,
): Promise<LiveTarget[]> {
  const lives: LiveTarget[] = targets.map(({ kind, path, resource }) => ({ kind, path, resource }));
  await readSections(
    ctx,
    lives.map((live) => ({ live, sections: wanted })),
    graphql ? exportAsks(lives, wanted) : [],
    concurrency,
    true,
  );
  return lives;
}
