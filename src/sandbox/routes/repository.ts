import { PROJECT_DEFAULTS } from '../../params/defaults.js';
import { problemOf, REF_NAME_RULE } from '../../params/rules.js';
import { ACCESS, canReadCode, refEntriesAllow, repositoryAvailable } from '../access.js';
import { apiError, forbidden, notFound } from '../errors.js';
import { readableProject, requireProjectRole } from '../guards.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Project, RepositoryTag, User } from '../model.js';
import { requireStr, str } from '../params.js';
import { matchesRefName, refsOf } from '../protected-refs.js';
import { stableSha } from '../random.js';
import type { Store } from '../store.js';

/**
 * A repository's branches and tags, as far as a pipeline schedule's ref (and a plan's check of
 * it) needs them: one branch, one tag, and making either. doc/api/branches.md and doc/api/tags.md
 * (gitlabhq/gitlabhq ec05f6eb) for the answers; lib/api/branches.rb and lib/api/tags.rb
 * (017a6c12), Branches::CreateService (8b65b292), Tags::CreateService (0c96122e), and the push
 * checks Gitlab::Checks::BranchCheck (a5f4bba4) and TagCheck (9297025d) for the refusals. The
 * sandbox keeps names, no commits: every ref points at the project's one commit, the one its
 * badges render as `commit_sha`.
 */

const BRANCHES = '/projects/:id/repository/branches';
const TAGS = '/projects/:id/repository/tags';

/** The branch a project's view names as its default (none while the repository is empty). */
function defaultBranchOf(project: Project): string | undefined {
  if (project.branches.length === 0) return undefined;
  return String(project.attrs.default_branch ?? PROJECT_DEFAULTS.default_branch);
}

/** The commit every ref of a project points at. */
function commitSha(project: Project): string {
  return stableSha(project.id, 0);
}

function commitJson(store: Store, project: Project): Record<string, unknown> {
  const id = commitSha(project);
  const owner = store.users.get(project.creator_id);
  const author = owner?.name ?? 'Administrator';
  const email = owner?.email ?? 'admin@example.com';
  return {
    id,
    short_id: id.slice(0, 8),
    created_at: project.created_at,
    parent_ids: [],
    title: 'Initial commit',
    message: 'Initial commit',
    author_name: author,
    author_email: email,
    authored_date: project.created_at,
    committer_name: author,
    committer_email: email,
    committed_date: project.created_at,
    trailers: {},
    extended_trailers: {},
    web_url: `${store.origin}/${store.projectFullPath(project)}/-/commit/${id}`,
  };
}

/** Whether `git check-ref-format refs/<name>` accepts a name, as Gitlab::GitRefValidator asks (the flags' rule). */
function validRefName(name: string): boolean {
  return problemOf(REF_NAME_RULE, name) === undefined;
}

/** What a branch or tag may be made from: a branch, a tag, or the commit (its full or a short SHA). */
function resolves(project: Project, ref: string): boolean {
  if (project.branches.includes(ref) || project.tags.some((tag) => tag.name === ref)) return true;
  return /^[0-9a-f]{7,40}$/.test(ref) && commitSha(project).startsWith(ref);
}

function protectedBranchesOf(store: Store, project: Project, name: string) {
  return [...refsOf(store, project.id).branches.values()].filter((branch) => matchesRefName(branch.name, name));
}

function branchJson(store: Store, project: Project, name: string, user: User | undefined): Record<string, unknown> {
  const rules = protectedBranchesOf(store, project, name);
  const developers = (kind: 'push' | 'merge') =>
    rules.some((rule) => rule[kind].some((entry) => entry.access_level === ACCESS.developer));
  const mayPush =
    user !== undefined &&
    (rules.length === 0
      ? canPush(store, user, project)
      : rules.some((rule) => refEntriesAllow(store, user, project, rule.push)));
  return {
    name,
    commit: commitJson(store, project),
    merged: false,
    protected: rules.length > 0,
    developers_can_push: developers('push'),
    developers_can_merge: developers('merge'),
    can_push: mayPush,
    default: name === defaultBranchOf(project),
    web_url: `${store.origin}/${store.projectFullPath(project)}/-/tree/${name}`,
  };
}

function tagJson(store: Store, project: Project, tag: RepositoryTag): Record<string, unknown> {
  const annotated = tag.message !== null;
  return {
    name: tag.name,
    message: tag.message,
    // An annotated tag's target is the tag object, a lightweight one's the commit (doc/api/tags.md).
    target: annotated ? stableSha(project.id, project.tags.indexOf(tag) + 1) : commitSha(project),
    commit: commitJson(store, project),
    release: null,
    protected: [...refsOf(store, project.id).tags.values()].some((rule) => matchesRefName(rule.name, tag.name)),
    created_at: tag.created_at,
  };
}

/** GitLab's push_code (Developer and above): making a branch at all. */
function canPush(store: Store, user: User, project: Project): boolean {
  return refEntriesAllow(store, user, project, [{ id: 0, access_level: ACCESS.developer }]);
}

