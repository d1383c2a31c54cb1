import { firstChildrenPage, getGroup } from '../api/groups.js';
import { getProject } from '../api/projects.js';
import type { VerbContext } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import { eachLimited } from '../util/pool.js';
import { closest } from '../util/suggest.js';
import type { Found } from './live.js';
import type { TargetKind } from './schema.js';
import { isBelow, type Reach } from './targets.js';
import { parentPath } from '../util/path-order.js';

/**
 * The did-you-mean of a path in collab.yaml that does not exist (`acme/web/storefrnt`: did you
 * mean acme/web/storefront?), as gh and git offer one. Asked only once a path is known missing,
 * and cheap: the first segment that is not there is matched (`closest`, the one rule of every
 * suggestion) against the children of the nearest group above it that may exist, taken from what
 * the plan has read already where it listed that group whole, else from one page of that group's
 * projects or subgroups: at most one request per list asked for, --concurrency at a time. The
 * segments after the one corrected are kept as written (`acme/platfrom/api`: acme/platform/api).
 * A suggestion is a hint: a list that fails (403, 5xx after its retries) gives none and changes
 * nothing else.
 */

export interface MissingPath {
  kind: TargetKind;
  path: string;
}

type Children = 'projects' | 'subgroups';

/** Where to look for a missing path's fix: the segment to correct, the group it is a child of, and what follows it. */
interface Question {
  parent: string;
  children: Children;
  wrong: string;
  rest: string[];
}

const within = (path: string, roots: readonly string[]) => roots.some((root) => path === root || isBelow(path, root));

/**
 * Walks up from the path's parent past the groups known not to exist (read as missing, or missing
 * themselves in the file) to the nearest that may exist. Past the top there is no suggestion: a
 * top-level group's siblings are every top-level group of the instance (on a large one, a first
 * page is an arbitrary slice, and a stranger's group is a worse hint than none), and `GET
 * /groups?search=` matches a substring, which a typo is not.
 */
function questionOf(item: MissingPath, missingGroups: ReadonlySet<string>): Question | undefined {
  const segments = item.path.split('/');
  let at = segments.length - 1;
  while (at > 0 && missingGroups.has(segments.slice(0, at).join('/'))) at--;
  if (at === 0) return undefined;
  const children: Children = item.kind === 'project' && at === segments.length - 1 ? 'projects' : 'subgroups';
  return {
    parent: segments.slice(0, at).join('/'),
    children,
    wrong: segments[at] as string,
    rest: segments.slice(at + 1),
  };
}

/**
 * A group's children as the plan's reads already hold them, where they hold them whole: projects
 * below a group listed with include_subgroups (a `projects:` level or a glob's root), groups below
 * one whose descendant groups were listed (a `subgroups:` level). Undefined: not read.
 */
function childrenRead(parent: string, children: Children, found: Found, reach: Reach): string[] | undefined {
  const [roots, seen] =
    children === 'projects' ? [reach.projectRoots, found.projects] : [reach.subgroupRoots, found.groups];
  if (!within(parent, roots)) return undefined;
  return [...seen]
    .filter(([path, item]) => item !== null && parentPath(path) === parent)
    .map(([path]) => path.slice(parent.length + 1));
}

