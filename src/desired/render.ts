import { escapeControls } from '../output/escape.js';
import { escapeInvisible, hasInvisible, shownValue } from '../output/shown-value.js';
import { cutToWidth, displayWidth, wrapToWidth } from '../output/text-width.js';
import { byTarget, type Change, type Plan, type TargetChanges, targetKey } from './model.js';
import { SECTIONS } from './sections/index.js';
import { thousands } from '../util/thousands.js';

/**
 * The plan for people and for programs, drawn from the plan value alone (terraform's renderer):
 * the terraform-like diff, and one JSON line per change (the drift report of a scheduled job).
 */

interface Paint {
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

export const NO_PAINT: Paint = { green: (t) => t, yellow: (t) => t, red: (t) => t, bold: (t) => t, dim: (t) => t };

/** The plan's colours where the output shows colour (chalk loaded only then), else none. */
export async function planPaint(color: boolean): Promise<Paint> {
  if (!color) return NO_PAINT;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { green: chalk.green, yellow: chalk.yellow, red: chalk.red, bold: chalk.bold, dim: chalk.dim };
}

export const SIGN = { create: '+', update: '~', delete: '-' } as const;

/** A name from the service or the file (a URL, a path) on one line, with no control characters. */
export function shownName(text: string): string {
  return /[\u0000-\u001f\u007f-\u009f]/.test(text) || hasInvisible(text)
    ? escapeInvisible(escapeControls(JSON.stringify(text)))
    : escapeControls(text);
}

/** A list section's item is named by its noun (`hook https://…`); a setting by its name. */
const NOUN: Record<string, string> = Object.fromEntries(
  SECTIONS.flatMap((section) => (section.noun ? [[section.name, section.noun]] : [])),
);

/** A setting as the diff names it: `merge_method`, `push_rule.max_file_size`, `archived`. */
const settingName = (section: string, key: string) =>
  section === 'settings' || section === key ? key : `${section}.${key}`;

/**
 * A value read from the service is shown on a terminal up to this many display cells, then `…`
 * and a line saying how much was left out: the service may send a value of any length, and a plan
 * is read on a screen. Values from the file (what apply sends) are never cut.
 */
const LIVE_CELLS = 4_000;

/** What a change's line left out of a live value (`omitted` characters), said on a line below it. */
interface Shown {
  text: string;
  omitted: number;
}

/** A live value's text, cut at `cells` display cells (0: whole) after whole characters and escapes. */
function live(text: string, cells: number, shown: Shown): string {
  if (cells <= 0) return text;
  const cut = cutToWidth(text, cells);
  if (cut === text) return text;
  const kept = cut.slice(0, -1);
  for (const _ of text.slice(kept.length)) shown.omitted++;
  return cut;
}

/** A change's line without its sign: `merge_method: merge -> ff`, `hook https://… {"push_events":false}`. */
export function changeText(change: Change): string {
  return changeLine(change, 0).text;
}

/**
 * `changeText`, with what the service sent (the value before an update, the key of what a delete
 * removes) cut at `liveCells` display cells (0: whole), and how much that left out.
 */
function changeLine(change: Change, liveCells: number): Shown {
  const { section, key } = change.address;
  const shown: Shown = { text: '', omitted: 0 };
  const before = () => live(shownValue(change.before), liveCells, shown);
  if (section === 'create') shown.text = `create with ${shownValue(change.after)}`;
  else if (NOUN[section]) {
    const name = `${NOUN[section]} ${change.action === 'delete' ? live(shownName(key), liveCells, shown) : shownName(key)}`;
    shown.text =
      change.action === 'delete'
        ? name
        : change.action === 'create'
          ? `${name} ${shownValue(withoutKey(change.after, key))}`
          : `${name} ${before()} -> ${shownValue(change.after)}`;
  } else {
    const name = settingName(section, key);
    shown.text =
      change.action === 'create'
        ? `${name}: ${shownValue(change.after)}`
        : `${name}: ${before()} -> ${shownValue(change.after)}`;
  }
  return shown;
}

/** What a destructive change's line ends with (painted red on a terminal). */
export const DESTRUCTIVE = ' (destructive)';

/**
 * `+ text`, coloured by its action, as lines of at most `room` display cells (0: one line, as in
 * a pipe or a file): a long change wraps, its later lines under its text, every character of what
 * apply sends shown; a value read from the service longer than LIVE_CELLS ends in `…`, with a line
 * saying how much was left out and where the whole is. `where`: the targets a change shared by
 * several is on (`on 91 projects below acme`), after two spaces.
 */
function lines(change: Change, paint: Paint, room: number, where = ''): string[] {
  const color = change.action === 'create' ? paint.green : change.action === 'delete' ? paint.red : paint.yellow;
  const { text, omitted } = changeLine(change, room > 2 ? LIVE_CELLS : 0);
  const sign = color(SIGN[change.action]);
  const tail = where ? `  ${where}` : '';
  const whole = `${text}${change.destructive ? DESTRUCTIVE : ''}${tail}`;
  if (room <= 2 || (omitted === 0 && displayWidth(whole) <= room - 2))
    return [`${sign} ${text}${change.destructive ? paint.red(DESTRUCTIVE) : ''}${paint.dim(tail)}`];
  const wrapped = wrapChange(`${text}${change.destructive ? DESTRUCTIVE : ''}`, room - 2);
  const last = wrapped.length - 1;
  // The targets go on the change's last line where they fit, else on a line of their own.
  if (where && displayWidth(`${wrapped[last]}${tail}`) <= room - 2)
    wrapped[last] = `${wrapped[last]}${paint.dim(tail)}`;
  else if (where) wrapped.push(...wrapToWidth(where, room - 2).map((part) => paint.dim(part)));
  if (omitted > 0) {
    const note = `(the service's value goes on for ${plural(omitted, 'more character')} after …; collab plan -o json shows it whole)`;
    wrapped.push(...wrapToWidth(note, room - 2).map((part) => paint.dim(part)));
  }
  return wrapped.map((part, i) => (i === 0 ? `${sign} ${part}` : `  ${part}`));
}

/**
 * A change's text as lines of at most `width` cells. It breaks where a reader sees a boundary: at
 * a space between words, or after a comma between a value's members, never at a space inside a
 * JSON string while the member holding it fits on a line (`"cron":"0 2 * * *"` stays whole); a
 * piece longer than a line (a long description) breaks inside as any long text does. Only where
 * the lines break is chosen: joined back, they are the text, less the spaces broken at.
 */
function wrapChange(text: string, width: number): string[] {
  const pieces: Array<{ text: string; glued: boolean }> = [];
  let start = 0;
  let glued = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x20 || code === 0x2c) {
      // A space is the break's own (dropped there); a comma stays at the end of its line.
      const end = code === 0x2c ? i + 1 : i;
      pieces.push({ text: text.slice(start, end), glued });
      start = i + 1;
      glued = code === 0x2c;
    }
  }
  pieces.push({ text: text.slice(start), glued });
  const lines: string[] = [];
  let line: string | undefined;
  for (const piece of pieces) {
    if (line !== undefined) {
      const joined = `${line}${piece.glued ? '' : ' '}${piece.text}`;
      if (displayWidth(joined) <= width) {
        line = joined;
        continue;
      }
      lines.push(line);
    }
    const parts = wrapToWidth(piece.text, width);
    lines.push(...parts.slice(0, -1));
    line = parts[parts.length - 1] as string;
  }
  if (line !== undefined) lines.push(line);
  return lines;
}

