import { AVATAR_EXTENSIONS } from '../../params/avatar.js';
import {
  GROUP_LIST_FILTERS,
  GROUP_PATH_RULE,
  GROUP_PROJECT_FILTERS,
  GROUP_SETTINGS,
  isValidGroupPath,
  LDAP_LINK_PARAMS,
  PROVISIONED_USER_FILTERS,
  SHARED_PROJECT_FILTERS,
  SUBGROUP_LIST_FILTERS,
} from '../../params/groups.js';
import type { ParamSpec, SettingsColumn } from '../../params/types.js';
import { forbidden, HttpError, methodNotAllowed, notFound, paramError, unauthorized, validationError } from '../errors.js';
import { json, noContent, type Router, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, LdapLink, Project, User, Visibility } from '../model.js';
import { keysetResponse, pageRequest, paginateArray } from '../pagination.js';
import { bool, int, readParams, str } from '../params.js';
import { newGroup } from '../seed.js';
import { ACCESS, type Store } from '../store.js';
import { groupObject, projectJsonPieces, userObject } from '../views.js';

/**
 * The group endpoints of spec/2-groups.md (hooks, push rules and shares have their own files),
 * with GitLab's rules where the spec says "not shown". The sandbox is a paid, self-managed
 * instance with LDAP configured: delayed deletion, restore, provisioned users and LDAP links work.
 */

const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 1, public: 2 };
const ACCESS_VALUES: readonly number[] = [ACCESS.guest, ACCESS.reporter, ACCESS.developer, ACCESS.maintainer, ACCESS.owner];
/** Delayed group deletion: 7 days by default (instance setting). */
const DELETION_DELAY_DAYS = 7;

/** `render_api_error!(message, status)`: `{"message": "..."}`. */
const apiError = (status: number, message: string) => new HttpError(status, { message });

