import type { TargetNoun } from '../commands/targets.js';
import { isCollabError } from '../errors.js';
import { resourceRef } from '../params/parsers.js';

/**
 * The targets of a run over many projects or groups, as read from standard input. A line is an
 * ID, a full path, a line of collab's piped text (tab-separated, the first field read: a list's ID,
 * a result's target), or a JSON object as collab prints it with -o ndjson: a project's
 * `path_with_namespace` (a group's `full_path`), else the object's `id`, else either path. collab's csv (a header naming `id`, `path_with_namespace`,
 * `full_path` or `target`) is read as those objects, one a record, the header skipped. A result line of a run like this one gives its
 * response's `id` when the response is a project (or a group, for group targets), else its
 * `target`: a push rule's or hook's id is not the project's. A whole `-o json` array is read too.
 * Empty lines are skipped; any other line that names no target is kept, with its problem, so that
 * it becomes a failed result and is never skipped silently.
 */

export interface TargetLine {
  /** Where it was read: line 3 (or item 3 of a JSON array). */
  where: string;
  /** What the result names: the id or path given, else the line itself, shortened. */
  target: string | number;
  /** The project or group to act on, when the line names one. */
  ref?: string | number;
  /** Why the line names none. */
  problem?: string;
  /**
   * The line is one an interrupted run listed as `unknown` (its request was sent, and no answer
   * came): when that request was sent. The target's requests then ask their `recover` first.
   */
  unknownSince?: number;
}

/** How an interrupted run lists a target whose request was sent and not answered: `<target>\tunknown\t<time sent>`. */
export function unknownLine(target: string | number, sentAt: number): string {
  return `${target}\t${UNKNOWN}\t${new Date(sentAt).toISOString()}`;
}

const UNKNOWN = 'unknown';

/**
 * The time an `unknown` line gives: an interrupted run's `<target>\tunknown\t<time>`, a result's
 * piped text `<target>\tunknown\tsent <time>; <error>` (its csv's error the same), or a result
 * object's `sent_at`; undefined for any other.
 */
function unknownSince(status: unknown, sentAt: unknown): number | undefined {
  if (status !== UNKNOWN || typeof sentAt !== 'string') return undefined;
  const time = Date.parse(/^(?:sent )?([^\s;]+)/.exec(sentAt)?.[1] ?? '');
  return Number.isNaN(time) ? undefined : time;
}

export function parseTargets(text: string, noun: TargetNoun): TargetLine[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(trimmed);
    } catch {
      // Not one JSON array: lines, the first of which will say what is wrong with it.
    }
    if (Array.isArray(items))
      return items.map((item, index) =>
        fromValue(item, noun, `item ${index + 1}`, shorten(JSON.stringify(item) ?? '')),
      );
  }
  const csv = csvTargets(text, noun);
  if (csv) return csv;
  const targets: TargetLine[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const value = line.trim();
    if (value === '') return;
    const where = `line ${index + 1}`;
    if (!value.startsWith('{')) {
      // collab's piped text: the first column is the ID (a list) or the target (a result).
      const fields = line.split('\t').map((field) => field.trim());
      const first = line.includes('\t') ? (fields[0] as string) : value;
      targets.push(withUnknown(fromValue(first, noun, where, shorten(value)), unknownSince(fields[1], fields[2])));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      targets.push({ where, target: shorten(value), problem: `${where} is not valid JSON` });
      return;
    }
    const result = isObject(parsed) ? parsed : {};
    targets.push(
      withUnknown(fromValue(parsed, noun, where, shorten(value)), unknownSince(result.status, result.sent_at)),
    );
  });
  return targets;
}

/** The columns a csv header must name one of to be read as csv (a path has no comma: a line of paths is never taken for one). */
const CSV_KEYS = ['id', 'path_with_namespace', 'full_path', 'target'];

