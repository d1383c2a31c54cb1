import { type Prepared, prepare } from '../commands/verb-options.js';
import type { CommandInput, CommandSpec, VerbModule } from '../commands/spec.js';
import { type BulkRun, MAX_TARGET_CONCURRENCY, STDIN_TARGET, type TargetSlot } from '../commands/targets.js';
import type { Context, VerbContext } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import { confirmTargets } from './confirm.js';
import type { Shown } from './capture.js';
import {
  dataRows,
  failure,
  failuresError,
  type Outcome,
  resultColumns,
  resultField,
  retriedStatuses,
  showFailureHints,
  summary,
  type TargetResult,
} from './results.js';
import { Target } from './target-context.js';
import { parseTargets, type TargetLine, unknownLine } from './targets.js';
import { eachLimited } from '../util/pool.js';

/**
 * `-` as the project or group: the command runs once per target read from standard input, with
 * --concurrency targets in flight, each through the command's run() with its options bound to
 * the target (src/commands/verb-options.ts), in a Target. One result per target, printed in input order as soon as those before it are
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

/** The requests of a run over many end GRACE_MS after Ctrl-C (Session.sendUntilGrace). */
export function sendUntilGrace(ctx: Pick<VerbContext, 'session'>): () => void {
  return ctx.session.sendUntilGrace(GRACE_MS);
}