function requireUser(req: SandboxRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A group the caller may see, by ID or full path; anything else is a 404, as on the service. */
function readableGroup(req: SandboxRequest, ref = req.params.id as string): Group {
  const group = req.store.findGroup(ref);
  if (!group || !req.store.canReadGroup(req.user, group)) throw notFound('Group');
  return group;
}

/** Owners and administrators (GitLab's admin_group permission). */
function requireOwner(req: SandboxRequest, group: Group): User {
  const user = requireUser(req);
  if (req.store.groupAccess(user, group) < ACCESS.owner) throw forbidden();
  return user;
}

/** The role a user holds through membership, not through being an administrator (owned, min_access_level). */
function memberLevel(store: Store, user: User | undefined, group: Group): number {
  return user ? store.groupAccess({ ...user, is_admin: false }, group) : 0;
}

function memberProjectLevel(store: Store, user: User | undefined, project: Project): number {
  return user ? store.projectAccess({ ...user, is_admin: false }, project) : 0;
}

/** GitLab's create_subgroup permission: the parent's subgroup_creation_level decides between Owner and Maintainer. */
function canCreateSubgroup(store: Store, user: User, parent: Group): boolean {
  const needed = parent.attrs.subgroup_creation_level === 'owner' ? ACCESS.owner : ACCESS.maintainer;
  return store.groupAccess(user, parent) >= needed;
}

function checkAccessLevel(value: unknown, name: string): void {
  if (value !== undefined && !ACCESS_VALUES.includes(value as number)) throw paramError(`${name} does not have a valid value`);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

// ---- group lists ----

type GroupQuery = Record<string, unknown>;

/**
 * GitLab's GroupsFinder: --owned and --min-access-level take precedence; then administrators with
 * all_available see everything; others see their groups, plus every group visible to them when
 * all_available (anonymous callers: public groups only).
 */
function scopeGroups(store: Store, user: User | undefined, groups: Group[], query: GroupQuery, allAvailableByDefault: boolean): Group[] {
  if (query.owned === true) return groups.filter((g) => memberLevel(store, user, g) >= ACCESS.owner);
  if (query.min_access_level !== undefined) return groups.filter((g) => memberLevel(store, user, g) >= (query.min_access_level as number));
  const allAvailable = (query.all_available as boolean | undefined) ?? allAvailableByDefault;
  if (user?.is_admin && allAvailable) return groups;
  return groups.filter((g) => memberLevel(store, user, g) >= ACCESS.guest || ((allAvailable || !user) && store.canReadGroup(user, g)));
}

function similarity(text: string, search: string): number {
  const value = text.toLowerCase();
  if (value === search) return 3;
  if (value.startsWith(search)) return 2;
  return value.includes(search) ? 1 : 0;
}

/** Names and paths in the order people (and the service's database collation) expect: case does not split them. */
function compareText(a: string, b: string): number {
  return a.localeCompare(b);
}

/**
 * Filters and orders a list of groups. `/groups` searches full paths and names too; subgroup
 * and descendant lists search only the groups' own (short) paths and names.
 */
function filterAndOrder(req: SandboxRequest, groups: Group[], query: GroupQuery, searchParents: boolean): Group[] {
  const { store } = req;
  let out = groups;
  const skip = query.skip_groups as number[] | undefined;
  if (skip?.length) out = out.filter((g) => !skip.includes(g.id));
  const search = typeof query.search === 'string' && query.search !== '' ? query.search.toLowerCase() : undefined;
  const haystack = (g: Group) => (searchParents ? [g.name, g.path, store.groupFullPath(g), store.groupFullName(g)] : [g.name, g.path]);
  if (search) out = out.filter((g) => haystack(g).some((text) => text.toLowerCase().includes(search)));
  const attributes = query.custom_attributes as Record<string, unknown> | undefined;
  // As on GitLab, only administrators may filter by custom attributes; for others the filter is ignored.
  if (attributes && req.user?.is_admin) out = out.filter((g) => Object.entries(attributes).every(([key, value]) => g.custom_attributes[key] === String(value)));

  const orderBy = (query.order_by as string | undefined) ?? 'name';
  const direction = query.sort === 'desc' ? -1 : 1;
  if (orderBy === 'similarity' && search) {
    const score = (g: Group) => Math.max(...haystack(g).map((text) => similarity(text, search)));
    return [...out].sort((a, b) => score(b) - score(a) || (b.parent_id ?? 0) - (a.parent_id ?? 0) || a.id - b.id);
  }
  // Without a search, similarity orders by name; ties are broken by ascending id.
  const key = (g: Group): string | number => (orderBy === 'path' ? g.path : orderBy === 'id' ? g.id : g.name);
  return [...out].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : compareText(String(ka), String(kb));
    return order * direction || a.id - b.id;
  });
}

function groupSerializer(req: SandboxRequest, query: GroupQuery): (g: Group) => string {
  const options = { statistics: query.statistics === true, customAttributes: query.with_custom_attributes === true };
  return (g) => JSON.stringify(groupObject(req.store, g, req.user, options));
}

/** The opaque cursor of keyset pages: where the previous page ended in (name, id) order. */
function encodeCursor(group: Group): string {
  return Buffer.from(JSON.stringify({ name: group.name, id: group.id })).toString('base64url');
}

function decodeCursor(text: string): { name: string; id: number } {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { name?: unknown; id?: unknown };
    if (typeof value.name === 'string' && typeof value.id === 'number') return { name: value.name, id: value.id };
  } catch {
    // falls through to the error below
  }
  throw paramError('cursor is invalid');
}

/**
 * Keyset pagination of GET /groups: only for anonymous callers, only ordered by name ascending
 * (GitLab answers 405 for other orders). Each full page links to the next with an opaque cursor;
 * the end is an empty page without a link.
 */
