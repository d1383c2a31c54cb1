import { GROUP_PATH_RULE, GROUP_SETTINGS } from '../../params/groups.js';
import type { ParamSpec, SettingsColumn } from '../../params/types.js';
import { ACCESS, canCreateGroupIn, canReadGroup } from '../access.js';
import { moreVisible } from '../../params/visibility.js';
import { readableGroup, refuseAdminOnly, requireGroupRole, requireUser, requireAdmin } from '../guards.js';
import { apiError, forbidden, type HttpError, notFound, paramError, rubyHash, validationError } from '../errors.js';
import { accepted, json, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, Visibility } from '../model.js';
import { bool, checkAvatar, int, modelError, readParams, str } from '../params.js';
import { newGroup } from '../seed.js';
import type { Store } from '../store.js';
import { groupObject } from '../views.js';
import { markForDeletion } from '../jobs.js';

/**
 * Changing groups (the groups API reference): create, update, delete (delayed: marked for deletion, then
 * removed at once with permanently_remove), restore, transfer, and moving a project into a group.
 */

const settingsFor = (column: SettingsColumn): ParamSpec[] => GROUP_SETTINGS.filter((s) => s.columns.includes(column));
/** Attributes the Group record holds in fields of its own; every other setting lives in `attrs`. */
const OWN_FIELDS = new Set(['name', 'path', 'description', 'visibility', 'parent_id', 'avatar']);

/** A model's refusal: PUT's render_validation_error! by default, POST's own message when given. */
type Refuse = (errors: Record<string, string[]>) => HttpError;

/**
 * POST /groups answers the group's model errors in a sentence of its own,
 * `render_api_error!("Failed to save group #{group.errors.messages}", 400)` (lib/api/groups.rb,
 * pavankalisetti009/gitlab @2189ef3a, a copy of gitlab-org/gitlab): the errors as Ruby prints a
 * hash, `Failed to save group {:path=>["has already been taken"]}`. PUT renders them as JSON.
 */
const failedToSave: Refuse = (errors) => apiError(400, `Failed to save group ${rubyHash(errors)}`);

function checkPathFormat(path: string, refuse: Refuse = validationError): void {
  const error = modelError(GROUP_PATH_RULE, path);
  if (error) throw refuse({ path: [error] });
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

/**
 * share_with_group_lock as GitLab's Namespace keeps it on every save: on when the group above has
 * it on (sync_share_with_group_lock_with_parent), and turned on below when turned on here
 * (force_share_with_group_lock_on_descendants); turned off here, the groups below keep theirs.
 */
function syncShareLock(store: Store, group: Group, before: unknown): void {
  const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
  if (parent?.attrs.share_with_group_lock === true) group.attrs.share_with_group_lock = true;
  if (group.attrs.share_with_group_lock === true && before !== true)
    for (const below of store.descendants(group)) below.attrs.share_with_group_lock = true;
}

export function createGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const user = requireUser(req);
  const missing = ['name', 'path'].filter((name) => (str(req.input, name) ?? '') === '');
  if (missing.length) throw paramError(missing.map((name) => `${name} is missing`).join(', '));
  const specs = settingsFor('create');
  const params = readParams(req.input, specs);
  let parent: Group | undefined;
  if (params.parent_id !== undefined) {
    parent = store.groups.get(params.parent_id as number);
    if (!parent || !canReadGroup(store, user, parent)) throw notFound('Group');
  }
  if (!canCreateGroupIn(store, user, parent)) throw forbidden();
  refuseAdminOnly(user, params, specs);
  const path = params.path as string;
  checkPathFormat(path, failedToSave);
  const fullPath = parent ? `${store.groupFullPath(parent)}/${path}` : path;
  if (pathTaken(store, fullPath, !parent)) throw failedToSave({ path: ['has already been taken'] });
  const visibility = (params.visibility as Visibility | undefined) ?? 'private';
  if (parent && moreVisible(visibility, parent.visibility)) {
    throw failedToSave({
      visibility_level: [`${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`],
    });
  }
  if (req.files.avatar) checkAvatar(req.files.avatar);
  const group = newGroup(store, {
    name: params.name as string,
    path,
    visibility,
    description: (params.description as string | undefined) ?? '',
    parent_id: parent?.id ?? null,
  });
  applySettings(group, params);
  syncShareLock(store, group, undefined);
  if (req.files.avatar) group.avatar = req.files.avatar;
  group.members.set(user.id, ACCESS.owner);
  store.addGroup(group);
  return json(groupObject(store, group, user, { details: true }), 201);
}

function checkVisibilityChange(store: Store, group: Group, visibility: Visibility): void {
  const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
  if (parent && moreVisible(visibility, parent.visibility)) {
    throw validationError({
      visibility_level: [`${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`],
    });
  }
  if (store.children(group).some((child) => moreVisible(child.visibility, visibility))) {
    throw validationError({
      visibility_level: [`${visibility} is not allowed since there are sub-groups with higher visibility.`],
    });
  }
  if (store.projectsInNamespace(group.id).some((project) => moreVisible(project.visibility, visibility))) {
    throw validationError({
      visibility_level: [`${visibility} is not allowed since this group contains projects with higher visibility.`],
    });
  }
}

