import { type CollabError, isCollabError } from '../errors.js';
import type { Action, Address, Change, LiveTarget, RequestSpec } from './model.js';
import { equal, isItem, TEMPLATE } from './sections/common.js';
import { PLAN_ORDER, sectionNamed } from './sections/index.js';
import type { Unaddressed } from './sections/section.js';
import type { DesiredTarget } from './targets.js';

/**
 * One target's changes: what the file wants against what the service has. Pure: the target's
 * creation first, then each section the file sets, in plan order (sections/index.ts: attributes
 * first, archiving last, so that an archived project is changed before it becomes read-only), each
 * comparing only what the file sets.
 */

export interface DiffOptions {
  /** Send write-only secrets (hook tokens) again to hooks that exist. */
  rotateSecrets: boolean;
  /** The run's day, YYYY-MM-DD in UTC (GitLab's Date.current): an expiry before it has passed. */
  today: string;
  /** What a section leaves out of the plan and why, for a target: said on stderr (never in the plan's data). */
  warn(message: string, target: { kind: string; path: string }): void;
  /**
   * Takes what a section refuses of the file (its usage or not-found error), so that the target's
   * other sections are diffed too and every problem is said; without it, the first ends the diff.
   */
  refuse?(error: CollabError): void;
}

export function diffTarget(target: DesiredTarget, live: LiveTarget, options: DiffOptions): Change[] {
  const changes: Change[] = [];
  const ref = typeof live.resource?.id === 'number' ? live.resource.id : target.path;
  // Each map and list of the file's value -> the same as the plan keeps it: a template is bound to its field.
  const keptParts = new Map<object, object>();
  const kept = <T extends object>(part: T): T => (keptParts.get(part) as T | undefined) ?? part;
  // The section in hand's templates: each as written -> what it resolved to, and each item's name as resolved -> as written.
  let resolvedOf = new Map<string, string>();
  let namesOf = new Map<string, string>();
  let namingOf: (key: string) => ReadonlyMap<string, string> = () => new Map();
  // A section's change takes its live fields from the section in hand, given its `after` as kept (its
  // secrets as templates, as a saved plan's check gives it); the target's creation from liveFields.
  const make = (
    section: string,
    key: string,
    action: Action,
    before: unknown,
    after: unknown,
    request: Unaddressed<RequestSpec>,
    destructive = false,
    fields?: Record<string, unknown>,
  ): void => {
    // An item named by a secret is keyed by its template: the key is shown, journaled and saved.
    const shownKey = namesOf.get(key) ?? writtenKey(key, namingOf(key));
    const address: Address = { kind: target.kind, path: target.path, section, key: shownKey };
    const spec: RequestSpec = { ...request, kind: target.kind, ref, path: target.path };
    const keptAfter = keptIn(after, keptParts);
    const keptSpec = keptIn(spec, keptParts) as RequestSpec;
    const secrets = secretsOf([shownKey, keptAfter, keptSpec], (template) => resolvedOf.get(template));
    changes.push({
      id: changeId(address),
      address,
      action,
      before: masked(before, secrets),
      after: keptAfter,
      live: masked(fields ?? liveFields(address, live, keptAfter), secrets) as Record<string, unknown>,
      destructive,
      request: keptSpec,
      sends: '',
    });
  };
  const creating = live.resource === null;
  if (creating) {
    if (!target.create) return [];
    // A target made by the plan gets its attributes (settings, mirror) in the create call.
    const body: Record<string, unknown> = {};
    const sections = target.kept ?? target.sections;
    for (const section of PLAN_ORDER)
      if (section.createBody && sections[section.name] !== undefined)
        Object.assign(body, section.createBody(sections[section.name]));
    make('create', '', 'create', null, body, { op: 'create', body });
  }
  for (const section of PLAN_ORDER) {
    const value = target.sections[section.name];
    if (value === undefined) continue;
    bindKept(value, target.kept?.[section.name], keptParts);
    resolvedOf = new Map();
    resolveTemplates(value, target.kept?.[section.name], resolvedOf);
    namesOf = namesIn(section, value, kept);
    namingOf = namingTemplates(section, value, kept, resolvedOf);
    try {
      diffSection(section, value);
    } catch (error) {
      if (!options.refuse || !isCollabError(error) || (error.kind !== 'usage' && error.kind !== 'not-found'))
        throw error;
      options.refuse(error);
    }
  }
  return changes;

  function diffSection(section: (typeof PLAN_ORDER)[number], value: unknown): void {
    section.diff({
      target,
      value,
      live,
      creating,
      rotateSecrets: options.rotateSecrets,
      today: options.today,
      warn: (message) => options.warn(message, target),
      kept,
      emit: (key, action, before, after, request, destructive) =>
        make(
          section.name,
          key,
          action,
          before,
          after,
          request,
          destructive,
          section.liveFields(key, live, keptIn(after, keptParts)),
        ),
    });
  }
}

