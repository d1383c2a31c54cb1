import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  PROJECT_GROUP_FILTERS,
  PROJECT_USER_FILTERS,
  SNAPSHOT_PARAMS,
  STARRER_FILTERS,
} from '../../params/project-reads.js';
import { ACCESS, atLeastLevel, canReadGroup, projectAccess, inheritedAbove, isProjectMember } from '../access.js';
import { readableProject, requireProjectRole, requireUser, requireAdmin } from '../guards.js';
import { apiError, conflict, paramError, unprocessable } from '../errors.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Group, Project, User } from '../model.js';
import { importRunning, refreshImport, startImport } from '../jobs.js';
import { paginateArray } from '../pagination.js';
import { readParams } from '../params.js';
import { PROJECT_DEFAULTS } from '../../params/defaults.js';
import type { Store } from '../store.js';
import { userObject } from '../views.js';

/**
 * The project endpoints beside create/update/list: starrers, languages, users, groups, storage,
 * snapshot, uploads, housekeeping, member import and mirror pull (the projects API reference). Where the
 * spec says "not shown", the sandbox answers as GitLab's API v4 does (noted at each route).
 */

/** A search filter's match: the text contains the search, case-insensitively. */
export function contains(text: string | null | undefined, search: string): boolean {
  return (text ?? '').toLowerCase().includes(search.toLowerCase());
}

function groupRecord(store: Store, group: Group): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    avatar_url: null,
    web_url: `${store.origin}/groups/${store.groupFullPath(group)}`,
    full_name: store.groupFullName(group),
    full_path: store.groupFullPath(group),
  };
}

// ---- the snapshot archive ----

/** One ustar header block (POSIX.1-1988): name, mode, sizes and times in octal, checksum over the block. */
function tarHeader(name: string, size: number, type: '0' | '5', mtime: number): Buffer {
  const block = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) =>
    block.write(text, offset, Math.min(length, Buffer.byteLength(text)), 'utf8');
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  put(name, 0, 100);
  put(octal(type === '5' ? 0o755 : 0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put('git', 265, 32);
  put('git', 297, 32);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** A valid uncompressed tar of a small repository, yielded entry by entry so the answer is a real stream. */
function* tarEntries(files: ReadonlyArray<{ name: string; content?: string }>, mtime: number): Generator<Buffer> {
  for (const file of files) {
    if (file.content === undefined) {
      yield tarHeader(file.name.endsWith('/') ? file.name : `${file.name}/`, 0, '5', mtime);
      continue;
    }
    const data = Buffer.from(file.content, 'utf8');
    yield tarHeader(file.name, data.length, '0', mtime);
    yield data;
    const padding = (512 - (data.length % 512)) % 512;
    if (padding) yield Buffer.alloc(padding);
  }
  // Two zero blocks end the archive.
  yield Buffer.alloc(1024);
}

function snapshotFiles(store: Store, project: Project, wiki: boolean): Array<{ name: string; content?: string }> {
  const branch = String(project.attrs.default_branch ?? 'main');
  const git = [
    { name: '.git/' },
    { name: '.git/HEAD', content: `ref: refs/heads/${branch}\n` },
    {
      name: '.git/config',
      content: `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n[remote "origin"]\n\turl = ${store.origin}/${store.projectFullPath(project)}${wiki ? '.wiki' : ''}.git\n`,
    },
    { name: '.git/description', content: `${project.name}${wiki ? ' wiki' : ''}\n` },
    { name: '.git/refs/' },
    { name: '.git/refs/heads/' },
  ];
  if (wiki)
    return [
      { name: 'home.md', content: `# ${project.name}\n\nWelcome to the wiki of ${store.projectFullPath(project)}.\n` },
      ...git,
    ];
  const changelog = Array.from({ length: 200 }, (_, i) => `- ${i + 1}: ${project.name} change ${i + 1}\n`).join('');
  return [
    { name: 'README.md', content: `# ${project.name}\n\n${project.description ?? ''}\n` },
    { name: 'docs/' },
    { name: 'docs/CHANGELOG.md', content: `# Changes\n\n${changelog}` },
    ...git,
  ];
}

// ---- housekeeping leases ----

/** GitLab holds a lease per repository for 24 hours after housekeeping starts (Repositories::HousekeepingService). */
const HOUSEKEEPING_LEASE_MS = 24 * 3_600_000;

/** When housekeeping last started on a project (for tests), or undefined. */
export function housekeepingStartedAt(project: Project): number | undefined {
  return project.housekeepingStartedAt ?? undefined;
}

// ---- member import ----

/** GitLab's role names in messages: "Developer". */
/**
 * Copies the direct members of `source` into `target` as GitLab's ImportProjectTeamService does:
 * members already in the target are skipped, no one gets a higher role than the importer has,
 * and a member whose role would be lower than one they inherit from the target's groups is
 * refused with GitLab's validation message. Returns the refusals by username.
 */
function importMembers(
  store: Store,
  importer: User,
  source: Project,
  target: Project,
): { errors: Record<string, string>; total: number } {
  const importerLevel = projectAccess(store, importer, target);
  const errors: Record<string, string> = {};
  let total = 0;
  for (const [userId, sourceLevel] of source.members) {
    if (target.members.has(userId)) continue;
    const user = store.users.get(userId);
    if (!user) continue;
    total++;
    const level = Math.min(sourceLevel, importerLevel);
    const refused = inheritedAbove(store, { kind: 'project', project: target }, userId, level);
    if (refused) {
      errors[user.username] = `Access level ${refused.says}`;
      continue;
    }
    target.members.set(userId, level);
  }
  return { errors, total };
}

function listStarrers(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  const { search } = readParams(req.input, STARRER_FILTERS) as { search?: string };
  const stars = [...(req.store.stars.get(project.id) ?? new Map<number, string>())]
    .map(([userId, since]) => ({ user: req.store.users.get(userId), since }))
    .filter((star): star is { user: User; since: string } => star.user !== undefined)
    .filter((star) => !search || contains(star.user.username, search) || contains(star.user.name, search))
    // Newest first, as GitLab's UsersStarProjectsFinder orders by default.
    .sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : a.user.id - b.user.id));
  return paginateArray(req, stars, (star) =>
    JSON.stringify({ starred_since: star.since, user: userObject(req.store, star.user) }),
  );
}

