import { dirname } from 'node:path';
import { getGroup } from '../api/groups.js';
import { getNamespace } from '../api/namespaces.js';
import { getProject } from '../api/projects.js';
import { resolveProtectedBranchId, resolveUserId } from '../api/resolve.js';
import {
  failure,
  failuresError,
  type Outcome,
  resultColumns,
  showFailureHints,
  summary,
  type TargetResult,
} from '../bulk/results.js';
import { hostKey } from '../config/store.js';
import type { VerbContext } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import { VISIBILITIES, type Visibility } from '../params/visibility.js';
import type { Journal } from './journal.js';
import { eachLimited } from '../util/pool.js';
import { resolveReferences } from './load.js';
import { byTarget, type Change, type Plan, type RequestSpec, type TargetChanges, targetKey } from './model.js';
import type { Stale } from './preflight.js';
import { changeRecord, changeSummary } from './render.js';
import { batchOf, mergeBatch, type Resolver, toApiRequests } from './requests.js';
import { sectionNamed } from './sections/index.js';
import type { ChangeRequest } from './sections/section.js';

/**
 * Applying a plan: its changes alone, target by target (--concurrency targets at once, through the
 * run's one HTTP client and so one rate-limit gate), each target's changes in order, the settings
 * of a target in one request. A saved plan's stale targets (preflight.ts) are refused, nothing of
 * them sent. Results per target in the bulk format, each naming what changed, the summary on
 * stderr, the bulk exit-code rule.
 */

interface ApplyOptions {
  concurrency: number;
  /** A saved plan's targets found stale before anything was sent (preflight.ts): refused. */
  stale?: Stale;
  /** A saved plan's changes the service already has (an earlier apply of it made them): not sent. */
  reached?: ReadonlySet<string> | undefined;
  journal: Journal;
}

/** Refuses a plan made against another service before anything is read or sent. */
export async function checkHost(ctx: VerbContext, plan: Plan): Promise<void> {
  const host = await ctx.session.host();
  if (hostKey(host) !== hostKey(plan.host)) {
    throw new CollabError('usage', `the plan was made for ${plan.host}, not ${host}`, {
      hint: `apply it with --host ${plan.host}, or make a new plan with collab plan`,
    });
  }
}

export async function applyPlan(ctx: VerbContext, plan: Plan, options: ApplyOptions): Promise<void> {
  const work = byTarget(plan.changes);
  const resolver = makeResolver(ctx, plan);
  const outcomes = new Map<TargetChanges, Outcome>();
  const messages = new WeakMap<TargetResult, string>();
  // A target may come in two pieces (a group made less visible: targetWaves); its outcome is theirs.
  const wholeOf = new Map(work.map((target) => [targetKey(target.kind, target.path), target]));
  const waves = targetWaves(work, (id) => options.journal.isDone(id) || options.reached?.has(id) === true);
  const piecesLeft = new Map<TargetChanges, number>();
  for (const piece of waves.flat()) {
    const whole = wholeOf.get(targetKey(piece.kind, piece.path)) as TargetChanges;
    piecesLeft.set(whole, (piecesLeft.get(whole) ?? 0) + 1);
  }
  for (const wave of waves) {
    await eachLimited(wave, options.concurrency, async (piece) => {
      if (ctx.session.signal.aborted) return;
      const whole = wholeOf.get(targetKey(piece.kind, piece.path)) as TargetChanges;
      const earlier = outcomes.get(whole);
      // A target whose first piece failed sends nothing more.
      const failed = earlier?.result.status === 'failed' || earlier?.result.status === 'unknown';
      const outcome = failed ? earlier : await applyTarget(ctx, piece, options, resolver);
      if (!outcome) return;
      const joined = earlier && !failed ? joinOutcomes(earlier, outcome) : outcome;
      outcomes.set(whole, joined);
      messages.set(joined.result, joined.message);
      piecesLeft.set(whole, (piecesLeft.get(whole) ?? 1) - 1);
    });
  }
  const done = work.flatMap((target) => (piecesLeft.get(target) === 0 ? (outcomes.get(target) ?? []) : []));
  if (done.length > 0)
    await ctx.presenter.list(
      done.map((outcome) => outcome.result),
      { columns: resultColumns((result) => messages.get(result)) },
    );
  const isStale = (target: TargetChanges) => options.stale?.has(targetKey(target.kind, target.path)) === true;
  // A stale target's hint (a new plan of it) is left to the run's own, which names them all in one command.
  showFailureHints(
    ctx.terminal,
    work.flatMap((target) => (isStale(target) ? [] : (outcomes.get(target) ?? []))),
  );
  if (ctx.session.signal.aborted || done.length < work.length) {
    ctx.terminal.stderrLine(
      `${summary(done)}; not done: ${work.length - done.length} of ${work.length} targets. To finish: collab apply --resume with the same file (journal ${options.journal.path})`,
    );
    throw new CollabError('interrupted', 'interrupted');
  }
  const failed = failuresError(done);
  const stale = work.filter(isStale).map((target) => target.path);
  const unknown = done.filter((outcome) => outcome.result.status === 'unknown').length;
  const others = done.filter((outcome) => outcome.result.status === 'failed').length + unknown - stale.length;
  // Only stale targets refused: --resume could only refuse them again, so no journal is kept for it.
  if (!failed || others === 0) options.journal.remove();
  if (failed)
    throw new CollabError(failed.kind, failed.message, {
      hint: wayOn(plan, stale, { others, unknown }, options.journal.path),
    });
  ctx.terminal.info(summary(done));
}