/**
 * Changes that are the same on several targets: same kind of target, section, key, action,
 * before and after as kept (a secret's template, not its value), and destructive or not. Never
 * two changes whose shown values differ: the identity is the values themselves.
 */
function sameChange(change: Change): string {
  const { kind, section, key } = change.address;
  return JSON.stringify([
    kind,
    section,
    key,
    change.action,
    change.before ?? null,
    change.after ?? null,
    change.destructive,
  ]);
}

/**
 * A plan's changes as people review them: each change the same on several targets once, with
 * those targets (`shared`, in the order their first change comes), then each target's own.
 */
export function sharedAndOwn(changes: readonly Change[]): { shared: Change[][]; own: TargetChanges[] } {
  const alike = new Map<string, Change[]>();
  for (const change of changes) {
    const key = sameChange(change);
    const group = alike.get(key);
    if (group) group.push(change);
    else alike.set(key, [change]);
  }
  const shared = [...alike.values()].filter((group) => group.length > 1);
  const once = new Set([...alike.values()].filter((group) => group.length === 1).map((group) => group[0] as Change));
  return { shared, own: byTarget(changes.filter((change) => once.has(change))) };
}

/** Up to this many targets are named on a shared change's line; more are counted below their common group. */
export const NAMED = 3;

/**
 * The targets of a shared change, exactly: `on 3 projects: acme/a, acme/b, globex/c`, or
 * `on 91 projects below acme` (the deepest group all are below), `on 4 groups: acme and 3 below
 * it`, or `on 91 projects` when no group holds them all (--verbose lists them).
 */