/** Walks the file's value and the same as kept side by side (one shape: load.ts), pairing each map and list. */
function bindKept(value: unknown, kept: unknown, parts: Map<object, object>): void {
  if (value === null || typeof value !== 'object' || kept === null || typeof kept !== 'object') return;
  parts.set(value, kept);
  for (const [key, part] of Object.entries(value)) bindKept(part, (kept as Record<string, unknown>)[key], parts);
}

/** Each template of the value as kept (`${env:…}` in a field) -> the text it stands for in the file's value. */
function resolveTemplates(value: unknown, kept: unknown, into: Map<string, string>): void {
  if (typeof value === 'string' && typeof kept === 'string' && value !== kept) {
    const parts = kept.split(TEMPLATE);
    // split() gives the text between templates with each template's two groups: [text, source, name, text, …].
    const templates: string[] = [];
    let pattern = '';
    for (let i = 0; i < parts.length; i += 3) {
      pattern += (parts[i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (i + 2 < parts.length) {
        templates.push(`\${${parts[i + 1]}:${parts[i + 2]}}`);
        pattern += '([\\s\\S]*?)';
      }
    }
    const found = new RegExp(`^${pattern}$`).exec(value);
    templates.forEach((template, i) => {
      const text = found?.[i + 1];
      if (text !== undefined && !into.has(template)) into.set(template, text);
    });
    return;
  }
  if (value === null || typeof value !== 'object' || kept === null || typeof kept !== 'object') return;
  for (const [key, part] of Object.entries(value)) resolveTemplates(part, (kept as Record<string, unknown>)[key], into);
}

/**
 * Each item of a list section whose name (its identity field) holds a template: the name as
 * resolved -> as written. Only the field itself: `identify` may fold its case, a template's name
 * too (members, shares); a key it makes is written by `writtenKey`.
 */
function namesIn(
  section: (typeof PLAN_ORDER)[number],
  value: unknown,
  kept: <T extends object>(part: T) => T,
): Map<string, string> {
  const names = new Map<string, string>();
  const { identity } = section;
  if (!identity || !Array.isArray(value)) return names;
  for (const item of value) {
    if (!isItem(item)) continue;
    const resolved = String(item[identity]);
    const written = String(kept(item)[identity]);
    if (resolved !== written) names.set(resolved, written);
  }
  return names;
}

/**
 * The templates a key that is no identity field's value may hold (one `identify` makes: a variable's
 * key and scope): the named item's own, where its name as written differs from its name resolved;
 * none where it does not (a plain URL keeps its text, whatever a token's). A section with neither
 * identity nor identify (an LDAP link's provider and filter) may hold any of its value's.
 */
function namingTemplates(
  section: (typeof PLAN_ORDER)[number],
  value: unknown,
  kept: <T extends object>(part: T) => T,
  all: ReadonlyMap<string, string>,
): (key: string) => ReadonlyMap<string, string> {
  const { identify, identity } = section;
  if (!identify) return () => (identity ? new Map() : all);
  const items = Array.isArray(value) ? value.filter(isItem) : [];
  return (key) => {
    const item = items.find((each) => [key, key.toLowerCase()].includes(identify(each)));
    if (!item || identify(item) === identify(kept(item))) return new Map();
    const own = new Map<string, string>();
    resolveTemplates(item, kept(item), own);
    return own;
  };
}

/**
 * A key that is no item's name as such (one made of a few fields: an LDAP link's provider and
 * filter) with each secret's text in it written as its template, the longest first.
 */
function writtenKey(key: string, resolvedOf: ReadonlyMap<string, string>): string {
  let written = key;
  for (const [template, text] of [...resolvedOf].sort(([, a], [, b]) => b.length - a.length))
    if (text !== '' && written.includes(text)) written = written.split(text).join(template);
  return written;
}

/**
 * The secrets a change names (in its key, what it makes, its request), as [what each resolves to,
 * its template], the longest first: `resolve` gives the text (the plan's from the file; a saved
 * plan's check resolves them again), and the plan's live fields and before are masked with them.
 */
function secretsOf(parts: unknown[], resolve: (template: string) => string | undefined): Array<[string, string]> {
  const pairs = new Map<string, string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const [template] of value.matchAll(TEMPLATE)) {
        const text = resolve(template);
        if (text) pairs.set(template, text);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  parts.forEach(visit);
  return [...pairs]
    .map(([template, text]): [string, string] => [text, template])
    .sort(([a], [b]) => b.length - a.length);
}

/**
 * A change's live fields (or before) with the secrets its key names written as their templates:
 * the saved plan holds them, and a saved plan's check masks what it reads the same way to compare.
 */
function masked(value: unknown, secrets: ReadonlyArray<[string, string]>): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === 'string')
    return secrets.reduce((text, [secret, template]) => text.split(secret).join(template), value);
  if (Array.isArray(value)) return value.map((v) => masked(v, secrets));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, secrets)]));
}

