import type { ZodMiniType } from 'zod/mini';
import type { VerbContext } from '../../context.js';
import type { ApiRequest, HttpClient } from '../../http/client.js';
import type { QueryParams } from '../../http/query.js';
import type { Action, LiveTarget } from '../model.js';
import type { Resolver } from '../requests.js';
import type { TargetKind } from '../schema.js';
import type { DesiredTarget } from '../targets.js';
import type { CurrentUser } from '../../api/users.js';

/**
 * What a section of collab.yaml (settings, hooks, members…) is to the engine: one value of this
 * shape per file under src/desired/sections/, listed once in the registry (index.ts). The engine
 * (schema, targets, live, diff, requests, export) asks these and names no section itself.
 */

export type Item = Record<string, unknown>;

/**
 * A request of a change, and what it tells the ones after it: `answered` gets what the service
 * answered (or what a recovery found), so that a later request of the same change can name what
 * this one made (a new pipeline schedule's ID, for its variables).
 */
export type ChangeRequest = ApiRequest & { answered?(data: unknown): void };
export type Body = Record<string, unknown>;

/** What every request of a plan names: its target (its ID when it exists, else its full path). */
export interface OnTarget {
  kind: TargetKind;
  ref: string | number;
  path: string;
}

/** A request as a section describes it: the engine adds the target. */
export type Unaddressed<S> = S extends unknown ? Omit<S, keyof OnTarget> : never;

/** The target's own requests, which sections share: its creation, and the one PUT of its attributes (settings, mirror). */
export type TargetSpec =
  | (OnTarget & { op: 'create'; body: Body })
  | (OnTarget & { op: 'update'; body: Body; batch: 'update' });

/** A target's attributes changed (settings, mirror): the engine merges every such change of a target into one PUT. */
export const updateRequest = (body: Body): Unaddressed<TargetSpec> => ({ op: 'update', body, batch: 'update' });

export interface DiffInput<S> {
  target: DesiredTarget;
  /** The file's value of the section for this target (never undefined: a section the file does not use is not asked). */
  value: unknown;
  live: LiveTarget;
  /** The target does not exist yet (the plan makes it). */
  creating: boolean;
  /** Send write-only secrets (hook tokens) again to what exists. */
  rotateSecrets: boolean;
  /** The run's day, YYYY-MM-DD in UTC, for expiries. */
  today: string;
  /** Says on stderr what the section leaves out of the plan (the plan's data never holds it). */
  warn(message: string): void;
  /**
   * A map or list of `value` (an item, the value itself) as the plan keeps it: each field that came
   * from `${env:…}`/`${file:…}` as its template. Compare `item`, show and send `kept(item)`'s fields:
   * two fields may resolve to the same text, so a template is never looked up by its value. A part of
   * `value` given whole to `emit` is kept by the engine; one a section builds takes its fields from here.
   */
  kept<T extends object>(part: T): T;
  /** One change: its key in the section (a setting's name, a hook's URL…), before and after, the request that makes it. */
  emit(
    key: string,
    action: Action,
    before: unknown,
    after: unknown,
    request: Unaddressed<S | TargetSpec>,
    destructive?: boolean,
  ): void;
}

/** How a section reads the service for one target, beyond the project or group itself (which lists carry). */
export interface Reader {
  client: HttpClient;
  /** Every page of a list, 100 an item; `requires` (src/api/roles.ts) says in a 403 who may read it. */
  list(path: string, query?: QueryParams, requires?: string): Promise<Item[]>;
  /**
   * A group's view (GET /groups/:path), read once however many sections ask (a lock, a
   * visibility): the answer, or the service's error, as the first read had it.
   */
  group(path: string): Promise<Item>;
  /** The caller (GET /user), read once a run however many sections ask: an error as the first read had it. */
  caller(): Promise<CurrentUser>;
  /**
   * Whether this is collab export's read, which writes what neither a plan nor a saved plan's check
   * compares (whether a pull mirror's URL holds credentials), so only it reads that.
   */
  exporting: boolean;
}

