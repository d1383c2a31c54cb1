import { type Prepared, prepare } from '../commands/seam.js';
import type { CommandInput, CommandModule, CommandSpec, VerbModule } from '../commands/spec.js';
import { type BulkRun, MAX_TARGET_CONCURRENCY, STDIN_TARGET, type TargetSlot } from '../commands/target-slots.js';
import type { Context } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import { confirmTargets } from './confirm.js';
import { failure, failuresError, type Outcome, resultColumns, resultFields, summary, type TargetResult } from './results.js';
import { Target } from './target-context.js';
import { parseTargets, type TargetLine, unknownLine } from './targets.js';
import { readStdin } from '../util/stdin.js';

/**
 * `-` as the project or group: the command runs once per target read from standard input, with
 * --concurrency targets in flight, each through the command's own options() and run() in a
 * Target. One result per target, printed in input order as soon as those before it are
 * done; a failure does not stop the others; a summary on stderr; the exit code is 0 when every
 * target is ok or unchanged, else the failures' shared code, else 1.
 *
 * Ctrl-C: no target starts and no new request goes out; requests on the wire have GRACE_MS to
 * finish (their targets then have a result), then are abandoned. The results so far are printed,
 * the targets not done are listed on stderr (the same command fed those finishes the job), and
 * the run ends as interrupted (130). A target not done whose request that changes something went
 * out is listed as `<target>\tunknown\t<time sent>`: fed back, its POSTs first ask their
 * `recover` whether that send took effect (TargetSession), so the rerun makes nothing twice.
 */
const GRACE_MS = 1000;

/**
 * The requests of a run over many end GRACE_MS after Ctrl-C, not at once, so that those on the
 * wire finish and what they did has a result. Call before the client is built; gives the clean-up.
 */
export function sendUntilGrace(ctx: Context): () => void {
  const sending = new AbortController();
  ctx.clientSignal = sending.signal;
  const onInterrupt = () => setTimeout(() => sending.abort(), GRACE_MS).unref();
  if (ctx.signal.aborted) sending.abort();
  else ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  return () => ctx.signal.removeEventListener('abort', onInterrupt);
}

export async function runTargets(ctx: Context, spec: CommandSpec, module: CommandModule | VerbModule, input: CommandInput, bulk: BulkRun): Promise<void> {
  refuseOtherStdin(input, bulk.slot);
  const concurrency = await targetConcurrency(ctx, input, bulk);
  const stopGrace = sendUntilGrace(ctx);
  // At a terminal the read waits for typing: say so, and how to end it.
  if (ctx.io.stdinIsTTY) ctx.stderrLine('reading targets from standard input (Ctrl-D to end)…');
  const targets = parseTargets(await readStdin(ctx.io.stdin), bulk.slot.noun);

  // Each target's flags as the command reads them: --yes is the run's (asked once, below). A list's
  // --concurrency keeps its one meaning, pages: each target's list gets it.
  const base: CommandInput = { args: [...input.args], options: { ...input.options, yes: true } };
  // Flags are read and checked once, before anything is sent: a bad one is a usage error, not N
  // failures; a typed verb's parse runs only here (its warnings print once, its files are read once).
  const first = targets.find((target) => target.ref !== undefined);
  // (A verb on the old seam reads its flags per target: checked here as one, as it will run.)
  const parseCtx = first && 'options' in module ? new Target(ctx, String(first.target)).context : ctx;
  const prepared = first?.ref === undefined ? undefined : await prepare(spec, module, forTarget(base, bulk.slot, first.ref), parseCtx, bulk.slot);
  if (bulk.destructive && targets.length > 0 && input.options.yes !== true && !ctx.dryRun) {
    await confirmTargets(ctx, targets.length, `run \`${bulk.command}\` on ${targets.length} ${bulk.slot.noun}${targets.length === 1 ? '' : 's'}`);
  }

  const outcomes: (Outcome | undefined)[] = new Array(targets.length);
  /** Targets Ctrl-C left not done after they sent a request that changes something: when it went out. */
  const unknownSince = new Map<number, number>();
  const messages = new WeakMap<TargetResult, string>();
  let wake: (() => void) | undefined;
  let finished = false;
  let doneCount = 0;
  const progress = ctx.io.stdoutIsTTY ? undefined : await ctx.spinner(`0 of ${targets.length} targets done`);

  let next = 0;
  const worker = async (): Promise<void> => {
    while (!ctx.signal.aborted && next < targets.length) {
      const index = next++;
      const outcome = await runOne(ctx, module, prepared, base, bulk.slot, targets[index] as TargetLine);
      if ('unknownSince' in outcome) {
        if (outcome.unknownSince !== undefined) unknownSince.set(index, outcome.unknownSince);
      } else {
        outcomes[index] = outcome;
        messages.set(outcome.result, outcome.message);
        doneCount++;
        progress?.text(`${doneCount} of ${targets.length} targets done`);
      }
      wake?.();
    }
  };

  /** Results in input order, each batch as soon as every target before it is done; after Ctrl-C, those done. */
  async function* batches(): AsyncGenerator<TargetResult[]> {
    let printed = 0;
    for (;;) {
      const batch: TargetResult[] = [];
      while (printed < targets.length && outcomes[printed]) batch.push((outcomes[printed++] as Outcome).result);
      if (batch.length > 0) yield batch;
      if (printed === targets.length || finished) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    const rest = outcomes.slice(printed).filter((outcome): outcome is Outcome => outcome !== undefined);
    if (rest.length > 0) yield rest.map((outcome) => outcome.result);
  }

  ctx.globals.fields = resultFields(ctx.globals.fields);
  const printing = ctx.printList(batches(), resultColumns((result) => messages.get(result)));
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  } finally {
    finished = true;
    wake?.();
    stopGrace();
  }
  await printing;
  progress?.stop();

  const done = outcomes.filter((outcome): outcome is Outcome => outcome !== undefined);
  if (done.length < targets.length) {
    const notDone = targets.flatMap((target, index) => (outcomes[index] === undefined ? [{ target: target.target, sentAt: unknownSince.get(index) }] : []));
    const unknown = notDone.filter((entry) => entry.sentAt !== undefined).length;
    const why = unknown > 0 ? ` (${unknown} unknown: a request was sent and not answered; they are checked before anything is sent again)` : '';
    // Shown even with --quiet: it is what finishes the job. An unknown target's line carries the
    // time its request went out, so that the run fed it asks the request's `recover` first.
    ctx.stderrLine(`${summary(done)}; not done: ${notDone.length} of ${targets.length} targets${why}. To finish, run the same command with these on standard input:`);
    for (const { target, sentAt } of notDone) ctx.stderrLine(sentAt === undefined ? String(target) : unknownLine(target, sentAt));
    throw new CollabError('interrupted', 'interrupted');
  }
  const failed = failuresError(done);
  if (failed) throw failed;
  ctx.info(ctx.dryRun ? `${summary(done)}; dry run: nothing was sent` : summary(done));
}

