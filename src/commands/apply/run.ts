import { readFileSync } from 'node:fs';
import type { VerbContext } from '../../context.js';
import { applyPlan, checkHost } from '../../desired/apply.js';
import { askToApply } from '../../desired/ask.js';
import { checkSecrets, noteUnsetSecrets, preflight } from '../../desired/preflight.js';
import { Journal } from '../../desired/journal.js';
import { loadDesiredFor } from '../../desired/load.js';
import { type Change, type Plan, repeatedId } from '../../desired/model.js';
import { knownOperation } from '../../desired/requests.js';
import { type DesiredFlags, desiredFlags, graphqlAllowed, planOptions, shardOf } from '../plan/desired-flags.js';
import { checkFilters } from '../../desired/absent.js';
import { readAndPlan } from '../../desired/plan.js';
import { planSummary } from '../../desired/render.js';
import { showPlan } from '../../desired/show.js';
import { inShard, selected } from '../../desired/targets.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import type { APPLY } from './index.js';

interface ApplyCommandOptions extends DesiredFlags {
  journal: string;
  resume: boolean;
  schema: boolean;
  yes: boolean;
  /** A plan saved by collab plan --out, when -f names one. */
  saved: Plan | undefined;
}

export function parse(input: VerbInput<typeof APPLY>): ApplyCommandOptions {
  const flags = desiredFlags(input);
  const base = {
    ...flags,
    journal: input.journal ?? `${flags.file}.journal`,
    resume: input.resume,
    schema: input.schema,
    yes: input.yes,
    saved: undefined,
  };
  if (base.schema) return base;
  const saved = savedPlan(flags.file);
  if (saved && flags.rotateSecrets)
    throw new CollabError(
      'usage',
      '--rotate-secrets changes what is planned: give it to collab plan, not to the apply of a saved plan',
    );
  return { ...base, saved };
}

/** The plan in `path` when it is one (JSON of format collab-plan), else undefined (collab.yaml). */
function savedPlan(path: string): Plan | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined; // loadDesired names the problem.
  }
  if (!text.trimStart().startsWith('{')) return undefined;
  let value: Partial<Plan>;
  try {
    value = JSON.parse(text) as Partial<Plan>;
  } catch {
    return undefined;
  }
  if (value.format !== 'collab-plan') return undefined;
  const again = { hint: 'make it again with collab plan --out' };
  // A version 1 plan found each secret's template again by its value: two equal secrets could swap.
  if ((value.version as number) === 1)
    throw new CollabError(
      'usage',
      `${path} was saved by an older collab, which cannot say which template each secret came from`,
      again,
    );
  if (value.version !== 2 || !Array.isArray(value.changes) || typeof value.host !== 'string')
    throw new CollabError(
      'usage',
      `${path} is not a plan this collab can apply (format collab-plan, version 2)`,
      again,
    );
  const unknown = value.changes.find((change: Partial<Change> | null) => !knownOperation(change?.request?.op));
  if (unknown)
    throw new CollabError(
      'usage',
      `${path} has a change this collab cannot send (${JSON.stringify(unknown?.request?.op ?? null)}): it was made by another version`,
      again,
    );
  // Made by a collab that gave two changes one ID: the journal could take one for the other.
  const repeated = repeatedId(value.changes as Change[]);
  if (repeated !== undefined)
    throw new CollabError(
      'usage',
      `${path} has two changes of one ID (${repeated}), which apply cannot tell apart`,
      again,
    );
  return value as Plan;
}

export async function run(ctx: VerbContext, opts: ApplyCommandOptions): Promise<void> {
  if (opts.schema) {
    const { jsonSchema } = await import('../../desired/schema.js');
    await ctx.presenter.value({ json: JSON.stringify(await jsonSchema(), null, 2) });
    return;
  }
  let plan: Plan;
  // The plan's reads and the apply go --concurrency targets at once: the setting is read once.
  let concurrency: number | undefined;
  if (opts.saved) {
    await checkHost(ctx, opts.saved);
    const shard = shardOf(opts.shard, ctx.session.env);
    checkFilters(
      opts.only,
      opts.saved.changes.map((change) => change.address),
      opts.file,
    );
    const changes = opts.saved.changes.filter(
      (change) => selected(change.address.path, opts.only) && inShard(change.address.kind, change.address.path, shard),
    );
    plan = { ...opts.saved, changes };
  } else {
    const file = loadDesiredFor(ctx, opts.file);
    const options = await planOptions(ctx, opts);
    concurrency = options.concurrency;
    plan = await readAndPlan(ctx, file, options);
  }
  if (ctx.session.dryRun) {
    noteUnsetSecrets(ctx, plan);
    return showPlan(ctx, plan);
  }
  if (plan.changes.length === 0) {
    if (opts.resume)
      Journal.open(opts.journal, {
        resume: true,
        host: plan.host,
        digest: plan.file.digest,
        source: opts.file,
      }).remove();
    ctx.terminal.info(planSummary(plan));
    return;
  }
  if (!opts.saved) {
    // A secret the service never shows is needed only by what sends it: refused before the question, nothing sent.
    checkSecrets(ctx, plan, plan.changes);
    await askToApply(ctx, plan, opts.yes);
  }
  const journal = Journal.open(opts.journal, {
    resume: opts.resume,
    host: plan.host,
    digest: plan.file.digest,
    source: opts.file,
  });
  concurrency ??= opts.concurrency ?? (await ctx.session.numberSetting('concurrency'));
  // A saved plan: everything it needs checked before anything is sent; its stale targets found.
  const checked = opts.saved
    ? await preflight(ctx, plan, journal, { concurrency, graphql: await graphqlAllowed(ctx, opts.graphql) })
    : undefined;
  await applyPlan(ctx, plan, { concurrency, stale: checked?.stale, reached: checked?.reached, journal });
}
