import { compileProblem, PUSH_RULE_DEFAULTS, PUSH_RULE_PARAMS, re2Problem } from '../../params/push-rules.js';
import { notFound, paramError, unprocessable, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { PushRule } from '../model.js';
import { readParams } from '../params.js';
import { OWNER_ADMIN_ROLE } from '../access.js';
import { findOwner, type OwnerRef } from '../guards.js';

/**
 * One push rule per project (Maintainer role) or group (Owner role), as GitLab's API v4:
 * - GET: a project without a rule answers 200 with `null` (`present nil`); a group 404.
 * - POST when there is one: 422 "Project push rule exists" / "Group push rule exists, try updating".
 * - PUT when there is none: 404 "Push Rule Not Found".
 * - DELETE when there is none: 404 (the API reference calls it idempotent: repeating it changes nothing more).
 * - POST and PUT need at least one field (400), and regexes must be valid RE2 (400).
 */
function ruleKey(owner: OwnerRef): string {
  return `${owner.kind}:${owner.id}`;
}

/**
 * Rules no table of collab's sets, at GitLab's defaults (doc/api/project_push_rules.md,
 * group_push_rules.md): the committer-name check and the DCO sign-off check.
 */
const UNSET_RULES = { commit_committer_name_check: false, reject_non_dco_commits: false };

function ruleJson(rule: PushRule): Record<string, unknown> {
  const fields = { ...PUSH_RULE_DEFAULTS, ...UNSET_RULES, ...rule.attrs };
  return rule.owner.kind === 'project'
    ? { id: rule.id, project_id: rule.owner.id, created_at: rule.created_at, ...fields }
    : { id: rule.id, created_at: rule.created_at, ...fields };
}

function readRuleInput(req: SandboxRequest): Record<string, unknown> {
  const attrs = readParams(req.input, PUSH_RULE_PARAMS);
  for (const [key, value] of Object.entries(attrs)) if (value === undefined) delete attrs[key];
  if (Object.keys(attrs).length === 0)
    throw paramError(
      `${PUSH_RULE_PARAMS.map((p) => p.name).join(', ')} are missing, at least one parameter must be provided`,
    );
  const errors: Record<string, string[]> = {};
  for (const param of PUSH_RULE_PARAMS) {
    const value = attrs[param.name];
    if (param.regex && typeof value === 'string' && value !== '') {
      const problem = re2Problem(value) ?? compileProblem(value);
      if (problem) errors[param.name] = [`not valid RE2 syntax: ${problem}`];
    }
  }
  if (typeof attrs.max_file_size === 'number' && attrs.max_file_size < 0)
    errors.max_file_size = ['must be greater than or equal to 0'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return attrs;
}

/** The push rule of :id, in one table per kind of owner. */
function pushRuleRoutes(kind: 'project' | 'group'): Route[] {
  const path = kind === 'project' ? '/projects/:id/push_rule' : '/groups/:id/push_rule';
  const role = OWNER_ADMIN_ROLE[kind];

  const view = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const rule = req.store.pushRules.get(ruleKey(owner));
    if (!rule && kind === 'group') throw notFound();
    return json(rule ? ruleJson(rule) : null);
  };

  const create = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const attrs = readRuleInput(req);
    if (req.store.pushRules.has(ruleKey(owner)))
      throw unprocessable(kind === 'project' ? 'Project push rule exists' : 'Group push rule exists, try updating');
    const rule: PushRule = {
      id: req.store.nextId('push_rule'),
      owner: { kind, id: owner.id },
      created_at: req.store.nowIso(),
      attrs,
    };
    req.store.pushRules.set(ruleKey(owner), rule);
    return json(ruleJson(rule), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const attrs = readRuleInput(req);
    const rule = req.store.pushRules.get(ruleKey(owner));
    if (!rule) throw notFound('Push Rule');
    Object.assign(rule.attrs, attrs);
    return json(ruleJson(rule));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    if (!req.store.pushRules.delete(ruleKey(owner))) throw notFound(kind === 'project' ? 'Push Rule' : '');
    return noContent();
  };

  return [
    ['GET', path, view],
    ['POST', path, create],
    ['PUT', path, update],
    ['DELETE', path, remove],
  ];
}

export const projectPushRuleRoutes = pushRuleRoutes('project');
export const groupPushRuleRoutes = pushRuleRoutes('group');
