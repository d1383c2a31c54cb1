import {
  DEPLOYMENT_TIERS,
  ENVIRONMENT_ROLES,
  environmentRoleDescription,
  GROUP_INHERITANCE_TYPES,
} from '../../params/protected-environments.js';
import { ACCESS, canBeEnvironmentEntry } from '../access.js';
import { apiError, conflict, paramError, unprocessable } from '../errors.js';
import { findOwner, type OwnerRef } from '../guards.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { EnvironmentAccess, ProtectedEnvironment } from '../model.js';
import { compareText, paginateArray } from '../pagination.js';
import { requireStr } from '../params.js';
import { ownerKey, type Store } from '../store.js';

/**
 * Protected environments of a project, and a group's by deployment tier (doc/api/protected_environments.md
 * @ec05f6eb, group_protected_environments.md @8ea46daa). Every route needs the Maintainer role ("maintained by
 * the authenticated user"). POST wants a name and deploy_access_levels; each entry is one of
 * access_level (30, 40, 60), user_id (a user with access to the project, a Maintainer of the
 * group) or group_id (a group the project is shared with; a subgroup of the group). PUT adds the
 * entries without an id, changes those with one, removes those with `_destroy`. A second
 * protection of a name is the API's 409; the model's refusals are 422 with its full messages; a
 * name not protected, `404 Not found`.
 */

const ROLES: readonly number[] = Object.values(ENVIRONMENT_ROLES);

type Kind = OwnerRef['kind'];

const ownerOf = (req: SandboxRequest, kind: Kind) => findOwner(req, kind, ACCESS.maintainer);

const environmentsOf = (store: Store, owner: OwnerRef) => store.protectedEnvironments.get(ownerKey(owner));

function entryJson(store: Store, entry: EnvironmentAccess, approval: boolean): Record<string, unknown> {
  const description =
    entry.user_id !== null
      ? (store.users.get(entry.user_id)?.name ?? '')
      : entry.group_id !== null
        ? (store.groups.get(entry.group_id)?.name ?? '')
        : environmentRoleDescription(entry.access_level ?? 0);
  return {
    id: entry.id,
    access_level: entry.access_level,
    access_level_description: description,
    user_id: entry.user_id,
    group_id: entry.group_id,
    group_inheritance_type: entry.group_inheritance_type,
    ...(approval ? { required_approvals: entry.required_approvals ?? 1 } : {}),
  };
}

function environmentJson(store: Store, env: ProtectedEnvironment): Record<string, unknown> {
  return {
    name: env.name,
    deploy_access_levels: env.deploy.map((entry) => entryJson(store, entry, false)),
    required_approval_count: env.required_approval_count,
    approval_rules: env.approvals.map((entry) => entryJson(store, entry, true)),
  };
}

const asNumber = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : Number.NaN;
};

/** One entry given: exactly one of access_level, user_id and group_id, each checked as the docs say. */
function readEntry(
  req: SandboxRequest,
  owner: OwnerRef,
  field: string,
  raw: Record<string, unknown>,
  approval: boolean,
): Omit<EnvironmentAccess, 'id'> {
  const access = asNumber(raw.access_level);
  const user = asNumber(raw.user_id);
  const group = asNumber(raw.group_id);
  const inheritance = asNumber(raw.group_inheritance_type) ?? 0;
  const given = [access, user, group].filter((v) => v !== undefined);
  if (given.length !== 1 || given.some((v) => Number.isNaN(v)))
    throw paramError(`${field} is invalid: give one of user_id, group_id and access_level`);
  if (!(GROUP_INHERITANCE_TYPES as readonly number[]).includes(inheritance))
    throw paramError(`${field}[group_inheritance_type] does not have a valid value`);
  if (access !== undefined && !ROLES.includes(access))
    throw paramError(`${field}[access_level] does not have a valid value`);
  if (user !== undefined) {
    const found = req.store.users.get(user);
    if (!found || !canBeEnvironmentEntry(req.store, found, owner))
      throw modelRefusal(`${entryName(field)} user must have access to the project`);
  }
  if (group !== undefined) {
    const allowed =
      owner.kind === 'project'
        ? owner.project.shares.some((share) => share.group_id === group)
        : req.store.descendants(owner.group).some((sub) => sub.id === group);
    if (!allowed)
      throw modelRefusal(
        `${entryName(field)} group ${owner.kind === 'project' ? 'must be shared with the project' : 'must be a subgroup'}`,
      );
  }
  const required = asNumber(raw.required_approvals) ?? 1;
  if (approval && (Number.isNaN(required) || required < 1))
    throw paramError(`${field}[required_approvals] does not have a valid value`);
  return {
    access_level: access ?? null,
    user_id: user ?? null,
    group_id: group ?? null,
    group_inheritance_type: inheritance,
    ...(approval ? { required_approvals: required } : {}),
  };
}

