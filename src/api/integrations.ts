import { isCollabError } from '../errors.js';
import type { ApiRequest, RequestClient } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { integrationSlug } from '../params/integrations.js';
import { type Owner, ownerPath } from './owner.js';
import { ROLES } from './roles.js';

/**
 * A project's or group's integrations (doc/api/project_integrations.md, group_integrations.md
 * @ba00d505; the Maintainer role). PUT sets one up or changes it, and carries its required
 * parameters every time; sending the same again changes nothing. DELETE disables it.
 */

export interface IntegrationView {
  id: number | null;
  slug: string;
  title?: string;
  active: boolean;
  properties?: Record<string, unknown>;
  [field: string]: unknown;
}

export const integrationsPath = (owner: Owner) => `${ownerPath(owner)}/integrations`;

const one = (owner: Owner, name: string) => integrationsPath(owner) + apiPath`/${integrationSlug(name)}`;

/** GET: one disabled is answered, inactive; one never set up is a 404 (`readIntegration`). */
function getIntegration(owner: Owner, name: string): ApiRequest {
  return { method: 'GET', path: one(owner, name), expect: 'object', requires: ROLES.maintainers };
}

/**
 * An integration's settings, one never set up read as not active: GitLab answers its GET
 * `404 Integration Not Found` (gitlabhq lib/api/integrations/integratable_operations.rb:
 * `not_found!('Integration') unless integration&.persisted?`), where a missing project or group
 * is `404 Project Not Found` or `404 Group Not Found`.
 */
export async function readIntegration(
  client: Pick<RequestClient, 'request'>,
  owner: Owner,
  name: string,
): Promise<IntegrationView> {
  try {
    return (await client.request<IntegrationView>(getIntegration(owner, name))).data;
  } catch (error) {
    if (!isCollabError(error) || error.status !== 404 || !/\b404 Integration Not Found$/.test(error.message))
      throw error;
    return { id: null, slug: integrationSlug(name), active: false, properties: {} };
  }
}

export function setIntegration(owner: Owner, name: string, body: Record<string, unknown>): ApiRequest {
  return { method: 'PUT', path: one(owner, name), json: body, expect: 'object', requires: ROLES.maintainers };
}

/** DELETE: disabling one that is not set up changes nothing (GitLab answers it 404). */
export function disableIntegration(owner: Owner, name: string): ApiRequest {
  return { method: 'DELETE', path: one(owner, name), okStatuses: [404], requires: ROLES.maintainers };
}
