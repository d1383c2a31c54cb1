import { GROUP_PROJECT_FILTERS, SHARED_PROJECT_FILTERS } from '../../params/groups.js';
import { ACCESS, canReadProject, featureEnabled, isProjectMember } from '../access.js';
import { readableGroup } from '../guards.js';
import type { SandboxRequest, SandboxResponse } from '../http.js';
import type { Project } from '../model.js';
import { compareText, paginateArray, similarity } from '../pagination.js';
import { readParams } from '../params.js';
import { projectJsonPieces } from '../views.js';

/**
 * GET /groups/:id/projects and /groups/:id/projects/shared (the groups API reference): the projects of a
 * group (with include_subgroups, those below it too; with with_shared, those shared with it), or
 * only those shared with it.
 */
function listGroupProjects(req: SandboxRequest, onlyShared: boolean): SandboxResponse {
  const { store, user } = req;
  const group = readableGroup(req);
  const query = readParams(req.input, onlyShared ? SHARED_PROJECT_FILTERS : GROUP_PROJECT_FILTERS);
  const sharedWith = (p: Project) => p.shares.some((share) => share.group_id === group.id);
  let projects: Project[];
  if (onlyShared) projects = store.allProjects().filter(sharedWith);
  else {
    const namespaces = new Set([
      group.id,
      ...(query.include_subgroups === true ? store.descendants(group).map((g) => g.id) : []),
    ]);
    // A project shared with the group keeps its own namespace: that is how clients tell them apart.
    const withShared = query.with_shared !== false;
    projects = store.allProjects().filter((p) => namespaces.has(p.namespace_id) || (withShared && sharedWith(p)));
  }
  projects = projects.filter((p) => canReadProject(store, user, p));
  if (query.archived !== undefined) projects = projects.filter((p) => p.archived === query.archived);
  if (query.visibility !== undefined) projects = projects.filter((p) => p.visibility === query.visibility);
  const search = typeof query.search === 'string' && query.search !== '' ? query.search.toLowerCase() : undefined;
  if (search)
    projects = projects.filter((p) => p.name.toLowerCase().includes(search) || p.path.toLowerCase().includes(search));
  if (query.owned === true) projects = projects.filter((p) => isProjectMember(store, user, p, ACCESS.owner));
  if (query.starred === true)
    projects = projects.filter((p) => user !== undefined && (store.stars.get(p.id)?.has(user.id) ?? false));
  if (query.with_issues_enabled === true) projects = projects.filter((p) => featureEnabled(p, 'issues'));
  if (query.with_merge_requests_enabled === true)
    projects = projects.filter((p) => featureEnabled(p, 'merge_requests'));
  if (query.min_access_level !== undefined)
    projects = projects.filter((p) => isProjectMember(store, user, p, query.min_access_level as number));
  // No sandbox project has security report artifacts (a CI product the sandbox does not run).
  if (query.with_security_reports === true) projects = projects.filter((p) => p.attrs.has_security_reports === true);

  const orderBy = (query.order_by as string | undefined) ?? 'created_at';
  const direction = query.sort === 'asc' ? 1 : -1;
  let ordered: Project[];
  if (orderBy === 'similarity' && search) {
    // The sort parameter is ignored: best matches first.
    const score = (p: Project) => similarity([p.name, p.path], search);
    ordered = [...projects].sort((a, b) => score(b) - score(a) || a.id - b.id);
  } else if (orderBy === 'similarity') {
    ordered = [...projects].sort((a, b) => compareText(a.name, b.name) || (a.id - b.id) * direction);
  } else {
    const key = (p: Project): string | number =>
      orderBy === 'id'
        ? p.id
        : orderBy === 'name'
          ? p.name
          : orderBy === 'path'
            ? p.path
            : orderBy === 'created_at'
              ? p.created_at
              : p.last_activity_at;
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

export const listGroupOwnProjects = (req: SandboxRequest) => listGroupProjects(req, false);
export const listGroupSharedProjects = (req: SandboxRequest) => listGroupProjects(req, true);
