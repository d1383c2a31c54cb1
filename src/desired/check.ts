import type { ZodMiniType } from 'zod/mini';
import { closest } from '../util/suggest.js';
import { globRoot, isGlob } from './targets.js';
import { DESIRED_SCHEMA } from './schema.js';
import { SECTIONS } from './sections/index.js';
import { RULED } from './sections/common.js';
import { ruleError } from '../params/rules.js';

/** A problem in the file: where (a path of keys and indexes) and what, in one line. */
export interface Issue {
  path: (string | number)[];
  message: string;
  /** The key itself is wrong (an unknown key): its position is the key's, not its value's. */
  atKey?: boolean;
  /** An unknown key's likely meaning (`user`: username), a key of the same map. */
  meant?: string;
  /** A key the map lacks: said once, by the unknown key meant for it where there is one. */
  missing?: boolean;
}

interface ZodIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  keys?: string[];
  values?: unknown[];
  errors?: ZodIssue[][];
  /** A discriminated union's values when none matched (`note: No matching discriminator`). */
  options?: unknown[];
  note?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

export interface CheckOptions {
  /** An unknown key's message lists every allowed key (else only the likely one, or where to find them). */
  verbose?: boolean;
  /** collab.yaml's directory, where the files it names are (an avatar): their problems are said too. */
  dir?: string;
  /**
   * The file as written (`data` is it resolved), templates and all: an item listed twice is named
   * as written, so that a name from a secret (a hook's URL) is said as its template.
   */
  kept?: unknown;
}

/** Every problem of the file's shape (the schema) and of what it means (globs, links, duplicates). */
export function checkShape(data: unknown, options: CheckOptions = {}): Issue[] {
  const result = DESIRED_SCHEMA.safeParse(data);
  const issues = result.success
    ? []
    : (result.error.issues as unknown as ZodIssue[]).flatMap((issue) => describe(issue, data, [], options));
  return [...withoutMeant(issues), ...meaning(data, options.dir, options.kept)];
}

/**
 * The issues less each missing key that an unknown key beside it was meant as (`user: dana` for
 * username): `did you mean username?` says both, where `username is missing` said half of it.
 */
function withoutMeant(issues: readonly Issue[]): Issue[] {
  const meant = new Set(
    issues.flatMap((issue) =>
      issue.meant === undefined ? [] : [JSON.stringify([...issue.path.slice(0, -1), issue.meant])],
    ),
  );
  return issues.filter((issue) => !(issue.missing && meant.has(JSON.stringify(issue.path))));
}