export function sharedWhere(group: readonly Change[]): string {
  const { kind } = (group[0] as Change).address;
  const paths = group.map((change) => change.address.path);
  const count = plural(paths.length, kind);
  if (paths.length <= NAMED) return `on ${count}: ${paths.map(shownName).join(', ')}`;
  const parents = paths.map((path) => path.split('/').slice(0, -1));
  const common: string[] = [];
  for (let i = 0; parents.every((parent) => parent.length > i && parent[i] === (parents[0] as string[])[i]); i++)
    common.push((parents[0] as string[])[i] as string);
  if (common.length > 0) return `on ${count} below ${shownName(common.join('/'))}`;
  // Groups: one of them may hold all the others (acme, and groups below it).
  const top = paths.find((path) => paths.every((other) => other === path || other.startsWith(`${path}/`)));
  return top ? `on ${count}: ${shownName(top)} and ${paths.length - 1} below it` : `on ${count}`;
}

/**
 * A change in a few words, for an apply's result: `merge_method: merge -> ff`, `+ hook https://…`,
 * `- share initech`, `+ project created`, `~ protected branch main (merge_access_level: maintainer
 * -> developer)` (a list item by its name, an update with the fields it changes; a value a secret
 * was given for stays its template).
 */
export function changeSummary(change: Change): string {
  const { section, key, kind } = change.address;
  if (section === 'create') return `+ ${kind} created`;
  if (NOUN[section]) {
    const name = `${SIGN[change.action]} ${NOUN[section]} ${shownName(key)}`;
    return change.action === 'update' ? `${name} (${fieldsChanged(change.before, change.after)})` : name;
  }
  return change.action === 'create' ? `+ ${changeText(change)}` : changeText(change);
}

/** A change as data: `{section, key, from, to, action}` (a plan's change line, an apply result's `changes`). */
export function changeRecord(change: Change): Record<string, unknown> {
  return {
    section: change.address.section,
    key: change.address.key,
    from: change.before ?? null,
    to: change.after ?? null,
    action: change.action,
  };
}

/** `merge_access_level: maintainer -> developer, allow_force_push: false -> true`: a list item's update field by field. */
function fieldsChanged(before: unknown, after: unknown): string {
  if (before === null || typeof before !== 'object' || after === null || typeof after !== 'object')
    return `${shownValue(before)} -> ${shownValue(after)}`;
  const was = before as Record<string, unknown>;
  return Object.entries(after)
    .map(([field, value]) => `${field}: ${shownValue(was[field])} -> ${shownValue(value)}`)
    .join(', ');
}

/**
 * A new item without the URL its line is named by (a hook's): another item's `url` is one of its
 * settings (a Jira integration's, sent beside its slug), and stays in the line.
 */
function withoutKey(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const { url, ...rest } = value as Record<string, unknown>;
  return url === key ? rest : value;
}

/**
 * The diff: each change the same on several targets once, with the targets counted and named
 * (`+ label security  on 91 projects below acme`; `verbose`: each path under it), then target by
 * target what is its own (`~ project acme/web/app`, its changes indented), then what each section
 * adds, changes and removes (the table of -o markdown). `width`: the terminal's, each change
 * wrapped to it (0: one line each, as in a pipe or a file).
 */
