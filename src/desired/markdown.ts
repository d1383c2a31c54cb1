import type { Change, Plan } from './model.js';
import {
  ACTIONS,
  changeText,
  DESTRUCTIVE,
  NAMED,
  plural,
  planCounts,
  SIGN,
  sectionCounts,
  sharedAndOwn,
  sharedWhere,
  shownName,
} from './render.js';

/**
 * `collab plan -o markdown`: the plan as a merge request's comment (posted with `collab notes
 * create --body-file`). A table of what each section adds, changes and removes, then each change
 * the same on several targets once (`on 91 projects below acme`, its targets listed when opened),
 * then each target's own changes in a collapsible block, as diffs GitLab colours. Values are the
 * plan's, so a secret is its template (`${env:…}`), never its value. Never longer than a note may
 * be (GitLab refuses a note over 1,000,000 characters): what does not fit is counted on a last line.
 */

/** GitLab's limit on a note's body (its Note model validates `note` at 1,000,000 characters). */
export const NOTE_LIMIT = 1_000_000;

export function markdownPlan(plan: Plan, limit = NOTE_LIMIT): string {
  // The heading says how many; the line under it what they are and what was read, once each.
  const { changes, actions, reads } = planCounts(plan);
  const head = [
    `### collab plan: ${changes}`,
    '',
    `${escapeText(actions ? `${actions}; ${reads}` : reads)} (${escapeText(plan.file.path)} on ${escapeText(plan.host)})`,
  ];
  if (plan.changes.length > 0) head.push('', ...sectionTable(plan.changes));
  // A secret the service never shows, unset when planned: the reviewer sees what apply will need.
  for (const { problem, changes: sending } of plan.unset ?? [])
    head.push(
      '',
      `> ${escapeText(problem)}: needed to apply ${sending.length === 1 ? 'a change' : `${sending.length} changes`}`,
    );
  let text = `${head.join('\n')}\n`;
  // Each change the same on several targets once (its targets in its block), then each target's own.
  const { shared, own } = sharedAndOwn(plan.changes);
  const blocks = [
    ...shared.map((group) => ({ block: () => sharedBlock(group), what: 'change' })),
    ...own.map((target) => ({ block: () => targetBlock(target.changes), what: 'target' })),
  ];
  // Room kept for the last line, whatever the count it names.
  const tail = (left: typeof blocks) => {
    const changes = left.filter((b) => b.what === 'change').length;
    const targets = left.length - changes;
    const parts = [changes && plural(changes, 'more shared change'), targets && plural(targets, 'more target')];
    return `\n… and ${parts.filter(Boolean).join(' and ')}\n`;
  };
  const room = limit - tail(blocks).length;
  for (let i = 0; i < blocks.length; i++) {
    const block = (blocks[i] as (typeof blocks)[number]).block();
    if (text.length + block.length > room) return text + tail(blocks.slice(i));
    text += block;
  }
  return text;
}

/** A change the same on several targets: the change as a diff, then where it is, its targets listed when opened. */
function sharedBlock(group: readonly Change[]): string {
  const change = group[0] as Change;
  const line = `${SIGN[change.action]} ${changeText(change)}${change.destructive ? DESTRUCTIVE : ''}`;
  const fence = fenceFor([line]);
  // The names are in the list: the summary only counts them (and their common group).
  const where = group.length > NAMED ? sharedWhere(group) : sharedWhere(group).replace(/: .*$/, '');
  return [
    '',
    `${fence}diff`,
    line,
    fence,
    '',
    `<details><summary>${escapeHtml(where)}</summary>`,
    '',
    ...group.map((c) => `- <code>${escapeHtml(shownName(c.address.path))}</code>`),
    '',
    '</details>',
    '',
  ].join('\n');
}

/** `| section | add | change | remove |`, a row per section the plan touches, in the plan's order. */
function sectionTable(changes: readonly Change[]): string[] {
  const rows = [...sectionCounts(changes)].map(
    ([section, row]) => `| ${escapeText(section)} | ${ACTIONS.map((action) => row[action]).join(' | ')} |`,
  );
  return ['| section | add | change | remove |', '|---|---:|---:|---:|', ...rows];
}

/** One target: `<details>` with its path and count as the summary, its changes as a diff block. */
function targetBlock(changes: readonly Change[]): string {
  const { kind, path } = (changes[0] as Change).address;
  const creating = changes.some((change) => change.address.section === 'create');
  const lines = changes.map(
    (change) => `${SIGN[change.action]} ${changeText(change)}${change.destructive ? DESTRUCTIVE : ''}`,
  );
  const fence = fenceFor(lines);
  const count = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
  return [
    '',
    `<details><summary>${creating ? '+' : '~'} ${kind} <code>${escapeHtml(shownName(path))}</code> (${count})</summary>`,
    '',
    `${fence}diff`,
    ...lines,
    fence,
    '',
    '</details>',
    '',
  ].join('\n');
}

/** A code fence longer than any run of backticks in the block (a value may hold some). */
function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(
    2,
    ...lines.map((line) => Math.max(0, ...[...line.matchAll(/`+/g)].map((run) => run[0].length))),
  );
  return '`'.repeat(longest + 1);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text outside a code block: HTML and the Markdown that would change it (a path with `_` or `*`, a `|` in a table) taken literally. */
const escapeText = (text: string) => escapeHtml(text).replace(/([\\`*_[\]|])/g, '\\$1');