function describe(issue: ZodIssue, data: unknown, prefix: PropertyKey[], options: CheckOptions): Issue[] {
  const path = [...prefix, ...issue.path].map((p) => (typeof p === 'number' ? p : String(p)));
  const value = valueAt(data, path);
  const name = label(path);
  // A parameter with a rule says what is wrong in the rule's words, whatever the type found.
  const ruled = RULED.get(unwrap(schemaAt(path, data)) as ZodMiniType);
  const broken = ruled && value !== undefined && ruleError(ruled, value);
  if (broken) return [{ path, message: `${name}: ${broken}` }];
  // The one key every file starts with: said as the line to add.
  if (path.length === 1 && path[0] === 'version' && value === undefined)
    return [{ path, message: 'version is missing: add `version: 1` as the first line' }];
  switch (issue.code) {
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => {
        const meant = keyMeant(key, objectKeys(schemaAt(path, data)));
        return {
          path: [...path, key],
          atKey: true,
          message: unknownKey(key, path, data, options),
          ...(meant === undefined ? {} : { meant }),
        };
      });
    case 'invalid_union': {
      if (value === undefined)
        return [{ path, missing: true, message: `${name} is missing (expected ${expectedOf(schemaAt(path, data))})` }];
      // A discriminated union's key (an integration's `slug`) that names no branch: its values.
      if (issue.note === 'No matching discriminator' && issue.options) {
        // A value spelt two ways (`microsoft_teams`, `microsoft-teams`) is listed once, with underscores.
        const all = issue.options.map(String);
        const options = all.filter((option) => !(option.includes('-') && all.includes(option.replace(/-/g, '_'))));
        const guess = typeof value === 'string' ? closest(value, options) : undefined;
        return [
          {
            path,
            message: `${name}: expected one of ${options.join(', ')}, got ${shown(value)}${guess ? `; did you mean ${guess}?` : ''}`,
          },
        ];
      }
      // A list section given as a map of one item (`hooks: {url: x}`): said as what it must be.
      if (isObject(value) && !('items' in value) && !('enforce' in value) && isListSection(schemaAt(path, undefined)))
        return [{ path, message: `${name} must be a list (or {enforce, items})` }];
      // A list section is a list or { enforce, items }: report the branch the value was meant as.
      const branches = issue.errors ?? [];
      if (
        branches.length === 2 &&
        (branches[0] ?? []).length > 0 &&
        (branches[1] ?? []).length > 0 &&
        (Array.isArray(value) || isObject(value))
      ) {
        const branch = (Array.isArray(value) ? branches[0] : branches[1]) as ZodIssue[];
        if (!branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0))
          return branch.flatMap((inner) => describe(inner, data, path, options));
      }
      // A union of maps told apart by their keys (`{ role }`, `{ user }`, `{ group }`): the one
      // branch that knows every key given is the one meant, so its own problem is the message.
      if (isObject(value) && branches.length > 1) {
        const meant = branches.filter((branch) => !branch.some((inner) => inner.code === 'unrecognized_keys'));
        if (meant.length === 1 && (meant[0] ?? []).length > 0)
          return (meant[0] as ZodIssue[]).flatMap((inner) => describe(inner, data, path, options));
      }
      const schema = schemaAt(path, data);
      return [
        {
          path,
          message: `${name}: expected ${expectedOf(schema)}, got ${shown(value)}${guessOf(value, choicesOf(schema))}`,
        },
      ];
    }
    case 'invalid_value':
      if (value === undefined)
        return [
          {
            path,
            missing: true,
            message: `${name} is missing (expected one of ${(issue.values ?? []).map(String).join(', ')})`,
          },
        ];
      if (issue.values?.length === 1 && path.length === 1 && path[0] === 'version')
        return [{ path, message: `version: expected 1 (the only version of the format), got ${shown(value)}` }];
      return [
        {
          path,
          message: `${name}: expected one of ${(issue.values ?? []).map(String).join(', ')}, got ${shown(value)}${guessOf(value, (issue.values ?? []).map(String))}`,
        },
      ];
    case 'invalid_type':
      if (value === undefined)
        return [{ path, missing: true, message: `${name} is missing (expected ${expectedOf(schemaAt(path, data))})` }];
      return [{ path, message: `${name}: expected ${expectedOf(schemaAt(path, data))}, got ${shown(value)}` }];
    case 'too_small':
      // A number's floor is said as the floor; "empty" is only a list's or a string's.
      if (typeof value === 'number' && issue.minimum !== undefined)
        return [{ path, message: `${name}: must be at least ${issue.minimum}, got ${value}` }];
      return [{ path, message: `${name}: must not be empty` }];
    case 'too_big':
      // A number's ceiling is said as the ceiling (zod/mini's own words are "Invalid input").
      if (typeof value === 'number' && issue.maximum !== undefined)
        return [{ path, message: `${name}: must be at most ${issue.maximum}, got ${value}` }];
      return [{ path, message: `${name}: ${issue.message}` }];
    default:
      return [{ path, message: `${name}: ${issue.message}` }];
  }
}

/**
 * `unknown key merge_methd in …; did you mean merge_method?`: the likely key and no more; every
 * allowed key with --verbose. A key known one level down (a setting beside `settings:`, a hook's
 * `url` beside `hooks:`), one level up (`archived` under `settings:`) or a list section's own
 * (`enforce`, `items` anywhere but in `{enforce, items}`) says where it goes instead.
 */
function unknownKey(key: string, path: readonly (string | number)[], data: unknown, options: CheckOptions): string {
  const where = label(path);
  const schema = schemaAt(path, data);
  const allowed = objectKeys(schema);
  const head = `unknown key ${key}${where ? ` in ${where}` : ''}`;
  const home = homeOf(key, schema) ?? listHome(key, path, data);
  if (home) return `${head}; ${home}`;
  const under = path.at(-1);
  if (typeof under === 'string' && objectKeys(schemaAt(path.slice(0, -1), data)).includes(key))
    return `${head}; it belongs one level up: put it beside ${under}:`;
  const guess = keyMeant(key, allowed);
  if (options.verbose) return `${head}${guess ? `; did you mean ${guess}?` : ''} (allowed: ${allowed.join(', ')})`;
  return guess
    ? `${head}; did you mean ${guess}?`
    : `${head} (--verbose lists the allowed keys; \`collab apply --schema\` prints them all)`;
}

/**
 * The allowed key an unknown one likely means: the nearest by spelling (`merge_methd`), else the
 * one key it begins (`user` for username, `access` for access_level).
 */
function keyMeant(key: string, allowed: readonly string[]): string | undefined {
  const near = closest(key, allowed);
  if (near !== undefined) return near;
  const begun = allowed.filter((candidate) => candidate.toLowerCase().startsWith(key.toLowerCase()));
  return key.length >= 3 && begun.length === 1 ? begun[0] : undefined;
}

