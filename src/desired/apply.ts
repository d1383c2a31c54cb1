import { dirname } from 'node:path';
import { getGroup } from '../api/groups.js';
import { getNamespace } from '../api/namespaces.js';
import { getProject } from '../api/projects.js';
import { findResource } from '../api/recover.js';
import { confirmTargets } from '../bulk/confirm.js';
import { failure, failuresError, type Outcome, resultColumns, summary, type TargetResult } from '../bulk/results.js';
import { hostKey } from '../config/store.js';
import type { Context } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import type { ApiRequest } from '../http/client.js';
import { equal, liveFields } from './diff.js';
import type { Journal } from './journal.js';
import { eachLimited, readExtras } from './live.js';
import { resolveReferences } from './load.js';
import type { Change, Plan, RequestSpec } from './model.js';
import { batchOf, mergeBatch, type Resolver, toApiRequests } from './requests.js';

/**
 * Applying a plan: its changes alone, target by target (--concurrency targets at once, through the
 * run's one HTTP client and so one rate-limit gate), each target's changes in order, the settings
 * of a target in one request. A saved plan's targets are read again first and refused as stale
 * when a field a change was computed from has moved. Results per target in the bulk format, the
 * summary on stderr, the bulk exit-code rule.
 */

export interface ApplyOptions {
  concurrency: number;
  yes: boolean;
  /** The plan was read from a file: its targets are read again and refused when stale. */
  saved: boolean;
  journal: Journal;
}

interface TargetWork {
  kind: Change['address']['kind'];
  path: string;
  changes: Change[];
}

/** Refuses a plan made against another service before anything is read or sent. */
export async function checkHost(ctx: Context, plan: Plan): Promise<void> {
  const host = await ctx.host();
  if (hostKey(host) !== hostKey(plan.host)) {
    throw new CollabError('usage', `the plan was made for ${plan.host}, not ${host}`, { hint: `apply it with --host ${plan.host}, or make a new plan with collab plan` });
  }
}

export async function applyPlan(ctx: Context, plan: Plan, options: ApplyOptions): Promise<void> {
  const work = byTarget(plan.changes);
  const destructive = plan.changes.filter((change) => change.destructive && !options.journal.isDone(change.id));
  if (destructive.length > 0 && !options.yes) {
    await confirmTargets(ctx, destructive.length, `apply ${destructive.length} destructive change${destructive.length === 1 ? '' : 's'} (${destructive.map((c) => c.id).slice(0, 3).join('; ')}${destructive.length > 3 ? '; …' : ''})`);
  }
  const resolver = makeResolver(ctx, plan);
  const outcomes = new Map<TargetWork, Outcome>();
  const messages = new WeakMap<TargetResult, string>();
  // Targets made by this apply first, parents before children (a project's group may be new); then the rest, all at once.
  const creating = work.filter((target) => target.changes.some((c) => c.address.section === 'create' && !options.journal.isDone(c.id)));
  const depths = [...new Set(creating.map((t) => t.path.split('/').length))].sort((a, b) => a - b);
  const waves = [...depths.map((depth) => creating.filter((t) => t.path.split('/').length === depth)), work.filter((t) => !creating.includes(t))];
  for (const wave of waves) {
    await eachLimited(wave, options.concurrency, async (target) => {
      if (ctx.signal.aborted) return;
      const outcome = await applyTarget(ctx, target, options, resolver);
      if (outcome) {
        outcomes.set(target, outcome);
        messages.set(outcome.result, outcome.message);
      }
    });
  }
  const done = work.flatMap((target) => outcomes.get(target) ?? []);
  if (done.length > 0) await ctx.printItems(done.map((outcome) => outcome.result), resultColumns((result) => messages.get(result)));
  if (ctx.signal.aborted || done.length < work.length) {
    ctx.stderrLine(`${summary(done)}; not done: ${work.length - done.length} of ${work.length} targets. To finish: collab apply --resume with the same file (journal ${options.journal.path})`);
    throw new CollabError('interrupted', 'interrupted');
  }
  const failed = failuresError(done);
  if (failed) throw withResumeHint(failed, options.journal.path);
  options.journal.remove();
  ctx.info(summary(done));
}

function withResumeHint(error: CollabError, journal: string): CollabError {
  return new CollabError(error.kind, error.message, { hint: `${error.hint ?? ''}; the journal ${journal} keeps what was done: fix the cause, then collab apply --resume` });
}

function byTarget(changes: readonly Change[]): TargetWork[] {
  const targets = new Map<string, TargetWork>();
  for (const change of changes) {
    const key = `${change.address.kind}:${change.address.path}`;
    let target = targets.get(key);
    if (!target) targets.set(key, (target = { kind: change.address.kind, path: change.address.path, changes: [] }));
    target.changes.push(change);
  }
  return [...targets.values()];
}

