import {
  ADMIN_ORDER_BY,
  PROJECT_LIST_PARAMS,
  STARRED_PROJECTS_PARAMS,
  USER_PROJECTS_PARAMS,
} from '../../params/projects.js';
import type { ParamSpec } from '../../params/types.js';
import { ACCESS, canReadProject, featureEnabled, isAdministrator, isProjectMember } from '../access.js';
import { PROJECT_DEFAULTS } from '../../params/defaults.js';
import { methodNotAllowed, notFound } from '../errors.js';
import type { SandboxRequest, SandboxResponse } from '../http.js';
import type { Project, User } from '../model.js';
import {
  firstIdAbove,
  keysetResponse,
  type ListView,
  orderedOnce,
  pageRequest,
  paginateArray,
  similarity,
  sortBy,
  viewOf,
} from '../pagination.js';
import { readParams } from '../params.js';
import type { Store } from '../store.js';
import { projectJsonPieces } from '../views.js';

/**
 * Lists of projects (the projects API reference): GET /projects, a user's projects and starred projects,
 * and (in forks.ts) a project's forks, with the filters, orders and pagination of GET /projects.
 */

interface ListOptions {
  /** Keyset pagination with order_by=id (GET /projects, GET /users/:id/projects). */
  keyset: boolean;
}

function orderKey(orderBy: string): (project: Project) => string | number {
  switch (orderBy) {
    case 'id':
      return (p) => p.id;
    case 'name':
      return (p) => p.name.toLowerCase();
    case 'path':
      return (p) => p.path.toLowerCase();
    case 'updated_at':
      return (p) => String(p.attrs.updated_at ?? p.last_activity_at);
    case 'last_activity_at':
      return (p) => p.last_activity_at;
    case 'repository_size':
    case 'storage_size':
    case 'packages_size':
    case 'wiki_size':
      return (p) => p.statistics[orderBy] ?? 0;
    default:
      return (p) => p.created_at;
  }
}

/**
 * canReadProject, remembered per namespace and visibility for projects without members or
 * shares of their own (whose access depends on nothing else): lists of 50,000 projects stay fast.
 */
function readableBy(store: Store, user: User | undefined): (project: Project) => boolean {
  if (!user || isAdministrator(user)) return (project) => canReadProject(store, user, project);
  const known = new Map<string, boolean>();
  return (project) => {
    if (project.visibility === 'public' || project.members.size > 0 || project.shares.length > 0)
      return canReadProject(store, user, project);
    const key = `${project.namespace_id}:${project.visibility}`;
    let readable = known.get(key);
    if (readable === undefined) {
      readable = canReadProject(store, user, project);
      known.set(key, readable);
    }
    return readable;
  };
}

/**
 * A list of projects with the filters, orders and pagination of GET /projects. Parameters the
 * endpoint does not take are ignored (as Grape ignores undeclared ones); administrator-only
 * filters and orders are ignored for others, as GitLab does.
 */
