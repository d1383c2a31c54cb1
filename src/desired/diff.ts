import { type CollabError, isCollabError } from '../errors.js';
import type { Action, Address, Change, LiveTarget, RequestSpec } from './model.js';
import { equal, isItem } from './sections/common.js';
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
  // Live fields from the change's `after` as kept, as a saved plan's check takes them (its secrets as templates).
  const make = (
    section: string,
    key: string,
    action: Action,
    before: unknown,
    after: unknown,
    request: Unaddressed<RequestSpec>,
    destructive = false,
  ): void => {
    const address: Address = { kind: target.kind, path: target.path, section, key };
    const spec: RequestSpec = { ...request, kind: target.kind, ref, path: target.path };
    const keptAfter = keptIn(after, keptParts);
    changes.push({
      id: changeId(address),
      address,
      action,
      before,
      after: keptAfter,
      live: liveFields(address, live, keptAfter),
      destructive,
      request: keptIn(spec, keptParts) as RequestSpec,
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
        make(section.name, key, action, before, after, request, destructive),
    });
  }
}

/** Walks the file's value and the same as kept side by side (one shape: load.ts), pairing each map and list. */
function bindKept(value: unknown, kept: unknown, parts: Map<object, object>): void {
  if (value === null || typeof value !== 'object' || kept === null || typeof kept !== 'object') return;
  parts.set(value, kept);
  for (const [key, part] of Object.entries(value)) bindKept(part, (kept as Record<string, unknown>)[key], parts);
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

/** The live fields a change at `address` depends on: the same function before planning and before applying a saved plan. */
export function liveFields(address: Address, live: LiveTarget, after: unknown): Record<string, unknown> {
  if (address.section === 'create') return { exists: live.resource !== null };
  return sectionNamed(address.section)?.liveFields(address.key, live, after) ?? {};
}

/**
 * Whether the live state is what the change makes (a saved plan applied to this target before):
 * asked of its section, false where the section cannot tell or for a target's creation, whose
 * settings the create call carried unseen. An update makes only the fields it sets: an item
 * whose other fields moved since the plan (a hook's other events, another key under a deploy
 * key's title) was moved elsewhere by another client, not by the change.
 */
export function reachedBy(change: Change, live: LiveTarget): boolean {
  if (change.address.section === 'create') return false;
  const section = sectionNamed(change.address.section);
  const { key } = change.address;
  if (section?.reached?.(key, change.after, live) !== true) return false;
  const moving = change.action === 'update' ? section.updates?.(key, change.after) : undefined;
  if (moving === undefined) return true;
  const now = section.liveFields(key, live, change.after);
  // Each field the plan read, but those the update moves; one read now that the plan did not read
  // (a schedule's variables) is none the change was computed from.
  return Object.entries(change.live).every(([name, item]) => {
    const held = now[name];
    if (!isItem(item) || !isItem(held)) return equal(item, held);
    return Object.entries(item).every(([field, value]) => moving.includes(field) || equal(value, held[field]));
  });
}

export { equal };