function keysetGroups(req: SandboxRequest, ordered: Group[], query: GroupQuery): SandboxResponse {
  if ((query.order_by ?? 'name') !== 'name' || (query.sort ?? 'asc') !== 'asc') throw methodNotAllowed('Keyset pagination is not yet available for this type of request');
  const { perPage } = pageRequest(req);
  const cursorText = req.query.get('cursor');
  let start = 0;
  if (cursorText) {
    const cursor = decodeCursor(cursorText);
    start = ordered.findIndex((g) => {
      const order = compareText(g.name, cursor.name);
      return order > 0 || (order === 0 && g.id > cursor.id);
    });
    if (start < 0) start = ordered.length;
  }
  const slice = ordered.slice(start, start + perPage);
  const last = slice[slice.length - 1];
  return keysetResponse(req, slice, groupSerializer(req, query), slice.length === perPage && last ? { cursor: encodeCursor(last) } : undefined);
}

function listGroups(req: SandboxRequest): SandboxResponse {
  const { store, user } = req;
  const query = readParams(req.input, GROUP_LIST_FILTERS);
  checkAccessLevel(query.min_access_level, 'min_access_level');
  let groups = scopeGroups(store, user, [...store.groups.values()], query, user?.is_admin === true);
  if (query.top_level_only === true) groups = groups.filter((g) => g.parent_id === null);
  const ordered = filterAndOrder(req, groups, query, true);
  // Keyset pagination is offered to anonymous callers only; others get offset pages as usual.
  if (!user && req.query.get('pagination') === 'keyset') return keysetGroups(req, ordered, query);
  return paginateArray(req, ordered, groupSerializer(req, query));
}

/**
 * Subgroups and descendants of a group the caller can see. Which of them are listed follows the
 * same finder; all_available defaults to true here, so a group's visible subgroups are listed to
 * non-members too (GitLab's GroupsFinder includes public groups when filtering by parent).
 */
function listBelow(req: SandboxRequest, which: 'children' | 'descendants'): SandboxResponse {
  const { store, user } = req;
  const query = readParams(req.input, SUBGROUP_LIST_FILTERS);
  checkAccessLevel(query.min_access_level, 'min_access_level');
  const parent = readableGroup(req);
  const candidates = which === 'children' ? store.children(parent) : store.descendants(parent);
  const groups = scopeGroups(store, user, candidates, query, true);
  return paginateArray(req, filterAndOrder(req, groups, query, false), groupSerializer(req, query));
}

// ---- projects of a group ----

function featureEnabled(project: Project, feature: 'issues' | 'merge_requests'): boolean {
  return project.attrs[`${feature}_enabled`] !== false && project.attrs[`${feature}_access_level`] !== 'disabled';
}