/** The outcome of a target applied in two pieces: the second's status where it failed, else both pieces' changes. */
function joinOutcomes(first: Outcome, then: Outcome): Outcome {
  if (then.result.status === 'failed' || then.result.status === 'unknown') return then;
  const changesOf = (outcome: Outcome) => {
    const response = outcome.result.response as { changes?: unknown[] } | null;
    return Array.isArray(response?.changes) ? response.changes : [];
  };
  const changed = [first, then].filter((outcome) => outcome.result.status === 'ok');
  return {
    result: {
      ...then.result,
      status: changed.length > 0 ? 'ok' : then.result.status,
      response: { ...(then.result.response as object), changes: [...changesOf(first), ...changesOf(then)] },
    },
    message: (changed.length > 0 ? changed : [then]).map((outcome) => outcome.message).join('; '),
  };
}

/** What to do after failures: a new plan for stale targets, --resume (with the journal) for the rest. */
function wayOn(
  plan: Plan,
  stale: readonly string[],
  { others, unknown }: { others: number; unknown: number },
  journal: string,
): string {
  const replan =
    stale.length > 0
      ? `the stale target${stale.length === 1 ? '' : 's'} need${stale.length === 1 ? 's' : ''} a new plan: \`collab plan -f ${plan.file.path} --out <file> ${stale.slice(0, 5).join(' ')}${stale.length > 5 ? ' …' : ''}\``
      : '';
  const resume =
    others > 0
      ? `the journal ${journal} keeps what was done: fix the cause of the ${stale.length > 0 ? 'other ' : ''}failures, then \`collab apply --resume\`${unknown > 0 ? ' (it looks for what an unknown change made before sending it again)' : ''}`
      : '';
  return [replan, resume].filter(Boolean).join('; ');
}

/**
 * The order targets are applied in, each wave all at once: the targets this apply makes first,
 * parents before children (a project's group may be new); then the groups, then the projects:
 * what a group gives the projects below it (its members, to be a project's approvers or
 * deployers) is there before they are changed.
 *
 * Visibility bends that order, since GitLab keeps nothing more visible than the group that holds
 * it (src/params/visibility.ts): a group made more visible goes before what it holds, parents
 * first, and before the targets made below it; a group made less visible makes that change after
 * everything, children first, so that the projects and subgroups the file makes less visible are
 * so by then (its other changes go with the other groups: a target in two pieces).
 */
export function targetWaves(work: readonly TargetChanges[], isDone: (id: string) => boolean): TargetChanges[][] {
  const creating = work.filter((target) => target.changes.some((c) => c.address.section === 'create' && !isDone(c.id)));
  const rest = work.filter((t) => !creating.includes(t));
  const groups = rest.filter((t) => t.kind === 'group');
  const shift = new Map(groups.map((group) => [group, visibilityShift(group, isDone)]));
  const under = (group: TargetChanges, target: TargetChanges) =>
    target.path.toLowerCase().startsWith(`${group.path.toLowerCase()}/`);
  const raisedFirst = groups.filter(
    (group) => (shift.get(group) ?? 0) > 0 && creating.some((target) => under(group, target)),
  );
  const lowering = groups.filter((group) => (shift.get(group) ?? 0) < 0);
  // Of a group made less visible only that change waits for what it holds: its other changes (a
  // membership_lock turned off, its members) go with the other groups, before the projects that
  // the plan checked against them.
  const lowered = lowering.map((group) => pieceOf(group, (change) => isLowering(change, isDone)));
  const early = lowering.flatMap((group) => {
    const rest = pieceOf(group, (change) => !isLowering(change, isDone));
    return rest.changes.length > 0 ? [rest] : [];
  });
  const others = [...groups.filter((group) => !raisedFirst.includes(group) && !lowering.includes(group)), ...early];
  const raising = others.some((group) => (shift.get(group) ?? 0) > 0);
  return [
    ...byDepth(raisedFirst, 'parents first'),
    ...byDepth(creating, 'parents first'),
    ...(raising ? byDepth(others, 'parents first') : [others]),
    rest.filter((t) => t.kind === 'project'),
    ...byDepth(lowered, 'children first'),
  ].filter((wave) => wave.length > 0);
}

