import { isSecretField, maskUrlCredentials } from '../util/secrets.js';
import { escapeControls } from './escape.js';
import { getPath, jsonText } from './fields.js';

export { escapeControls } from './escape.js';

/** The formats of every command (and of the config's `output`). */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
/** Formats of a document, taken only by the commands that make one (`markdown: true` in their definition: `collab plan`). */
export const DOCUMENT_FORMATS = ['markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number] | (typeof DOCUMENT_FORMATS)[number];

/** Colours that carry a meaning (visibility, archived, failed), applied only when colour is on. */
export type Tone = 'green' | 'yellow' | 'red' | 'magenta' | 'grey';

/**
 * What a table cell or a summary line shows. The output rule, in one place (README, "Output"):
 * json, ndjson and csv never see these (they carry every field as the service sent it); the
 * table, on a terminal or piped, never shows secrets; `format`, dates in the local time zone and
 * colours are for a terminal only, and piped text keeps the service's values, as gh does. Control
 * characters and bidi overrides in what is shown read as visible escapes (`\x1b`, `\u202e`) on a
 * terminal and piped alike (escape.ts).
 */
export interface Field {
  /** Dot path into the item; also the --fields name. */
  path: string;
  /** The value when it is not the field at `path` (a hook's events, from its *_events flags). */
  derive?: (item: unknown) => unknown;
  /**
   * How the value reads on a terminal (names for access levels, yes/no...); pipes get the value
   * itself. `view` carries the run's time zone, for a format that shows a date as every date is.
   */
  format?: (value: unknown, item: unknown, view: View) => string;
  /** A colour that means something (private, archived, failed). */
  tone?: (value: unknown, item: unknown) => Tone | undefined;
  /** Whether the item keeps this value masked (a masked or hidden CI/CD variable's): human views show `[masked]`. */
  masked?: (item: unknown) => boolean;
  /**
   * What a terminal shows where the service says nothing is there (null, empty: no expiry, no
   * approvers), in the words views use: `never`, `(none)`. Pipes get the value itself, and a field
   * the service did not send at all stays empty: nothing is known of it. A table says it only in a
   * column that shows a value on its first page (table.ts): a column of `never` on every row is
   * noise, and empty it is left out first on a narrow terminal.
   */
  none?: string;
}

/** A column's header made from a field's name or path: words in capitals, spaced (`created_at` -> `CREATED AT`, `namespace.full_path` -> `NAMESPACE FULL PATH`). */
export function headerFor(path: string): string {
  return path.replace(/[_.]+/g, ' ').toUpperCase();
}

/** A column of the table. */
export interface Column extends Field {
  header: string;
  /**
   * Every value an enumeration can take, as shown on a terminal: never cut, never free text. Its
   * width is the widest value shown, as any column's: a later page with a wider one widens it.
   */
  choices?: readonly string[];
  /**
   * The column is as wide as its widest choice from the first row on: its values are known before
   * (a run's targets), and its rows come one a page, where each wider one would redraw the table
   * under a rule. A list's enumeration leaves it unset: its rows come a hundred a page, and room
   * kept for a rare choice (a user's `ldap_blocked`) would be taken from the text beside it.
   */
  sizedByChoices?: boolean;
  /** Free text (paths, names, descriptions) takes the terminal's spare width; unset, the first page's values decide. */
  text?: boolean;
  /** On a terminal the text wraps over lines instead of being cut (note bodies). */
  wrap?: boolean;
  /**
   * How much the column is worth keeping on a narrow terminal (PRIORITY): when the table cannot
   * fit, free text is shortened first, then columns are left out, lowest priority first, and
   * identifying columns are cut last (a path in the middle: `acme/…/storefront`). Unset: the
   * first column identifies, dates are `date`, enumerations and numbers `detail`, other text `text`.
   */
  priority?: number;
  /** Cut in the middle on a terminal, as what identifies a row is (cutPath), though it does not identify it here. */
  cutMiddle?: boolean;
  /**
   * A wrapped column that is a row's body (a run's RESULT): on a terminal too narrow to show the
   * columns that identify a row whole (a run's targets), each row is a block instead, those columns
   * on a line and this text wrapped under them across the width (table.ts, blockLines).
   */
  body?: boolean;
}

/**
 * Rows of a table that have no cells from column `from` on but one text across them, `column`'s
 * (a target of a run over many whose data would be there: its error, or that it has none). The
 * rows `spans` picks; piped, the text is the row's last field. Not with --fields: those columns
 * are the reader's.
 */
export interface RowSpan {
  from: number;
  spans(item: unknown): boolean;
  column: Column;
}

/**
 * Column.priority: what a narrow terminal gives up first (a column empty on every row, one with
 * one value on every row, then what a list declares low, dates...), and never (what identifies a row). `answer` is a
 * column a list exists to show (an access report's role).
 */
export const PRIORITY = {
  empty: -1,
  constant: 0,
  low: 0.5,
  date: 1,
  detail: 2,
  text: 3,
  answer: 3.5,
  identifying: 4,
} as const;

/** A label and where its value comes from, for the summary of one resource (`view`). */
export interface DetailField extends Field {
  label: string;
}

/** Plain text for a value: nested values as JSON, secrets inside them redacted. `path` names the field in an error. */
export function cellText(value: unknown, path?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(',');
  return jsonText(value, path ? `the field "${path}"` : 'a value', {
    replacer: (key, inner) => (key && isSecretField(key) && typeof inner === 'string' && inner ? '[redacted]' : inner),
  });
}

/** `2021-01-05T13:00:00.000Z`, `2021-01-05T14:00:00+01:00`: a point in time as the service writes one. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && TIMESTAMP.test(value);
}

/**
 * A point in time or a date alone (`2026-01-31`, a membership's expiry, doc/api/members.md): a
 * table sizes and gives up either as a date, never as free text, though only the first is moved
 * into the run's time zone.
 */
export function isDateValue(value: unknown): value is string {
  return isTimestamp(value) || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
}

/** How a human view is drawn: on a terminal (formats, dates in the run's time zone) or piped (the service's values). */
export interface View {
  terminal: boolean;
  /** The run's TZ; unset, the process's local time zone. */
  timeZone?: string | undefined;
}

/** Two digits: a date in every row of a list comes through here five times. */
const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** One formatter per time zone named by TZ (`Europe/Paris`, `:Asia/Tokyo`); null for a name Intl does not know. */
const zoned = new Map<string, Intl.DateTimeFormat | null>();
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = zoned.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timeZone.replace(/^:/, ''),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null;
    }
    zoned.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether TZ names a zone Intl knows (`Europe/Paris`, `:Asia/Tokyo`); if not, dates fall back to the process's local time, UTC for a bad TZ. */
