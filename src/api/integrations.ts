import type { ApiRequest } from '../http/client.js';
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

/** GET: an integration never set up is answered too, inactive. */
export function getIntegration(owner: Owner, name: string): ApiRequest {
  return { method: 'GET', path: one(owner, name), expect: 'object', requires: ROLES.maintainers };
}

export function setIntegration(owner: Owner, name: string, body: Record<string, unknown>): ApiRequest {
  return { method: 'PUT', path: one(owner, name), json: body, expect: 'object', requires: ROLES.maintainers };
}

/** DELETE: disabling one that is not set up changes nothing. */
export function disableIntegration(owner: Owner, name: string): ApiRequest {
  return { method: 'DELETE', path: one(owner, name), okStatuses: [404], requires: ROLES.maintainers };
}
