import {
  array,
  boolean,
  enum as oneOf,
  int,
  literal,
  minLength,
  optional,
  string,
  strictObject,
  superRefine,
  union,
  type ZodMiniType,
} from 'zod/mini';
import { ACCESS_LEVELS, accessLevelName, MINIMAL_ACCESS_NAMES } from '../../params/access.js';
import { resourceRef } from '../../params/parsers.js';
import { GROUP_ACCESS_LEVEL_RULE, roleNumber, ruleError, ruleOf } from '../../params/rules.js';
import type { ParamSpec } from '../../params/types.js';
import type { LiveTarget } from '../model.js';
import type { Item } from './section.js';

/** What the sections share: schema parts built from the src/params/ tables, list sections, comparing values. */

/** A role by the names and numbers its rule takes (rules.ts `roles`): an LDAP link's takes minimal access too. */
function roleSchema(roles: Readonly<Record<string, number>>): ZodMiniType {
  return union([
    oneOf(Object.keys(roles) as [string, ...string[]]),
    ...[...new Set(Object.values(roles))].map((n) => literal(n)),
  ]);
}

/**
 * The schemas that carry a parameter's rule (src/params/rules.ts), for check.ts: a value of the
 * wrong type there is told in the rule's words too (`priority: -1` and `priority: 1.5` alike).
 */
export const RULED = new WeakMap<ZodMiniType, ParamSpec>();

/** A role, by name or number, held to the access level's rule. */
export const accessLevelSchema = paramSchema({ name: 'access_level', type: 'access-level', description: 'a role' });
/** A group member's role: minimal access (5) too, a role of groups only (GROUP_ACCESS_LEVEL_RULE). */
export const groupAccessLevelSchema = paramSchema({
  name: 'access_level',
  type: 'access-level',
  description: 'a role, minimal access too',
  rule: GROUP_ACCESS_LEVEL_RULE,
});

/** A project's or group's full path, held to the parser of --target-project and --target-group (resourceRef). */
export function refSchema(kind: 'project' | 'group'): ZodMiniType {
  const parse = resourceRef(kind);
  return string().check(
    superRefine((value, ctx) => {
      try {
        parse(value, 'path');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message, input: value });
      }
    }),
  );
}

/** A day (a membership's or a share's expiry), held to the date rule the flags use. */
export const dateSchema = paramSchema({ name: 'expires_at', type: 'date', description: 'a day, YYYY-MM-DD' });

