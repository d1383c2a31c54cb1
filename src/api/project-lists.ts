import { apiPath } from '../http/path.js';
import type { ProjectRef } from './projects.js';

/** The paths of what a project lists besides its forks: who starred it, its users, its groups (read with the paginator). */
export const starrersPath = (project: ProjectRef): string => apiPath`/projects/${project}/starrers`;
export const projectUsersPath = (project: ProjectRef): string => apiPath`/projects/${project}/users`;
export const projectGroupsPath = (project: ProjectRef): string => apiPath`/projects/${project}/groups`;