const entriesGiven = (req: SandboxRequest, field: string): Record<string, unknown>[] => {
  const value = req.input[field];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' && value ? Object.values(value) : undefined;
  if (!list || list.some((item) => typeof item !== 'object' || item === null)) throw paramError(`${field} is invalid`);
  return list as Record<string, unknown>[];
};

/**
 * A protected environment keeps someone who may deploy: the model validates deploy_access_levels
 * to at least one (ee/app/models/protected_environment.rb, gitlabhq 1dd0d56f: `length: { minimum:
 * 1 }`), so a create with none, or an update that destroys the last, is the model's 422.
 */
const NO_DEPLOYERS = 'Deploy access levels is too short (minimum is 1 character)';

/**
 * A group's protected environment is named by a deployment tier: not a Grape `values:` (the
 * group's `requires :name, type: String` of ee/lib/api/protected_environments.rb, pavankalisetti009/
 * gitlab @05ac441b), though the doc's table names them (doc/api/group_protected_environments.md
 * @017a6c12), but the model's `validate :valid_tier_name, if: :group_level?`
 * (ee/app/models/protected_environment.rb, 0x73746F70626F74686572696E676D65/gitlab-fork 0db52cd8,
 * a copy of gitlab-org/gitlab), a 422 with the other full messages, after the one of deploy_access_levels.
 */
const NOT_A_TIER = `Name must be one of environment tiers: ${DEPLOYMENT_TIERS.join(', ')}.`;

/**
 * required_approval_count, an Integer to Grape, is refused above 0 before anything else is looked
 * at: `unprocessable_entity!` "Parameter 'required_approval_count' is deprecated ..." on POST and
 * PUT, a project's and a group's (ee/lib/api/protected_environments.rb @05ac441b; the group doc
 * still lists it for PUT). Below 0 it reaches the model, whose numericality is 0 to 5: 422.
 * A count is an approval rule's required_approvals now.
 */
function approvalCount(req: SandboxRequest): number | undefined {
  const count = asNumber(req.input.required_approval_count);
  if (count === undefined) return undefined;
  if (Number.isNaN(count)) throw paramError('required_approval_count is invalid');
  if (count > 0)
    throw unprocessable(
      "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662",
    );
  if (count < 0) throw modelRefusal('Required approval count must be greater than or equal to 0');
  return count;
}

/**
 * The model's refusal as ee/lib/api/protected_environments.rb answers it on create and update:
 * `render_api_error!(protected_environment.errors.full_messages, 422)`, the full messages as a
 * list (pavankalisetti009/gitlab's mirror of gitlab-org/gitlab @05ac441b; the doc names none),
 * a nested entry's attribute after its association's name ("Deploy access levels user ...").
 */
const modelRefusal = (...messages: string[]) => unprocessable(messages);