/** One parameter of a table as a schema: its type, its choices when the table lists them, and its rule. */
export function paramSchema(param: ParamSpec): ZodMiniType {
  const schema = typeSchema(param);
  if (!ruleOf(param)) return schema;
  const ruled = schema.check(
    superRefine((value, ctx) => {
      const message = ruleError(param, value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );
  RULED.set(ruled, param);
  return ruled;
}

function typeSchema(param: ParamSpec): ZodMiniType {
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
      return roleSchema(ruleOf(param)?.roles ?? ACCESS_LEVELS);
    case 'file':
      return string().check(minLength(1));
    default:
      return choices ? oneOf(choices.map(String) as [string, ...string[]]) : string();
  }
}

/** The parameters of a table as the keys of a map, each optional. */
export function shape(params: readonly ParamSpec[]): Record<string, ZodMiniType> {
  return Object.fromEntries(params.map((param) => [param.name, optional(paramSchema(param))]));
}

/** A list section: a list (additive), or `{ enforce: true, items: [...] }` (what the file does not list is removed). */
export function listSchema(item: ZodMiniType): ZodMiniType {
  return union([array(item), strictObject({ enforce: optional(boolean()), items: array(item) })]);
}

interface ListValue {
  items: Item[];
  enforce: boolean;
}

/** What an enforced list removes: each live item no item of the file is `same` as (nothing when the list is not enforced). */
export function unlisted<T>(wanted: ListValue, found: readonly T[], same: (item: Item, live: T) => boolean): T[] {
  return wanted.enforce ? found.filter((live) => !wanted.items.some((item) => same(item, live))) : [];
}

/** A list section's value, either way it is written. */
export function listOf(value: unknown): ListValue {
  if (Array.isArray(value)) return { items: value.filter(isItem), enforce: false };
  const map = isItem(value) ? value : {};
  return { items: Array.isArray(map.items) ? map.items.filter(isItem) : [], enforce: map.enforce === true };
}

/** An access level as the file gives it (a name or a number, its schema's) -> the service's number. */
export const accessLevel = (value: unknown): number =>
  typeof value === 'number' ? value : (roleNumber({ ...MINIMAL_ACCESS_NAMES, ...ACCESS_LEVELS }, value) as number);

/** An access level as a person writes it: its name (`developer`), or the number when it has none. */
export function accessLevelWord(value: unknown): string | number {
  if (typeof value !== 'number') return String(value);
  const name = accessLevelName(value);
  return name === String(value) ? value : name;
}

/** The fields of an item that differ from what a new one has (`defaults`; false or null where they say nothing), in the order of the table. */
export function differingFields(item: Item, params: readonly ParamSpec[], defaults: Readonly<Item>): Item {
  const unsaid = (param: ParamSpec) =>
    param.name in defaults ? defaults[param.name] : param.type === 'boolean' ? false : null;
  return Object.fromEntries(
    params
      .filter(
        (param) =>
          item[param.name] !== undefined && item[param.name] !== null && !equal(item[param.name], unsaid(param)),
      )
      .map((param) => [param.name, item[param.name]]),
  );
}

/** What a plan shows for a value that is a secret: one the file gives as a template, or a masked live one. */
export const MASKED = '[masked]';

export const isItem = (value: unknown): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Whether a parameter's live value is the one wanted: as sets where its table says the order means nothing (ParamSpec.unordered). */
export function sameParamValue(param: ParamSpec | undefined, live: unknown, wanted: unknown): boolean {
  if (param?.unordered && Array.isArray(live) && Array.isArray(wanted)) {
    const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();
    return equal(sorted(live), sorted(wanted));
  }
  return equal(live, wanted);
}

/**
 * A secret's template in collab.yaml, `${env:NAME}` or `${file:path}` (the source, then the name):
 * the one pattern the loader resolves, a saved plan's check looks for and `reached` refuses.
 */
export const TEMPLATE = /\$\{(env|file):([^}]*)\}/g;

/**
 * Whether a value as the plan keeps it holds a template: the plan has only the template, not what
 * it resolves to, so a live value cannot be told to be it.
 */
export const templated = (value: unknown): boolean => JSON.stringify(value ?? null).search(TEMPLATE) !== -1;

/**
 * A list section's `reached` (Section.reached): a deletion (`after` null) is made when the item is
 * gone; a creation or an update when the item is there and `holds` each field `after` sets, by the
 * comparison the section's diff uses. A field kept as a template, or one `holds` cannot read back,
 * cannot be told, and the change stays stale. `named` are the fields that name the item (its key).
 */
export function listReached<T>(
  found: T | undefined,
  after: unknown,
  holds: (live: T, field: string, wanted: unknown) => boolean,
  named: readonly string[] = [],
): boolean {
  if (after === null) return found === undefined;
  if (found === undefined || !isItem(after)) return false;
  return Object.entries(after).every(
    ([field, wanted]) => named.includes(field) || (!templated(wanted) && holds(found, field, wanted)),
  );
}

/** A body whose `${env:…}`/`${file:…}` templates (a plan keeps secrets so) are resolved now, when it is sent. */
/** One text as sent: resolved where it holds a template (a name the file gives as a secret), else as it is. */
export const withSecret = (text: string, secret: (text: string) => string): string =>
  text.includes('${') ? secret(text) : text;

export function withSecrets(body: Item, secret: (text: string) => string): Item {
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') return value.includes('${') ? secret(value) : value;
    if (Array.isArray(value)) return value.map(resolve);
    if (isItem(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, resolve(v)]));
}

/**
 * A target's path as the service spells it (the file may write `Acme/Web`: GitLab finds a path
 * whatever its case, and answers its own); the file's for one not made yet. Compare two in lower case.
 */
export function servicePath(live: LiveTarget): string {
  const own = live.resource?.path_with_namespace ?? live.resource?.full_path;
  return typeof own === 'string' ? own : live.path;
}

/**
 * The keys of a list's items, each its own: an item whose key an earlier one has (GitLab lets two
 * hooks share a URL, two schedules a description) is `<key> (ID <id>)`, so that no two changes of
 * a plan share an ID, which the journal names them by. `itemAt` finds the item a key names.
 */
export function keysApart<T extends { id: number }>(keyOf: (item: T) => string): (item: T) => string {
  const seen = new Set<string>();
  return (item) => {
    const key = keyOf(item);
    if (!seen.has(key)) {
      seen.add(key);
      return key;
    }
    return `${key} (ID ${item.id})`;
  };
}

/** The item a key of `keysApart` names: `<key> (ID <id>)` that item, else the first of the key. */
export function itemAt<T extends { id: number }>(
  key: string,
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
): T | undefined {
  const apart = /^(.*) \(ID (\d+)\)$/s.exec(key);
  const byId = apart && items?.find((item) => item.id === Number(apart[2]) && keyOf(item) === apart[1]);
  return byId || items?.find((item) => keyOf(item) === key);
}