/** collab's csv (RFC 4180, a header first) as objects, each record's cells under the header's names; undefined when the text is not that. */
function csvTargets(text: string, noun: TargetNoun): TargetLine[] | undefined {
  const start = text.search(/\S/);
  if (start < 0 || text[start] === '{' || text[start] === '[') return undefined;
  const headerEnd = text.indexOf('\n', start);
  const headerLine = text.slice(start, headerEnd < 0 ? undefined : headerEnd);
  if (!headerLine.includes(',') || headerLine.includes('\t')) return undefined;
  const records = csvRecords(text.slice(start));
  const header = records.shift()?.cells ?? [];
  if (!header.some((name) => CSV_KEYS.includes(name))) return undefined;
  const firstLine = text.slice(0, start).split('\n').length;
  return records
    .filter((record) => record.cells.some((cell) => cell !== ''))
    .map((record) => {
      const object: Record<string, unknown> = {};
      header.forEach((name, index) => {
        const cell = record.cells[index] ?? '';
        // A nested value is JSON text in a cell (a result's response); a number is the ID.
        object[name] = cell.startsWith('{') ? parseOr(cell) : /^\d+$/.test(cell) ? Number(cell) : cell;
      });
      if (object.response === '') object.response = null;
      return withUnknown(
        fromValue(object, noun, `line ${firstLine + record.line}`, shorten(record.text)),
        unknownSince(object.status, object.sent_at ?? object.error),
      );
    });
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. `line` counts from 0. */
function csvRecords(text: string): { cells: string[]; line: number; text: string }[] {
  const records: { cells: string[]; line: number; text: string }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 0;
  let recordLine = 0;
  let recordStart = 0;
  const end = (at: number) => {
    cells.push(cell);
    records.push({ cells, line: recordLine, text: text.slice(recordStart, at).replace(/\r$/, '') });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      end(i);
      line++;
      recordLine = line;
      recordStart = i + 1;
    } else if (c !== '\r') cell += c;
  }
  if (cell !== '' || cells.length > 0) end(text.length);
  return records;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function withUnknown(line: TargetLine, since: number | undefined): TargetLine {
  return since === undefined || line.ref === undefined ? line : { ...line, unknownSince: since };
}

function fromValue(value: unknown, noun: TargetNoun, where: string, text: string): TargetLine {
  const given = typeof value === 'string' || typeof value === 'number' ? value : idOrPath(value, noun);
  if (given === undefined) {
    return {
      where,
      target: text,
      problem: `${where} names no ${noun}: expected an ID, a full path, or an object with id, path_with_namespace or full_path`,
    };
  }
  try {
    const ref = resourceRef(noun)(String(given), where) as string | number;
    // An ID is a number in the result whether it came as text or as JSON.
    return { where, target: typeof ref === 'number' ? ref : given, ref };
  } catch (error) {
    return { where, target: given, problem: isCollabError(error) ? error.message : String(error) };
  }
}

function idOrPath(value: unknown, noun: TargetNoun): string | number | undefined {
  if (!isObject(value)) return undefined;
  if ('target' in value && 'status' in value) {
    // A result line: the response's id when the response is the target itself (a project updated,
    // a group transferred, whose path may have changed), else the target as given.
    const response = value.response;
    if (isObject(response) && isKind(response, noun) && isIdOrPath(response.id)) return response.id;
    return isIdOrPath(value.target) ? value.target : undefined;
  }
  // The object's own full path when it is one of the slot's kind (a line of `projects list -o
  // ndjson`): results and messages then name it as the data did (`added xena to project
  // acme/web/storefront`), not by an ID the user never wrote. Else its id, else a path.
  const own = value[noun === 'project' ? 'path_with_namespace' : 'full_path'];
  if (isKind(value, noun) && isIdOrPath(own)) return own;
  for (const key of ['id', 'path_with_namespace', 'full_path']) {
    const candidate = value[key];
    if (isIdOrPath(candidate)) return candidate;
  }
  return undefined;
}

/** A project has path_with_namespace; a group full_path and no path_with_namespace. */
function isKind(value: Record<string, unknown>, noun: TargetNoun): boolean {
  return noun === 'project'
    ? 'path_with_namespace' in value
    : 'full_path' in value && !('path_with_namespace' in value);
}

function isIdOrPath(value: unknown): value is string | number {
  return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value !== '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
