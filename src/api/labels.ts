import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { findResource } from './recover.js';
import { ROLES } from './roles.js';

/**
 * Labels of a project or a group (GitLab's doc/api/labels.md, group_labels.md): anyone who sees the
 * owner reads them, a Reporter changes them. A label is named by its name in the path; a project's
 * list and lookups include its ancestor groups' labels, marked `is_project_label: false`, and its
 * group's own even with include_ancestor_groups=false.
 */
export interface Label {
  id: number;
  name: string;
  color?: string;
  description?: string | null;
  priority?: number | null;
  is_project_label?: boolean;
  [field: string]: unknown;
}

export function labelsPath(owner: Owner): string {
  return `${ownerPath(owner)}/labels`;
}

function labelPath(owner: Owner, name: string): string {
  return labelsPath(owner) + apiPath`/${name}`;
}

export function getLabel(owner: Owner, name: string): ApiRequest {
  return { method: 'GET', path: labelPath(owner, name), expect: 'object' };
}

/** POST /labels. Names are unique where the label lives: a label found under the name after a lost answer is this request's. */
export function createLabel(
  owner: Owner,
  fields: Record<string, unknown> & { name: string; color: string },
): ApiRequest {
  return {
    method: 'POST',
    path: labelsPath(owner),
    json: fields,
    requires: ROLES.planners,
    // Through a project, the lookup also finds its group's own label of the name (GitLab's
    // LabelsFinder: app/finders/labels_finder.rb @0e3af7b0): that one is not this request's.
    recover: async (client) => {
      const found = await findResource<Label>(client, {
        ...getLabel(owner, fields.name),
        query: { include_ancestor_groups: false },
      });
      return found?.is_project_label === false && owner.kind === 'project' ? undefined : found;
    },
  };
}

/** PUT /labels/:name (new_name renames it). Sent again, a rename finds the old name gone: 404. */
export function updateLabel(owner: Owner, name: string, fields: Record<string, unknown>): ApiRequest {
  return readsCurrent({
    method: 'PUT',
    path: labelPath(owner, name),
    json: fields,
    idempotent: fields.new_name === undefined,
    requires: ROLES.planners,
  });
}

/** 204, or 404 when it is gone (the command decides whether that is an error). */
export function deleteLabel(owner: Owner, name: string): ApiRequest {
  return { method: 'DELETE', path: labelPath(owner, name), okStatuses: [404], requires: ROLES.planners };
}