/** Targets in waves of one depth each. */
function byDepth(targets: readonly TargetChanges[], order: 'parents first' | 'children first'): TargetChanges[][] {
  const depth = (target: TargetChanges) => target.path.split('/').length;
  const depths = [...new Set(targets.map(depth))].sort((a, b) => (order === 'parents first' ? a - b : b - a));
  return depths.map((d) => targets.filter((target) => depth(target) === d));
}

/** A piece of a target: the same target, some of its changes. */
const pieceOf = (target: TargetChanges, keep: (change: Change) => boolean): TargetChanges => ({
  ...target,
  changes: target.changes.filter(keep),
});

/** The pending change of a target's settings that makes it less visible. */
const isLowering = (change: Change, isDone: (id: string) => boolean) =>
  change.address.section === 'settings' && change.address.key === 'visibility' && shiftOf(change, isDone) < 0;

/** 1 when the target's pending changes make it more visible, -1 less, 0 neither. */
function visibilityShift(target: TargetChanges, isDone: (id: string) => boolean): number {
  const change = target.changes.find(
    (c) => c.address.section === 'settings' && c.address.key === 'visibility' && !isDone(c.id),
  );
  return change ? shiftOf(change, isDone) : 0;
}

/** 1 when a pending visibility change makes its target more visible, -1 less, 0 neither. */
function shiftOf(change: Change, isDone: (id: string) => boolean): number {
  const rank = (value: unknown) => VISIBILITIES.indexOf(value as Visibility);
  if (isDone(change.id) || rank(change.before) < 0 || rank(change.after) < 0) return 0;
  return Math.sign(rank(change.after) - rank(change.before));
}

