import type { Hook } from '../api/hooks.js';
import type { LdapLink } from '../api/groups.js';
import type { MemberRecord } from '../api/members.js';
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
  /** create, settings, mirror, push_rule, hooks, shares, ldap_links, archived, avatar. */
  section: string;
  /** The setting's name, a hook's URL, a share's group, an LDAP link's provider/cn; '' for a target's creation. */
  key: string;
}

/** The operations a change is made by; each maps to the src/api/ descriptor builders (requests.ts). */
export type Operation =
  | 'update'
  | 'create'
  | 'push-rule-create'
  | 'push-rule-update'
  | 'hook-create'
  | 'hook-update'
  | 'hook-delete'
  | 'share-create'
  | 'share-replace'
  | 'share-delete'
  | 'ldap-create'
  | 'ldap-replace'
  | 'ldap-delete'
  | 'member-add'
  | 'member-update'
  | 'member-remove'
  | 'archive'
  | 'unarchive'
  | 'avatar';

/**
 * What a change sends, as data (a saved plan carries it): the operation, the target, and the body.
 * Secret values are in it as their template (`${env:HOOK_TOKEN}`), resolved only when sent.
 */
export interface RequestSpec {
  op: Operation;
  kind: TargetKind;
  /** The target: its ID when it exists, else its full path. */
  ref: string | number;
  path: string;
  body?: Record<string, unknown>;
  /** A hook's ID (update, delete). */
  hookId?: number;
  /** A share's group: its ID (delete), or its path or ID as the file gave it (create). */
  group?: string | number;
  /** A member's user ID (update, remove) or username (add). */
  member?: string | number;
  /** The LDAP link as it is (delete, replace). */
  link?: LdapLink;
  /** Changes with the same batch go out as one request, their bodies merged (settings of one target: one PUT). */
  batch?: string;
}

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

export interface Plan {
  format: 'collab-plan';
  version: 1;
  host: string;
  file: { path: string; digest: string };
  /** Requests made to read the live state. */
  reads: number;
  /** Targets the plan looked at (after any [targets…] and --shard). */
  targets: number;
  changes: Change[];
  /** Paths the file names that do not exist and have no `create: true`. */
  missing: string[];
}

/** What the service has for one target, as read for the plan (or again before applying a saved plan). */
export interface LiveTarget {
  kind: TargetKind;
  path: string;
  /** The project or group as the service shows it; null when it does not exist. */
  resource: Record<string, unknown> | null;
  /** Read only when the file sets the section: undefined means not read. null: there is none. */
  pushRule?: Record<string, unknown> | null;
  hooks?: Hook[];
  ldapLinks?: LdapLink[];
  /** Direct members. */
  members?: MemberRecord[];
  /** The caller's username, read when a members section enforces (the caller is never removed). */
  caller?: string;
}

export const targetKey = (kind: TargetKind, path: string) => `${kind}:${path}`;
