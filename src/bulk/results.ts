import { CollabError, EXIT_CODES, type ErrorKind, isCollabError, messageWithRequest } from '../errors.js';
import { flat } from '../error-text.js';
import { type Column, escapeControls, PRIORITY, type View } from '../output/format.js';
import type { TableRows } from '../output/presenter.js';
import { shownValue } from '../output/shown-value.js';
import type { Terminal } from '../services/terminal.js';
import { thousands } from '../util/thousands.js';

/** What became of one target of a run over many: one per target, in input order. */
export interface TargetResult {
  /** The input line's id or path. */
  target: string | number;
  /**
   * `unchanged`: the service said nothing changed (a 304, already starred, already archived...);
   * `dry-run`: the request was shown, not sent. `unknown`: it failed after a request that changes
   * something went out, and whether that took effect could not be found out (CollabError.unsure).
   */
  status: TargetStatus | 'failed' | 'unknown';
  /** One line, for failures. */
  error: string | null;
  /**
   * When an `unknown` target's first change went out: fed back, its POSTs first look for what was
   * made since then (run-targets.ts), so that nothing is made twice.
   */
  sent_at?: string;
  /** What the command would have printed for this target alone (the service's answer), or null. */
  response: unknown;
}

/** What a result keeps besides what it prints: for the table's last column and the exit code. */
export interface Outcome {
  result: TargetResult;
  /** What the command said of the target (its status line), or the error. */
  message: string;
  /** The failure's kind, for the exit code. */
  kind?: ErrorKind;
  /**
   * The failure's hint (CollabError.hint), redacted, on one line: what collab advises, which the
   * target's command alone would have printed as `hint:`. Kept out of the result, whose fields are
   * documented (docs/bulk.md): people get it on stderr, once per distinct hint (failureHints).
   */
  hint?: string;
}

/** What a target that did not fail became. */
export type TargetStatus = 'ok' | 'unchanged' | 'dry-run';

const STATUSES = ['ok', 'unchanged', 'dry-run', 'failed', 'unknown'] as const;

/**
 * TARGET, STATUS and what happened (the command's status line, or the error): the table on a
 * terminal and piped tab-separated text. The formats for programs carry the result objects. On a
 * narrow terminal none is left out: the message wraps, and where a target still cannot show whole
 * each result is a block, its target and status on a line, the message under them (table.ts). `targets`: every
 * target of the run, read before any ran, so that the first row sizes TARGET for them all.
 */
export function resultColumns(
  messageOf: (result: TargetResult) => string | undefined,
  targets?: readonly (string | number)[],
): Column[] {
  return [
    targetColumn(targets),
    statusColumn(STATUSES),
    {
      header: 'RESULT',
      path: 'result',
      priority: PRIORITY.identifying,
      derive: (item) => messageOf(item as TargetResult) ?? '',
      text: true,
      // What changed, a dry run's body: wrapped, never cut away; under its target where the
      // table cannot show every target whole.
      wrap: true,
      body: true,
    },
  ];
}

/**
 * TARGET: its values are known before the first result (`choices`, sizedByChoices), so no later
 * row widens it, which would redraw the table under a rule (each result is a page of its own).
 */
function targetColumn(targets: readonly (string | number)[] | undefined): Column {
  return {
    header: 'TARGET',
    path: 'target',
    text: true,
    priority: PRIORITY.identifying,
    ...(targets ? { choices: targets.map((target) => escapeControls(String(target))), sizedByChoices: true } : {}),
  };
}

function statusColumn(statuses: readonly string[]): Column {
  return {
    header: 'STATUS',
    path: 'status',
    choices: statuses,
    sizedByChoices: true,
    priority: PRIORITY.identifying,
    tone: (value) => (value === 'failed' || value === 'unknown' ? 'red' : value === 'ok' ? 'green' : 'grey'),
  };
}