/**
 * The project of the path whose code the caller may read (read_code: 403 when it may only see the
 * project). The branches API asks first whether the repository is there for the caller (404
 * Repository); the tags API does not.
 */
function codeProject(req: SandboxRequest, api: 'branches' | 'tags'): Project {
  const project = readableProject(req);
  if (api === 'branches' && !repositoryAvailable(req.store, req.user, project)) throw notFound('Repository');
  if (!canReadCode(req.store, req.user, project)) throw forbidden();
  return project;
}

function viewBranch(req: SandboxRequest): SandboxResponse {
  const project = codeProject(req, 'branches');
  const name = requireStr(req.params, 'branch');
  if (!project.branches.includes(name)) throw notFound('Branch');
  return json(branchJson(req.store, project, name, req.user));
}

function viewTag(req: SandboxRequest): SandboxResponse {
  const project = codeProject(req, 'tags');
  const tag = project.tags.find((t) => t.name === requireStr(req.params, 'tag_name'));
  if (!tag) throw notFound('Tag');
  return json(tagJson(req.store, project, tag));
}

/**
 * Branches::CreateService: an empty repository first gets its default branch (a README); then the
 * name's checks, the start point, and the push checks a new branch goes through (BranchCheck).
 */
function createBranch(req: SandboxRequest): SandboxResponse {
  const project = codeProject(req, 'branches');
  const user = requireProjectRole(req, project, ACCESS.developer);
  const name = requireStr(req.input, 'branch');
  const ref = requireStr(req.input, 'ref');
  const { store } = req;
  if (project.branches.length === 0) {
    const first = String(project.attrs.default_branch ?? PROJECT_DEFAULTS.default_branch);
    project.branches.push(first);
    project.attrs.default_branch = first;
    project.attrs.empty_repo = false;
  }
  if (!validRefName(name)) throw apiError(400, 'Branch name is invalid');
  if (project.branches.includes(name)) throw apiError(400, 'Branch already exists');
  if (!resolves(project, ref))
    throw apiError(400, `Failed to create branch '${name}': invalid reference name '${ref}'`);
  if (/^[0-9a-f]{40}$/i.test(name))
    throw apiError(400, 'You cannot create a branch with a 40-character hexadecimal branch name.');
  const rules = protectedBranchesOf(store, project, name);
  if (rules.length > 0 && !rules.some((rule) => refEntriesAllow(store, user, project, rule.push))) {
    // One who may only merge creates it from a commit a protected branch holds: every branch
    // holds the sandbox's one commit, so any protected branch the repository has will do.
    const fromProtected = project.branches.some((branch) => protectedBranchesOf(store, project, branch).length > 0);
    if (!rules.some((rule) => refEntriesAllow(store, user, project, rule.merge)) || !fromProtected)
      throw apiError(400, 'You are not allowed to create protected branches on this project.');
  }
  project.branches.push(name);
  return json(branchJson(store, project, name, user), 201);
}

/** Tags::CreateService, then the push checks a new tag goes through (TagCheck). */
function createTag(req: SandboxRequest): SandboxResponse {
  const project = codeProject(req, 'tags');
  const user = requireProjectRole(req, project, ACCESS.developer);
  const name = requireStr(req.input, 'tag_name');
  const ref = requireStr(req.input, 'ref');
  const message = str(req.input, 'message')?.trim();
  const { store } = req;
  if (!validRefName(name)) throw apiError(400, 'Tag name invalid');
  if (project.tags.some((tag) => tag.name === name)) throw apiError(409, `Tag ${name} already exists`);
  if (!resolves(project, ref)) throw apiError(400, `Target ${ref} is invalid`);
  if (name === defaultBranchOf(project)) throw apiError(400, 'You cannot use default branch name to create a tag');
  if (name.startsWith('refs/tags/')) throw apiError(400, 'You cannot create a tag with a prohibited pattern.');
  if (/^([0-9a-f]{40}|[0-9a-f]{64})/i.test(name))
    throw apiError(400, 'You cannot create a tag with a SHA-1 or SHA-256 tag name.');
  const rules = [...refsOf(store, project.id).tags.values()].filter((rule) => matchesRefName(rule.name, name));
  if (rules.length > 0 && !rules.some((rule) => refEntriesAllow(store, user, project, rule.create)))
    throw apiError(400, 'You are not allowed to create this tag as it is protected.');
  // A message makes an annotated tag, which has a date; a lightweight one has none (doc/api/tags.md).
  const tag: RepositoryTag = message
    ? { name, message, created_at: store.nowIso() }
    : { name, message: null, created_at: null };
  project.tags.push(tag);
  return json(tagJson(store, project, tag), 201);
}

export const repositoryRoutes: readonly Route[] = [
  ['GET', `${BRANCHES}/:branch`, viewBranch],
  ['POST', BRANCHES, createBranch],
  ['GET', `${TAGS}/:tag_name`, viewTag],
  ['POST', TAGS, createTag],
];
