import type { TargetNoun } from '../commands/target-slots.js';
import { isCollabError } from '../errors.js';
import { resourceRef } from '../params/parsers.js';

/**
 * The targets of a run over many projects or groups, as read from standard input. A line is an
 * ID, a full path, or a JSON object as collab prints it with -o ndjson: the object's `id`, else
 * its `path_with_namespace` or `full_path`. A result line of a run like this one gives its
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
    if (Array.isArray(items)) return items.map((item, index) => fromValue(item, noun, `item ${index + 1}`, shorten(JSON.stringify(item) ?? '')));
  }
  const targets: TargetLine[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const value = line.trim();
    if (value === '') return;
    const where = `line ${index + 1}`;
    if (!value.startsWith('{')) {
      targets.push(fromValue(value, noun, where, shorten(value)));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      targets.push({ where, target: shorten(value), problem: `${where} is not valid JSON` });
      return;
    }
    targets.push(fromValue(parsed, noun, where, shorten(value)));
  });
  return targets;
}

function fromValue(value: unknown, noun: TargetNoun, where: string, text: string): TargetLine {
  const given = typeof value === 'string' || typeof value === 'number' ? value : idOrPath(value, noun);
  if (given === undefined) {
    return { where, target: text, problem: `${where} names no ${noun}: expected an ID, a full path, or an object with id, path_with_namespace or full_path` };
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
  for (const key of ['id', 'path_with_namespace', 'full_path']) {
    const candidate = value[key];
    if (isIdOrPath(candidate)) return candidate;
  }
  return undefined;
}

/** A project has path_with_namespace; a group full_path and no path_with_namespace. */
function isKind(value: Record<string, unknown>, noun: TargetNoun): boolean {
  return noun === 'project' ? 'path_with_namespace' in value : 'full_path' in value && !('path_with_namespace' in value);
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