/**
 * A row of the data of a run over many targets of a verb that only reads (dataRows): an item
 * the target showed, as its `response`, beside the result's own fields; none when the target
 * has no item to show (it failed, or its list is empty).
 */
interface DataRow {
  target: string | number;
  status: TargetResult['status'];
  error: string | null;
  response?: unknown;
}

/**
 * What a table shows of a run over many targets of a verb that only reads (`list`, `view`): the
 * data, not one result a target. One row an item a target showed (its list's, its resource, its
 * settings' rows), TARGET and STATUS first, then the verb's columns, so that every line still
 * reads as a result does (the target first, its status second: fed back, or kept by the hint's
 * awk). A target with none: one row whose text spans the verb's columns, its error, or `no
 * results` (piped: nothing). The formats for programs keep one result a target, its data in
 * `response`.
 */
export function dataRows(
  columns: () => Promise<readonly Column[] | undefined>,
  targets: readonly (string | number)[],
  rowsOf: (result: TargetResult) => readonly unknown[] | undefined,
): TableRows {
  return {
    columns: async () => {
      const own = await columns();
      return own && [targetColumn(targets), statusColumn(['ok', 'failed']), ...own.map(ofResponse)];
    },
    of: (item) => {
      const { target, status, error } = item as TargetResult;
      const rows = status === 'ok' || status === 'unchanged' ? (rowsOf(item as TargetResult) ?? []) : [];
      if (rows.length === 0) return [{ target, status, error } satisfies DataRow];
      return rows.map((response) => ({ target, status, error, response }) satisfies DataRow);
    },
    fieldName: (path) => {
      const own = path.replace(/^response\./, '');
      return RESULT_KEYS.includes(own.split('.')[0] as string) ? path : own;
    },
    span: {
      from: 2,
      spans: (item) => !('response' in (item as DataRow)),
      column: {
        header: 'RESULT',
        path: 'error',
        text: true,
        wrap: true,
        format: (value) => (typeof value === 'string' ? value : 'no results'),
        tone: (value) => (typeof value === 'string' ? 'red' : 'grey'),
      },
    },
  };
}

/**
 * A verb's column read from a row's `response` (its path as --fields over many targets names it,
 * resultField). What identified a row of the target alone (its first column, a setting's name)
 * is what the rows show first beside the target: kept on a narrow terminal before the other
 * columns, but cut, as other text is, before they are left out (TARGET identifies the row now).
 */
function ofResponse(column: Column, index: number): Column {
  const { derive, format, tone, masked } = column;
  const item = (row: unknown) => (row as DataRow).response;
  const identified = column.priority === undefined ? index === 0 : column.priority >= PRIORITY.identifying;
  return {
    ...column,
    path: column.path === '' ? '' : `response.${column.path}`,
    ...(identified ? { priority: PRIORITY.answer, cutMiddle: true } : {}),
    ...(derive ? { derive: (row: unknown) => derive(item(row)) } : {}),
    ...(format ? { format: (value: unknown, row: unknown, view: View) => format(value, item(row), view) } : {}),
    ...(tone ? { tone: (value: unknown, row: unknown) => tone(value, item(row)) } : {}),
    ...(masked ? { masked: (row: unknown) => masked(item(row)) } : {}),
  };
}

/** What a result has of its own; the paths --fields names beside these are the resource's. */
const RESULT_KEYS = ['target', 'status', 'error', 'sent_at', 'response'];

/**
 * A --fields path over many targets: a result's own fields as named (`target`, `status`, `response.x`),
 * any other path read from the resource the target's command printed (`id` is `response.id`), so
 * that `--fields id,name` means over many targets what it means over one.
 */
export function resultField(path: string): string {
  return RESULT_KEYS.includes(path.split('.')[0] as string) ? path : `response.${path}`;
}

/**
 * A failed target's result: the error on one line, as main.ts would print it for a single target,
 * redacted as it would be there, before it is cut (`redact`: the run's, Context.redact), since the
 * result carries it in every format: a token the service echoes in its message is `[redacted]` in
 * json too.
 */