/** `deploy_access_levels[0]` -> "Deploy access levels", as Rails names a nested attribute. */
function entryName(field: string): string {
  const words = field.replace(/\[\d+\]$/, '').replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function findEnvironment(req: SandboxRequest, owner: OwnerRef): ProtectedEnvironment {
  const env = environmentsOf(req.store, owner)?.get(req.params.name ?? '');
  if (!env) throw apiError(404, '404 Not found');
  return env;
}

function routes(kind: Kind): Route[] {
  const base = `/${kind === 'project' ? 'projects' : 'groups'}/:id/protected_environments`;

  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, kind);
    // By name, as GitLab lists them (`protected_environments.sorted_by_name`: ee/lib/api/
    // protected_environments.rb @05ac441b), not in the order they were protected.
    const envs = [...(environmentsOf(req.store, owner)?.values() ?? [])].sort((a, b) => compareText(a.name, b.name));
    return paginateArray(req, envs, (env) => JSON.stringify(environmentJson(req.store, env)));
  };

  const view = (req: SandboxRequest) => json(environmentJson(req.store, findEnvironment(req, ownerOf(req, kind))));

  const create = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, kind);
    const name = requireStr(req.input, 'name');
    if (req.input.deploy_access_levels === undefined) throw paramError('deploy_access_levels is missing');
    approvalCount(req);
    // A name protected already is the API's own 409, before the entries are looked at.
    if (environmentsOf(req.store, owner)?.has(name))
      throw conflict(
        kind === 'project'
          ? `Environment '${name}' is already protected`
          : `Protected environment '${name}' already exists`,
      );
    const entries = (field: string, approval: boolean) =>
      entriesGiven(req, field).map((raw, i) => ({
        id: req.store.nextId('environment_access'),
        ...readEntry(req, owner, `${field}[${i}]`, raw, approval),
      }));
    const deploy = entries('deploy_access_levels', false);
    const approvals = entries('approval_rules', true);
    const refused = [
      ...(deploy.length === 0 ? [NO_DEPLOYERS] : []),
      ...(kind === 'group' && !(DEPLOYMENT_TIERS as readonly string[]).includes(name) ? [NOT_A_TIER] : []),
    ];
    if (refused.length > 0) throw modelRefusal(...refused);
    const key = ownerKey(owner);
    const envs = req.store.protectedEnvironments.get(key) ?? new Map<string, ProtectedEnvironment>();
    const env: ProtectedEnvironment = {
      owner: { kind, id: owner.id },
      name,
      deploy,
      approvals,
      required_approval_count: 0,
    };
    envs.set(name, env);
    req.store.protectedEnvironments.set(key, envs);
    return json(environmentJson(req.store, env), 201);
  };

  /** Every entry is checked before any is kept: a refused PUT changes nothing. */
  const update = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, kind);
    const env = findEnvironment(req, owner);
    const count = approvalCount(req);
    const change = (field: string, current: EnvironmentAccess[], approval: boolean): EnvironmentAccess[] => {
      let next = [...current];
      entriesGiven(req, field).forEach((raw, i) => {
        const id = asNumber(raw.id);
        const at = `${field}[${i}]`;
        if (id === undefined) {
          next.push({ id: req.store.nextId('environment_access'), ...readEntry(req, owner, at, raw, approval) });
          return;
        }
        const existing = next.find((entry) => entry.id === id);
        if (!existing) throw apiError(404, '404 Not found');
        if (raw._destroy === true || raw._destroy === 'true') {
          next = next.filter((entry) => entry.id !== id);
          return;
        }
        const merged = { ...raw };
        if (!('access_level' in raw || 'user_id' in raw || 'group_id' in raw)) {
          if (existing.access_level !== null) merged.access_level = existing.access_level;
          if (existing.user_id !== null) merged.user_id = existing.user_id;
          if (existing.group_id !== null) merged.group_id = existing.group_id;
        }
        // An attribute not given keeps its value, as nested attributes updated by id do.
        if (merged.group_inheritance_type === undefined)
          merged.group_inheritance_type = existing.group_inheritance_type;
        if (approval && merged.required_approvals === undefined)
          merged.required_approvals = existing.required_approvals;
        next = next.map((entry) => (entry.id === id ? { id, ...readEntry(req, owner, at, merged, approval) } : entry));
      });
      return next;
    };
    const deploy = change('deploy_access_levels', env.deploy, false);
    const approvals = change('approval_rules', env.approvals, true);
    if (deploy.length === 0) throw modelRefusal(NO_DEPLOYERS);
    Object.assign(env, { deploy, approvals, ...(count !== undefined ? { required_approval_count: count } : {}) });
    return json(environmentJson(req.store, env));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, kind);
    const env = findEnvironment(req, owner);
    environmentsOf(req.store, owner)?.delete(env.name);
    return noContent();
  };

  return [
    ['GET', base, list],
    ['GET', `${base}/:name`, view],
    ['POST', base, create],
    ['PUT', `${base}/:name`, update],
    ['DELETE', `${base}/:name`, remove],
  ];
}

export const protectedEnvironmentRoutes: readonly Route[] = [...routes('project'), ...routes('group')];
