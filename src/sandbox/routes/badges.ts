import { BADGE_IMAGE_URL, BADGE_LINK_URL, BADGE_PARAMS } from '../../params/badges.js';
import { ACCESS, OWNER_ADMIN_ROLE, ownerChain } from '../access.js';
import { apiError, forbidden, paramError, validationError } from '../errors.js';
import { collectionRoutes, json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { type Badge, type OwnerKey, type Project, sameOwner } from '../model.js';
import { paginateArray } from '../pagination.js';
import { int, modelError, readParams, requireStr, str } from '../params.js';
import { stableSha } from '../random.js';
import type { Store } from '../store.js';
import { findOwner, requireUser } from '../guards.js';

/**
 * Project and group badges as GitLab's API v4 serves them (doc/api/project_badges.md, group_badges.md):
 * whoever sees the project or group lists them, a project's Maintainer or a group's Owner manages
 * them; a project's list holds its groups' badges too, with `kind: group`; both URLs are answered
 * as given and rendered (`rendered_link_url`, `rendered_image_url`) with the project's values.
 */
type Kind = 'project' | 'group';

/** The placeholders' values for a project (the sandbox keeps no commits: an empty repository has no SHA). */
function placeholders(store: Store, project: Project): Record<string, string> {
  return {
    project_path: store.projectFullPath(project),
    project_title: project.name,
    project_name: project.path,
    project_id: String(project.id),
    default_branch: String(project.attrs.default_branch ?? 'main'),
    commit_sha: project.attrs.empty_repo ? '' : stableSha(project.id, 0),
  };
}

/** %{name} replaced where the project gives a value; without a project, the URL as it is. */
function render(url: string, values: Record<string, string> | undefined): string {
  if (!values) return url;
  return url.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** The project a badge is rendered with: the one asked about, or a group's first project by creation (the group badges API's rule). */
function renderingProject(store: Store, owner: OwnerKey): Project | undefined {
  if (owner.kind === 'project') return store.projects.get(owner.id);
  const group = store.groups.get(owner.id);
  if (!group) return undefined;
  // A group's namespace ID is the group's ID.
  const namespaces = new Set([group.id, ...store.descendants(group).map((g) => g.id)]);
  let first: Project | undefined;
  for (const project of store.allProjects()) {
    if (!namespaces.has(project.namespace_id)) continue;
    if (!first || (project.created_at.localeCompare(first.created_at) || project.id - first.id) < 0) first = project;
  }
  return first;
}

function badgeJson(badge: Badge, values: Record<string, string> | undefined): Record<string, unknown> {
  return {
    id: badge.id,
    name: badge.name,
    link_url: badge.link_url,
    image_url: badge.image_url,
    rendered_link_url: render(badge.link_url, values),
    rendered_image_url: render(badge.image_url, values),
    kind: badge.owner.kind,
  };
}

/** Whose badges a list shows: a group's list, the group's own; a project's, the project's and those of every group above it. */
function badgeOwners(store: Store, owner: OwnerKey): OwnerKey[] {
  return owner.kind === 'group' ? [owner] : ownerChain(store, owner);
}

/** Both URLs by their rule (src/params/badges.ts), each refusal under its attribute, in one 400. */
function checkUrls(badge: Pick<Badge, 'link_url' | 'image_url'>): void {
  const errors: Record<string, string[]> = {};
  for (const param of [BADGE_LINK_URL, BADGE_IMAGE_URL]) {
    const error = modelError(param.rule, badge[param.name]);
    if (error) errors[param.name] = [error];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function badgeRoutes(kind: Kind): Route[] {
  const base = kind === 'project' ? '/projects/:id/badges' : '/groups/:id/badges';
  const ownerOf = (req: SandboxRequest, level: number): OwnerKey => ({ kind, id: findOwner(req, kind, level).id });
  const valuesFor = (req: SandboxRequest, owner: OwnerKey) => {
    const project = renderingProject(req.store, owner);
    return project ? placeholders(req.store, project) : undefined;
  };
  const visible = (store: Store, owner: OwnerKey) => {
    const owners = badgeOwners(store, owner);
    return [...store.badges.values()]
      .filter((b) => owners.some((o) => sameOwner(o, b.owner)))
      .sort((a, b) => a.id - b.id);
  };
  /**
   * GitLab's find_badge is `source.badges.find(params[:badge_id])`: a badge not there is an
   * ActiveRecord::RecordNotFound, answered with the generic `404 Not found`
   * (gitlabhq/gitlabhq lib/api/helpers/badges_helpers.rb@f2ec6c1c344b09b3a911c1fbb69aacb7f15082c5).
   */
  const findBadge = (req: SandboxRequest, owner: OwnerKey): Badge => {
    const id = int(req.params, 'badge_id');
    const badge = visible(req.store, owner).find((b) => b.id === id);
    if (!badge) throw apiError(404, '404 Not found');
    return badge;
  };
  /** A group's badge is changed and removed through its group (GitLab's `forbidden!('To delete a Group badge please use the Group endpoint')`). */
  const ownBadge = (req: SandboxRequest, owner: OwnerKey): Badge => {
    const badge = findBadge(req, owner);
    if (badge.owner.kind !== owner.kind)
      throw forbidden(
        `To ${req.method === 'DELETE' ? 'delete' : 'update'} a Group badge please use the Group endpoint`,
      );
    return badge;
  };

  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, ACCESS.none);
    const name = str(req.input, 'name');
    const badges = visible(req.store, owner).filter((b) => name === undefined || b.name === name);
    const values = valuesFor(req, owner);
    return paginateArray(req, badges, (badge) => JSON.stringify(badgeJson(badge, values)));
  };

  const view = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, ACCESS.none);
    return json(badgeJson(findBadge(req, owner), valuesFor(req, owner)));
  };

  /**
   * GET /badges/render: the two URLs as they would be shown, for those who may manage badges. The
   * API has only `authenticate_non_get!` as a `before`: Grape checks the parameters first, then the
   * endpoint runs `authenticate!` and `find_source_if_admin` (admin_project, admin_group), so a URL
   * not given is 400 whoever asks, and a Developer 403 (gitlabhq/gitlabhq
   * lib/api/badges.rb@762b04f5101c329187e93b887997c443040274c5). POST asks in the same order, after
   * the before's 401.
   */
  const preview = (req: SandboxRequest): SandboxResponse => {
    const urls = { link_url: requireStr(req.input, 'link_url'), image_url: requireStr(req.input, 'image_url') };
    requireUser(req);
    const owner = ownerOf(req, OWNER_ADMIN_ROLE[kind]);
    const values = valuesFor(req, owner);
    return json({
      ...urls,
      rendered_link_url: render(urls.link_url, values),
      rendered_image_url: render(urls.image_url, values),
    });
  };

  const create = (req: SandboxRequest): SandboxResponse => {
    requireUser(req);
    const link = requireStr(req.input, 'link_url');
    const image = requireStr(req.input, 'image_url');
    const owner = ownerOf(req, OWNER_ADMIN_ROLE[kind]);
    const badge: Badge = { id: 0, owner, name: str(req.input, 'name') ?? null, link_url: link, image_url: image };
    checkUrls(badge);
    badge.id = req.store.nextId('badge');
    req.store.badges.set(badge.id, badge);
    return json(badgeJson(badge, valuesFor(req, owner)), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, OWNER_ADMIN_ROLE[kind]);
    const badge = ownBadge(req, owner);
    const fields = readParams(req.input, BADGE_PARAMS);
    const next = { ...badge };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) Object.assign(next, { [name]: value });
    checkUrls(next);
    Object.assign(badge, next);
    return json(badgeJson(badge, valuesFor(req, owner)));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, OWNER_ADMIN_ROLE[kind]);
    if (int(req.params, 'badge_id') === undefined) throw paramError('badge_id is invalid');
    req.store.badges.delete(ownBadge(req, owner).id);
    return noContent();
  };

  // /badges/render before /badges/:badge_id: the first route that matches answers.
  return [
    ['GET', `${base}/render`, preview],
    ...collectionRoutes(base, 'badge_id', { list, view, create, update, remove }),
  ];
}

export const projectBadgeRoutes = badgeRoutes('project');
export const groupBadgeRoutes = badgeRoutes('group');
