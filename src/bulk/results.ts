import { CollabError, EXIT_CODES, type ErrorKind, isCollabError } from '../errors.js';
import { flat } from '../error-text.js';
import { type Column, PRIORITY } from '../output/format.js';

/** What became of one target of a run over many: one per target, in input order. */
export interface TargetResult {
  /** The input line's id or path. */
  target: string | number;
  /**
   * `unchanged`: the service said nothing changed (a 304, already starred, already archived...);
   * `dry-run`: the request was shown, not sent.
   */
  status: TargetStatus | 'failed';
  /** One line, for failures. */
  error: string | null;
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
}

/** What a target that did not fail became. */
export type TargetStatus = 'ok' | 'unchanged' | 'dry-run';

const STATUSES = ['ok', 'unchanged', 'dry-run', 'failed'] as const;

/**
 * TARGET, STATUS and what happened (the command's status line, or the error): the table on a
 * terminal and piped tab-separated text. The formats for programs carry the result objects. On a
 * narrow terminal none is left out: the target and the message are cut instead.
 */
export function resultColumns(messageOf: (result: TargetResult) => string | undefined): Column[] {
  return [
    { header: 'TARGET', path: 'target', text: true, priority: PRIORITY.identifying },
    {
      header: 'STATUS',
      path: 'status',
      choices: STATUSES,
      priority: PRIORITY.identifying,
      tone: (value) => (value === 'failed' ? 'red' : value === 'ok' ? 'green' : 'grey'),
    },
    {
      header: 'RESULT',
      path: 'result',
      priority: PRIORITY.identifying,
      derive: (item) => messageOf(item as TargetResult) ?? '',
      text: true,
    },
  ];
}

/** What a result has of its own; the paths --fields names beside these are the resource's. */
const RESULT_KEYS = ['target', 'status', 'error', 'response'];

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
 * redacted as it would be there (`redact`: the run's, Context.redact), since the result carries it
 * in every format: a token the service echoes in its message is `[redacted]` in json too.
 */
export function failure(target: string | number, error: unknown, redact: (text: string) => string): Outcome {
  let message: string;
  let kind: ErrorKind = 'internal';
  if (isCollabError(error)) {
    const where =
      error.request && !error.message.includes(`(${error.request.method} `)
        ? ` (${error.request.method} ${error.request.path})`
        : '';
    message = redact(flat(`${error.message}${where}`));
    kind = error.kind;
  } else {
    message = redact(flat(error instanceof Error ? error.message : String(error)));
  }
  return { result: { target, status: 'failed', error: message, response: null }, message, kind };
}

/** `298 ok, 2 failed` (kinds with none left out; `0 targets` when there were none). */
export function summary(outcomes: readonly Outcome[]): string {
  const counts = { ok: 0, unchanged: 0, 'dry-run': 0, failed: 0 };
  for (const outcome of outcomes) counts[outcome.result.status]++;
  const parts = (Object.entries(counts) as [keyof typeof counts, number][])
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  return parts.length ? parts.join(', ') : '0 targets';
}

/**
 * The error a run ends with when targets failed: exit code 0 when none did; else the failures'
 * own code when they all share one (all 404: 4), else 1. Its message is the summary.
 */
export function failuresError(outcomes: readonly Outcome[]): CollabError | undefined {
  const failed = outcomes.filter((outcome) => outcome.result.status === 'failed');
  if (failed.length === 0) return undefined;
  const kinds = failed.map((outcome) => outcome.kind ?? 'internal');
  const first = kinds[0] as ErrorKind;
  const shared = kinds.every((kind) => EXIT_CODES[kind] === EXIT_CODES[first]);
  return new CollabError(shared ? first : 'targets-failed', summary(outcomes), {
    hint: "each failed target is a result with status failed; feed those back on standard input to try them again (from the piped text: awk -F'\\t' '$2 == \"failed\"')",
  });
}