function listGroupProjects(req: SandboxRequest, onlyShared: boolean): SandboxResponse {
  const { store, user } = req;
  const group = readableGroup(req);
  const query = readParams(req.input, onlyShared ? SHARED_PROJECT_FILTERS : GROUP_PROJECT_FILTERS);
  checkAccessLevel(query.min_access_level, 'min_access_level');
  const sharedWith = (p: Project) => p.shares.some((share) => share.group_id === group.id);
  let projects: Project[];
  if (onlyShared) projects = store.allProjects().filter(sharedWith);
  else {
    const namespaces = new Set([group.id, ...(query.include_subgroups === true ? store.descendants(group).map((g) => g.id) : [])]);
    // A project shared with the group keeps its own namespace: that is how clients tell them apart.
    const withShared = query.with_shared !== false;
    projects = store.allProjects().filter((p) => namespaces.has(p.namespace_id) || (withShared && sharedWith(p)));
  }
  projects = projects.filter((p) => store.canReadProject(user, p));
  if (query.archived !== undefined) projects = projects.filter((p) => p.archived === query.archived);
  if (query.visibility !== undefined) projects = projects.filter((p) => p.visibility === query.visibility);
  const search = typeof query.search === 'string' && query.search !== '' ? query.search.toLowerCase() : undefined;
  if (search) projects = projects.filter((p) => p.name.toLowerCase().includes(search) || p.path.toLowerCase().includes(search));
  if (query.owned === true) projects = projects.filter((p) => memberProjectLevel(store, user, p) >= ACCESS.owner);
  if (query.starred === true) projects = projects.filter((p) => user !== undefined && (store.stars.get(p.id)?.has(user.id) ?? false));
  if (query.with_issues_enabled === true) projects = projects.filter((p) => featureEnabled(p, 'issues'));
  if (query.with_merge_requests_enabled === true) projects = projects.filter((p) => featureEnabled(p, 'merge_requests'));
  if (query.min_access_level !== undefined) projects = projects.filter((p) => memberProjectLevel(store, user, p) >= (query.min_access_level as number));
  // No sandbox project has security report artifacts (a CI product the sandbox does not run).
  if (query.with_security_reports === true) projects = projects.filter((p) => p.attrs.has_security_reports === true);

  const orderBy = (query.order_by as string | undefined) ?? 'created_at';
  const direction = query.sort === 'asc' ? 1 : -1;
  let ordered: Project[];
  if (orderBy === 'similarity' && search) {
    // The sort parameter is ignored: best matches first.
    const score = (p: Project) => Math.max(similarity(p.name, search), similarity(p.path, search));
    ordered = [...projects].sort((a, b) => score(b) - score(a) || a.id - b.id);
  } else if (orderBy === 'similarity') {
    ordered = [...projects].sort((a, b) => compareText(a.name, b.name) || (a.id - b.id) * direction);
  } else {
    const key = (p: Project): string | number =>
      orderBy === 'id' ? p.id : orderBy === 'name' ? p.name : orderBy === 'path' ? p.path : orderBy === 'created_at' ? p.created_at : p.last_activity_at;
    ordered = [...projects].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : compareText(String(ka), String(kb));
      return (order || a.id - b.id) * direction;
    });
  }
  const options = { simple: query.simple === true, customAttributes: query.with_custom_attributes === true };
  return paginateArray(req, ordered, (p) => projectJsonPieces(store, p, user, options));
}

// ---- provisioned users ----

const seededProvisioned = new WeakSet<Store>();

/** A few users provisioned by acme (and one by acme/platform, which acme's list leaves out), made on first use. */
function ensureProvisionedUsers(store: Store): void {
  if (seededProvisioned.has(store)) return;
  seededProvisioned.add(store);
  const people: Array<{ username: string; name: string; state: User['state']; group: string; created: string }> = [
    { username: 'pia.provisioned', name: 'Pia Provisioned', state: 'active', group: 'acme', created: '2023-03-01T10:00:00.000Z' },
    { username: 'quinn.provisioned', name: 'Quinn Provisioned', state: 'blocked', group: 'acme', created: '2024-06-15T10:00:00.000Z' },
    { username: 'sam.platform', name: 'Sam Platform', state: 'active', group: 'acme/platform', created: '2024-02-01T10:00:00.000Z' },
  ];
  for (const person of people) {
    const group = store.findGroup(person.group);
    if (!group) continue;
    const id = store.nextId('user');
    store.addUser({
      id,
      username: person.username,
      name: person.name,
      email: `${person.username}@acme.example.com`,
      state: person.state,
      is_admin: false,
      external: false,
      bot: false,
      can_create_group: false,
      created_at: person.created,
      token: `glpat-sandbox-provisioned-${id}`,
      namespace_id: store.nextId('namespace'),
      provisioned_by_group_id: group.id,
    });
  }
}

function provisionedUserJson(store: Store, user: User): Record<string, unknown> {
  return {
    ...userObject(store, user),
    created_at: user.created_at,
    bio: '',
    location: null,
    public_email: null,
    skype: '',
    linkedin: '',
    twitter: '',
    website_url: '',
    organization: null,
    job_title: '',
    pronouns: null,
    bot: user.bot,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
    last_sign_in_at: null,
    confirmed_at: user.created_at,
    last_activity_on: null,
    email: user.email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100000,
    current_sign_in_at: null,
    identities: [],
    can_create_group: user.can_create_group,
    can_create_project: true,
    two_factor_enabled: false,
    external: user.external,
    private_profile: false,
    commit_email: user.email,
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
  };
}

