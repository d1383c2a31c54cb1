import { PROJECT_VIEW_PARAMS } from '../../params/projects.js';
import { readableProject } from '../guards.js';
import { jsonText, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { readParams } from '../params.js';
import { anonymousProjectJson, projectJson } from '../views.js';
import {
  archiveProject,
  createOwnProject,
  createProjectForUser,
  deleteProject,
  restoreProject,
  starProject,
  transferProject,
  unarchiveProject,
  unstarProject,
  updateProject,
} from './project-changes.js';
import { listAllProjects, listStarredProjects, listUserProjects } from './project-lists.js';

/**
 * Projects (the projects API reference): the lists (GET /projects and a user's own and starred
 * projects), read, create (also for a user), update, delete, restore, archive, unarchive, star,
 * unstar and transfer. Forks and the other project endpoints have their own files.
 */

function viewProject(req: SandboxRequest): SandboxResponse {
  const project = readableProject(req);
  const p = readParams(req.input, PROJECT_VIEW_PARAMS);
  const options = {
    license: p.license === true,
    statistics: p.statistics === true,
    customAttributes: p.with_custom_attributes === true,
  };
  // A public project read without a token: the full view still (only lists are simple then).
  if (!req.user) return jsonText(anonymousProjectJson(req.store, project, options));
  return jsonText(projectJson(req.store, project, req.user, { ...options, details: true }));
}

export const projectRoutes: readonly Route[] = [
  ['GET', '/projects', listAllProjects],
  ['GET', '/users/:user_id/projects', listUserProjects],
  ['GET', '/users/:user_id/starred_projects', listStarredProjects],
  ['GET', '/projects/:id', viewProject],
  ['POST', '/projects', createOwnProject],
  ['POST', '/projects/user/:user_id', createProjectForUser],
  ['PUT', '/projects/:id', updateProject],
  ['DELETE', '/projects/:id', deleteProject],
  ['POST', '/projects/:id/restore', restoreProject],
  ['POST', '/projects/:id/archive', archiveProject],
  ['POST', '/projects/:id/unarchive', unarchiveProject],
  ['POST', '/projects/:id/star', starProject],
  ['POST', '/projects/:id/unstar', unstarProject],
  ['PUT', '/projects/:id/transfer', transferProject],
];
