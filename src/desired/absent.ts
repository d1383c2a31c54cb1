import { getGroup } from '../api/groups.js';
import { findResource } from '../api/recover.js';
import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { editDistance } from '../util/suggest.js';
import type { Found } from './live.js';
import { type MissingPath, nearbyPaths } from './nearby.js';
import { type DesiredTarget, globMatches, globRoot, isAbsent, isBelow, type Reach } from './targets.js';

/**
 * What the file names that is not there, said before anything is sent: a plan that enforces
 * nothing must not pass as "no changes" (a scheduled drift check would stay green). A filter
 * that selects nothing in the file is a usage error; a path that does not exist (and is not to
 * be made) or a glob that matches nothing is "not found", unless --allow-missing says the file is
 * shared by instances that each have part of it.
 */

/** Whether a glob can match a project a filter selects: the filter is a project it matches, or a group it reaches into. */
function globReaches(glob: string, name: string): boolean {
  const segments = glob.split('/');
  const parts = name.split('/');
  for (let i = 0; i < Math.min(segments.length, parts.length); i++) {
    if (segments[i] === '**') return true;
    if (!globMatches(segments[i] as string, parts[i] as string)) return false;
  }
  return parts.length <= segments.length;
}

/** `collab plan acme/web/storefrnt`: refused, naming the nearest path the file reaches. */
export function checkFilters(only: readonly string[], targets: ReadonlyArray<{ path: string }>, file: string): void {
  for (const name of only) {
    if (targets.some((target) => target.path === name || isBelow(target.path, name))) continue;
    const nearest = nearestPath(
      name,
      targets.map((target) => target.path),
    );
    throw new CollabError(
      'usage',
      `${name} selects nothing in ${file}${nearest ? ` (nearest: ${nearest})` : ' (it reaches no group or project)'}`,
      {
        hint: nearest
          ? `give a group or project the file reaches, e.g. ${nearest}`
          : `add ${name} to ${file}, or drop it`,
      },
    );
  }
}

function nearestPath(name: string, paths: readonly string[]): string | undefined {
  let best: string | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const path of new Set(paths)) {
    const d = editDistance(name, path);
    if (d < distance) [best, distance] = [path, d];
  }
  return best;
}

/** A line of the report, and the path whose did-you-mean it takes (nearby.ts), if any. */
interface Absence {
  line: (nearest: string | undefined) => string;
  asks?: MissingPath;
}

/**
 * The exact paths among the targets that do not exist and are not to be made, and the globs
 * that match no project (a glob below a group that exists and holds no project matches nothing
 * by right: not counted). Only those the filters reach. A missing path, or a glob's missing root,
 * names the nearest path that exists where there is one.
 */
export async function absentPaths(
  ctx: VerbContext,
  targets: readonly DesiredTarget[],
  reach: Reach,
  found: Found,
  only: readonly string[],
  concurrency: number,
): Promise<string[]> {
  const absent: Absence[] = [];
  for (const target of targets) {
    const resource = target.kind === 'project' ? found.projects.get(target.path) : found.groups.get(target.path);
    if (!isAbsent(target, resource)) continue;
    absent.push({
      line: (nearest) =>
        `${target.kind} ${target.path} does not exist (${nearest ? `did you mean ${nearest}? if not, ` : ''}add create: true to make it)`,
      asks: { kind: target.kind, path: target.path },
    });
  }
  const projects = [...found.projects].filter(([, item]) => item !== null).map(([path]) => path);
  for (const glob of reach.globs) {
    const root = globRoot(glob) as string;
    if (only.length > 0 && !only.some((name) => globReaches(glob, name))) continue;
    if (projects.some((path) => globMatches(glob, path))) continue;
    if (projects.some((path) => isBelow(path, root))) {
      absent.push({ line: () => `projects: ${glob} matches no project (${root} holds none that match)` });
      continue;
    }
    // Nothing listed below the root: an empty group, or none at all. One read tells.
    const group = await findResource(await ctx.session.client(), getGroup(root));
    if (group !== undefined) continue;
    absent.push({
      line: (nearest) =>
        `projects: ${glob} matches no project (${root} does not exist${nearest ? `; did you mean ${nearest}${glob.slice(root.length)}?` : ''})`,
      asks: { kind: 'group', path: root },
    });
  }
  const asked = absent.flatMap((item) => (item.asks ? [item.asks] : []));
  const nearest = asked.length > 0 ? await nearbyPaths(ctx, asked, found, reach, concurrency) : [];
  return absent.map((item) => item.line(item.asks ? nearest[asked.indexOf(item.asks)] : undefined));
}

/** Each on a line of stderr, then the error (or, with --allow-missing, each as a warning). */
export function reportAbsent(ctx: VerbContext, absent: readonly string[], file: string, allowMissing: boolean): void {
  if (absent.length === 0) return;
  if (allowMissing) {
    for (const line of absent) ctx.terminal.warn(line);
    return;
  }
  if (absent.length === 1) {
    throw new CollabError('not-found', `${file}: ${absent[0]}; nothing was sent`, {
      hint: 'fix or remove it, or pass --allow-missing to plan the rest',
    });
  }
  for (const line of absent) ctx.terminal.stderrLine(`${file}: ${line}`);
  throw new CollabError(
    'not-found',
    `${absent.length} paths in ${file} name nothing on the service; nothing was sent`,
    { hint: 'fix or remove them, or pass --allow-missing to plan the rest' },
  );
}
