import {
  PROTECTED_BRANCHES_LISTED,
  PROTECTED_BRANCH_NAME,
  PROTECTED_BRANCH_PARAMS,
  PROTECTED_BRANCH_UPDATE_PARAMS,
  PROTECTED_TAG_NAME,
  PROTECTED_TAG_PARAMS,
} from '../../params/protected-refs.js';
import { ACCESS } from '../access.js';
import { apiError, conflict, unprocessable } from '../errors.js';
import { findOwner } from '../guards.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Project, ProjectRefs, ProtectedBranch, ProtectedTag } from '../model.js';
import { paginateArray } from '../pagination.js';
import { modelError, readParams, requireGiven, str } from '../params.js';
import { accessJson, changeAccess, initialAccess, refsOf, writableRefsOf } from '../protected-refs.js';
import type { Store } from '../store.js';

/**
 * Protected branches and protected tags of a project, as GitLab's API v4 serves them (its
 * protected_branches and protected_tags pages, lib/api/protected_branches.rb and
 * protected_tags.rb): every route is for Maintainers (`authorize_admin_project`); a name is one
 * path segment, URL-encoded (`release%2F*`), wildcards kept as written; a missing name is
 * ActiveRecord's `404 Not found`; a second protection of a branch is 409, of a tag 422 (the model's
 * uniqueness), as the service answers them.
 */

/** The project of `:id`, for a Maintainer (404 when unseen, 403 below the role). */
function managedProject(req: SandboxRequest): Project {
  return findOwner(req, 'project', ACCESS.maintainer).project;
}

/** `find_by!(name:)`'s answer when there is none. */
const recordNotFound = () => apiError(404, '404 Not found');

export function branchJson(store: Store, branch: ProtectedBranch): Record<string, unknown> {
  const levels = (list: ProtectedBranch['push']) => list.map((access) => accessJson(store, access));
  return {
    id: branch.id,
    name: branch.name,
    push_access_levels: levels(branch.push),
    merge_access_levels: levels(branch.merge),
    unprotect_access_levels: levels(branch.unprotect),
    allow_force_push: branch.allow_force_push,
    code_owner_approval_required: branch.code_owner_approval_required,
  };
}

/** GitLab's ProtectedTag entity has no id: the name is the tag protection's identity. */
function tagJson(store: Store, tag: ProtectedTag): Record<string, unknown> {
  return { name: tag.name, create_access_levels: tag.create.map((access) => accessJson(store, access)) };
}

function listBranches(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const search = str(req.input, 'search');
  const branches = [...refsOf(req.store, project.id).branches.values()]
    .slice(0, PROTECTED_BRANCHES_LISTED)
    .filter((branch) => search === undefined || branch.name.includes(search));
  return paginateArray(req, branches, (branch) => JSON.stringify(branchJson(req.store, branch)));
}

/** The protected branch or tag of the path's `:name` (one segment, decoded: `release/*`). */
function findNamed<K extends 'branches' | 'tags'>(
  req: SandboxRequest,
  project: Project,
  kind: K,
): ProjectRefs[K] extends Map<string, infer T> ? T : never {
  const found = refsOf(req.store, project.id)[kind].get(req.params.name ?? '');
  if (!found) throw recordNotFound();
  return found as ProjectRefs[K] extends Map<string, infer T> ? T : never;
}

function findBranch(req: SandboxRequest, project: Project): ProtectedBranch {
  return findNamed(req, project, 'branches');
}

function viewBranch(req: SandboxRequest): SandboxResponse {
  return json(branchJson(req.store, findBranch(req, managedProject(req))));
}

/**
 * The model's presence check of the name (ProtectedRef), as both POSTs answer it:
 * render_api_error!(errors.full_messages, 422), `Name can't be blank` for a name of spaces.
 */
/**
 * Grape's `requires :name, type: String` asks only that the key be there, so an empty name reaches
 * the model, whose `validates :name, presence: true` the API answers with
 * `render_api_error!(errors.full_messages, 422)`: 422 `["Name can't be blank"]`, not 400 `name is
 * missing` (gitlabhq/gitlabhq lib/api/protected_branches.rb@5373480e7932c1436f0437e943c027cc56fb49b8,
 * lib/api/protected_tags.rb@f84cdc5587ab664d3cb4e6d66e09742a0bd1f019,
 * app/models/concerns/protected_ref.rb@4555e1b21c365ed8303ffb7a3325d773c9b8bf31).
 */