export function listProjects(
  req: SandboxRequest,
  candidates: readonly Project[],
  table: readonly ParamSpec[],
  options: ListOptions,
): SandboxResponse {
  const { store, user } = req;
  const p = readParams(req.input, table);
  const admin = isAdministrator(user);

  // Administrators read every project: no pass over all of them per page (at 100,000 projects
  // that pass alone took 10 ms a page; bench/README.md, case 6).
  let items: readonly Project[] = admin ? candidates : candidates.filter(readableBy(store, user));
  const filter = (keep: (project: Project) => boolean) => {
    items = items.filter(keep);
  };
  if (p.archived !== undefined) filter((x) => x.archived === p.archived);
  if (p.visibility !== undefined) filter((x) => x.visibility === p.visibility);
  // Items are in ascending id order here (candidates are, filters keep it): id windows are a cut.
  // Ordered by id (how clients page past offset 50,000), the window is cut after ordering instead,
  // as a view of the ordered list: a copy of a 70,000-project window, and its reversal for the
  // descending order, cost 4 ms on every page at 120,000 projects.
  const idWindow = {
    after: typeof p.id_after === 'number' ? p.id_after : undefined,
    before: typeof p.id_before === 'number' ? Math.ceil(p.id_before) : undefined,
  };
  const windowAfterOrdering = p.order_by === 'id';
  if (!windowAfterOrdering) {
    if (idWindow.after !== undefined) items = items.slice(firstIdAbove(items, idWindow.after));
    if (idWindow.before !== undefined) items = items.slice(0, firstIdAbove(items, idWindow.before - 1));
  }
  if (p.last_activity_after !== undefined)
    filter((x) => Date.parse(x.last_activity_at) > Date.parse(p.last_activity_after as string));
  if (p.last_activity_before !== undefined)
    filter((x) => Date.parse(x.last_activity_at) < Date.parse(p.last_activity_before as string));
  // Membership filters need a user; anonymous callers get the public list whatever they ask.
  if (user) {
    if (p.owned === true) filter((x) => isProjectMember(store, user, x, ACCESS.owner));
    if (p.membership === true) filter((x) => isProjectMember(store, user, x));
    if (typeof p.min_access_level === 'number')
      filter((x) => isProjectMember(store, user, x, p.min_access_level as number));
    if (p.starred === true) filter((x) => store.stars.get(x.id)?.has(user.id) === true);
  }
  const search = typeof p.search === 'string' && p.search !== '' ? p.search.toLowerCase() : undefined;
  if (search !== undefined) {
    filter((x) => {
      const texts = [x.name, x.path, x.description ?? ''];
      if (p.search_namespaces === true) texts.push(store.projectFullPath(x));
      return texts.some((text) => text.toLowerCase().includes(search));
    });
  }
  if (Array.isArray(p.topic) && p.topic.length > 0) {
    const wanted = (p.topic as string[]).map((t) => t.toLowerCase());
    filter((x) => wanted.every((t) => x.topics.some((topic) => topic.toLowerCase() === t)));
  }
  if (p.with_issues_enabled === true) filter((x) => featureEnabled(x, 'issues'));
  if (p.with_merge_requests_enabled === true) filter((x) => featureEnabled(x, 'merge_requests'));
  if (typeof p.with_programming_language === 'string') {
    const language = p.with_programming_language.toLowerCase();
    filter((x) => Object.keys(x.languages).some((name) => name.toLowerCase() === language));
  }
  if (p.repository_checksum_failed === true) filter((x) => x.attrs.repository_checksum_failed === true);
  if (p.wiki_checksum_failed === true) filter((x) => x.attrs.wiki_checksum_failed === true);
  if (admin && typeof p.repository_storage === 'string')
    filter((x) => (x.attrs.repository_storage ?? PROJECT_DEFAULTS.repository_storage) === p.repository_storage);
  const customAttributes = p.custom_attributes as Record<string, unknown> | undefined;
  if (admin && customAttributes)
    filter((x) => Object.entries(customAttributes).every(([key, value]) => x.custom_attributes[key] === String(value)));

  let orderBy = (p.order_by as string | undefined) ?? 'created_at';
  const sort = (p.sort as 'asc' | 'desc' | undefined) ?? 'desc';
  if ((ADMIN_ORDER_BY as readonly string[]).includes(orderBy) && !admin) orderBy = 'created_at';
  if (orderBy === 'similarity') {
    if (search !== undefined && user) {
      // Similarity ranks only projects the caller is a member of.
      filter((x) => isProjectMember(store, user, x));
      items = [...items].sort(
        (a, b) => similarity([b.path, b.name], search) - similarity([a.path, a.name], search) || b.id - a.id,
      );
    } else orderBy = 'created_at';
  }
  if (orderBy !== 'similarity') {
    // Candidates come in ascending id order: ordering by id needs no sort. Orders by keys that never
    // change, of a list nothing filtered (the store's kept array), are computed once: sorting
    // 100,000 projects by created_at took 18 ms a page.
    const from = items;
    const order = () =>
      orderBy === 'id' ? (sort === 'asc' ? from : [...from].reverse()) : sortBy(from, orderKey(orderBy), sort);
    items =
      from === candidates && (orderBy === 'id' || orderBy === 'created_at')
        ? orderedOnce(candidates, `${orderBy} ${sort}`, order)
        : order();
  }

  const list: ListView<Project> = windowAfterOrdering ? idRange(items, sort, idWindow) : items;

  const viewOptions = {
    simple: p.simple === true,
    statistics: p.statistics === true,
    customAttributes: p.with_custom_attributes === true,
  };
  const serialize = (project: Project) => projectJsonPieces(store, project, user, viewOptions);
  if (req.query.get('pagination') === 'keyset') {
    if (!options.keyset || orderBy !== 'id')
      throw methodNotAllowed('Keyset pagination is not yet available for this type of request');
    const { perPage } = pageRequest(req);
    const slice = list.slice(0, perPage);
    const last = slice[slice.length - 1];
    // A non-empty page links to the next; the end is an empty page without a link.
    const next = last ? { [sort === 'asc' ? 'id_after' : 'id_before']: String(last.id) } : undefined;
    return keysetResponse(req, slice, serialize, next);
  }
  return paginateArray(req, list, serialize, { maxOffset: store.offsetWindow, entity: 'Project' });
}

/** The projects of a list ordered by id whose ids are within the window (after < id < before). */
function idRange(
  ordered: readonly Project[],
  sort: 'asc' | 'desc',
  window: { after: number | undefined; before: number | undefined },
): ListView<Project> {
  const n = ordered.length;
  // How many ids are above `id`: a prefix of the list in descending order, a suffix in ascending.
  const above = (id: number) => (sort === 'desc' ? firstIdAboveDescending(ordered, id) : n - firstIdAbove(ordered, id));
  const notBefore = window.before === undefined ? 0 : above(window.before - 1);
  const afterStart = window.after === undefined ? n : above(window.after);
  return sort === 'desc' ? viewOf(ordered, notBefore, afterStart) : viewOf(ordered, n - afterStart, n - notBefore);
}

/** How many items of a list in descending id order have an id above `id`. */
function firstIdAboveDescending(items: readonly { id: number }[], id: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((items[mid] as { id: number }).id > id) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function listAllProjects(req: SandboxRequest): SandboxResponse {
  return listProjects(req, req.store.allProjects(), PROJECT_LIST_PARAMS, { keyset: true });
}

export function listUserProjects(req: SandboxRequest): SandboxResponse {
  const owner = req.store.userByName(req.params.user_id as string);
  if (!owner) throw notFound('User');
  return listProjects(req, req.store.projectsInNamespace(owner.namespace_id), USER_PROJECTS_PARAMS, { keyset: true });
}

export function listStarredProjects(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const owner = store.userByName(req.params.user_id as string);
  if (!owner) throw notFound('User');
  const starred = store.allProjects().filter((project) => store.stars.get(project.id)?.has(owner.id) === true);
  return listProjects(req, starred, STARRED_PROJECTS_PARAMS, { keyset: false });
}