export function failure(
  target: string | number,
  error: unknown,
  redact: (text: string) => string,
  sentAt?: number,
): Outcome {
  let message: string;
  let kind: ErrorKind = 'internal';
  let unsure = false;
  let hint: string | undefined;
  if (isCollabError(error)) {
    message = flat(redact(messageWithRequest(error)));
    kind = error.kind;
    unsure = error.unsure;
    if (error.hint) hint = flat(redact(error.hint));
  } else {
    message = flat(redact(error instanceof Error ? error.message : String(error)));
  }
  if (unsure && sentAt !== undefined) {
    // The time leads the error, as it ends an interrupted run's `unknown` line, so that every
    // format carries it (csv's header is settled before an unknown may come): fed back, each is
    // read as "look before sending" (targets.ts).
    const sent = new Date(sentAt).toISOString();
    const error = `sent ${sent}; ${message}`;
    // No hint of its own: the command's says to check by hand before sending again, where the
    // run's hint says better: fed back, the target is looked for before anything is sent.
    return { result: { target, status: 'unknown', error, sent_at: sent, response: null }, message: error, kind };
  }
  return {
    result: { target, status: 'failed', error: message, response: null },
    message,
    kind,
    ...(hint === undefined ? {} : { hint }),
  };
}

/**
 * Distinct hints shown after a run's failures: a hint that names its target differs for each, so
 * the rest are counted, and shown with --verbose.
 */
const HINTS_SHOWN = 3;

/**
 * The failures' hints as lines for stderr, after the results: one a distinct hint, in the order
 * of the first target that has it, naming that target (and how many others share it), so that
 * 3,000 targets failing alike give one line, not 3,000. Past HINTS_SHOWN distinct hints, one line
 * says how many more there are, unless --verbose (`all`) asked for each.
 */
export function failureHints(outcomes: readonly Outcome[], all = false): string[] {
  const byHint = new Map<string, (string | number)[]>();
  for (const outcome of outcomes) {
    if (outcome.hint === undefined) continue;
    const targets = byHint.get(outcome.hint);
    if (targets) targets.push(outcome.result.target);
    else byHint.set(outcome.hint, [outcome.result.target]);
  }
  const hints = [...byHint];
  const shown = all ? hints : hints.slice(0, HINTS_SHOWN);
  const lines = shown.map(([hint, targets]) => {
    const others = targets.length - 1;
    const more = others === 0 ? '' : ` and ${thousands(others)} other${others === 1 ? '' : 's'}`;
    return `hint for ${flat(String(targets[0]))}${more}: ${hint}`;
  });
  const rest = hints.slice(shown.length);
  if (rest.length > 0) {
    const targets = rest.reduce((n, [, each]) => n + each.length, 0);
    lines.push(
      `hint: ${thousands(rest.length)} more hint${rest.length === 1 ? '' : 's'}, for ${thousands(targets)} other target${targets === 1 ? '' : 's'} (--verbose shows each)`,
    );
  }
  return lines;
}

/**
 * The failures' hints on stderr, after the results (failureHints). Shown even with --quiet, as a
 * single command's `hint:` is: it is advice about a failure, not status.
 */
export function showFailureHints(
  terminal: Pick<Terminal, 'stderrLine' | 'verbose'>,
  outcomes: readonly Outcome[],
): void {
  for (const line of failureHints(outcomes, terminal.verbose)) terminal.stderrLine(line);
}

/** `298 ok, 2 failed` (kinds with none left out; `0 targets` when there were none). */
export function summary(outcomes: readonly Outcome[]): string {
  const counts = { ok: 0, unchanged: 0, 'dry-run': 0, failed: 0, unknown: 0 };
  for (const outcome of outcomes) counts[outcome.result.status]++;
  const parts = (Object.entries(counts) as [keyof typeof counts, number][])
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  return parts.length ? parts.join(', ') : '0 targets';
}