function checkName(param: typeof PROTECTED_BRANCH_NAME | typeof PROTECTED_TAG_NAME, name: string): void {
  const error = modelError(param.rule, name);
  if (error) throw unprocessable([`Name ${error}`]);
}

function protectBranch(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const name = requireGiven(req.input, 'name');
  checkName(PROTECTED_BRANCH_NAME, name);
  const params = readParams(req.input, PROTECTED_BRANCH_PARAMS);
  const refs = writableRefsOf(req.store, project.id);
  if (refs.branches.has(name)) throw conflict(`Protected branch '${name}' already exists`);
  const branch: ProtectedBranch = {
    id: req.store.nextId('protected_branch'),
    name,
    push: initialAccess(req.store, refs, 'push', params.push_access_level, req.input),
    merge: initialAccess(req.store, refs, 'merge', params.merge_access_level, req.input),
    unprotect: initialAccess(req.store, refs, 'unprotect', params.unprotect_access_level, req.input),
    allow_force_push: (params.allow_force_push as boolean | undefined) ?? false,
    code_owner_approval_required: (params.code_owner_approval_required as boolean | undefined) ?? false,
  };
  refs.branches.set(name, branch);
  return json(branchJson(req.store, branch), 201);
}

/** PATCH: the booleans, and the `allowed_to_*` entries (add, change by id, `_destroy`). */
function updateBranch(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const branch = findBranch(req, project);
  const refs = writableRefsOf(req.store, project.id);
  const params = readParams(req.input, PROTECTED_BRANCH_UPDATE_PARAMS);
  // Every entry is checked before any is kept: a refused PATCH changes nothing.
  const push = changeAccess(req.store, refs, 'push', branch.push, req.input);
  const merge = changeAccess(req.store, refs, 'merge', branch.merge, req.input);
  const unprotect = changeAccess(req.store, refs, 'unprotect', branch.unprotect, req.input);
  Object.assign(branch, { push, merge, unprotect });
  if (params.allow_force_push !== undefined) branch.allow_force_push = params.allow_force_push as boolean;
  if (params.code_owner_approval_required !== undefined)
    branch.code_owner_approval_required = params.code_owner_approval_required as boolean;
  return json(branchJson(req.store, branch));
}

function unprotectBranch(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const branch = findBranch(req, project);
  writableRefsOf(req.store, project.id).branches.delete(branch.name);
  return noContent();
}

function listTags(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  return paginateArray(req, [...refsOf(req.store, project.id).tags.values()], (tag) =>
    JSON.stringify(tagJson(req.store, tag)),
  );
}

function findTag(req: SandboxRequest, project: Project): ProtectedTag {
  return findNamed(req, project, 'tags');
}

function viewTag(req: SandboxRequest): SandboxResponse {
  return json(tagJson(req.store, findTag(req, managedProject(req))));
}

function protectTag(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const name = requireGiven(req.input, 'name');
  checkName(PROTECTED_TAG_NAME, name);
  const params = readParams(req.input, PROTECTED_TAG_PARAMS);
  const refs = writableRefsOf(req.store, project.id);
  // render_api_error!(protected_tag.errors.full_messages, 422): the model's uniqueness of the name.
  if (refs.tags.has(name)) throw unprocessable(['Name has already been taken']);
  const tag: ProtectedTag = {
    id: req.store.nextId('protected_tag'),
    name,
    create: initialAccess(req.store, refs, 'create', params.create_access_level, req.input),
  };
  refs.tags.set(name, tag);
  return json(tagJson(req.store, tag), 201);
}

function unprotectTag(req: SandboxRequest): SandboxResponse {
  const project = managedProject(req);
  const tag = findTag(req, project);
  writableRefsOf(req.store, project.id).tags.delete(tag.name);
  return noContent();
}

export const protectedRefRoutes: readonly Route[] = [
  ['GET', '/projects/:id/protected_branches', listBranches],
  ['GET', '/projects/:id/protected_branches/:name', viewBranch],
  ['POST', '/projects/:id/protected_branches', protectBranch],
  ['PATCH', '/projects/:id/protected_branches/:name', updateBranch],
  ['DELETE', '/projects/:id/protected_branches/:name', unprotectBranch],
  ['GET', '/projects/:id/protected_tags', listTags],
  ['GET', '/projects/:id/protected_tags/:name', viewTag],
  ['POST', '/projects/:id/protected_tags', protectTag],
  ['DELETE', '/projects/:id/protected_tags/:name', unprotectTag],
];