export function humanPlan(plan: Plan, paint: Paint, width = 0, verbose = false): string {
  const out: string[] = [];
  // A target's name is never cut (two long paths may differ only at their ends): wrapped, at a slash where it can.
  const wrap = (text: string, indent: number) => (width > 0 ? wrapToWidth(text, Math.max(1, width - indent)) : [text]);
  const { shared, own } = sharedAndOwn(plan.changes);
  for (const group of shared) {
    out.push(...lines(group[0] as Change, paint, width, sharedWhere(group)));
    if (verbose)
      for (const change of group) out.push(...wrap(shownName(change.address.path), 4).map((part) => `    ${part}`));
  }
  for (const target of own) {
    const creating = target.changes.some((change) => change.address.section === 'create');
    const name = wrap(shownName(`${target.kind} ${target.path}`), 2);
    out.push(
      ...name.map((part, i) =>
        i === 0 ? `${creating ? paint.green('+') : paint.yellow('~')} ${paint.bold(part)}` : `  ${paint.bold(part)}`,
      ),
    );
    for (const change of target.changes)
      for (const part of lines(change, paint, width > 0 ? width - 4 : 0)) out.push(`    ${part}`);
  }
  if (out.length === 0) return '';
  out.push('', ...sectionLines(plan.changes));
  return `${out.join('\n')}\n`;
}

export const ACTIONS = ['create', 'update', 'delete'] as const;

/** How many changes of each action each section has, in the plan's order. */
export function sectionCounts(changes: readonly Change[]): Map<string, Record<(typeof ACTIONS)[number], number>> {
  const counts = new Map<string, Record<(typeof ACTIONS)[number], number>>();
  for (const change of changes) {
    const row = counts.get(change.address.section) ?? { create: 0, update: 0, delete: 0 };
    row[change.action]++;
    counts.set(change.address.section, row);
  }
  return counts;
}

/** `section   add  change  remove`, a row per section, aligned: the text's counterpart of -o markdown's table. */
function sectionLines(changes: readonly Change[]): string[] {
  const rows = [...sectionCounts(changes)].map(([section, row]) => [section, ...ACTIONS.map((a) => String(row[a]))]);
  const all = [['section', 'add', 'change', 'remove'], ...rows];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...all.map((row) => displayWidth(row[i] as string))));
  return all.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[0] as number) : cell.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd(),
  );
}

/** One object per change: `{target, kind, section, key, from, to, action}`. */
export function changeLines(plan: Plan): Record<string, unknown>[] {
  return plan.changes.map((change) => ({
    target: change.address.path,
    kind: change.address.kind,
    ...changeRecord(change),
  }));
}

export const plural = (n: number, word: string) => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * A plan's summary in its three parts: `3 changes on 2 targets` (or `no changes`), `1 to add, 1 to
 * change, 1 to remove` (empty without changes), `41 requests read 20 targets (2.05 a target)`.
 */
export function planCounts(plan: Plan): { changes: string; actions: string; reads: string } {
  const touched = new Set(plan.changes.map((c) => targetKey(c.address.kind, c.address.path))).size;
  const counts = { create: 0, update: 0, delete: 0 };
  for (const change of plan.changes) counts[change.action]++;
  const parts = [
    counts.create && `${counts.create} to add`,
    counts.update && `${counts.update} to change`,
    counts.delete && `${counts.delete} to remove`,
  ].filter(Boolean);
  return {
    changes:
      plan.changes.length === 0
        ? 'no changes'
        : `${plural(plan.changes.length, 'change')} on ${plural(touched, 'target')}`,
    actions: parts.join(', '),
    reads: readsText(plan.reads, plan.targets),
  };
}

/** `41 requests read 20 targets (2.05 a target)`: what a plan or an export read. */
export function readsText(reads: number, targets: number): string {
  const perTarget = targets ? ` (${(reads / targets).toFixed(2)} a target)` : '';
  return `${plural(reads, 'request')} read ${plural(targets, 'target')}${perTarget}`;
}

/** `3 changes on 2 targets (1 to add, 1 to change, 1 to remove); 41 requests read 20 targets (2.05 a target)`. */
export function planSummary(plan: Plan): string {
  const { changes, actions, reads } = planCounts(plan);
  return actions ? `${changes} (${actions}); ${reads}` : `${changes}; ${reads}`;
}