interface LiveRead {
  /** What the live state is for a target not made yet (no request): none of anything. */
  none?(live: LiveTarget): void;
  /** The target's own reads (one or two requests), only when the file uses the section. */
  /**
   * `value`, the section's value in the file for this target, lets a section read only what the file
   * names (a schedule's variables); it is undefined where the whole live state is wanted (export, and
   * a saved plan's check, which compares only what the plan read: src/desired/preflight.ts).
   */
  target?(reader: Reader, live: LiveTarget, resource: Item, value?: unknown): Promise<void>;
  /**
   * Once a run, over the targets that use the section (the caller's username for enforced members):
   * `lives[i]`'s value in the file is `values[i]`. `planned` finds any other target the plan has
   * (by kind and path, any case), for what this apply makes of it first (a group's settings).
   */
  once?(
    ctx: VerbContext,
    lives: readonly LiveTarget[],
    values: readonly unknown[],
    reader: Reader,
    planned: Planned,
  ): Promise<void>;
}

/** Another target of the plan, by kind and path (any case): what this apply makes of it first. */
export type Planned = (kind: TargetKind, path: string) => DesiredTarget | undefined;

/** What the file sets a setting of another target of the plan to (undefined where it says nothing). */
export function plannedSetting(planned: Planned, kind: TargetKind, path: string, name: string): unknown {
  const settings = planned(kind, path)?.sections.settings;
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings)
    ? (settings as Record<string, unknown>)[name]
    : undefined;
}

/**
 * One connection a section reads through GitLab's GraphQL API (src/desired/graphql.ts), on a
 * Project or a Group: the field, its arguments beside `first`/`after`, and the fields of a node.
 */
export interface GraphqlConnection {
  field: string;
  args?: string;
  node: string;
}

/**
 * Fields of the Project or Group itself, for what no connection holds (a setting, a few short
 * lists): read whole from the batch's node, never paged; each aliased by the section, so that no
 * other section's field is taken for it. The fill gets the target's node as its one node.
 */
export interface GraphqlFields {
  fields: string;
}

/**
 * What a section reads through GraphQL instead of `read.target`, many targets a request. Its fill
 * gives the same items, in the fields the section's diff compares, as the REST read would; what
 * GraphQL cannot show (a label's priority, an access entry's ID) is never guessed: a target whose
 * file needs it is read by REST (`usable`), and a section of a target that would change is read
 * again by REST before it is planned, so that every change is made from the REST read.
 */
interface GraphqlRead {
  readonly kinds: readonly TargetKind[];
  connection(kind: TargetKind): GraphqlConnection | GraphqlFields;
  /**
   * The file's value asks for what GraphQL does not show, or the target (`resource`, where it was
   * read) keeps the section from GraphQL: this target is read by REST.
   */
  usable?(value: unknown, kind: TargetKind, resource: Item | null | undefined): boolean;
  /** The kinds of target whose `export` the fill gives all it writes (`collab export` reads those so). */
  readonly exports?: readonly TargetKind[];
  /**
   * Fills the section's field of `live` from every node of the connection (or the target's node);
   * false: the nodes cannot give it; a text: they do not, and why (said once on stderr).
   */
  fill(live: LiveTarget, nodes: readonly Item[]): boolean | string;
}

/** What `collab export` gives a section to write a target's live state as the file would say it. */
interface ExportInput {
  live: LiveTarget;
  /**
   * A secret the service never shows (a hook's token) as the file names it: `${env:NAME}`, NAME made
   * from `hint` (`HOOK_TOKEN_<url>`: the same hint, the same variable), listed for the user with `what` it holds.
   */
  placeholder(hint: string, what: string): string;
}