export function knownTimeZone(timeZone: string): boolean {
  return formatterFor(timeZone) !== null;
}

/**
 * The one date format of human views: `2021-01-05 14:00`, in the local time zone (TZ honoured,
 * the run's when given, as tests running in one process give theirs). Anything that is not a
 * timestamp (a date alone, `2026-01-31`, has no time zone) stays as it is.
 */
export function formatDateTime(value: unknown, timeZone?: string, path?: string): string {
  if (!isTimestamp(value)) return cellText(value, path);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const formatter = timeZone ? formatterFor(timeZone) : null;
  if (formatter) {
    const part: Record<string, string> = {};
    for (const { type, value: text } of formatter.formatToParts(date)) part[type] = text;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  }
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Whether a value says nothing is there (Field.none): null, an empty text or list; not a field the service left out. */
export function isNothing(value: unknown): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A field's value in an item: derived, or read at its path. */
export function fieldValue(field: Field, item: unknown): unknown {
  return field.derive ? field.derive(item) : getPath(item, field.path);
}

/**
 * The text a human view shows for a field: on a terminal its `none` where nothing is there, else
 * its format (or, by default, dates in the local time zone), in a pipe the value itself. Never a
 * secret: secret fields are redacted and credentials in URLs masked, wherever they are. Never a control sequence: they read as
 * escapes (`\x1b`), tab and line feed aside, which each view turns into what it can show.
 */
export function shownText(field: Field, item: unknown, view: View): string {
  const value = fieldValue(field, item);
  if (isSecretField(field.path) && value !== null && value !== undefined && value !== '') return '[redacted]';
  if (field.masked?.(item)) return '[masked]';
  let text: string;
  if (!view.terminal) text = cellText(value, field.path);
  else if (field.none !== undefined && isNothing(value)) text = field.none;
  else if (field.format) text = field.format(value, item, view);
  else text = formatDateTime(value, view.timeZone, field.path);
  return escapeControls(maskUrlCredentials(text));
}

/** The colour a field's value carries, if any. */
export function toneOf(field: Field, item: unknown): Tone | undefined {
  return field.tone?.(fieldValue(field, item), item);
}

/** How visibility reads at a glance: public green, internal yellow, private magenta. */
export function visibilityTone(value: unknown): Tone | undefined {
  return value === 'public' ? 'green' : value === 'internal' ? 'yellow' : value === 'private' ? 'magenta' : undefined;
}

export const VISIBILITIES = ['private', 'internal', 'public'] as const;

/** yes/no on a terminal for a flag: null reads as no, a field the service did not send as nothing. */
export function yesNo(value: unknown): string {
  return value === true ? 'yes' : value === false || value === null ? 'no' : '';
}

/**
 * yes/no for a flag that is off unless the service says it is on: one it leaves out reads no
 * (GitLab's answer to enabling a deploy key has no can_push; CE sends no code_owner_approval_required).
 */
export function onOrNo(value: unknown): string {
  return value === true ? 'yes' : 'no';
}