function listProvisionedUsers(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const user = requireUser(req);
  const group = readableGroup(req);
  if (store.groupAccess(user, group) < ACCESS.maintainer) throw forbidden();
  ensureProvisionedUsers(store);
  const query = readParams(req.input, PROVISIONED_USER_FILTERS);
  let users = [...store.users.values()].filter((u) => u.provisioned_by_group_id === group.id);
  if (typeof query.username === 'string') users = users.filter((u) => u.username.toLowerCase() === (query.username as string).toLowerCase());
  if (typeof query.search === 'string' && query.search !== '') {
    const search = query.search.toLowerCase();
    users = users.filter((u) => [u.name, u.email, u.username].some((text) => text.toLowerCase().includes(search)));
  }
  if (query.active === true) users = users.filter((u) => u.state === 'active');
  if (query.blocked === true) users = users.filter((u) => u.state === 'blocked');
  if (typeof query.created_after === 'string') users = users.filter((u) => Date.parse(u.created_at) > Date.parse(query.created_after as string));
  if (typeof query.created_before === 'string') users = users.filter((u) => Date.parse(u.created_at) < Date.parse(query.created_before as string));
  users.sort((a, b) => a.id - b.id);
  return paginateArray(req, users, (u) => JSON.stringify(provisionedUserJson(store, u)));
}

// ---- create and update ----

const settingsFor = (column: SettingsColumn): ParamSpec[] => GROUP_SETTINGS.filter((s) => s.columns.includes(column));
/** Attributes the Group record holds in fields of its own; every other setting lives in `attrs`. */
const OWN_FIELDS = new Set(['name', 'path', 'description', 'visibility', 'parent_id', 'avatar']);

function refuseAdminOnly(user: User, params: Record<string, unknown>, specs: readonly ParamSpec[]): void {
  if (user.is_admin) return;
  if (specs.some((spec) => spec.adminOnly && params[spec.name] !== undefined)) throw forbidden();
}

function checkAvatar(req: SandboxRequest): void {
  const file = req.files.avatar;
  if (!file) return;
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    throw validationError({ avatar: [`file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`] });
  }
}

function checkPathFormat(path: string): void {
  if (!isValidGroupPath(path)) throw validationError({ path: [GROUP_PATH_RULE] });
}

/** A full path is free when no group, project or (at the top level) user namespace has it. */
function pathTaken(store: Store, fullPath: string, topLevel: boolean): boolean {
  return store.groupPathTaken(fullPath) || (topLevel && store.userByName(fullPath) !== undefined);
}

function applySettings(group: Group, params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || OWN_FIELDS.has(name)) continue;
    group.attrs[name] = value;
  }
}

function createGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const user = requireUser(req);
  const missing = ['name', 'path'].filter((name) => (str(req.input, name) ?? '') === '');
  if (missing.length) throw paramError(missing.map((name) => `${name} is missing`).join(', '));
  const specs = settingsFor('create');
  const params = readParams(req.input, specs);
  let parent: Group | undefined;
  if (params.parent_id !== undefined) {
    parent = store.groups.get(params.parent_id as number);
    if (!parent || !store.canReadGroup(user, parent)) throw notFound('Group');
    if (!canCreateSubgroup(store, user, parent)) throw forbidden();
  } else if (!user.can_create_group) {
    throw forbidden();
  }
  refuseAdminOnly(user, params, specs);
  const path = params.path as string;
  checkPathFormat(path);
  const fullPath = parent ? `${store.groupFullPath(parent)}/${path}` : path;
  if (pathTaken(store, fullPath, !parent)) throw validationError({ path: ['has already been taken'] });
  const visibility = (params.visibility as Visibility | undefined) ?? 'private';
  if (parent && VISIBILITY_RANK[visibility] > VISIBILITY_RANK[parent.visibility]) {
    throw validationError({ visibility_level: [`${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`] });
  }
  checkAvatar(req);
  const group = newGroup(store, { name: params.name as string, path, visibility, description: (params.description as string | undefined) ?? '', parent_id: parent?.id ?? null });
  applySettings(group, params);
  if (req.files.avatar) group.avatar = req.files.avatar;
  group.members.set(user.id, ACCESS.owner);
  store.addGroup(group);
  return json(groupObject(store, group, user, { details: true }), 201);
}

