import { ROLES } from './roles.js';
import type { ApiRequest } from '../http/client.js';
import { readsCurrent } from '../http/api-request.js';
import { type Owner, ownerPath } from './owner.js';

/**
 * The push rule of a project or a group: one per owner, at /push_rule. A project without one
 * answers 200 with `null`, a group without one answers 404 (GitLab's API v4 does both).
 */
function pushRulePath(owner: Owner): string {
  return `${ownerPath(owner)}/push_rule`;
}

/** A group's push rule is for its owners and administrators (the reference names no role for a project's). */
function pushRuleRole(owner: Owner): { requires?: string } {
  return owner.kind === 'group' ? { requires: ROLES.owners } : {};
}

export function getPushRule(owner: Owner): ApiRequest {
  // A project's "no rule" is a 200 null, so null is an answer here, not a malformed response.
  return {
    method: 'GET',
    path: pushRulePath(owner),
    okStatuses: [404],
    expect: owner.kind === 'project' ? 'object-or-null' : 'object',
  };
}

/**
 * POST: there is at most one rule per owner. When the answer is lost, `recover` reads the rule:
 * if one is there the request had taken effect (sending it again would be refused with 422).
 */
export function createPushRule(owner: Owner, fields: Record<string, unknown>): ApiRequest {
  return {
    method: 'POST',
    path: pushRulePath(owner),
    json: fields,
    ...pushRuleRole(owner),
    recover: async (client) => {
      const response = await client.request<Record<string, unknown> | null>(getPushRule(owner));
      return response.status === 404 || response.data === null ? undefined : response.data;
    },
  };
}

export function updatePushRule(owner: Owner, fields: Record<string, unknown>): ApiRequest {
  return readsCurrent({ method: 'PUT', path: pushRulePath(owner), json: fields, ...pushRuleRole(owner) });
}

/** 204, or 404 when there is none (the command decides whether that is an error). */
export function deletePushRule(owner: Owner): ApiRequest {
  return { method: 'DELETE', path: pushRulePath(owner), okStatuses: [404], ...pushRuleRole(owner) };
}
