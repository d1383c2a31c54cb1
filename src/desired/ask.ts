import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import type { Plan } from './model.js';
import { humanPlan, planPaint, planSummary } from './render.js';

/**
 * apply shows, then asks, as terraform does: on a terminal the plan, then the question, answered
 * by typing `yes` or the number of changes; --yes skips it; with no one to ask it needs --yes. A
 * saved plan is the reviewed artifact and is never asked about (as `terraform apply plan.tfplan`).
 */
export async function askToApply(ctx: VerbContext, plan: Plan, yes: boolean): Promise<void> {
  if (yes) return;
  const count = plan.changes.length;
  const what = applying(plan);
  const why = ctx.prompter.refusal;
  if (why !== undefined) {
    throw new CollabError('usage', `${what} needs confirmation, and ${why}; nothing was sent`, {
      hint: `pass --yes, or review a saved plan and apply it: \`collab plan -f ${plan.file.path} --out plan.json\`, then \`collab apply -f plan.json\``,
    });
  }
  // As collab plan draws it on a terminal: coloured, each change wrapped to the width, shared ones once.
  await ctx.terminal.stderrDrawn(async ({ width, color }) =>
    humanPlan(plan, await planPaint(color), width, ctx.terminal.verbose),
  );
  ctx.terminal.stderrLine(planSummary(plan));
  await ctx.prompter.confirmByTyping(['yes', String(count)], what, false);
}

/** `apply 5 changes (1 destructive) to 3 targets (acme/web, acme/web/storefront and 1 more)`: targets by path. */
function applying(plan: Plan): string {
  const paths = [...new Set(plan.changes.map((change) => change.address.path))];
  const destructive = plan.changes.filter((change) => change.destructive).length;
  const changes = `${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'}${destructive ? ` (${destructive} destructive)` : ''}`;
  const shown = paths.length > 3 ? `${paths.slice(0, 2).join(', ')} and ${paths.length - 2} more` : paths.join(', ');
  return `apply ${changes} to ${paths.length === 1 ? shown : `${paths.length} targets (${shown})`}`;
}