/**
 * A change's value as the plan keeps it: each part of the file's value in it (a hook the file
 * lists, a hash of settings) as kept, with its secrets' templates; what a section made stays.
 */
function keptIn(value: unknown, parts: ReadonlyMap<object, object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const kept = parts.get(value);
  if (kept) return kept;
  if (Array.isArray(value)) return value.map((v) => keptIn(v, parts));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keptIn(v, parts)]));
}

function changeId(address: Address): string {
  return `${address.kind}:${address.path} ${address.section}${address.key ? ` ${address.key}` : ''}`;
}

/** Resolves a template where the check runs: the environment and files now (a saved plan's check). */
export type ResolveTemplate = (template: string) => string | undefined;

/**
 * A change's key as the service names the item: each template in it resolved, as the plan matched
 * the live item by what the file's secret stands for (a hook's URL); a key without one as it is.
 */
function resolvedKey(key: string, resolve: ResolveTemplate): string {
  return key.replace(TEMPLATE, (template) => resolve(template) ?? template);
}

/**
 * The live fields a change at `address` depends on: the same function before planning and before
 * applying a saved plan, which gives `resolve` for a key that holds a secret's template (its item
 * found by the resolved name, and what is read masked as the plan saved it).
 */
export function liveFields(
  address: Address,
  live: LiveTarget,
  after: unknown,
  saved?: { change: Change; resolve: ResolveTemplate },
): Record<string, unknown> {
  if (address.section === 'create') return { exists: live.resource !== null };
  const fields = (key: string) => sectionNamed(address.section)?.liveFields(key, live, after) ?? {};
  if (!saved) return fields(address.key);
  const { change, resolve } = saved;
  const secrets = secretsOf([address.key, change.after, change.request], resolve);
  return masked(fields(resolvedKey(address.key, resolve)), secrets) as Record<string, unknown>;
}

/**
 * Whether the live state is what the change makes (a saved plan applied to this target before):
 * asked of its section, false where the section cannot tell or for a target's creation, whose
 * settings the create call carried unseen. An update makes only the fields it sets: an item
 * whose other fields moved since the plan (a hook's other events, another key under a deploy
 * key's title) was moved elsewhere by another client, not by the change.
 */
export function reachedBy(change: Change, live: LiveTarget, resolve: ResolveTemplate = () => undefined): boolean {
  if (change.address.section === 'create') return false;
  const section = sectionNamed(change.address.section);
  const key = resolvedKey(change.address.key, resolve);
  if (section?.reached?.(key, change.after, live) !== true) return false;
  const moving = change.action === 'update' ? section.updates?.(key, change.after) : undefined;
  if (moving === undefined) return true;
  const now = liveFields(change.address, live, change.after, { change, resolve });
  // Each field the plan read, but those the update moves; one read now that the plan did not read
  // (a schedule's variables) is none the change was computed from.
  return Object.entries(change.live).every(([name, item]) => {
    const held = now[name];
    if (!isItem(item) || !isItem(held)) return equal(item, held);
    return Object.entries(item).every(([field, value]) => moving.includes(field) || equal(value, held[field]));
  });
}

export { equal };
