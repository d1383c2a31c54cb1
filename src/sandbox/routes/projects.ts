import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '../../params/avatar.js';
import { pathFromName } from '../../params/paths.js';
import {
  ADMIN_ORDER_BY,
  DEPRECATED_SWITCHES,
  PROJECT_LIST_PARAMS,
  PROJECT_SETTINGS,
  PROJECT_VIEW_PARAMS,
  PROJECTS_OFFSET_LIMIT,
  projectNameProblem,
  projectPathProblem,
  STARRED_PROJECTS_PARAMS,
  USER_PROJECTS_PARAMS,
} from '../../params/projects.js';
import type { ParamSpec, SettingsColumn } from '../../params/types.js';
import { forbidden, HttpError, methodNotAllowed, notFound, paramError, unauthorized, validationError } from '../errors.js';
import { json, jsonText, notModified, type Router, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, Namespace, Project, StoredFile, User, Visibility } from '../model.js';
import { firstIdAbove, keysetResponse, type ListView, orderedOnce, pageRequest, paginateArray, sortBy, viewOf } from '../pagination.js';
import { readParams, str } from '../params.js';
import { newProject } from '../seed.js';
import { ACCESS, type Store } from '../store.js';
import { anonymousProjectJson, GROUP_DEFAULTS, PROJECT_DEFAULTS, projectJson, projectJsonPieces } from '../views.js';

/**
 * Projects (spec/3-projects.md): the lists (GET /projects and a user's own and starred
 * projects), read, create (also for a user), update (JSON or multipart with an avatar),
 * delete (delayed in groups), restore, archive, unarchive, star, unstar and transfer.
 */

const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 1, public: 2 };

// ---- finding projects ----

/** Old full paths of renamed or transferred projects, per sandbox: they answer 301 (spec 4). */
const redirects = new WeakMap<Store, Map<string, number>>();

function redirectsOf(store: Store): Map<string, number> {
  let map = redirects.get(store);
  if (!map) {
    map = new Map();
    redirects.set(store, map);
  }
  return map;
}

/** The project at :id that the caller may read; 404 otherwise, as the service hides what one may not see. */
function readableProject(req: SandboxRequest): Project {
  const { store, user } = req;
  const ref = req.params.id as string;
  const project = store.findProject(ref);
  if (project && store.canReadProject(user, project)) return project;
  if (!project && !/^\d+$/.test(ref)) {
    const movedId = redirectsOf(store).get(ref.toLowerCase());
    const moved = movedId === undefined ? undefined : store.projects.get(movedId);
    if (moved && store.canReadProject(user, moved)) {
      const location = `${store.origin}/api/v4/projects/${encodeURIComponent(store.projectFullPath(moved))}${req.url.pathname.replace(/^\/api\/v4\/projects\/[^/]+/, '')}${req.url.search}`;
      throw new HttpError(301, { message: '301 Moved Permanently' }, { location });
    }
  }
  throw notFound('Project');
}

