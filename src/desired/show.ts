import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import type { Column } from '../output/format.js';
import { markdownPlan } from './markdown.js';
import type { Plan } from './model.js';
import { changeLines, humanPlan, planPaint, planSummary } from './render.js';

const CHANGE_COLUMNS: Column[] = [
  { header: 'TARGET', path: 'target', text: true },
  { header: 'SECTION', path: 'section' },
  { header: 'KEY', path: 'key', text: true },
  { header: 'ACTION', path: 'action', choices: ['create', 'update', 'delete'] },
  { header: 'FROM', path: 'from', text: true },
  { header: 'TO', path: 'to', text: true },
];

/**
 * Prints a plan through the presenter, which alone knows the format: the diff for people
 * (coloured, each change wrapped to a terminal's width, the counts per section last), the plan itself with -o json, a change per
 * line with -o ndjson or csv, a merge request's comment with -o markdown; the summary (and the
 * request count) on stderr. The plan ends with exit 8 when it has changes (`collab plan` in a
 * scheduled job reports drift by it).
 */
export async function showPlan(ctx: VerbContext, plan: Plan): Promise<void> {
  await ctx.presenter.report({
    value: plan,
    rows: changeLines(plan),
    columns: CHANGE_COLUMNS,
    text: async ({ width, color }) => humanPlan(plan, await planPaint(color), width, ctx.terminal.verbose),
    markdown: () => markdownPlan(plan),
  });
  ctx.terminal.info(planSummary(plan));
  if (plan.changes.length > 0) throw new CollabError('changes', planSummary(plan));
}