/** One target: the stale check (saved plans), then its changes in order; undefined when Ctrl-C stopped it before it began. */
async function applyTarget(ctx: Context, target: TargetWork, options: ApplyOptions, resolver: Resolver): Promise<Outcome | undefined> {
  const pending = target.changes.filter((change) => !options.journal.isDone(change.id));
  try {
    if (options.saved) await refuseStale(ctx, target, pending.filter((change) => !options.journal.inDoubt(change.id)));
    // The target is made first and archived last (read-only from then on); what lies between
    // (settings, push rule, each hook, share and link) is independent and goes out at once.
    const all = batches(pending);
    const first = all.filter((batch) => batch[0]?.address.section === 'create');
    const last = all.filter((batch) => batch[0]?.address.section === 'archived');
    const between = all.filter((batch) => !first.includes(batch) && !last.includes(batch));
    for (const phase of [first, between, last]) {
      // Every batch of a phase ends (and is journalled) before a failure is reported.
      const settled = await Promise.allSettled(phase.map((batch) => applyBatch(ctx, batch, options.journal, resolver)));
      const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
      if (ctx.signal.aborted) return undefined;
    }
    const made = pending.length;
    const message = made === 0 ? 'already applied (journal)' : `${made} change${made === 1 ? '' : 's'} applied`;
    return { result: { target: target.path, status: made === 0 ? 'unchanged' : 'ok', error: null, response: { kind: target.kind, changes: target.changes.map((c) => c.id) } }, message };
  } catch (error) {
    if (ctx.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted')) return undefined;
    return failure(target.path, error, (text) => ctx.redact(text));
  }
}

/** One request's worth of changes, journalled before and after. */
async function applyBatch(ctx: Context, batch: readonly Change[], journal: Journal, resolver: Resolver): Promise<void> {
  if (ctx.signal.aborted) return;
  const ids = batch.map((change) => change.id);
  const doubtful = ids.find((id) => journal.inDoubt(id));
  const sentAt = doubtful === undefined ? undefined : journal.startedAt(doubtful);
  journal.start(ids);
  for (const request of await toApiRequests(mergedSpec(batch), { ...resolver, sentAt })) await send(ctx, request, doubtful !== undefined);
  journal.finished(ids);
}

/** A request whose earlier send may have taken effect (journal: started, not done) first asks its `recover`: found, it is not sent again. */
async function send(ctx: Context, request: ApiRequest, inDoubt: boolean): Promise<void> {
  if (inDoubt && request.recover) {
    const found = await request.recover(await ctx.client());
    if (found !== undefined) return;
  }
  await ctx.request(request);
}

/** Consecutive changes of one batch (a target's settings) go out as one request. */
function batches(changes: readonly Change[]): Change[][] {
  const out: Change[][] = [];
  for (const change of changes) {
    const batch = batchOf(change.request);
    const open = batch ? out.find((group) => group[0] && batchOf(group[0].request) === batch) : undefined;
    if (open) open.push(change);
    else out.push([change]);
  }
  return out;
}

function mergedSpec(batch: readonly Change[]): RequestSpec {
  const [first, ...others] = batch;
  return mergeBatch((first as Change).request, others.map((change) => change.request));
}

/** Reads the target again and refuses it when a field a change was computed from has moved since the plan. */
async function refuseStale(ctx: Context, target: TargetWork, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const client = await ctx.client();
  const resource = (await findResource<Record<string, unknown>>(client, target.kind === 'project' ? getProject(target.path) : getGroup(target.path))) ?? null;
  const live = await readExtras(ctx, target.kind, target.path, resource, new Set(changes.map((change) => change.address.section)));
  for (const change of changes) {
    const now = liveFields(change.address, live);
    if (!equal(now, change.live)) {
      throw new CollabError('rejected', `stale: ${change.id} was planned from ${JSON.stringify(change.live)}, the service now has ${JSON.stringify(now)}; nothing of ${target.path} was changed`, {
        hint: 'make a new plan (collab plan --out) and review it',
      });
    }
  }
}

function makeResolver(ctx: Context, plan: Plan): Resolver {
  const ids = new Map<string, Promise<number>>();
  const idOf = (key: string, read: () => Promise<number>) => {
    let id = ids.get(key);
    if (!id) ids.set(key, (id = read()));
    return id;
  };
  return {
    dir: dirname(plan.file.path),
    secret: (text) => {
      const value = resolveReferences(text, ctx.env, dirname(plan.file.path), (message) => {
        throw new CollabError('usage', message, { hint: 'set it, then apply again' });
      });
      // Whatever an error or a log line quotes of it later is redacted.
      ctx.addSecret(value);
      return value;
    },
    groupId: (ref) => (typeof ref === 'number' ? Promise.resolve(ref) : idOf(`group:${ref}`, async () => (await ctx.request<{ id: number }>(getGroup(ref))).data.id)),
    namespaceId: (path) => idOf(`namespace:${path}`, async () => (await ctx.request<{ id: number }>(getNamespace(path))).data.id),
  };
}