function requireUser(req: SandboxRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Membership as it counts for filters (owned, membership, min_access_level): administrators are not members by being administrators. */
function memberLevel(store: Store, user: User, project: Project): number {
  return user.is_admin ? store.projectAccess({ ...user, is_admin: false }, project) : store.projectAccess(user, project);
}

function requireAccess(req: SandboxRequest, project: Project, level: number): User {
  const user = requireUser(req);
  if (req.store.projectAccess(user, project) < level) throw forbidden();
  return user;
}

function groupOf(store: Store, namespaceId: number): Group | undefined {
  const ns = store.namespaces.get(namespaceId);
  return ns?.kind === 'group' ? store.groups.get(ns.ownerId) : undefined;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

// ---- lists ----

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

/** How well a project matches a search, for order_by=similarity: exact, prefix, then anywhere. */
function similarity(project: Project, search: string): number {
  const term = search.toLowerCase();
  let score = 0;
  for (const text of [project.path.toLowerCase(), project.name.toLowerCase()]) {
    if (text === term) score = Math.max(score, 3);
    else if (text.startsWith(term)) score = Math.max(score, 2);
    else if (text.includes(term)) score = Math.max(score, 1);
  }
  return score;
}

/**
 * store.canReadProject, remembered per namespace and visibility for projects without members or
 * shares of their own (whose access depends on nothing else): lists of 50,000 projects stay fast.
 */
function readableBy(store: Store, user: User | undefined): (project: Project) => boolean {
  if (!user || user.is_admin) return (project) => store.canReadProject(user, project);
  const known = new Map<string, boolean>();
  return (project) => {
    if (project.visibility === 'public' || project.members.size > 0 || project.shares.length > 0) return store.canReadProject(user, project);
    const key = `${project.namespace_id}:${project.visibility}`;
    let readable = known.get(key);
    if (readable === undefined) {
      readable = store.canReadProject(user, project);
      known.set(key, readable);
    }
    return readable;
  };
}

function featureEnabled(project: Project, level: string): boolean {
  return (project.attrs[level] ?? PROJECT_DEFAULTS[level]) !== 'disabled';
}

/**
 * A list of projects with the filters, orders and pagination of GET /projects. Parameters the
 * endpoint does not take are ignored (as Grape ignores undeclared ones); administrator-only
 * filters and orders are ignored for others, as GitLab does.
 */
function listProjects(req: SandboxRequest, candidates: readonly Project[], table: readonly ParamSpec[], options: ListOptions): SandboxResponse {
  const { store, user } = req;
  const p = readParams(req.input, table);
  const admin = user?.is_admin === true;
  if (p.min_access_level !== undefined && !Object.values(ACCESS).includes(p.min_access_level as never)) throw paramError('min_access_level does not have a valid value');

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
  const idWindow = { after: typeof p.id_after === 'number' ? p.id_after : undefined, before: typeof p.id_before === 'number' ? Math.ceil(p.id_before) : undefined };
  const windowAfterOrdering = p.order_by === 'id';
  if (!windowAfterOrdering) {
    if (idWindow.after !== undefined) items = items.slice(firstIdAbove(items, idWindow.after));
    if (idWindow.before !== undefined) items = items.slice(0, firstIdAbove(items, idWindow.before - 1));
  }
  if (p.last_activity_after !== undefined) filter((x) => Date.parse(x.last_activity_at) > Date.parse(p.last_activity_after as string));
  if (p.last_activity_before !== undefined) filter((x) => Date.parse(x.last_activity_at) < Date.parse(p.last_activity_before as string));
  // Membership filters need a user; anonymous callers get the public list whatever they ask.
  if (user) {
    if (p.owned === true) filter((x) => memberLevel(store, user, x) >= ACCESS.owner);
    if (p.membership === true) filter((x) => memberLevel(store, user, x) >= ACCESS.guest);
    if (typeof p.min_access_level === 'number') filter((x) => memberLevel(store, user, x) >= (p.min_access_level as number));
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
  if (p.with_issues_enabled === true) filter((x) => featureEnabled(x, 'issues_access_level'));
  if (p.with_merge_requests_enabled === true) filter((x) => featureEnabled(x, 'merge_requests_access_level'));
  if (typeof p.with_programming_language === 'string') {
    const language = p.with_programming_language.toLowerCase();
    filter((x) => Object.keys(x.languages).some((name) => name.toLowerCase() === language));
  }
  if (p.repository_checksum_failed === true) filter((x) => x.attrs.repository_checksum_failed === true);
  if (p.wiki_checksum_failed === true) filter((x) => x.attrs.wiki_checksum_failed === true);
  if (admin && typeof p.repository_storage === 'string') filter((x) => (x.attrs.repository_storage ?? PROJECT_DEFAULTS.repository_storage) === p.repository_storage);
  const customAttributes = p.custom_attributes as Record<string, unknown> | undefined;
  if (admin && customAttributes) filter((x) => Object.entries(customAttributes).every(([key, value]) => x.custom_attributes[key] === String(value)));

  let orderBy = (p.order_by as string | undefined) ?? 'created_at';
  const sort = (p.sort as 'asc' | 'desc' | undefined) ?? 'desc';
  if ((ADMIN_ORDER_BY as readonly string[]).includes(orderBy) && !admin) orderBy = 'created_at';
  if (orderBy === 'similarity') {
    if (search !== undefined && user) {
      // Similarity ranks only projects the caller is a member of.
      filter((x) => memberLevel(store, user, x) >= ACCESS.guest);
      items = [...items].sort((a, b) => similarity(b, search) - similarity(a, search) || b.id - a.id);
    } else orderBy = 'created_at';
  }
  if (orderBy !== 'similarity') {
    // Candidates come in ascending id order: ordering by id needs no sort. Orders by keys that never
    // change, of a list nothing filtered (the store's kept array), are computed once: sorting
    // 100,000 projects by created_at took 18 ms a page.
    const from = items;
    const order = () => (orderBy === 'id' ? (sort === 'asc' ? from : [...from].reverse()) : sortBy(from, orderKey(orderBy), sort));
    items = from === candidates && (orderBy === 'id' || orderBy === 'created_at') ? orderedOnce(candidates, `${orderBy} ${sort}`, order) : order();
  }

  const list: ListView<Project> = windowAfterOrdering ? idRange(items, sort, idWindow) : items;

  const viewOptions = { simple: p.simple === true, statistics: p.statistics === true, customAttributes: p.with_custom_attributes === true };
  const serialize = (project: Project) => projectJsonPieces(store, project, user, viewOptions);
  if (req.query.get('pagination') === 'keyset') {
    if (!options.keyset || orderBy !== 'id') throw methodNotAllowed('Keyset pagination is not yet available for this type of request');
    const { perPage } = pageRequest(req);
    const slice = list.slice(0, perPage);
    const last = slice[slice.length - 1];
    // A non-empty page links to the next; the end is an empty page without a link.
    const next = last ? { [sort === 'asc' ? 'id_after' : 'id_before']: String(last.id) } : undefined;
    return keysetResponse(req, slice, serialize, next);
  }
  return paginateArray(req, list, serialize, { maxOffset: PROJECTS_OFFSET_LIMIT, entity: 'Project' });
}

/** The projects of a list ordered by id whose ids are within the window (after < id < before). */
function idRange(ordered: readonly Project[], sort: 'asc' | 'desc', window: { after: number | undefined; before: number | undefined }): ListView<Project> {
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

// ---- settings ----

/** The settings of one column of the table, coerced and checked as the service does. */
function readSettings(req: SandboxRequest, column: SettingsColumn): Record<string, unknown> {
  const specs = PROJECT_SETTINGS.filter((s) => s.columns.includes(column));
  const values = readParams(req.input, specs);
  for (const [key, value] of Object.entries(values)) if (value === undefined) delete values[key];
  for (const spec of specs) {
    const allowed = spec.columnChoices?.[column];
    if (allowed && values[spec.name] !== undefined && !allowed.includes(values[spec.name] as string)) throw paramError(`${spec.name} does not have a valid value`);
  }
  if (values.avatar !== undefined) {
    const file = values.avatar as StoredFile | string;
    if (typeof file !== 'object' || !file || !Buffer.isBuffer(file.data)) throw paramError('avatar is invalid');
    const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
      throw validationError({ avatar: [`file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`] });
    }
    if (file.data.length > AVATAR_MAX_BYTES) throw validationError({ avatar: ['is too big (should be at most 200 KiB)'] });
  }
  const caller = req.user as User;
  for (const spec of specs) {
    if (spec.adminOnly && values[spec.name] !== undefined && !caller.is_admin) throw forbidden(`${spec.name} can be set by administrators only`);
  }
  return values;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** A project's visibility may not be above its group's. */
function visibilityProblem(store: Store, namespaceId: number, visibility: Visibility): string | undefined {
  const group = groupOf(store, namespaceId);
  if (!group || VISIBILITY_RANK[visibility] <= VISIBILITY_RANK[group.visibility]) return undefined;
  return `${visibility} is not allowed in ${article(group.visibility)} ${group.visibility} group.`;
}

/** Name and path checks of create and update: format, then uniqueness in the namespace. */
function namingErrors(store: Store, namespaceId: number, name: string | undefined, path: string | undefined, exceptId?: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (name !== undefined) {
    const problem = projectNameProblem(name);
    if (problem) errors.name = [problem];
    else if (store.projectNameTaken(namespaceId, name, exceptId)) errors.name = ['has already been taken'];
  }
  if (path !== undefined) {
    const problem = projectPathProblem(path);
    if (problem) errors.path = [problem];
    else {
      const existing = store.findProject(`${store.namespacePath(namespaceId)}/${path}`);
      if ((existing && existing.id !== exceptId) || (!existing && store.projectPathTaken(namespaceId, path))) errors.path = ['has already been taken'];
    }
  }
  return errors;
}

/** Applies settings to a project's record; the deprecated switches and their access levels are kept in step. */
function applySettings(project: Project, settings: Record<string, unknown>, caller: User): void {
  const levelToSwitch = Object.fromEntries(Object.entries(DEPRECATED_SWITCHES).map(([switchName, level]) => [level, switchName]));
  for (const [key, value] of Object.entries(settings)) {
    switch (key) {
      case 'name':
        project.name = value as string;
        break;
      case 'path':
        project.path = value as string;
        break;
      case 'description':
        project.description = value as string;
        break;
      case 'visibility':
        project.visibility = value as Visibility;
        break;
      case 'topics':
      case 'tag_list':
        project.topics = [...new Set(value as string[])];
        break;
      case 'avatar':
        project.avatar = value as StoredFile;
        break;
      case 'public_builds':
        project.attrs.public_jobs = value;
        break;
      case 'container_expiration_policy_attributes': {
        const current = (project.attrs.container_expiration_policy ?? PROJECT_DEFAULTS.container_expiration_policy) as Record<string, unknown>;
        const given = { ...(value as Record<string, unknown>) };
        // name_regex is the deprecated name of name_regex_delete.
        if (given.name_regex !== undefined && given.name_regex_delete === undefined) given.name_regex_delete = given.name_regex;
        if (given.name_regex_delete !== undefined) given.name_regex = given.name_regex_delete;
        project.attrs.container_expiration_policy = { ...current, ...given };
        break;
      }
      case 'namespace_id':
      case 'initialize_with_readme':
      case 'template_name':
      case 'template_project_id':
      case 'use_custom_template':
      case 'group_with_project_templates_id':
        break;
      default:
        project.attrs[key] = value;
        if (key in DEPRECATED_SWITCHES) project.attrs[DEPRECATED_SWITCHES[key] as string] = value ? 'enabled' : 'disabled';
        if (key in levelToSwitch) project.attrs[levelToSwitch[key] as string] = value !== 'disabled';
    }
  }
  if (settings.mirror === true && settings.mirror_user_id === undefined && project.attrs.mirror_user_id == null) project.attrs.mirror_user_id = caller.id;
  project.json = undefined;
}

function canCreateIn(store: Store, user: User, ns: Namespace): boolean {
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id;
  const group = store.groups.get(ns.ownerId);
  if (!group) return false;
  const level = (group.attrs.project_creation_level ?? GROUP_DEFAULTS.project_creation_level) as string;
  const needed = level === 'noone' ? Number.POSITIVE_INFINITY : level === 'maintainer' ? ACCESS.maintainer : ACCESS.developer;
  return store.groupAccess(user, group) >= needed;
}

/** POST /projects and POST /projects/user/:user_id: `owner` is who the project is made for and by. */
function createProject(req: SandboxRequest, caller: User, owner: User, column: SettingsColumn): SandboxResponse {
  const { store } = req;
  const settings = readSettings(req, column);
  let name = settings.name as string | undefined;
  let path = settings.path as string | undefined;
  if (name === undefined && path === undefined) throw paramError('name, path are missing, at least one parameter must be provided');
  path ??= pathFromName(name as string);
  name ??= path;
  const namespaceId = (settings.namespace_id as number | undefined) ?? owner.namespace_id;
  const ns = store.namespaces.get(namespaceId);
  if (!ns || !canCreateIn(store, owner, ns)) throw validationError({ namespace: ['is not valid'] });
  const visibility = (settings.visibility as Visibility | undefined) ?? 'private';
  const errors = namingErrors(store, namespaceId, name, path);
  const tooVisible = visibilityProblem(store, namespaceId, visibility);
  if (tooVisible) errors.visibility_level = [tooVisible];
  if (settings.mirror === true && typeof settings.import_url !== 'string') errors.import_url = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const project = newProject(store, { name, path, namespace_id: namespaceId, visibility, description: (settings.description as string | undefined) ?? null, creator_id: owner.id });
  const { name: _n, path: _p, visibility: _v, description: _d, ...rest } = settings;
  applySettings(project, rest, caller);
  const seeded = settings.initialize_with_readme === true || settings.template_name !== undefined || settings.template_project_id !== undefined;
  project.attrs.empty_repo = !seeded && typeof settings.import_url !== 'string';
  // An empty repository has no branch to make the default.
  if (!seeded) delete project.attrs.default_branch;
  if (typeof settings.import_url === 'string') {
    project.import = { status: 'scheduled', error: null, startedAt: Date.now(), durationMs: store.forkDurationMs, willFail: false };
  }
  // A developer allowed to create projects in a group becomes the new project's maintainer.
  const group = groupOf(store, namespaceId);
  if (group && store.groupAccess(owner, group) < ACCESS.maintainer) project.members.set(owner.id, ACCESS.maintainer);
  store.addProject(project);
  return jsonText(projectJson(store, project, caller), 201);
}

// ---- routes ----

export function register(router: Router): void {
  router.get('/projects', (req) => listProjects(req, req.store.allProjects(), PROJECT_LIST_PARAMS, { keyset: true }));

  router.get('/users/:user_id/projects', (req) => {
    const owner = req.store.userByName(req.params.user_id as string);
    if (!owner) throw notFound('User');
    return listProjects(req, req.store.projectsInNamespace(owner.namespace_id), USER_PROJECTS_PARAMS, { keyset: true });
  });

  router.get('/users/:user_id/starred_projects', (req) => {
    const { store } = req;
    const owner = store.userByName(req.params.user_id as string);
    if (!owner) throw notFound('User');
    const starred = store.allProjects().filter((project) => store.stars.get(project.id)?.has(owner.id) === true);
    return listProjects(req, starred, STARRED_PROJECTS_PARAMS, { keyset: false });
  });

  router.get('/projects/:id', (req) => {
    const project = readableProject(req);
    const p = readParams(req.input, PROJECT_VIEW_PARAMS);
    const options = { license: p.license === true, statistics: p.statistics === true, customAttributes: p.with_custom_attributes === true };
    // A public project read without a token: the full view still (only lists are simple then).
    if (!req.user) return jsonText(anonymousProjectJson(req.store, project, options));
    return jsonText(projectJson(req.store, project, req.user, { ...options, details: true }));
  });

  router.post('/projects', (req) => {
    const user = requireUser(req);
    // External users cannot create projects (their project limit is 0).
    if (user.external) throw forbidden('external users cannot create projects');
    return createProject(req, user, user, 'create');
  });

  router.post('/projects/user/:user_id', (req) => {
    const caller = requireUser(req);
    if (!caller.is_admin) throw forbidden();
    const owner = /^\d+$/.test(req.params.user_id as string) ? req.store.users.get(Number(req.params.user_id)) : undefined;
    if (!owner) throw notFound('User');
    if (str(req.input, 'name') === undefined || str(req.input, 'name') === '') throw paramError('name is missing');
    return createProject(req, caller, owner, 'createForUser');
  });

  router.put('/projects/:id', (req) => {
    const { store } = req;
    const project = readableProject(req);
    const caller = requireAccess(req, project, ACCESS.maintainer);
    const settings = readSettings(req, 'update');
    if (Object.keys(settings).length === 0) {
      const names = PROJECT_SETTINGS.filter((s) => s.columns.includes('update')).map((s) => s.name);
      throw paramError(`${names.join(', ')} are missing, at least one parameter must be provided`);
    }
    const errors = namingErrors(store, project.namespace_id, settings.name as string | undefined, settings.path as string | undefined, project.id);
    const tooVisible = settings.visibility === undefined ? undefined : visibilityProblem(store, project.namespace_id, settings.visibility as Visibility);
    if (tooVisible) errors.visibility_level = [tooVisible];
    if (settings.mirror === true && typeof (settings.import_url ?? project.attrs.import_url) !== 'string') errors.import_url = ["can't be blank"];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const oldFullPath = store.projectFullPath(project);
    applySettings(project, settings, caller);
    project.attrs.updated_at = new Date().toISOString();
    if (settings.path !== undefined && store.projectFullPath(project) !== oldFullPath) {
      store.reindexProject(project, oldFullPath);
      redirectsOf(store).set(oldFullPath.toLowerCase(), project.id);
    }
    // With an avatar (multipart) the answer is the project too, with its avatar_url, as GitLab does.
    return jsonText(projectJson(store, project, caller));
  });

  router.delete('/projects/:id', (req) => {
    const { store } = req;
    const project = readableProject(req);
    requireAccess(req, project, ACCESS.owner);
    if (project.marked_for_deletion_on) throw new HttpError(400, { message: 'Project has been already marked for deletion' });
    // Paid instance: projects in groups are marked, and removed after the instance's delay
    // (deletion_adjourned_period, 7 days by default); personal projects go at once.
    if (groupOf(store, project.namespace_id)) {
      project.marked_for_deletion_on = today();
      project.json = undefined;
    } else store.removeProject(project);
    return json({ message: '202 Accepted' }, 202);
  });

  router.post('/projects/:id/restore', (req) => {
    const { store } = req;
    const project = readableProject(req);
    const caller = requireAccess(req, project, ACCESS.owner);
    if (!project.marked_for_deletion_on) throw new HttpError(400, { message: 'Project has not been marked for deletion' });
    project.marked_for_deletion_on = null;
    project.json = undefined;
    return jsonText(projectJson(store, project, caller), 201);
  });

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    // Idempotent: the same answer whether or not the project was already in that state.
    router.post(`/projects/:id/${action}`, (req) => {
      const project = readableProject(req);
      const caller = requireAccess(req, project, ACCESS.owner);
      if (project.archived !== archived) {
        project.archived = archived;
        project.json = undefined;
      }
      return jsonText(projectJson(req.store, project, caller), 201);
    });
  }

  router.post('/projects/:id/star', (req) => {
    const { store } = req;
    const user = requireUser(req);
    const project = readableProject(req);
    let stars = store.stars.get(project.id);
    if (stars?.has(user.id)) return notModified();
    if (!stars) {
      stars = new Map();
      store.stars.set(project.id, stars);
    }
    stars.set(user.id, new Date().toISOString());
    project.json = undefined;
    return jsonText(projectJson(store, project, user), 201);
  });

  router.post('/projects/:id/unstar', (req) => {
    const { store } = req;
    const user = requireUser(req);
    const project = readableProject(req);
    const stars = store.stars.get(project.id);
    if (!stars?.has(user.id)) return notModified();
    stars.delete(user.id);
    project.json = undefined;
    return jsonText(projectJson(store, project, user), 201);
  });

  router.put('/projects/:id/transfer', (req) => {
    const { store } = req;
    const project = readableProject(req);
    const caller = requireAccess(req, project, ACCESS.owner);
    const ref = str(req.input, 'namespace');
    if (ref === undefined || ref === '') throw paramError('namespace is missing');
    const target = store.findNamespace(ref);
    if (!target || !namespaceVisible(store, caller, target)) throw notFound('Namespace');
    // GitLab's wording: the model errors of the transfer, as Ruby prints a hash.
    const failed = (reason: string) => new HttpError(400, { message: `Failed to transfer project {:new_namespace=>[${JSON.stringify(reason)}]}` });
    if (target.id === project.namespace_id) throw failed('Project is already in this namespace.');
    const targetGroup = target.kind === 'group' ? store.groups.get(target.ownerId) : undefined;
    const allowed = caller.is_admin || (target.kind === 'user' ? target.ownerId === caller.id : targetGroup !== undefined && store.groupAccess(caller, targetGroup) >= ACCESS.maintainer);
    if (!allowed) throw failed("You don't have permission to transfer projects into that namespace.");
    if (store.projectPathTaken(target.id, project.path) || store.projectNameTaken(target.id, project.name)) throw failed('Project with same name or path in target namespace already exists');
    const oldFullPath = store.projectFullPath(project);
    project.namespace_id = target.id;
    // The project's visibility is lowered to fit its new group.
    if (targetGroup && VISIBILITY_RANK[project.visibility] > VISIBILITY_RANK[targetGroup.visibility]) project.visibility = targetGroup.visibility;
    store.reindexProject(project, oldFullPath);
    redirectsOf(store).set(oldFullPath.toLowerCase(), project.id);
    return jsonText(projectJson(store, project, caller));
  });
}

/** Namespaces a user may name: their own, groups they can read; administrators any. */
export function namespaceVisible(store: Store, user: User | undefined, ns: Namespace): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  if (ns.kind === 'user') return ns.ownerId === user.id;
  const group = store.groups.get(ns.ownerId);
  return group !== undefined && store.canReadGroup(user, group);
}