/** The statuses of the results a run's failures are fed back by: failed, and unknown when any is. */
export function retriedStatuses(outcomes: readonly Outcome[]): string[] {
  return outcomes.some((outcome) => outcome.result.status === 'unknown') ? ['failed', 'unknown'] : ['failed'];
}

/**
 * The error a run ends with when targets failed: exit code 0 when none did; else the failures'
 * own code when they all share one (all 404: 4), else 1, as docs/exit-codes.md tells scripts
 * (its "A run over many targets"). Its message is the summary; its hint
 * says how to feed the failures back, `filter` how to pick them out of what the run printed (the
 * presenter's resultsFilter, for retriedStatuses).
 */
export function failuresError(outcomes: readonly Outcome[], filter?: string): CollabError | undefined {
  const failed = outcomes.filter(
    (outcome) => outcome.result.status === 'failed' || outcome.result.status === 'unknown',
  );
  if (failed.length === 0) return undefined;
  const kinds = failed.map((outcome) => outcome.kind ?? 'internal');
  const first = kinds[0] as ErrorKind;
  const shared = kinds.every((kind) => EXIT_CODES[kind] === EXIT_CODES[first]);
  const unknown = failed.some((outcome) => outcome.result.status === 'unknown');
  const picked = filter === undefined ? '' : ` (${filter})`;
  return new CollabError(shared ? first : 'targets-failed', summary(outcomes), {
    hint: unknown
      ? `feed the failed and unknown results back on standard input to try them again${picked}; an unknown one first looks for what its request made, and sends nothing again when it is there`
      : `each failed target is a result with status failed; feed those back on standard input to try them again${picked}`,
  });
}

/** A field an update changed, as its answer and the read before it show it (`merge_method`, `merge` to `ff`). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What an answer shows changed by the clock, whatever was sent: not what an update changed. */
const CLOCK_FIELDS = new Set(['updated_at', 'last_activity_at']);

/**
 * What an update changed: the fields both show whose value differs between the resource read
 * before it and its answer (nested maps by dotted path, lists whole), in the answer's order. Undefined when
 * either is no object (nothing to compare).
 */
export function fieldChanges(before: unknown, after: unknown, prefix = ''): FieldChange[] | undefined {
  if (!isMap(before) || !isMap(after)) return undefined;
  const out: FieldChange[] = [];
  for (const [key, to] of Object.entries(after)) {
    // A field the read did not show (an answer may say more than its GET) is not one it changed.
    // The clock's fields, and GitLab's rendered copy of a Markdown field (description_html): not what was sent.
    if ((prefix === '' && (CLOCK_FIELDS.has(key) || key.endsWith('_html'))) || !(key in before)) continue;
    const from = before[key];
    if (isMap(from) && isMap(to)) out.push(...(fieldChanges(from, to, `${prefix}${key}.`) as FieldChange[]));
    else if (!sameValue(from, to)) out.push({ field: `${prefix}${key}`, from: from ?? null, to });
  }
  return out;
}

/** `merge_method: merge -> ff; squash_option: default_off -> always`: a bulk result's RESULT. */
export function changesText(changes: readonly FieldChange[]): string {
  return changes.map((c) => `${c.field}: ${shownValue(c.from)} -> ${shownValue(c.to)}`).join('; ');
}

/**
 * `merge_method already ff`: an update the service already held, by the fields sent that its
 * answer shows (`already as asked` when it shows none of them by name).
 */
export function alreadyText(sent: unknown, answer: unknown): string {
  const fields = isMap(sent) && isMap(answer) ? Object.keys(sent).filter((key) => key in answer) : [];
  if (fields.length === 0) return 'already as asked';
  return fields.map((key) => `${key} already ${shownValue((answer as Record<string, unknown>)[key])}`).join('; ');
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