/** A list section's schema: a list, or a map of `enforce` and `items`. */
function isListSection(schema: ZodMiniType | undefined): boolean {
  const def = defOf(unwrap(schema));
  return (
    def?.type === 'union' &&
    (def.options ?? []).some((option) => defOf(option)?.type === 'array') &&
    (def.options ?? []).some((option) => 'items' in (defOf(option)?.shape ?? {}))
  );
}

/** Rules the schema cannot say: project keys are paths or globs, `create` only on a path, an LDAP link has exactly one of cn and filter, no item listed twice. */
function meaning(data: unknown, dir: string | undefined, kept: unknown): Issue[] {
  if (!isObject(data)) return [];
  const issues: Issue[] = [];
  const levels: Array<{ path: (string | number)[]; level: unknown; createAllowed: boolean }> = [];
  if (isObject(data.defaults)) levels.push({ path: ['defaults'], level: data.defaults, createAllowed: false });
  for (const [key, level] of Object.entries(isObject(data.groups) ? data.groups : {})) {
    if (isGlob(key) || !isPath(key))
      issues.push({
        path: ['groups', key],
        atKey: true,
        message: `groups: ${JSON.stringify(key)} is not a group's full path (groups are named by path; globs go under projects)`,
      });
    levels.push({ path: ['groups', key], level, createAllowed: true });
    if (isObject(level)) {
      if (isObject(level.projects))
        levels.push({ path: ['groups', key, 'projects'], level: level.projects, createAllowed: false });
      if (isObject(level.subgroups))
        levels.push({ path: ['groups', key, 'subgroups'], level: level.subgroups, createAllowed: false });
    }
  }
  for (const [key, level] of Object.entries(isObject(data.projects) ? data.projects : {})) {
    if (!isPath(key.replace(/\*\*?/g, 'x')) || !key.includes('/') || (isGlob(key) && !globRoot(key)))
      issues.push({
        path: ['projects', key],
        atKey: true,
        message: `projects: ${JSON.stringify(key)} is neither a project's full path (group/project) nor a glob (group/*, group/**)`,
      });
    levels.push({ path: ['projects', key], level, createAllowed: !isGlob(key) });
  }
  for (const { path, level, createAllowed } of levels) {
    if (!isObject(level)) continue;
    if (level.create === true && !createAllowed)
      issues.push({
        path: [...path, 'create'],
        message: `${label([...path, 'create'])}: create needs one target, named by its full path (not a glob, defaults, projects or subgroups)`,
      });
    for (const section of SECTIONS) {
      const value = level[section.name];
      const problem = section.itemProblem;
      if (problem) {
        listItems(value).forEach((item, index) => {
          const message = isObject(item) ? problem(item) : undefined;
          if (message)
            issues.push({
              path: [...path, section.name, ...itemPath(value, index)],
              message: `${label([...path, section.name])}: ${message}`,
            });
        });
      }
      const fileProblem = dir === undefined || value === undefined ? undefined : section.fileProblem?.(value, dir);
      if (fileProblem)
        issues.push({ path: [...path, section.name], message: `${label([...path, section.name])}: ${fileProblem}` });
      const keyOf = itemKeyOf(section);
      if (keyOf)
        duplicates(
          value,
          keyOf,
          section.identify ? (section.noun ?? 'item') : String(section.identity),
          [...path, section.name],
          issues,
          kept === undefined ? undefined : at(kept, [...path, section.name]),
        );
    }
  }
  return issues;
}

function duplicates(
  section: unknown,
  keyOf: (item: Record<string, unknown>) => unknown,
  what: string,
  path: (string | number)[],
  issues: Issue[],
  written?: unknown,
): void {
  const seen = new Set<unknown>();
  listItems(section).forEach((item, index) => {
    if (!isObject(item)) return;
    const key = keyOf(item);
    const keptItem = listItems(written)[index];
    const shown = isObject(keptItem) ? keyOf(keptItem) : key;
    if (seen.has(key))
      issues.push({
        path: [...path, ...itemPath(section, index)],
        message: `${label(path)}: ${what} ${String(shown)} is listed twice`,
      });
    seen.add(key);
  });
}

/** How a section tells its items apart, where it does: what "listed twice" compares. */
function itemKeyOf(section: (typeof SECTIONS)[number]): ((item: Record<string, unknown>) => unknown) | undefined {
  const { identity, identify } = section;
  return identify ?? (identity ? (item) => item[identity] : undefined);
}