function projectLanguages(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  return json(project.languages);
}

/** Everyone with a role in the project: direct members, members of its groups and of the groups it is shared with. */
function listProjectUsers(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  const { search, skip_users: skip } = readParams(req.input, PROJECT_USER_FILTERS) as {
    search?: string;
    skip_users?: number[];
  };
  const users = [...req.store.users.values()]
    .filter((user) => isProjectMember(req.store, user, project))
    .filter((user) => !skip?.includes(user.id))
    .filter((user) => !search || contains(user.username, search) || contains(user.name, search))
    .sort((a, b) => a.id - b.id);
  return paginateArray(req, users, (user) => JSON.stringify(userObject(req.store, user)));
}

/** The project's group and its ancestors, and with with_shared the groups it is shared with (GitLab's Projects::GroupsFinder, newest id first). */
function listProjectGroups(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  const params = readParams(req.input, PROJECT_GROUP_FILTERS) as {
    search?: string;
    with_shared?: boolean;
    shared_min_access_level?: number;
    shared_visible_only?: boolean;
    skip_groups?: number[];
  };
  const store = req.store;
  const found = new Map<number, Group>();
  const ns = store.namespaces.get(project.namespace_id);
  const home = ns?.kind === 'group' ? store.groups.get(ns.ownerId) : undefined;
  if (home) for (const group of [home, ...store.ancestors(home)]) found.set(group.id, group);
  if (params.with_shared) {
    for (const share of project.shares) {
      const group = store.groups.get(share.group_id);
      if (!group) continue;
      if (!atLeastLevel(share.group_access_level, params.shared_min_access_level)) continue;
      if (params.shared_visible_only && !canReadGroup(store, req.user, group)) continue;
      found.set(group.id, group);
    }
  }
  const groups = [...found.values()]
    .filter((group) => !params.skip_groups?.includes(group.id))
    .filter((group) => !params.search || contains(group.name, params.search) || contains(group.path, params.search))
    .sort((a, b) => b.id - a.id);
  return paginateArray(req, groups, (group) => JSON.stringify(groupRecord(store, group)));
}