/**
 * One target through the command's options() and run(). When Ctrl-C leaves it not done: when it
 * sent a request that changes something (it is then unknown: the service may have acted), else
 * undefined; a target read as unknown stays so, from its first send.
 */
async function runOne(
  ctx: Context,
  module: CommandModule | VerbModule,
  prepared: Prepared | undefined,
  base: CommandInput,
  slot: TargetSlot,
  target: TargetLine,
): Promise<Outcome | { unknownSince: number | undefined }> {
  if (target.ref === undefined || !prepared) return failure(target.target, new CollabError('usage', target.problem ?? `${target.where} names no target`), (text) => ctx.redact(text));
  const one = new Target(ctx, String(target.target), target.unknownSince);
  try {
    await module.run(one.context, await prepared.forTarget(forTarget(base, slot, target.ref), target.ref, one.context));
    return { result: { target: target.target, status: one.status, error: null, response: one.captured }, message: one.message ?? '' };
  } catch (error) {
    if (ctx.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted')) return { unknownSince: target.unknownSince ?? one.mutationSentAt };
    return failure(target.target, error, (text) => ctx.redact(text));
  }
}

/** The command line of one target: `-` replaced by it (an argument is text, as argv gives it). */
function forTarget(base: CommandInput, slot: TargetSlot, ref: string | number): CommandInput {
  if (slot.kind === 'arg') {
    const args = [...base.args];
    args[slot.index] = String(ref);
    return { args, options: base.options };
  }
  return { args: base.args, options: { ...base.options, [slot.key]: ref } };
}

/** Standard input carries the targets: no other argument or flag can read it too. */
function refuseOtherStdin(input: CommandInput, slot: TargetSlot): void {
  const others = [
    ...input.args.flatMap((value, index) => (value === STDIN_TARGET && !(slot.kind === 'arg' && slot.index === index) ? [`argument ${index + 1}`] : [])),
    ...Object.entries(input.options).flatMap(([key, value]) => (value === STDIN_TARGET && !(slot.kind === 'option' && slot.key === key) ? [`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] : [])),
  ];
  if (others.length > 0) {
    throw new CollabError('usage', `${others.join(' and ')} cannot read standard input: ${slot.label} - reads the targets from it`, { hint: 'give a file path instead of -' });
  }
}

/**
 * Targets in flight: --concurrency where it counts targets (a command that is no list: its flag
 * is parsed up to MAX_TARGET_CONCURRENCY), else the configured concurrency, at most that. On a
 * list command --concurrency counts pages, with or without `-` (one meaning per command).
 */
async function targetConcurrency(ctx: Context, input: CommandInput, bulk: BulkRun): Promise<number> {
  const given = bulk.list ? undefined : input.options.concurrency;
  return typeof given === 'number' ? given : Math.min(MAX_TARGET_CONCURRENCY, await ctx.numberSetting('concurrency'));
}
