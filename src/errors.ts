/**
 * Errors are values with a kind. Only src/main.ts turns a kind into an exit code and a message;
 * everything else throws a CollabError and lets it travel up.
 */
export type ErrorKind =
  | 'usage' // bad input, detected before any request
  | 'auth' // 401, 403, missing or rejected token
  | 'not-found' // 404
  | 'rejected' // 400, 405, 409, 422 and other refusals
  | 'server' // 5xx
  | 'network' // connection failures
  | 'timeout' // request timeout
  | 'malformed' // the service answered something we cannot read
  | 'partial' // some parts of a batch failed (e.g. member import)
  | 'import-failed' // an awaited fork or import finished as failed
  | 'wait-timeout' // waiting for an import ran out of time
  | 'filter' // the --jq expression failed on the data (its compile errors are usage errors)
  | 'write-failed' // a file the user named could not be written once requests were made (a full disk)
  | 'changes' // not a failure: `collab plan` (or apply --dry-run) found changes to make
  | 'interrupted' // Ctrl-C
  | 'targets-failed' // targets of a run over many (`-` as the target) failed, with different exit codes
  | 'internal';

/**
 * How each kind of error ends the process, and what its code means in `collab --help` (given by
 * one kind per code; the other kinds of that code share its meaning).
 */
const KINDS: Record<ErrorKind, { exit: number; means?: string; outcome?: boolean }> = {
  server: { exit: 1, means: 'failure (5xx, network)' },
  network: { exit: 1 },
  timeout: { exit: 1 },
  malformed: { exit: 1 },
  internal: { exit: 1 },
  usage: { exit: 2, means: 'usage' },
  auth: { exit: 3, means: 'auth/permission' },
  'not-found': { exit: 4, means: 'not found' },
  rejected: { exit: 5, means: 'rejected by the service' },
  partial: { exit: 5 },
  'import-failed': { exit: 6, means: 'awaited import failed' },
  'wait-timeout': { exit: 7, means: 'timed out waiting' },
  filter: { exit: 1 },
  'write-failed': { exit: 1 },
  'targets-failed': { exit: 1 },
  changes: { exit: 8, means: 'changes found (collab plan, apply --dry-run)', outcome: true },
  interrupted: { exit: 130, means: 'interrupted' },
};

export const EXIT_CODES = Object.fromEntries(Object.entries(KINDS).map(([kind, { exit }]) => [kind, exit])) as Record<
  ErrorKind,
  number
>;

/** A kind that is a result, not a failure: its command has said it all; main.ts prints no `error:` line. */
export function isOutcome(kind: ErrorKind): boolean {
  return KINDS[kind].outcome === true;
}

/** `0 ok, 1 failure (5xx, network), 2 usage, ...`: every exit code and its meaning, by code. */
export function exitCodeMeanings(): string[] {
  const described = Object.values(KINDS).filter((entry) => entry.means !== undefined);
  return ['0 ok', ...described.sort((a, b) => a.exit - b.exit).map((entry) => `${entry.exit} ${entry.means}`)];
}

export interface RequestInfo {
  method: string;
  /** Path relative to the API root, as sent (path values encoded). */
  path: string;
}

/**
 * The front of the CLI (parser and help, dist/front.cjs) and the commands behind it (dist/back.cjs)
 * are separate bundles, each with its own copy of this class; errors cross from one to the other,
 * so they are recognised by this mark rather than by their class.
 */
const COLLAB_ERROR = Symbol.for('collab.error');

export class CollabError extends Error {
  readonly [COLLAB_ERROR] = true;
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly request: RequestInfo | undefined;
  /** A second line: what to do about it. */
  readonly hint: string | undefined;
  /** The request may have taken effect and collab could not find out: sent again, it may be done twice. */
  readonly unsure: boolean;
  /**
   * Where a project's feature turned off (for the caller) refused it whatever the role
   * (src/api/features.ts), the settings of the features that gate it (`builds_access_level`):
   * what the request reads is not there for the caller until one is turned on. Empty otherwise.
   */
  readonly featureOff: readonly string[];

  constructor(
    kind: ErrorKind,
    message: string,
    extra: {
      status?: number;
      request?: RequestInfo;
      hint?: string;
      cause?: unknown;
      unsure?: boolean;
      featureOff?: readonly string[];
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'CollabError';
    this.kind = kind;
    this.status = extra.status;
    this.request = extra.request;
    this.hint = extra.hint;
    this.unsure = extra.unsure === true;
    this.featureOff = extra.featureOff ?? [];
  }
}

/** The same error with another message or hint (its kind, status, request, cause and marks kept). */
export function withChanges(
  error: CollabError,
  change: { message?: string; hint?: string; featureOff?: readonly string[] },
): CollabError {
  const hint = change.hint ?? error.hint;
  return new CollabError(error.kind, change.message ?? error.message, {
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.request ? { request: error.request } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
    ...(hint !== undefined ? { hint } : {}),
    unsure: error.unsure,
    featureOff: change.featureOff ?? error.featureOff,
  });
}

/** The same error with a hint for where it was met. */
export function withHint(error: CollabError, hint: string): CollabError {
  return withChanges(error, { hint });
}

/** How a message names its request: `(GET /projects/1)`. */
export function requestLabel(request: RequestInfo): string {
  return `(${request.method} ${request.path})`;
}

/** The error's message ending with its request's label, unless the message names it already. */
export function messageWithRequest(error: CollabError): string {
  const { request } = error;
  return request && !error.message.includes(`(${request.method} `)
    ? `${error.message} ${requestLabel(request)}`
    : error.message;
}

export function isCollabError(error: unknown): error is CollabError {
  return typeof error === 'object' && error !== null && (error as { [COLLAB_ERROR]?: unknown })[COLLAB_ERROR] === true;
}

/** The kind a service status maps to. */
export function kindForStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  if (status === 429) return 'server';
  return 'rejected';
}
