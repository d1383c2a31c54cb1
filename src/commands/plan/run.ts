import { writeFileSync } from 'node:fs';
import type { VerbContext } from '../../context.js';
import { loadDesiredFor } from '../../desired/load.js';
import { type DesiredFlags, desiredFlags, planOptions } from './desired-flags.js';
import { readAndPlan } from '../../desired/plan.js';
import { noteUnsetSecrets } from '../../desired/preflight.js';
import { showPlan } from '../../desired/show.js';
import { checkWritable, unwritableFile } from '../../util/unwritable.js';
import type { VerbInput } from '../verb.js';
import type { PLAN } from './index.js';

interface PlanCommandOptions extends DesiredFlags {
  out: string | undefined;
}

export async function parse(input: VerbInput<typeof PLAN>): Promise<PlanCommandOptions> {
  const flags = desiredFlags(input);
  // Checked before any request: a plan of thousands of projects is not read to be lost at the end.
  if (input.out) await checkWritable(input.out);
  return { ...flags, out: input.out };
}

export async function run(ctx: VerbContext, opts: PlanCommandOptions): Promise<void> {
  // Read and checked first: a bad file is a usage error before any request.
  const file = loadDesiredFor(ctx, opts.file);
  const plan = await readAndPlan(ctx, file, await planOptions(ctx, opts));
  if (opts.out) {
    // The plan holds no secret (templates only), but it maps the groups and projects: the owner's alone.
    try {
      writeFileSync(opts.out, `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      throw unwritableFile(`cannot write ${opts.out}`, error);
    }
    ctx.terminal.info(`saved the plan to ${opts.out}: apply it with collab apply -f ${opts.out}`);
  }
  noteUnsetSecrets(ctx, plan);
  await showPlan(ctx, plan);
}