/** Administrators only (since 14.0). The spec documents an array of one record. */
function projectStorage(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  requireAdmin(req);
  const hash = createHash('sha256').update(String(project.id)).digest('hex');
  return json([
    {
      project_id: project.id,
      disk_path: `@hashed/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`,
      created_at: project.created_at,
      repository_storage: String(project.attrs.repository_storage ?? 'default'),
    },
  ]);
}

/** Administrators only: an uncompressed tar of the repository (or of the wiki with wiki=true), streamed. */
function projectSnapshot(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  requireAdmin(req);
  const { wiki } = readParams(req.input, SNAPSHOT_PARAMS) as { wiki?: boolean };
  const stamp = req.store.nowIso().replace(/[-:]/g, '').slice(0, 15);
  return {
    status: 200,
    body: Readable.from(
      tarEntries(
        snapshotFiles(req.store, project, wiki === true),
        Date.parse(project.last_activity_at) || req.store.now(),
      ),
    ),
    headers: {
      'content-type': 'application/x-tar',
      'content-disposition': `attachment; filename="${project.path}${wiki ? '.wiki' : ''}-${stamp}.tar"`,
    },
  };
}

/**
 * A file for descriptions and comments; any signed-in user who can see the project may upload
 * (GitLab's UploadService). The answer is GitLab's: images get `![name](url)`, other files `[file](url)`.
 */
function uploadFile(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const project = readableProject(req);
  const file = req.files.file;
  if (!file) throw paramError('file is missing');
  const secret = randomBytes(16).toString('hex');
  const id = req.store.nextId('upload');
  project.uploads.push({ id, secret, file });
  project.statistics.uploads_size = (project.statistics.uploads_size ?? 0) + file.data.length;
  const extension = file.filename.includes('.') ? file.filename.slice(file.filename.lastIndexOf('.')) : '';
  const image = /^\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg|mp4|mov|webm|ogg)$/i.test(extension);
  const alt = image ? file.filename.slice(0, file.filename.length - extension.length) : file.filename;
  const url = `/uploads/${secret}/${encodeURIComponent(file.filename)}`;
  return json(
    {
      id,
      alt,
      url,
      // GitLab 17.1's pattern (doc/api/project_markdown_uploads.md @ec05f6eb): by the project's ID.
      full_path: `/-/project/${project.id}${url}`,
      markdown: `${image ? '!' : ''}[${alt}](${url})`,
    },
    201,
  );
}

/** Maintainers and above (admin_project). A second start within the lease is a 409, as in GitLab. The body is not shown: none. */
function startHousekeeping(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.maintainer);
  const last = project.housekeepingStartedAt;
  if (last !== null && req.store.now() - last < HOUSEKEEPING_LEASE_MS) {
    throw conflict(
      `Somebody already triggered housekeeping for this resource in the past ${HOUSEKEEPING_LEASE_MS / 60_000} minutes`,
    );
  }
  project.housekeepingStartedAt = req.store.now();
  return { status: 201 };
}

/**
 * Maintainers of the target may copy the direct members of a source they can see. 200 with
 * {"status": "success"}; 200 with {"status": "error", "message": {user: reason}} when some
 * failed; 422 when none could be imported or both are the same project; 404 for either missing.
 */
function importProjectMembers(req: SandboxRequest): SandboxResponse {
  const user = requireUser(req);
  const target = readableProject(req);
  const source = readableProject(req, req.params.project_id);
  requireProjectRole(req, target, ACCESS.maintainer);
  if (source.id === target.id) throw unprocessable('Target project cannot be equal to source project');
  const { errors, total } = importMembers(req.store, user, source, target);
  const failed = Object.keys(errors).length;
  if (failed === 0) return json({ status: 'success' });
  if (failed === total) throw unprocessable(errors);
  return json({ status: 'error', message: errors, total_members_count: total });
}

/**
 * Maintainers and above. 400 when the project is not a pull mirror; otherwise an update runs in
 * the background for --fork-duration, as a fork's import does, and (as in GitLab, where mirrors
 * share the import state) shows in import_status: scheduled, started, then finished, or failed
 * with import_error. A pull asked while one is under way changes nothing (GitLab's
 * force_import_job! returns early). GitLab answers 200 with no body.
 */