export interface Section<S extends OnTarget & { op: string }> {
  /** Its key in collab.yaml, and a change's `address.section`. */
  readonly name: string;
  readonly kinds: readonly TargetKind[];
  /** A paid feature (src/params/tiers.ts): its name. A plan that uses it against GitLab Free stops before reading it. */
  readonly paid?: string;
  /** Where its changes come in a target's plan: with the target's own attributes (one PUT), after them (the default), or last (archiving: read-only from then on). */
  readonly order?: 'first' | 'last';
  /**
   * Whether a change of this section goes out before the target's others, whatever `order` says
   * (unarchiving: the project is read-only until then, and the others write to it).
   */
  firstWhen?(spec: S): boolean;
  /**
   * The sections whose changes on the same target apply makes before this one's, as GitLab checks
   * this one's against them (an approver must be a member; a group entry, shared with the
   * project). A target's other changes go out at once.
   */
  readonly after?: readonly string[];
  /** Its value in collab.yaml, for a target of this kind (`both`: in `defaults`, which speaks to either). */
  schema(kind: TargetKind | 'both'): ZodMiniType;
  /** A list's items are told apart by this field (a file listing one twice is refused). */
  readonly identity?: string;
  /** Where one field does not tell items apart (a variable: its key and its scope): what does. */
  identify?(item: Item): string;
  /**
   * Whether `field` of an item (of the section's map, for one that is no list), as `written` with its
   * templates, holds only what the service never shows (a hook's token, a URL's credentials): never
   * compared, so its `$` + `{env:…}` is needed only by a change that sends it (plan runs without it).
   */
  unshown?(item: Item, field: string, written: string): boolean;
  /** A problem with one item of the list the schema cannot say (an LDAP link has one of cn and filter). */
  itemProblem?(item: Item): string | undefined;
  /**
   * A problem with its value that the files beside collab.yaml show (an avatar naming a directory),
   * said when the file is checked, before any request; `dir` is collab.yaml's directory.
   */
  fileProblem?(value: unknown, dir: string): string | undefined;
  /** `defaults` speaks to groups and projects at once: what of its value a target of this kind keeps. */
  forKind?(kind: TargetKind, value: unknown): unknown;
  /** What of its value goes in the create call of a target the plan makes. */
  createBody?(value: unknown): Item;
  /** Reads beyond the project or group itself; none: the resource (from the lists) says it all. */
  readonly read?: LiveRead;
  /** The same read through GraphQL, where GitLab's schema has it (plan reads many targets a request). */
  readonly graphql?: GraphqlRead;
  /** Pure: the changes that bring the live state to the file's value. */
  diff(input: DiffInput<S>): void;
  /**
   * The live fields a change with this key was computed from (a saved plan is refused as stale when
   * they moved). `after` is the change's, as the plan keeps it (a secret as its template), the same
   * when the plan is made and when a saved plan is checked, so that a section can leave out of both
   * what would tell a secret (a digest of a value the file gives as a template).
   */
  liveFields(key: string, live: LiveTarget, after?: unknown): Record<string, unknown>;
  /**
   * What of a change's request a saved plan's check cannot compare with the service (a secret it
   * keeps no digest of), said on stderr before it is sent; undefined: all of it is compared.
   */
  unchecked?(spec: S): string | undefined;
  /**
   * Whether the live state is already what a change with this key and `after` makes (an earlier
   * apply of the saved plan made it): a saved plan's target found so is done, not stale. Absent:
   * the section cannot tell, and a moved target stays stale.
   */
  reached?(key: string, after: unknown, live: LiveTarget): boolean;
  /**
   * The fields of the item `liveFields` shows (its value's own keys) that an update with this
   * `after` moves; every other field must be as the plan read it for the update to be made, not
   * moved elsewhere. Undefined, or absent: the update moves the whole item (one replaced), and
   * `reached` alone tells.
   */
  updates?(key: string, after: unknown): readonly string[] | undefined;
  /** A change's line in the plan: `hook <url>` for list items; a setting's name when undefined. */
  readonly noun?: string;
  /** The operations of its own requests (a saved plan names them); none when its changes are the target's own (settings: its PUT). */
  readonly ops?: readonly S['op'][];
  /** A change's request as src/api/ descriptors, in the order they are sent. */
  send?(spec: S, resolver: Resolver): Promise<ChangeRequest[]>;
  /** The live state as the file would say it: only what differs from a new target's defaults; undefined: nothing to say. */
  export?(input: ExportInput): unknown;
  /**
   * What a target whose export says nothing of `key` (of a map section; undefined: of the whole
   * value) has, as the file writes it, so that it can say so against a value written once for the
   * targets around it (factor.ts); undefined when the file cannot say it (no push rule at all).
   */
  exportUnsaid?(live: LiveTarget, key: string | undefined): unknown;
}

/** The request specs a section's changes carry. */
export type SpecOf<T> = T extends Section<infer S> ? S : never;