/** One target: the stale check (saved plans), then its changes in order; undefined when Ctrl-C stopped it before it began. */
async function applyTarget(
  ctx: VerbContext,
  target: TargetChanges,
  options: ApplyOptions,
  resolver: Resolver,
): Promise<Outcome | undefined> {
  const already = target.changes.filter((change) => options.reached?.has(change.id) === true);
  const pending = target.changes.filter((change) => !options.journal.isDone(change.id) && !already.includes(change));
  // When the target's first change went out (an earlier run's, from the journal): a change that
  // cannot tell whether it took effect makes the target `unknown` from then, as in bulk results.
  const sentAt = Math.min(
    ctx.session.clock.now(),
    ...pending.map((change) => options.journal.startedAt(change.id) ?? Number.POSITIVE_INFINITY),
  );
  try {
    const stale = options.stale?.get(targetKey(target.kind, target.path));
    if (stale) throw stale;
    // The target is made (or unarchived: read-only until then) first and the sections the registry
    // orders last (archiving: read-only from then on) go last; what lies between (settings, push rule, each hook, share and link)
    // goes out at once, but for a section that waits for others (`after`: the members an
    // approval rule names, the shares a protected environment's group entry needs).
    const all = batches(pending);
    const sectionOf = (batch: readonly Change[]) => sectionNamed(batch[0]?.address.section ?? '');
    const first = all.filter(
      (batch) =>
        batch[0]?.address.section === 'create' || (batch[0] && sectionOf(batch)?.firstWhen?.(batch[0].request)),
    );
    const last = all.filter((batch) => !first.includes(batch) && sectionOf(batch)?.order === 'last');
    const between = all.filter((batch) => !first.includes(batch) && !last.includes(batch));
    for (const phase of [first, ...batchWaves(between), last]) {
      // Every batch of a phase ends (and is journalled) before a failure is reported.
      const settled = await Promise.allSettled(phase.map((batch) => applyBatch(ctx, batch, options.journal, resolver)));
      const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
      if (ctx.session.signal.aborted) return undefined;
    }
    const message =
      pending.length > 0
        ? pending.map(changeSummary).join('; ')
        : already.length > 0
          ? 'already applied (the service has what the plan makes)'
          : 'already applied (journal)';
    return {
      result: {
        target: target.path,
        status: pending.length === 0 ? 'unchanged' : 'ok',
        error: null,
        response: { kind: target.kind, changes: pending.map(changeRecord) },
      },
      message,
    };
  } catch (error) {
    if (ctx.session.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted')) return undefined;
    return failure(target.path, error, (text) => ctx.terminal.redact(text), sentAt);
  }
}

/** One request's worth of changes, journalled before and after. */
async function applyBatch(
  ctx: VerbContext,
  batch: readonly Change[],
  journal: Journal,
  resolver: Resolver,
): Promise<void> {
  if (ctx.session.signal.aborted) return;
  const ids = batch.map((change) => change.id);
  const doubtful = ids.find((id) => journal.inDoubt(id));
  const sentAt = doubtful === undefined ? undefined : journal.startedAt(doubtful);
  journal.start(ids);
  for (const request of await toApiRequests(mergedSpec(batch), { ...resolver, sentAt }))
    await send(ctx, request, doubtful !== undefined);
  journal.finished(ids);
}

/** A request whose earlier send may have taken effect (journal: started, not done) first asks its `recover`: found, it is not sent again. */
async function send(ctx: VerbContext, request: ChangeRequest, inDoubt: boolean): Promise<void> {
  if (inDoubt && request.recover) {
    const found = await request.recover(await ctx.session.client());
    if (found !== undefined) return void request.answered?.(found);
  }
  const { data } = await ctx.session.request(request);
  request.answered?.(data);
}

/**
 * A target's batches in waves: a section's after the waves of the sections it waits for (`after`)
 * that have changes here, each wave at once. The registry's `after` lists have no cycle (a test
 * holds them to it).
 */
function batchWaves(batches: readonly Change[][]): Change[][][] {
  const sectionOf = (batch: readonly Change[]) => batch[0]?.address.section ?? '';
  const present = new Set(batches.map(sectionOf));
  const depth = new Map<string, number>();
  const depthOf = (name: string): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    const waits = (sectionNamed(name)?.after ?? []).filter((other) => present.has(other));
    const value = waits.length === 0 ? 0 : 1 + Math.max(...waits.map(depthOf));
    depth.set(name, value);
    return value;
  };
  const out: Change[][][] = [];
  for (const batch of batches) {
    const at = depthOf(sectionOf(batch));
    let wave = out[at];
    if (!wave) out[at] = wave = [];
    wave.push(batch);
  }
  return out.filter((wave) => wave !== undefined);
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
  return mergeBatch(
    (first as Change).request,
    others.map((change) => change.request),
  );
}

function makeResolver(ctx: VerbContext, plan: Plan): Resolver {
  const ids = new Map<string, Promise<number>>();
  const idOf = (key: string, read: () => Promise<number>) => {
    let id = ids.get(key);
    if (!id) ids.set(key, (id = read()));
    return id;
  };
  return {
    dir: dirname(plan.file.path),
    secret: (text) => {
      const value = resolveReferences(text, ctx.session.env, dirname(plan.file.path), (message) => {
        throw new CollabError('usage', message, { hint: 'set it, then apply again' });
      });
      // Whatever an error or a log line quotes of it later is redacted.
      ctx.terminal.addSecret(value);
      return value;
    },
    groupId: (ref) =>
      typeof ref === 'number'
        ? Promise.resolve(ref)
        : idOf(`group:${ref}`, async () => (await ctx.session.request<{ id: number }>(getGroup(ref))).data.id),
    projectId: (ref) =>
      typeof ref === 'number'
        ? Promise.resolve(ref)
        : idOf(`project:${ref}`, async () => (await ctx.session.request<{ id: number }>(getProject(ref))).data.id),
    namespaceId: (path) =>
      idOf(`namespace:${path}`, async () => (await ctx.session.request<{ id: number }>(getNamespace(path))).data.id),
    userId: (username) =>
      idOf(`user:${username}`, () => resolveUserId(ctx.session, username, 'an approver in collab.yaml')),
    protectedBranchId: (project, name) =>
      idOf(`branch:${project}:${name}`, () => resolveProtectedBranchId(ctx.session, project, name)),
  };
}