function pullMirror(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.maintainer);
  if (project.attrs.mirror !== true) throw apiError(400, 'The project is not mirrored');
  if (!importRunning(req.store, project)) startImport(req.store, project, project, 'mirror');
  return { status: 200 };
}

/**
 * An import URL as GitLab's pull mirror API shows it: Project#safe_import_url, which is
 * Gitlab::UrlSanitizer#masked_url (lib/gitlab/url_sanitizer.rb, gitlabhq/gitlabhq c4c86652): a
 * user and a password that are there each become `*****`, whatever the user (`git` too, unlike a
 * push mirror's). The credentials end at the authority's last `@`, as the project's view has it.
 */
function maskedImportUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i, (_all, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    const password = colon < 0 ? '' : userinfo.slice(colon + 1);
    return `${scheme}${user ? '*****' : ''}${colon < 0 ? '' : `:${password ? '*****' : ''}`}@`;
  });
}

/**
 * GET /projects/:id/mirror/pull (doc/api/project_pull_mirroring.md @ec05f6eb, GitLab 15.6; the
 * mirror's settings since 17.5). The spec lists only the POST: the sandbox answers as GitLab's
 * ee/lib/api/project_mirror.rb does (pavankalisetti009/gitlab's mirror of gitlab-org/gitlab
 * @0dbce3f1): `authorize_admin_project` (Maintainers and above), then 400 "The project is not
 * mirrored" for a project that is no pull mirror, then the project's import state through
 * Entities::PullMirror. The sandbox keeps one import state a project, so its id is the project's,
 * and its times are those of the last update (a later one replaces them).
 */
function pullMirrorDetails(req: SandboxRequest): SandboxResponse {
  requireUser(req);
  const project = readableProject(req);
  requireProjectRole(req, project, ACCESS.maintainer);
  if (project.attrs.mirror !== true) throw apiError(400, 'The project is not mirrored');
  refreshImport(req.store, project);
  const state = project.import;
  const at = (ms: number) => new Date(ms).toISOString();
  const ended = state.status === 'finished' || state.status === 'failed';
  const attrs = { ...PROJECT_DEFAULTS, ...project.attrs };
  return json({
    id: project.id,
    update_status: state.status,
    url: typeof attrs.import_url === 'string' ? maskedImportUrl(attrs.import_url) : null,
    last_error: state.error,
    last_update_at: ended ? at(state.startedAt + state.durationMs) : null,
    last_update_started_at: state.status === 'none' ? null : at(state.startedAt),
    last_successful_update_at: state.status === 'finished' ? at(state.startedAt + state.durationMs) : null,
    enabled: true,
    mirror_trigger_builds: attrs.mirror_trigger_builds,
    only_mirror_protected_branches: attrs.only_mirror_protected_branches,
    mirror_overwrites_diverged_branches: attrs.mirror_overwrites_diverged_branches,
    mirror_branch_regex: attrs.mirror_branch_regex ?? null,
  });
}

/**
 * Served unless the sandbox answers as GitLab before 15.6 (`pullMirrorDetails: false`), which
 * has the POST alone at that path.
 */
export const pullMirrorDetailsRoutes: readonly Route[] = [['GET', '/projects/:id/mirror/pull', pullMirrorDetails]];

export const projectActionRoutes: readonly Route[] = [
  ['GET', '/projects/:id/starrers', listStarrers],
  ['GET', '/projects/:id/languages', projectLanguages],
  ['GET', '/projects/:id/users', listProjectUsers],
  ['GET', '/projects/:id/groups', listProjectGroups],
  ['GET', '/projects/:id/storage', projectStorage],
  ['GET', '/projects/:id/snapshot', projectSnapshot],
  ['POST', '/projects/:id/uploads', uploadFile],
  ['POST', '/projects/:id/housekeeping', startHousekeeping],
  ['POST', '/projects/:id/import_project_members/:project_id', importProjectMembers],
  ['POST', '/projects/:id/mirror/pull', pullMirror],
];
