import type { RequestSpec } from './sections/index.js';
import type { TargetKind } from './schema.js';

/**
 * A plan is a value (terraform's Plan): the changes, each with its address, action, before and
 * after, the live fields it was computed from, and the request that makes it. `apply` interprets
 * the changes alone, never the YAML; the human diff and the JSON lines are drawn from it.
 */

export type Action = 'create' | 'update' | 'delete';

export interface Address {
  kind: TargetKind;
  path: string;
  /** `create` (the target made), or a section's name (sections/index.ts). */
  section: string;
  /** The setting's name, a hook's URL, a share's group, an LDAP link's provider/cn; '' for a target's creation. */
  key: string;
}

/**
 * What a change sends, as data (a saved plan carries it): the operation, the target, and what that
 * operation needs (a discriminated union on `op`, each section's operations from its module).
 * Secret values are in it as their template (`${env:HOOK_TOKEN}`), resolved only when sent.
 * Changes with the same `batch` go out as one request, their bodies merged (a target's settings: one PUT).
 */
export type { RequestSpec } from './sections/index.js';

export interface Change {
  /** `project:acme/web/app settings merge_method`: unique in a plan; the journal names changes by it. */
  id: string;
  address: Address;
  action: Action;
  before: unknown;
  after: unknown;
  /** The live fields it was computed from: a saved plan's change is refused as stale when they moved. */
  live: Record<string, unknown>;
  /** Removes something or archives: asked for (or --yes) before applying. */
  destructive: boolean;
  request: RequestSpec;
  /** What is sent, as people read it: `PUT /projects/42`. */
  sends: string;
}

/** A secret the plan's changes send that was not set when it was made: the problem, and the changes that send it. */
export interface Unset {
  /** `environment variable NAME is not set (named by ${env:NAME})`. */
  problem: string;
  /** The IDs of the changes whose requests send it. */
  changes: string[];
}

export interface Plan {
  format: 'collab-plan';
  /** 2: each secret's template is the one its own field was written with (1 found it again by its value). */
  version: 2;
  host: string;
  file: { path: string; digest: string };
  /** Requests made to read the live state. */
  reads: number;
  /** Targets the plan looked at (after any [targets…] and --shard). */
  targets: number;
  changes: Change[];
  /** Paths the file names that do not exist and have no `create: true`. */
  missing: string[];
  /**
   * Secrets the service never shows (a hook's token), unset when planned: each with the changes
   * that send it, which apply refuses until it is set. Absent: none.
   */
  unset?: Unset[];
}

/**
 * What the service has for one target, as read for the plan (or again before applying a saved
 * plan). A section that reads more than the resource adds its field here (`declare module`), read
 * only when the file sets the section: undefined means not read.
 */
export interface LiveTarget {
  kind: TargetKind;
  path: string;
  /** The project or group as the service shows it; null when it does not exist. */
  resource: Record<string, unknown> | null;
}

export const targetKey = (kind: TargetKind, path: string) => `${kind}:${path}`;

/** One target's changes, in plan order. */
export interface TargetChanges {
  kind: TargetKind;
  path: string;
  changes: Change[];
}

/** A plan's changes grouped by target, targets in the order their first change comes. */
export function byTarget(changes: readonly Change[]): TargetChanges[] {
  const targets = new Map<string, TargetChanges>();
  for (const change of changes) {
    const key = targetKey(change.address.kind, change.address.path);
    let target = targets.get(key);
    if (!target) targets.set(key, (target = { kind: change.address.kind, path: change.address.path, changes: [] }));
    target.changes.push(change);
  }
  return [...targets.values()];
}

/**
 * The first ID two changes of a plan share, if any: the journal and --resume name a change by its
 * ID, so a plan holding one twice could take one change for the other.
 */
export function repeatedId(changes: readonly Pick<Change, 'id'>[]): string | undefined {
  const seen = new Set<string>();
  for (const { id } of changes) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