function checkVisibilityChange(store: Store, group: Group, visibility: Visibility): void {
  const rank = VISIBILITY_RANK[visibility];
  const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
  if (parent && rank > VISIBILITY_RANK[parent.visibility]) {
    throw validationError({ visibility_level: [`${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`] });
  }
  if (store.children(group).some((child) => VISIBILITY_RANK[child.visibility] > rank)) {
    throw validationError({ visibility_level: [`${visibility} is not allowed since there are sub-groups with higher visibility.`] });
  }
  if (store.projectsInNamespace(group.id).some((project) => VISIBILITY_RANK[project.visibility] > rank)) {
    throw validationError({ visibility_level: [`${visibility} is not allowed since this group contains projects with higher visibility.`] });
  }
}

function updateGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const group = readableGroup(req);
  const user = requireOwner(req, group);
  const specs = settingsFor('update');
  const params = readParams(req.input, specs);
  refuseAdminOnly(user, params, specs);
  const path = params.path as string | undefined;
  let pathChanged = false;
  if (path !== undefined && path !== group.path) {
    checkPathFormat(path);
    const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
    const fullPath = parent ? `${store.groupFullPath(parent)}/${path}` : path;
    if (fullPath.toLowerCase() !== store.groupFullPath(group).toLowerCase() && pathTaken(store, fullPath, !parent)) throw validationError({ path: ['has already been taken'] });
    pathChanged = true;
  }
  if (params.visibility !== undefined) checkVisibilityChange(store, group, params.visibility as Visibility);
  if (typeof params.name === 'string' && params.name.trim() === '') throw validationError({ name: ["can't be blank"] });
  checkAvatar(req);
  // A setting of the root namespace: on a subgroup GitLab keeps the root's value and ignores it.
  if (group.parent_id !== null) delete params.prevent_sharing_groups_outside_hierarchy;
  if (typeof params.name === 'string') group.name = params.name;
  if (path !== undefined) group.path = path;
  if (typeof params.description === 'string') group.description = params.description;
  if (params.visibility !== undefined) group.visibility = params.visibility as Visibility;
  applySettings(group, params);
  if (req.files.avatar) group.avatar = req.files.avatar;
  if (pathChanged) store.reindexGroupPaths();
  return json(groupObject(store, group, user, { details: true, withProjects: true }));
}

// ---- remove and restore ----

function deleteGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const group = readableGroup(req);
  requireOwner(req, group);
  if (bool(req.input, 'permanently_remove') === true) {
    if (!group.marked_for_deletion_on) throw apiError(400, 'Group must be marked for deletion first.');
    if (str(req.input, 'full_path') !== store.groupFullPath(group)) throw apiError(400, '`full_path` is incorrect. You must enter the complete path for the group.');
    store.removeGroup(group);
    return json({ message: '202 Accepted' }, 202);
  }
  if (group.marked_for_deletion_on) throw apiError(400, 'Group has been already marked for deletion');
  group.marked_for_deletion_on = isoDate(Date.now() + DELETION_DELAY_DAYS * 86_400_000);
  return json({ message: '202 Accepted' }, 202);
}

function restoreGroup(req: SandboxRequest): SandboxResponse {
  const group = readableGroup(req);
  const user = requireOwner(req, group);
  if (!group.marked_for_deletion_on) throw apiError(400, 'Group has not been marked for deletion');
  group.marked_for_deletion_on = null;
  return json(groupObject(req.store, group, user, { details: true }), 201);
}

// ---- transfers ----