export function updateGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  // Grape's parameters before the body's find_group! and authorize_any! [:admin_group, ...]
  // (lib/api/groups.rb `put ':id'`, pavankalisetti009/gitlab @2189ef3a): a value not offered is 400
  // whoever asks.
  requireUser(req);
  const specs = settingsFor('update');
  const params = readParams(req.input, specs);
  const group = readableGroup(req);
  const user = requireGroupRole(req, group, ACCESS.owner);
  refuseAdminOnly(user, params, specs);
  const path = params.path as string | undefined;
  let pathChanged = false;
  if (path !== undefined && path !== group.path) {
    checkPathFormat(path);
    const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
    const fullPath = parent ? `${store.groupFullPath(parent)}/${path}` : path;
    if (fullPath.toLowerCase() !== store.groupFullPath(group).toLowerCase() && pathTaken(store, fullPath, !parent))
      throw validationError({ path: ['has already been taken'] });
    pathChanged = true;
  }
  if (params.visibility !== undefined) checkVisibilityChange(store, group, params.visibility as Visibility);
  if (typeof params.name === 'string' && params.name.trim() === '') throw validationError({ name: ["can't be blank"] });
  if (req.files.avatar) checkAvatar(req.files.avatar);
  // A setting of the root namespace: on a subgroup GitLab keeps the root's value and ignores it.
  if (group.parent_id !== null) delete params.prevent_sharing_groups_outside_hierarchy;
  if (typeof params.name === 'string') group.name = params.name;
  if (path !== undefined) group.path = path;
  if (typeof params.description === 'string') group.description = params.description;
  if (params.visibility !== undefined) group.visibility = params.visibility as Visibility;
  const lockBefore = group.attrs.share_with_group_lock;
  applySettings(group, params);
  syncShareLock(store, group, lockBefore);
  if (req.files.avatar) group.avatar = req.files.avatar;
  if (pathChanged) store.reindexGroupPaths();
  return json(groupObject(store, group, user, { details: true, withProjects: true }));
}

// ---- remove and restore ----

export function deleteGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.owner);
  if (bool(req.input, 'permanently_remove') === true) {
    if (!group.marked_for_deletion_on) throw apiError(400, 'Group must be marked for deletion first.');
    if (str(req.input, 'full_path') !== store.groupFullPath(group))
      throw apiError(400, '`full_path` is incorrect. You must enter the complete path for the group.');
    // Removed by a background job, with its subgroups and projects; it answers until then.
    store.deletions.add({ kind: 'group', group });
    return accepted();
  }
  if (group.marked_for_deletion_on) throw apiError(400, 'Group has been already marked for deletion');
  markForDeletion(store, group);
  return accepted();
}

export function restoreGroup(req: SandboxRequest): SandboxResponse {
  const group = readableGroup(req);
  const user = requireGroupRole(req, group, ACCESS.owner);
  if (!group.marked_for_deletion_on) throw apiError(400, 'Group has not been marked for deletion');
  group.marked_for_deletion_on = null;
  return json(groupObject(req.store, group, user, { details: true }), 201);
}

// ---- transfers ----

/** Lowers the visibility of a moved group (and what is below it) to what its new parent allows. */
function capVisibility(store: Store, group: Group, limit: Visibility): void {
  for (const g of [group, ...store.descendants(group)]) {
    if (moreVisible(g.visibility, limit)) g.visibility = limit;
    for (const project of store.projectsInNamespace(g.id))
      if (moreVisible(project.visibility, limit)) project.visibility = limit;
  }
}

/**
 * POST /groups/:id/transfer: Grape's `optional :group_id, type: Integer` before the body's
 * find_group! and `authorize! :change_group` (lib/api/groups.rb, pavankalisetti009/gitlab
 * @2189ef3a), so a group_id that is no integer is 400 whoever asks.
 */
export function transferGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  requireUser(req);
  const targetId = int(req.input, 'group_id');
  const group = readableGroup(req);
  const user = requireGroupRole(req, group, ACCESS.owner);
  const target = targetId === undefined ? undefined : store.groups.get(targetId);
  if (targetId !== undefined && (!target || !canReadGroup(store, user, target))) throw notFound('Group');
  const fail = (reason: string) => apiError(400, `Transfer failed: ${reason}`);
  if (!target && group.parent_id === null) throw fail('Group is already a root group.');
  if (target && target.id === group.parent_id) throw fail('Group is already associated to the parent group.');
  if (!canCreateGroupIn(store, user, target)) throw fail("You don't have enough permissions.");
  const fullPath = target ? `${store.groupFullPath(target)}/${group.path}` : group.path;
  if (pathTaken(store, fullPath, !target))
    throw fail('The parent group already has a subgroup or a project with the same path.');
  if (target && (target.id === group.id || store.descendants(group).includes(target)))
    throw fail('Cannot transfer group to one of its subgroup.');
  group.parent_id = target?.id ?? null;
  if (target) capVisibility(store, group, target.visibility);
  store.reindexGroupPaths();
  return json(groupObject(store, group, user, { details: true }), 201);
}

export function transferProjectIntoGroup(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  const user = requireAdmin(req);
  const group = store.findGroup(req.params.id as string);
  if (!group) throw notFound('Group');
  const project = store.findProject(req.params.project_id as string);
  if (!project) throw notFound('Project');
  // GitLab reports the project's validation errors as a Ruby hash in the message.
  if (project.namespace_id === group.id)
    throw apiError(400, 'Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}');
  if (store.projectPathTaken(group.id, project.path))
    throw apiError(
      400,
      'Failed to transfer project {:new_namespace=>["Project with same path in target namespace already exists"]}',
    );
  const oldPath = store.projectFullPath(project);
  project.namespace_id = group.id;
  if (moreVisible(project.visibility, group.visibility)) project.visibility = group.visibility;
  store.reindexProject(project, oldPath);
  return json(groupObject(store, group, user, { details: true }), 201);
}
