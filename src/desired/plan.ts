import { dirname } from 'node:path';
import type { VerbContext } from '../context.js';
import { flat } from '../error-text.js';
import { CollabError } from '../errors.js';
import { dayOf } from '../util/day.js';
import { thousands } from '../util/thousands.js';
import { diffTarget, type DiffOptions } from './diff.js';
import { discover, readTargets } from './live.js';
import type { DesiredFile } from './load.js';
import { absentPaths, checkFilters, reportAbsent } from './absent.js';
import { type Change, type LiveTarget, type Plan, repeatedId } from './model.js';
import { sendsText } from './requests.js';
import { unsetSecrets } from './preflight.js';
import { refuseUnpaid } from './tier.js';
import { type DesiredTarget, inShard, isAbsent, reachOf, resolveTargets, selected } from './targets.js';

interface PlanOptions {
  /** `collab plan acme/web`: only these targets and what is below them. */
  only: readonly string[];
  shard: { index: number; count: number } | undefined;
  rotateSecrets: boolean;
  /** A path that does not exist, a glob that matches nothing: warnings, not errors. */
  allowMissing: boolean;
  concurrency: number;
  /** Sections read through GraphQL where they can (src/desired/graphql.ts). */
  graphql: boolean;
}

/**
 * The plan: a pure function of what the file wants and what the service has. Groups first (a
 * project's group may be made by the same plan), each target's changes in section order.
 */
function plan(
  targets: readonly DesiredTarget[],
  live: ReadonlyMap<DesiredTarget, LiveTarget>,
  options: DiffOptions,
): { changes: Change[]; missing: string[]; refused: CollabError[] } {
  const changes: Change[] = [];
  const missing: string[] = [];
  const refused: CollabError[] = [];
  for (const target of targets) {
    const state = live.get(target) as LiveTarget;
    if (isAbsent(target, state.resource)) missing.push(`${target.kind} ${target.path}`);
    // What the file asks that the service would refuse, or names what is not there (a section's
    // usage or not-found error), is gathered over every section of every target, so that one plan
    // names them all; anything else ends the plan at once.
    changes.push(...diffTarget(target, state, { ...options, refuse: (error) => void refused.push(error) }));
  }
  return { changes, missing, refused };
}

/** Refusals said in full before the plan's error, at most; the rest are counted. */
const REFUSALS_SHOWN = 20;

/**
 * One refusal is the plan's error as it is. Several are each said on stderr, as the error and hint
 * a plan of that target alone would give, then one error counts them: nothing planned, exit 4 when
 * all name what is not there, else 2.
 */
function refuse(ctx: VerbContext, refused: readonly CollabError[]): void {
  if (refused.length === 0) return;
  if (refused.length === 1) throw refused[0];
  for (const error of refused.slice(0, REFUSALS_SHOWN)) {
    ctx.terminal.stderrLine(`error: ${flat(error.message)}`);
    if (error.hint) ctx.terminal.stderrLine(`hint: ${flat(error.hint)}`);
  }
  const more = refused.length - REFUSALS_SHOWN;
  throw new CollabError(
    refused.every((error) => error.kind === 'not-found') ? 'not-found' : 'usage',
    `${thousands(refused.length)} problems with the file${more > 0 ? `, the first ${REFUSALS_SHOWN} above` : ', each above'}; nothing was planned`,
    { hint: 'change the file as each error says, then plan again' },
  );
}

/** Reads the live state the file reaches and plans against it; `reads` counts the requests that took. */
export async function readAndPlan(ctx: VerbContext, file: DesiredFile, options: PlanOptions): Promise<Plan> {
  const client = await ctx.session.client();
  const before = client.requestCount;
  await refuseUnpaid(ctx, file.data);
  const reach = reachOf(file.data);
  const found = await discover(ctx, reach, options.concurrency);
  const reached = resolveTargets(
    file.data,
    reach,
    {
      groups: [...found.groups.keys()].filter((p) => found.groups.get(p) !== null),
      projects: [...found.projects.keys()].filter((p) => found.projects.get(p) !== null),
    },
    file.kept,
  );
  checkFilters(options.only, reached, file.path);
  const targets = reached.filter(
    (target) => selected(target.path, options.only) && inShard(target.kind, target.path, options.shard),
  );
  reportAbsent(
    ctx,
    await absentPaths(ctx, targets, reach, found, options.only, options.concurrency),
    file.path,
    options.allowMissing,
  );
  // Targets named in the file but absent were resolved too (resolveTargets keeps exact paths): their resource is null.
  const live = await readTargets(ctx, targets, found, options.concurrency, options.graphql);
  const left = new Map<string, string[]>();
  const { changes, missing, refused } = plan(targets, live, {
    rotateSecrets: options.rotateSecrets,
    today: dayOf(ctx.session.clock.now()),
    warn: (message, target) => {
      const on = left.get(message) ?? [];
      on.push(`${target.kind} ${target.path}`);
      left.set(message, on);
    },
  });
  // Once a reason, naming its targets (a defaults entry reaches hundreds: three, then how many more).
  for (const [message, on] of left)
    ctx.terminal.warn(`${message}: ${on.slice(0, 3).join(', ')}${on.length > 3 ? ` and ${on.length - 3} more` : ''}`);
  refuse(ctx, refused);
  // Each section keys its changes apart; two of one ID are collab's mistake, never applied.
  const repeated = repeatedId(changes);
  if (repeated !== undefined)
    throw new CollabError(
      'internal',
      `a bug in collab: the plan has two changes of one ID (${repeated}), which the journal cannot tell apart; nothing was planned`,
      { hint: 'report it with the file, and plan the target without the section meanwhile' },
    );
  for (const change of changes) change.sends = await sendsText(change.request);
  const unset = unsetSecrets(ctx.session.env, dirname(file.path), changes);
  return {
    format: 'collab-plan',
    version: 2,
    host: await ctx.session.host(),
    file: { path: file.path, digest: file.digest },
    reads: client.requestCount - before,
    targets: targets.length,
    changes,
    missing,
    ...(unset.length > 0 ? { unset } : {}),
  };
}
