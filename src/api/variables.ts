import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';
import { type Owner, ownerPath } from './owner.js';
import { findResource } from './recover.js';
import { ownerAdminRole } from './roles.js';

/**
 * CI/CD variables of a project (Maintainer) or a group (Owner), GitLab's doc/api/project_level_variables.md
 * and group_level_variables.md: a variable is its key and environment scope, and every request on one
 * names the scope (`filter[environment_scope]`), so that a key kept in several scopes is never ambiguous.
 */
export interface Variable {
  key: string;
  value: string | null;
  variable_type?: string;
  protected?: boolean;
  masked?: boolean;
  hidden?: boolean;
  raw?: boolean;
  environment_scope?: string;
  description?: string | null;
  [field: string]: unknown;
}

export function variablesPath(owner: Owner): string {
  return `${ownerPath(owner)}/variables`;
}

function variablePath(owner: Owner, key: string): string {
  return variablesPath(owner) + apiPath`/${key}`;
}

const scopeQuery = (scope: string) => ({ 'filter[environment_scope]': scope });

export function getVariable(owner: Owner, key: string, scope: string): ApiRequest {
  return {
    method: 'GET',
    path: variablePath(owner, key),
    query: scopeQuery(scope),
    expect: 'object',
    requires: ownerAdminRole(owner),
  };
}

/**
 * POST /variables. Key and scope name one variable: when the answer is lost, the variable found under
 * them is this request's (had it been there before, the service would have refused the POST).
 */
export function createVariable(
  owner: Owner,
  fields: Record<string, unknown> & { key: string; value: string; environment_scope: string },
): ApiRequest {
  return {
    method: 'POST',
    path: variablesPath(owner),
    json: fields,
    requires: ownerAdminRole(owner),
    recover: (client) => findResource(client, getVariable(owner, fields.key, fields.environment_scope)),
  };
}

/** PUT /variables/:key of one scope: the same body twice leaves the same variable. */
export function updateVariable(owner: Owner, key: string, scope: string, fields: Record<string, unknown>): ApiRequest {
  return {
    method: 'PUT',
    path: variablePath(owner, key),
    query: scopeQuery(scope),
    json: fields,
    idempotent: true,
    requires: ownerAdminRole(owner),
  };
}

/** 204, or 404 when it is gone (the command decides whether that is an error). */
export function deleteVariable(owner: Owner, key: string, scope: string): ApiRequest {
  return {
    method: 'DELETE',
    path: variablePath(owner, key),
    query: scopeQuery(scope),
    okStatuses: [404],
    requires: ownerAdminRole(owner),
  };
}