/** Lowers the visibility of a moved group (and what is below it) to what its new parent allows. */
function capVisibility(store: Store, group: Group, limit: Visibility): void {
  const max = VISIBILITY_RANK[limit];
  for (const g of [group, ...store.descendants(group)]) {
    if (VISIBILITY_RANK[g.visibility] > max) g.visibility = limit;
    for (const project of store.projectsInNamespace(g.id)) {
      if (VISIBILITY_RANK[project.visibility] > max) {
        project.visibility = limit;
        project.json = undefined;
      }
    }
  }
}

function transferGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const group = readableGroup(req);
  const user = requireOwner(req, group);
  const targetId = int(req.input, 'group_id');
  const target = targetId === undefined ? undefined : store.groups.get(targetId);
  if (targetId !== undefined && (!target || !store.canReadGroup(user, target))) throw notFound('Group');
  const fail = (reason: string) => apiError(400, `Transfer failed: ${reason}`);
  if (!target && group.parent_id === null) throw fail('Group is already a root group.');
  if (target && target.id === group.parent_id) throw fail('Group is already associated to the parent group.');
  if (target ? !canCreateSubgroup(store, user, target) : !user.can_create_group) throw fail("You don't have enough permissions.");
  const fullPath = target ? `${store.groupFullPath(target)}/${group.path}` : group.path;
  if (pathTaken(store, fullPath, !target)) throw fail('The parent group already has a subgroup or a project with the same path.');
  if (target && (target.id === group.id || store.descendants(group).includes(target))) throw fail('Cannot transfer group to one of its subgroup.');
  group.parent_id = target?.id ?? null;
  if (target) capVisibility(store, group, target.visibility);
  store.reindexGroupPaths();
  return json(groupObject(store, group, user, { details: true }), 201);
}

function transferProjectIntoGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const user = requireUser(req);
  if (!user.is_admin) throw forbidden();
  const group = store.findGroup(req.params.id as string);
  if (!group) throw notFound('Group');
  const project = store.findProject(req.params.project_id as string);
  if (!project) throw notFound('Project');
  // GitLab reports the project's validation errors as a Ruby hash in the message.
  if (project.namespace_id === group.id) throw apiError(400, 'Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}');
  if (store.projectPathTaken(group.id, project.path)) throw apiError(400, 'Failed to transfer project {:new_namespace=>["Project with same path in target namespace already exists"]}');
  const oldPath = store.projectFullPath(project);
  project.namespace_id = group.id;
  if (VISIBILITY_RANK[project.visibility] > VISIBILITY_RANK[group.visibility]) project.visibility = group.visibility;
  store.reindexProject(project, oldPath);
  return json(groupObject(store, group, user, { details: true }), 201);
}

// ---- LDAP ----

function ldapLinkJson(link: LdapLink): Record<string, unknown> {
  return { cn: link.cn, group_access: link.group_access, provider: link.provider, filter: link.filter };
}

/** Grape's checks of the LDAP link parameters, in declaration order, reported together. */
function readLdapParams(req: SandboxRequest, required: readonly string[]): { cn?: string; filter?: string; provider?: string; group_access?: number } {
  const params = readParams(req.input, LDAP_LINK_PARAMS) as { cn?: string; filter?: string; provider?: string; group_access?: number };
  const errors: string[] = [];
  for (const name of required) if (params[name as keyof typeof params] === undefined || params[name as keyof typeof params] === '') errors.push(`${name} is missing`);
  if (params.group_access !== undefined && !ACCESS_VALUES.includes(params.group_access)) errors.push('group_access does not have a valid value');
  const given = (['cn', 'filter'] as const).filter((name) => params[name] !== undefined);
  if (given.length === 0) errors.push('cn, filter are missing, exactly one parameter must be provided');
  if (given.length === 2) errors.push('cn, filter are mutually exclusive');
  if (errors.length) throw paramError(errors.join(', '));
  return params;
}

