import { array, boolean, enum as oneOf, int, literal, minLength, optional, record, string, strictObject, union, type ZodMiniType } from 'zod/mini';
import { ACCESS_LEVELS } from '../params/access.js';
import { GROUP_SETTINGS, LDAP_LINK_PARAMS } from '../params/groups.js';
import { type HookOwnerKind, hookParamsFor } from '../params/hooks.js';
import { PROJECT_SETTINGS } from '../params/projects.js';
import { PUSH_RULE_PARAMS } from '../params/push-rules.js';
import type { ParamSpec } from '../params/types.js';

/**
 * The schema of collab.yaml, built from the src/params/ tables (as src/config/schema.ts builds the
 * config file's from its table): every settable field of project and group create/update is a key
 * of `settings`, with the service's own name and the type and choices the table gives it. The
 * JSON Schema of `collab apply --schema` is made from these same objects.
 */

export type TargetKind = 'project' | 'group';

/** Project settings that the `mirror` section sets (the API reference's pull-mirroring table), not `settings`. */
export const MIRROR_KEYS = ['import_url', 'mirror', 'mirror_trigger_builds', 'only_mirror_protected_branches', 'mirror_overwrites_diverged_branches', 'mirror_user_id'] as const;

/** Settings with a section of their own (avatar), or that name where a thing is (namespace, parent): the file's structure says those. */
const NOT_SETTINGS = new Set<string>(['avatar', 'namespace_id', 'parent_id', ...MIRROR_KEYS]);

const projectSettingParams = PROJECT_SETTINGS.filter((param) => !NOT_SETTINGS.has(param.name));
const groupSettingParams = GROUP_SETTINGS.filter((param) => !NOT_SETTINGS.has(param.name));

/** Settings that only a create call takes: sent when `create: true` makes the target, never diffed. */
export const CREATE_ONLY_SETTINGS: Readonly<Record<TargetKind, ReadonlySet<string>>> = {
  project: new Set(PROJECT_SETTINGS.filter((p) => !p.columns.includes('update')).map((p) => p.name)),
  group: new Set(GROUP_SETTINGS.filter((p) => !p.columns.includes('update')).map((p) => p.name)),
};

const accessLevelSchema = union([oneOf(Object.keys(ACCESS_LEVELS) as [string, ...string[]]), ...Object.values(ACCESS_LEVELS).map((n) => literal(n))]);

/** One parameter of a table as a schema: its type, and its choices when the table lists them. */
export function paramSchema(param: ParamSpec): ZodMiniType {
  const choices = param.choices;
  switch (param.type) {
    case 'boolean':
      return boolean();
    case 'integer':
      return choices ? union(choices.map((c) => literal(c as number))) : int();
    case 'string-array':
      return array(string());
    case 'integer-array':
      return array(int());
    case 'hash':
      return strictObject(shape(param.keys ?? []));
    case 'access-level':
      return accessLevelSchema;
    case 'file':
      return string().check(minLength(1));
    default:
      return choices ? oneOf(choices.map(String) as [string, ...string[]]) : string();
  }
}

function shape(params: readonly ParamSpec[]): Record<string, ZodMiniType> {
  return Object.fromEntries(params.map((param) => [param.name, optional(paramSchema(param))]));
}

/** A list section: a list (additive), or `{ enforce: true, items: [...] }` (what the file does not list is removed). */
function listSection(item: ZodMiniType): ZodMiniType {
  return union([array(item), strictObject({ enforce: optional(boolean()), items: array(item) })]);
}

const hookSchema = (kind: HookOwnerKind) =>
  strictObject({ url: string().check(minLength(1)), token: optional(string()), ...shape(hookParamsFor(kind)) });

const shareSchema = strictObject({ group_id: union([string().check(minLength(1)), int()]), group_access: accessLevelSchema, expires_at: optional(string()) });

const ldapLinkSchema = strictObject(shape(LDAP_LINK_PARAMS.map((param) => (param.name === 'cn' || param.name === 'filter' ? param : { ...param, required: true }))));

const pushRuleSchema = strictObject(shape(PUSH_RULE_PARAMS));

/** A member by username (POST .../members takes one), with the service's access_level and expires_at. */
const memberSchema = strictObject({ username: string().check(minLength(1)), access_level: accessLevelSchema, expires_at: optional(string()) });

/** What a target (or a level that applies to targets) may say, by kind; `both` is `defaults`. */
function sections(kind: TargetKind | 'both'): Record<string, ZodMiniType> {
  const settings =
    kind === 'project' ? projectSettingParams : kind === 'group' ? groupSettingParams : [...projectSettingParams, ...groupSettingParams.filter((g) => !projectSettingParams.some((p) => p.name === g.name))];
  const common = {
    inherit: optional(boolean()),
    skip: optional(boolean()),
    create: optional(boolean()),
    settings: optional(strictObject(shape(settings))),
    push_rule: optional(pushRuleSchema),
    hooks: optional(listSection(hookSchema(kind === 'group' ? 'group' : 'project'))),
    shares: optional(listSection(shareSchema)),
    members: optional(listSection(memberSchema)),
    avatar: optional(string().check(minLength(1))),
  };
  const projectOnly = { archived: optional(boolean()), mirror: optional(strictObject(shape(PROJECT_SETTINGS.filter((p) => (MIRROR_KEYS as readonly string[]).includes(p.name))))) };
  const groupOnly = { ldap_links: optional(listSection(ldapLinkSchema)) };
  if (kind === 'project') return { ...common, ...projectOnly };
  if (kind === 'group') return { ...common, ...groupOnly };
  return { ...common, ...projectOnly, ...groupOnly };
}

const projectLevel = strictObject(sections('project'));
const groupLevel = strictObject({ ...sections('group'), projects: optional(projectLevel), subgroups: optional(strictObject(sections('group'))) });

export const DESIRED_SCHEMA = strictObject({
  version: literal(1),
  defaults: optional(strictObject(sections('both'))),
  groups: optional(recordOf(groupLevel)),
  projects: optional(recordOf(projectLevel)),
});

/** A map of paths (or globs) to levels. */
function recordOf(value: ZodMiniType): ZodMiniType {
  return record(string().check(minLength(1)), value);
}

/** The JSON Schema of the file, for editors (`collab apply --schema`). */
export async function jsonSchema(): Promise<unknown> {
  const { toJSONSchema } = await import('zod/mini');
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'collab.yaml (collab plan / collab apply)', ...(toJSONSchema(DESIRED_SCHEMA) as object) };
}