/** The keys a section's list holds more than once (by itemKeyOf): what a file's check refuses. */
export function repeatedKeys(section: (typeof SECTIONS)[number], value: unknown): unknown[] {
  const keyOf = itemKeyOf(section);
  if (!keyOf) return [];
  const keys = listItems(value).flatMap((item) => (isObject(item) ? [keyOf(item)] : []));
  return [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
}

/** The part of `data` at `path` (undefined where there is none). */
function at(data: unknown, path: readonly (string | number)[]): unknown {
  let part = data;
  for (const step of path)
    part = isObject(part) || Array.isArray(part) ? (part as Record<string, unknown>)[step] : undefined;
  return part;
}

function listItems(section: unknown): unknown[] {
  if (Array.isArray(section)) return section;
  return isObject(section) && Array.isArray(section.items) ? section.items : [];
}

function itemPath(section: unknown, index: number): (string | number)[] {
  return Array.isArray(section) ? [index] : ['items', index];
}

const isPath = (key: string) => /^[A-Za-z0-9_.][A-Za-z0-9_.-]*(\/[A-Za-z0-9_.][A-Za-z0-9_.-]*)*$/.test(key);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `groups.acme.settings.merge_method`; a path key with dots or slashes in brackets. */
function label(path: readonly (string | number)[]): string {
  return path
    .map((p, i) =>
      typeof p === 'number' ? `[${p}]` : /[./*\s]/.test(p) ? `[${JSON.stringify(p)}]` : i === 0 ? p : `.${p}`,
    )
    .join('');
}

function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isObject(value)) return 'a map';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let at = data;
  for (const key of path)
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

// ---- reading the schema (zod/mini's definitions) for messages ----

interface Def {
  type: string;
  innerType?: ZodMiniType;
  shape?: Record<string, ZodMiniType>;
  valueType?: ZodMiniType;
  element?: ZodMiniType;
  options?: ZodMiniType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  discriminator?: string;
}

const defOf = (schema: ZodMiniType | undefined): Def | undefined =>
  (schema as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

function unwrap(schema: ZodMiniType | undefined): ZodMiniType | undefined {
  let at = schema;
  while (defOf(at)?.type === 'optional' || defOf(at)?.type === 'nullable') at = defOf(at)?.innerType;
  return at;
}

/** The schema of the value at `path` (a union's branch chosen by the value found there). */
function schemaAt(path: readonly (string | number)[], data: unknown): ZodMiniType | undefined {
  let schema: ZodMiniType | undefined = DESIRED_SCHEMA;
  for (let i = 0; i < path.length; i++) {
    schema = chooseBranch(unwrap(schema), valueAt(data, path.slice(0, i)));
    const def = defOf(schema);
    const key = path[i] as string | number;
    schema =
      def?.type === 'object'
        ? def.shape?.[String(key)]
        : def?.type === 'record'
          ? def.valueType
          : def?.type === 'array'
            ? def.element
            : undefined;
  }
  return chooseBranch(unwrap(schema), valueAt(data, path));
}

function chooseBranch(schema: ZodMiniType | undefined, value: unknown): ZodMiniType | undefined {
  const def = defOf(schema);
  if (def?.type !== 'union' || !def.options) return schema;
  // A discriminated union: the branch whose key takes the value's (an integration by its slug).
  const key = def.discriminator;
  if (key !== undefined && isObject(value)) {
    const accepts = (option: ZodMiniType) =>
      (option as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(value[key]).success;
    const branch = def.options.find((option) => {
      const tag = defOf(option)?.shape?.[key];
      return tag !== undefined && accepts(tag);
    });
    if (branch) return branch;
  }
  const wanted = Array.isArray(value) ? 'array' : isObject(value) ? 'object' : undefined;
  return def.options.find((option) => defOf(option)?.type === wanted) ?? schema;
}

/**
 * Where a key unknown in `schema` goes, when a child of it knows the key: `settings` first (a
 * project's description), else the sections whose items have it (a hook's url), else a level
 * below (a project's setting in a group: under projects.settings).
 */
function homeOf(key: string, schema: ZodMiniType | undefined): string | undefined {
  const shape = defOf(schema)?.shape ?? {};
  const homes = Object.keys(shape).filter((child) => fieldsOf(shape[child]).has(key));
  if (homes.includes('settings')) return 'it is a setting: put it under settings:';
  if (homes.length > 0)
    return `it is a field of ${homes.join(', ')}: put it under ${homes.length === 1 ? `${homes[0]}:` : 'one of them'}`;
  for (const [child, inner] of Object.entries(shape)) {
    const level = defOf(unwrap(inner))?.shape;
    if (level && fieldsOf(level.settings).has(key))
      return `it is a setting of ${child}: put it under ${child}.settings:`;
  }
  return undefined;
}

/** The keys a section's value may hold: an object's, a list's items' (an integration's, whatever its slug). */
function fieldsOf(schema: ZodMiniType | undefined): Set<string> {
  const def = defOf(unwrap(schema));
  if (def?.type === 'object') return new Set(Object.keys(def.shape ?? {}));
  if (def?.type === 'array') return fieldsOf(def.element);
  // A list section is a list or {enforce, items}: its items' keys, not `enforce` and `items`.
  if (def?.type === 'union')
    return new Set(
      (def.options ?? []).filter((option) => !isWrapper(option)).flatMap((option) => [...fieldsOf(option)]),
    );
  return new Set();
}

/** A list section's `{enforce, items}` form. */
const isWrapper = (schema: ZodMiniType): boolean => 'items' in (defOf(unwrap(schema))?.shape ?? {});

/**
 * Where a list section's own key (`enforce`, `items`) goes when it stands anywhere else: in an
 * item, beside the items of the list it is in; elsewhere, in the `{enforce, items}` form of the
 * list section it is for, named when the level writes one list section and no other.
 */
function listHome(key: string, path: readonly (string | number)[], data: unknown): string | undefined {
  if (!listKeys().has(key)) return undefined;
  const form = '{enforce: true, items: [...]}';
  // An item of a list (`hooks[0]`) or of its items (`hooks.items[0]`): the list's key, not the item's.
  if (typeof path.at(-1) === 'number') {
    if (path.at(-2) === 'items' && isListSection(schemaAt(path.slice(0, -2), undefined)))
      return "it is the list's, not an item's: put it beside items:";
    const list = path.slice(0, -1);
    if (isListSection(schemaAt(list, undefined)))
      return `it is the list's, not an item's: write ${String(list.at(-1))}: as ${form}`;
  }
  const level = valueAt(data, path);
  const shape = defOf(schemaAt(path, data))?.shape ?? {};
  const written = isObject(level)
    ? Object.keys(level).filter((child) => child in shape && isListSection(shape[child]))
    : [];
  return written.length === 1
    ? `it belongs in a list section: write ${written[0]}: as ${form}`
    : `it belongs in a list section: write the one it is for as ${form}`;
}

/** The keys of a list section's `{enforce, items}` form, read from the schema (a project's hooks). */
let wrapperKeys: ReadonlySet<string> | undefined;
function listKeys(): ReadonlySet<string> {
  if (wrapperKeys) return wrapperKeys;
  const shape = defOf(schemaAt(['projects', 'a/b'], undefined))?.shape ?? {};
  const list = Object.values(shape).find(isListSection);
  const wrapper = (defOf(unwrap(list))?.options ?? []).find(isWrapper);
  wrapperKeys = new Set(objectKeys(unwrap(wrapper)));
  return wrapperKeys;
}

function objectKeys(schema: ZodMiniType | undefined): string[] {
  return Object.keys(defOf(schema)?.shape ?? {});
}

/** `; did you mean x?` when a string given is near one of the values a field takes. */
function guessOf(value: unknown, choices: readonly string[] | undefined): string {
  const guess = typeof value === 'string' && choices ? closest(value, choices) : undefined;
  return guess ? `; did you mean ${guess}?` : '';
}

/** The values a field of names and numbers takes (an access level: `maintainer` or 40), when it takes no others. */
function choicesOf(schema: ZodMiniType | undefined): string[] | undefined {
  const def = defOf(unwrap(schema));
  switch (def?.type) {
    case 'enum':
      return Object.values(def.entries ?? {}).map(String);
    case 'literal':
      return (def.values ?? []).map(String);
    case 'union': {
      const each = (def.options ?? []).map(choicesOf);
      return each.every((values) => values !== undefined) ? each.flat() : undefined;
    }
    default:
      return undefined;
  }
}

/** What a schema takes, in words: `true or false`, `one of merge, rebase_merge, ff`, `a map`. */
function expectedOf(schema: ZodMiniType | undefined): string {
  const def = defOf(unwrap(schema));
  if (def?.type === 'union') {
    const choices = choicesOf(schema);
    if (choices) return `one of ${choices.join(', ')}`;
  }
  switch (def?.type) {
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'a string';
    case 'number':
      return 'an integer';
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'literal':
      return (def.values ?? []).map(String).join(' or ');
    case 'array':
      return 'a list';
    case 'object':
    case 'record':
      return 'a map';
    case 'union':
      return (def.options ?? []).map(expectedOf).join(' or ');
    default:
      return 'a value';
  }
}