/** The nearest existing path for each missing one (undefined: none near), in the order given. */
export async function nearbyPaths(
  ctx: VerbContext,
  missing: readonly MissingPath[],
  found: Found,
  reach: Reach,
  concurrency: number,
): Promise<Array<string | undefined>> {
  const missingGroups = new Set([...found.groups].filter(([, item]) => item === null).map(([path]) => path));
  for (const item of missing) if (item.kind === 'group') missingGroups.add(item.path);
  const names = new Map<string, string[]>();
  const keyOf = (question: Question) => `${question.children} ${question.parent}`;
  const client = await ctx.session.client();
  let questions: Array<Question | undefined> = [];
  // A group listed that answers 404 is missing too: the question moves up to its parent, a group
  // not asked about yet. So a group's projects, or its subgroups, cost at most one request, and a
  // path no more than its depth.
  for (let asking = true; asking; ) {
    questions = missing.map((item) => questionOf(item, missingGroups));
    const toList = new Map<string, Question>();
    for (const question of questions) {
      if (!question || names.has(keyOf(question))) continue;
      // None read may mean a group that is not there (below a root that is): its own list tells.
      const read = childrenRead(question.parent, question.children, found, reach);
      if (read && read.length > 0) names.set(keyOf(question), read);
      else toList.set(keyOf(question), question);
    }
    asking = false;
    await eachLimited([...toList.values()], concurrency, async (question) => {
      names.set(keyOf(question), []);
      try {
        const { data } = await client.request<Array<{ path?: unknown }>>(
          firstChildrenPage(question.parent, question.children),
        );
        names.set(
          keyOf(question),
          data.map((child) => child.path).filter((path): path is string => typeof path === 'string'),
        );
      } catch (error) {
        const kind = isCollabError(error) ? error.kind : undefined;
        if (kind === 'not-found') {
          missingGroups.add(question.parent);
          asking = true;
        }
        // Only Ctrl-C ends the run here; any other failure leaves the plain message.
        if (kind === 'interrupted') throw error;
      }
    });
  }
  return questions.map((question) => {
    if (!question) return undefined;
    const match = closest(question.wrong, names.get(keyOf(question)) ?? []);
    return match === undefined || match === question.wrong
      ? undefined
      : [question.parent, match, ...question.rest].join('/');
  });
}

/**
 * A command's 404 for a project or group named by full path (`GET /projects/acme%2Fweb%2Fstorefrnt`)
 * with the nearest existing path as its hint, found as for collab.yaml (one list of the parent
 * group, a request or two at most). Any other error, an ID, or a top-level path comes back as it was.
 */
export async function withNearbyPath(ctx: VerbContext, error: unknown): Promise<unknown> {
  if (!isCollabError(error) || error.kind !== 'not-found' || error.request?.method !== 'GET') return error;
  // The project or group itself was not found: its own GET, or a list below it that says so.
  const named = /^\/(projects|groups)\/([^/?]+)/.exec(error.request.path);
  const own = named !== null && /^[?]|^$/.test(error.request.path.slice(named[0].length));
  if (!named || !(own || /\b(Project|Group) Not Found\b/.test(error.message))) return error;
  const path = decodeURIComponent(named[2] as string);
  if (!path.includes('/') || /^\d+$/.test(path)) return error;
  const kind: TargetKind = named[1] === 'projects' ? 'project' : 'group';
  const other: TargetKind = kind === 'project' ? 'group' : 'project';
  // The path names the other kind (a project given where a group goes): said so, not a near path.
  const otherKind = (await otherKindAt(ctx, other, path)) ? `${path} is a ${other}, not a ${kind}` : undefined;
  const none: Found = { groups: new Map(), projects: new Map() };
  const reach: Reach = { groups: [], subgroupRoots: [], projectRoots: [], globs: [], projects: [] };
  const [nearest] = otherKind ? [undefined] : await nearbyPaths(ctx, [{ kind, path }], none, reach, 1);
  // The path as the user typed it, not as the URL encodes it (acme/web/x, not acme%2Fweb%2Fx).
  const shown = `${error.message} (GET /${named[1]}/${path}${error.request.path.slice(named[0].length)})`;
  // A near path says all the generic not-found hint would (src/http/service-error.ts).
  const hint = otherKind ?? (nearest === undefined ? error.hint : `did you mean ${nearest}?`);
  return new CollabError(error.kind, shown, {
    request: error.request,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(hint !== undefined ? { hint } : {}),
  });
}

/** Whether a project (or group) is at `path`, for a 404 of the other kind; any failure reads as no. */
async function otherKindAt(ctx: VerbContext, kind: TargetKind, path: string): Promise<boolean> {
  const client = await ctx.session.client();
  try {
    await client.request(kind === 'project' ? getProject(path) : getGroup(path));
    return true;
  } catch (error) {
    // Only Ctrl-C ends the run here; any other failure leaves the plain message.
    if (isCollabError(error) && error.kind === 'interrupted') throw error;
    return false;
  }
}