export async function runTargets(
  ctx: Context,
  spec: CommandSpec,
  module: VerbModule,
  input: CommandInput,
  bulk: BulkRun,
): Promise<void> {
  refuseOtherStdin(input, bulk.slot);
  const concurrency = await targetConcurrency(ctx, input, bulk);
  const stopGrace = sendUntilGrace(ctx);
  const targets = parseTargets(await ctx.prompter.readStdin('targets'), bulk.slot.noun);

  // The flags as the command reads them: --yes is the run's (asked once, below). A list's
  // --concurrency keeps its one meaning, pages: each target's list gets it.
  const base: CommandInput = { args: [...input.args], options: { ...input.options, yes: true } };
  // Flags are read and checked once, with the first target in, before anything is sent: a bad one
  // is a usage error, not N failures; the verb's parse runs only here (its warnings print once, its
  // files are read once), and each target is then bound to the options it made.
  const first = targets.find((target) => target.ref !== undefined);
  const prepared =
    first?.ref === undefined
      ? undefined
      : await prepare(spec, module, withTarget(base, bulk.slot, first.ref), ctx, bulk.slot);
  if (bulk.destructive && targets.length > 0 && input.options.yes !== true && !ctx.session.dryRun) {
    await confirmTargets(
      ctx,
      targets.length,
      `run \`${bulk.command}\` on ${targets.length} ${bulk.slot.noun}${targets.length === 1 ? '' : 's'}`,
    );
  }

  const outcomes: (Outcome | undefined)[] = new Array(targets.length);
  /** Targets Ctrl-C left not done after they sent a request that changes something: when it went out. */
  const unknownSince = new Map<number, number>();
  const messages = new WeakMap<TargetResult, string>();
  /** What a verb that only reads showed of each target, for the table of their data (dataRows). */
  const shownOf = new WeakMap<TargetResult, Shown>();
  let columnsSeen: (columns: Shown['columns'] | undefined) => void = () => undefined;
  /** The verb's columns, from the first target done that showed rows; undefined when none did. */
  const verbColumns = new Promise<Shown['columns'] | undefined>((resolve) => {
    columnsSeen = resolve;
  });
  let wake: (() => void) | undefined;
  let finished = false;
  let doneCount = 0;
  const progress = ctx.io.stdoutIsTTY ? undefined : await ctx.terminal.spinner(`0 of ${targets.length} targets done`);

  const runTarget = async (target: TargetLine, index: number): Promise<void> => {
    const outcome = await runOne(ctx, module, prepared, target);
    if ('unknownSince' in outcome) {
      if (outcome.unknownSince !== undefined) unknownSince.set(index, outcome.unknownSince);
    } else {
      outcomes[index] = outcome;
      messages.set(outcome.result, outcome.message);
      if (outcome.shown) {
        shownOf.set(outcome.result, outcome.shown);
        columnsSeen(outcome.shown.columns);
      }
      doneCount++;
      progress?.text(`${doneCount} of ${targets.length} targets done`);
    }
    wake?.();
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

  const labels = targets.map((target) => target.target);
  const printing = ctx.presenter
    .list(batches(), {
      columns: resultColumns((result) => messages.get(result), labels),
      fieldPath: resultField,
      // A verb that only reads: a table shows the data its targets showed, not an empty result each.
      ...(bulk.reads
        ? {
            rows: dataRows(
              async () => {
                const columns = await verbColumns;
                return typeof columns === 'function' ? columns() : columns;
              },
              labels,
              (result) => shownOf.get(result)?.rows,
            ),
          }
        : {}),
    })
    .catch((error: unknown) => {
      // Stopped (Ctrl-C, a reader that closed stdout), results that could not be written do not
      // keep the targets not done from being listed on stderr.
      if (!ctx.session.signal.aborted) throw error;
    });
  try {
    await eachLimited(targets, concurrency, runTarget, () => ctx.session.signal.aborted);
  } finally {
    finished = true;
    columnsSeen(undefined);
    wake?.();
    stopGrace();
  }
  await printing;
  progress?.stop();

  const done = outcomes.filter((outcome): outcome is Outcome => outcome !== undefined);
  // What a read told people of a target (a list cut short: `showing 20 of 45 labels; --all…`), as
  // it would alone, on stderr: its data's rows have no room for it, the formats for programs no field.
  if (bulk.reads)
    for (const outcome of done)
      if (outcome.message !== '' && (outcome.result.status === 'ok' || outcome.result.status === 'unchanged'))
        ctx.terminal.info(`${outcome.result.target}: ${outcome.message}`);
  // Before the targets not done, which end stderr so that they can be fed back as they are.
  showFailureHints(ctx.terminal, done);
  if (done.length < targets.length) {
    const notDone = targets.flatMap((target, index) =>
      outcomes[index] === undefined ? [{ target: target.target, sentAt: unknownSince.get(index) }] : [],
    );
    const unknown = notDone.filter((entry) => entry.sentAt !== undefined).length;
    const why =
      unknown > 0
        ? ` (${unknown} unknown: a request was sent and not answered; they are checked before anything is sent again)`
        : '';
    // Shown even with --quiet: it is what finishes the job. An unknown target's line carries the
    // time its request went out, so that the run fed it asks the request's `recover` first.
    ctx.terminal.stderrLine(
      `${summary(done)}; not done: ${notDone.length} of ${targets.length} targets${why}. To finish, run the same command with these on standard input:`,
    );
    for (const { target, sentAt } of notDone)
      ctx.terminal.stderrTargetLine(sentAt === undefined ? String(target) : unknownLine(target, sentAt));
    throw new CollabError('interrupted', 'interrupted');
  }
  const failed = failuresError(done, await ctx.presenter.resultsFilter(retriedStatuses(done)));
  if (failed) throw failed;
  ctx.terminal.info(ctx.session.dryRun ? `${summary(done)}: nothing was sent` : summary(done));
}

/**
 * One target through the command's run(), with the options bound to it. When Ctrl-C leaves it not
 * done: when it sent a request that changes something (it is then unknown: the service may have
 * acted), else undefined; a target read as unknown stays so, from its first send.
 */
async function runOne(
  ctx: Context,
  module: VerbModule,
  prepared: Prepared | undefined,
  target: TargetLine,
): Promise<(Outcome & { shown?: Shown }) | { unknownSince: number | undefined }> {
  if (target.ref === undefined || !prepared)
    return failure(
      target.target,
      new CollabError('usage', target.problem ?? `${target.where} names no target`),
      (text) => ctx.terminal.redact(text),
    );
  const one = new Target(ctx, String(target.target), target.unknownSince);
  try {
    await module.run(one.context, prepared.bind(target.ref));
    return {
      result: { target: target.target, status: one.status, error: null, response: one.captured },
      message: one.message ?? '',
      ...(one.shown ? { shown: one.shown } : {}),
    };
  } catch (error) {
    if (ctx.session.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted'))
      return { unknownSince: target.unknownSince ?? one.mutationSentAt };
    // Unsure of what its change did, the target is `unknown` from its first change sent, as an interrupted one is.
    return failure(
      target.target,
      error,
      (text) => ctx.terminal.redact(text),
      target.unknownSince ?? one.mutationSentAt,
    );
  }
}

/** The command line with `-` replaced by a target (an argument is text, as argv gives it). */
function withTarget(base: CommandInput, slot: TargetSlot, ref: string | number): CommandInput {
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
    ...input.args.flatMap((value, index) =>
      value === STDIN_TARGET && !(slot.kind === 'arg' && slot.index === index) ? [`argument ${index + 1}`] : [],
    ),
    ...Object.entries(input.options).flatMap(([key, value]) =>
      value === STDIN_TARGET && !(slot.kind === 'option' && slot.key === key)
        ? [`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`]
        : [],
    ),
  ];
  if (others.length > 0) {
    throw new CollabError(
      'usage',
      `${others.join(' and ')} cannot read standard input: ${slot.label} - reads the targets from it`,
      { hint: 'give a file path instead of -' },
    );
  }
}

/**
 * Targets in flight: --concurrency where it counts targets (a command that is no list: its flag
 * is parsed up to MAX_TARGET_CONCURRENCY), else the configured concurrency, at most that. On a
 * list command --concurrency counts pages, with or without `-` (one meaning per command).
 */
async function targetConcurrency(ctx: Context, input: CommandInput, bulk: BulkRun): Promise<number> {
  const given = bulk.list ? undefined : input.options.concurrency;
  return typeof given === 'number'
    ? given
    : Math.min(MAX_TARGET_CONCURRENCY, await ctx.session.numberSetting('concurrency'));
}
