import { writeFileSync } from 'node:fs';
import type { Context } from '../../context.js';
import { loadDesired } from '../../desired/load.js';
import { type DesiredFlags, desiredFlags, planOptions } from './desired-flags.js';
import { readAndPlan } from '../../desired/plan.js';
import { showPlan } from '../../desired/show.js';
import type { CommandInput } from '../spec.js';

interface PlanCommandOptions extends DesiredFlags {
  out: string | undefined;
}

export function options(input: CommandInput, ctx: Context): PlanCommandOptions {
  const flags = desiredFlags(input);
  // The file is read and checked here: a bad one is a usage error before any request.
  loadDesired(flags.file, ctx.env, (line) => ctx.stderrLine(line));
  return { ...flags, out: input.options.out as string | undefined };
}

export async function run(ctx: Context, opts: PlanCommandOptions): Promise<void> {
  const file = loadDesired(opts.file, ctx.env, (line) => ctx.stderrLine(line));
  const plan = await readAndPlan(ctx, file, await planOptions(ctx, opts));
  if (opts.out) {
    // The plan holds no secret (templates only), but it maps the groups and projects: the owner's alone.
    writeFileSync(opts.out, `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
    ctx.info(`saved the plan to ${opts.out}: apply it with collab apply -f ${opts.out}`);
  }
  await showPlan(ctx, plan);
}