function addLdapLink(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const params = readLdapParams(req, ['group_access', 'provider']);
  const group = readableGroup(req);
  requireOwner(req, group);
  const duplicate = group.ldap_links.find((l) => l.provider === params.provider && (params.cn !== undefined ? l.cn === params.cn : l.filter === params.filter));
  if (duplicate) throw apiError(409, params.cn !== undefined ? 'Cn has already been taken' : 'Filter has already been taken');
  const link: LdapLink = { cn: params.cn ?? null, filter: params.filter ?? null, group_access: params.group_access as number, provider: params.provider as string };
  group.ldap_links.push(link);
  return json(ldapLinkJson(link), 201);
}

function removeLdapLinks(group: Group, match: (link: LdapLink) => boolean): SandboxResponse {
  const index = group.ldap_links.findIndex(match);
  if (index < 0) throw apiError(404, 'Linked LDAP group not found');
  group.ldap_links.splice(index, 1);
  return noContent();
}

export function register(router: Router): void {
  router.get('/groups', listGroups);
  router.post('/groups', createGroup);
  router.get('/groups/:id', (req) => {
    const group = readableGroup(req);
    // with_projects defaults to true (deprecated, removal in API v5).
    const withProjects = bool(req.input, 'with_projects') ?? true;
    const customAttributes = bool(req.input, 'with_custom_attributes') === true;
    return json(groupObject(req.store, group, req.user, { details: true, withProjects, customAttributes }));
  });
  router.put('/groups/:id', updateGroup);
  router.delete('/groups/:id', deleteGroup);
  router.get('/groups/:id/avatar', (req) => {
    const group = readableGroup(req);
    if (!group.avatar) throw notFound('Avatar');
    return { status: 200, body: group.avatar.data, headers: { 'content-type': group.avatar.contentType, 'content-disposition': `attachment; filename="${group.avatar.filename.replace(/"/g, '')}"` } };
  });
  router.get('/groups/:id/subgroups', (req) => listBelow(req, 'children'));
  router.get('/groups/:id/descendant_groups', (req) => listBelow(req, 'descendants'));
  router.get('/groups/:id/projects', (req) => listGroupProjects(req, false));
  router.get('/groups/:id/projects/shared', (req) => listGroupProjects(req, true));
  router.post('/groups/:id/projects/:project_id', transferProjectIntoGroup);
  router.get('/groups/:id/provisioned_users', listProvisionedUsers);
  router.post('/groups/:id/restore', restoreGroup);
  router.post('/groups/:id/transfer', transferGroup);
  router.post('/groups/:id/ldap_sync', (req) => {
    requireOwner(req, readableGroup(req));
    return json({ message: '202 Accepted' }, 202);
  });
  router.get('/groups/:id/ldap_group_links', (req) => {
    requireUser(req);
    const group = readableGroup(req);
    requireOwner(req, group);
    if (group.ldap_links.length === 0) throw apiError(404, 'No linked LDAP groups found');
    return json(group.ldap_links.map(ldapLinkJson));
  });
  router.post('/groups/:id/ldap_group_links', addLdapLink);
  router.delete('/groups/:id/ldap_group_links', (req) => {
    requireUser(req);
    const params = readLdapParams(req, ['provider']);
    const group = readableGroup(req);
    requireOwner(req, group);
    return removeLdapLinks(group, (l) => l.provider === params.provider && (params.cn !== undefined ? l.cn === params.cn : l.filter === params.filter));
  });
  // Deprecated forms: the link named by cn (and provider) in the path.
  router.delete('/groups/:id/ldap_group_links/:cn', (req) => {
    requireUser(req);
    const group = readableGroup(req);
    requireOwner(req, group);
    return removeLdapLinks(group, (l) => l.cn === req.params.cn);
  });
  router.delete('/groups/:id/ldap_group_links/:provider/:cn', (req) => {
    requireUser(req);
    const group = readableGroup(req);
    requireOwner(req, group);
    return removeLdapLinks(group, (l) => l.cn === req.params.cn && l.provider === req.params.provider);
  });
}
