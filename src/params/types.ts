import type { ParamRule } from './rules.js';

/**
 * The spec's parameter tables as data. Flags, help, client-side validation and the sandbox's
 * server-side validation are all derived from these descriptions (python-gitlab style).
 */
type ParamType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'string-array'
  | 'integer-array'
  | 'hash'
  | 'file'
  | 'date'
  | 'datetime'
  | 'access-level';

export interface ParamSpec {
  /** The API's name, snake_case. The flag is its kebab-case form unless `flag` says otherwise. */
  name: string;
  type: ParamType;
  description: string;
  choices?: readonly (string | number)[];
  /**
   * A shorter flag also taken (without the leading dashes), hidden from help but named there:
   * the flag itself is always the API's name kebab-cased (`link_url` is --link-url; --link too).
   */
  alias?: string;
  /** What glab, gh or python-gitlab call its flag: named in an unknown option's hint (OptionSpec's peerNames). */
  peerNames?: readonly string[];
  /** Only on paid tiers (marked in help). */
  paid?: boolean;
  /** Only administrators may set it (marked in help; the sandbox answers 403 otherwise). */
  adminOnly?: boolean;
  /** Deprecated: what to use instead (a warning names it when the flag is used). */
  deprecated?: string;
  /** For hash parameters: the keys it takes (`--container-expiration-policy cadence=7d,keep_n=5`). */
  keys?: readonly ParamSpec[];
  /** Required by the endpoint. */
  required?: boolean;
  /** What the service accepts beyond the type (rules.ts): checked by the flag, collab.yaml and the sandbox alike. */
  rule?: ParamRule;
  /**
   * For array parameters: the order of its items means nothing to the service, so collab.yaml's
   * list is compared with the service's as a set (the same keys in another order plan no change).
   */
  unordered?: boolean;
}

/** Columns of the project settings table: C = POST /projects, U = POST /projects/user/:id, E = PUT /projects/:id. */
export type SettingsColumn = 'create' | 'createForUser' | 'update';

export interface SettingSpec extends ParamSpec {
  columns: readonly SettingsColumn[];
}

export const COLUMN_COMMANDS: Record<SettingsColumn, string> = {
  create: 'create',
  createForUser: 'create --for-user',
  update: 'update',
};
