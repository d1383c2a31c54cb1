import { type Command, CommanderError } from 'commander';
import { buildCommand, buildProgram, commandWords, globalsOf, peerNamesOf, type ProgramRun } from './program.js';
import { commandsNamed, findNoun, NOUNS } from './commands/manifest.js';
import type { CommandSpec } from './commands/spec.js';
import { CollabError, EXIT_CODES, isCollabError, isOutcome, messageWithRequest } from './errors.js';
import { onStreamsInUse, processRuntime, streamsInUse } from './stdio.js';
import type { Runtime } from './runtime.js';
import { flat, type OwnerMisplaced, usageErrorText, wrapErrorLines } from './error-text.js';
import { forcedColumns } from './io.js';
import { escapeControls } from './output/escape.js';
import { maskUrlCredentials } from './util/secrets.js';
import { shellWord } from './util/words.js';
import { bulkRun } from './commands/targets.js';

/**
 * The program: builds the command tree (only the noun being run is built in full), runs the
 * command, and maps errors to messages and exit codes. `main` is one run, given everything it
 * takes from outside as a Runtime (tests call it in their own process); `runAndExit` is the real
 * process around it (signals, a closed stdout, exiting), and the only place that exits.
 */

/** One run of the program: what it is given (the runtime) and what it learns as it goes. */
class Run implements ProgramRun {
  readonly interrupt = new AbortController();
  /** The signal that interrupted the command, for the exit code (SIGINT 130, SIGTERM 143, SIGPIPE 141: stdout closed). */
  interruptedBy: NodeJS.Signals | undefined;
  /** The command writes (spec.mutating): a closed stdout never ends it as a success. */
  mutating = false;
  /** A run changing many targets (`-`, a mutating verb): a closed stdout stops it as Ctrl-C does, never as a success. */
  changesMany = false;
  /**
   * A reading run whose output is all it gives (a listing, `api`'s GET, a run over `-`): a closed
   * stdout ends it at once, exit 0, and stops the fetching that fed it.
   */
  endsAtClose = false;
  interruptedAt = 0;
  private interruptReported = false;
  /** The running command's context, once it has one: for redaction and for what Ctrl-C leaves behind. */
  activeContext: { redact(text: string): string; interrupted?(): void } | undefined;
  /** The message of the option parser that failed last, for commanderErrorText. */
  optionFailure: { message: string; hint: string | undefined } | undefined;
  /** When argv's first word is no noun: the commands below the nouns by that name (`members`: `projects members`, …). */
  elsewhere: string[] = [];
  /** When argv's words under its noun name no command: the command they likely meant (meantCommand). */
  meant: string | undefined;

  constructor(readonly runtime: Runtime) {
    const outside = runtime.signal;
    if (outside?.aborted) this.interrupt.abort();
    else outside?.addEventListener('abort', () => this.interrupt.abort(), { once: true });
  }

  /** The one line Ctrl-C leaves on stderr, written once however the command ends. */
  reportInterrupt(): void {
    if (this.interruptReported) return;
    this.interruptReported = true;
    // `error: ` as every other failure: a bare word was taken for a target by a script reading the list of those not done.
    this.runtime.write(
      2,
      this.interruptedBy === 'SIGPIPE' ? 'error: interrupted: standard output was closed\n' : 'error: interrupted\n',
    );
  }

  interruptedExitCode(): number {
    if (this.interruptedBy === 'SIGPIPE') return 141;
    return this.interruptedBy === 'SIGTERM' ? 143 : EXIT_CODES.interrupted;
  }

  /**
   * The last line of defence for error text: the context's registered secrets, and COLLAB_TOKEN
   * and credentials in URLs (as the terminal masks them) even when the failure came before any
   * context knew of it: a flag's value quoted by its parser, a usage error.
   */
  redact(text: string): string {
    let out = this.activeContext?.redact(text) ?? maskUrlCredentials(text);
    const token = this.runtime.env.COLLAB_TOKEN;
    if (token && token.length >= 4) out = out.split(token).join('[redacted]');
    return out;
  }

  async runCommand(spec: CommandSpec, cmd: Command): Promise<void> {
    const load = spec.load;
    if (!load) throw new CollabError('internal', `command ${spec.name} has no implementation`);
    const globals = globalsOf(cmd);
    if (globals.output === 'markdown' && !spec.markdown)
      throw new CollabError('usage', `-o markdown is a document of a plan: ${spec.name} does not write one`, {
        hint: spec.document ? 'leave -o out, or use -o json' : 'use -o table, json, ndjson or csv',
      });
    if (spec.document && (globals.output === 'ndjson' || globals.output === 'csv'))
      throw new CollabError('usage', `-o ${globals.output} prints rows, and collab ${spec.name} writes one document`, {
        hint: 'leave -o out for the document as YAML, or use -o json for the same document as JSON',
      });
    const input = { args: [...cmd.args], options: cmd.opts() as Record<string, unknown> };
    // `-` as the project or group: the command runs once per target read from standard input.
    const bulk = bulkRun(spec, input, commandPath(cmd));
    const reads = spec.reads?.(input.options) === true;
    this.mutating = spec.mutating === true && !reads;
    this.changesMany = bulk !== undefined && this.mutating;
    this.endsAtClose = !this.mutating && (spec.list === true || reads || bulk !== undefined);
    if (!spec.offline) this.runtime.tuneV8?.();
    const { runVerb } = await import('./run.js');
    await runVerb(
      { ...spec, load },
      input,
      globals,
      this.runtime,
      this.interrupt.signal,
      (ctx) => {
        this.activeContext = ctx.terminal;
      },
      bulk,
    );
  }
}

/**
 * A closed pipe (`| head -1`) ends a listing quietly and successfully: the reader has what it
 * wanted. Not a run changing many targets (`seq 1 40 | collab projects star - | head -1`):
 * exit 0 would say every target was done when most were never started and some were cut off on the
 * wire. It stops as at Ctrl-C (docs/bulk.md: results so far, the targets not done on stderr), exit
 * 141, the shell's code for a writer whose pipe closed (128 + SIGPIPE), which `set -o pipefail`
 * sees. Any other command (`apply`, which prints its results once its work is done; `plan`, whose
 * 8 says there are changes) goes on to its end with stdout dropped, and its exit code says how it
 * went: a failure, a stale target, drift, never hidden behind a 0.
 */
function stdoutClosed(run?: Run): void {
  if (!run || run.endsAtClose) process.exit(0);
  if (run.changesMany && !run.interrupt.signal.aborted) stopCommand(run, 'SIGPIPE');
}

/** What a command's writes through process.stdout and process.stderr may meet. */
function watchStreams(run: Run): void {
  // The reader has what it wanted, and exiting stops the fetching that fed it.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return stdoutClosed(run);
    process.stderr.write(`error: cannot write to standard output: ${error.code ?? error.message}\n`);
    process.exit(EXIT_CODES.internal);
  });
  // Nobody reads stderr any more: keep going, so the exit code still tells how it went.
  process.stderr.on('error', () => undefined);
}

/** stderr's columns when it is a terminal (or COLLAB_FORCE_TTY's width), else 0: `error:` lines wrap only there. */
function stderrColumns(runtime: Runtime): number {
  return forcedColumns(runtime.env) || (runtime.terminalColumns?.(2) ?? 0);
}

function printError(run: Run, error: unknown, verbose: boolean): number {
  const redact = (text: string) => run.redact(text);
  const columns = stderrColumns(run.runtime);
  const write = (text: string) => run.runtime.write(2, wrapErrorLines(text, columns));
  if (error instanceof CommanderError) {
    // Commander has printed its message already (formatted by commanderErrorText).
    return error.exitCode === 0 ? 0 : EXIT_CODES.usage;
  }
  // After Ctrl-C, whatever fails next (an aborted request, a prompt, a stream) is its consequence.
  if (run.interrupt.signal.aborted || (isCollabError(error) && error.kind === 'interrupted')) {
    run.reportInterrupt();
    return run.interruptedExitCode();
  }
  if (isCollabError(error) && isOutcome(error.kind)) return EXIT_CODES[error.kind];
  if (isCollabError(error)) {
    // Redacted before flat cuts it: a secret cut in two is no longer found whole, and its start would show.
    write(`error: ${flat(redact(messageWithRequest(error)))}\n`);
    if (error.hint) write(`hint: ${flat(redact(error.hint))}\n`);
    if (verbose && error.cause instanceof Error && error.cause.stack)
      write(`${escapeControls(redact(error.cause.stack))}\n`);
    return EXIT_CODES[error.kind];
  }
  const err = error as Error;
  write(`error: ${flat(redact(err?.message ?? String(error)))}\n`);
  if (verbose && err?.stack) write(`${escapeControls(redact(err.stack))}\n`);
  else write('hint: this is a bug in collab; run again with --verbose for details\n');
  return EXIT_CODES.internal;
}

/** The command stops as at Ctrl-C: no new work, what it left behind said, then the process leaves. */
function stopCommand(run: Run, signal: NodeJS.Signals): void {
  run.interruptedBy = signal;
  run.interruptedAt = Date.now();
  run.interrupt.abort();
  run.activeContext?.interrupted?.();
  // Give the command a moment to say what it left behind, then leave.
  setTimeout(() => {
    run.reportInterrupt();
    process.exit(run.interruptedExitCode());
  }, 1500).unref();
}

function installSignalHandlers(run: Run): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (run.interrupt.signal.aborted) {
      // A signal-exit handler (inquirer's, at a prompt) raises the signal again once it has cleaned up:
      // that echo is not a second Ctrl-C, and the command is already on its way out.
      if (signal === run.interruptedBy && Date.now() - run.interruptedAt < 500) return;
      run.reportInterrupt();
      process.exit(run.interruptedExitCode());
    }
    stopCommand(run, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  onStreamsInUse(() => watchStreams(run));
  // A failure outside the command's own promise (a stray rejection, a throw in a callback) still
  // ends in one redacted line and an exit code, never a stack trace.
  const onCrash = (error: unknown) => {
    const code = printError(run, error, process.argv.includes('--verbose'));
    process.exit(code);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
}

/** Commander's message in collab's shape; the message of our own parser when one failed (then forgotten). */
function commanderErrorText(run: Run, text: string, cmd: Command): string {
  const failure = run.optionFailure;
  run.optionFailure = undefined;
  // Redacted before usageErrorText shortens them, as printError does: a value argv gave (a URL
  // with its password) is quoted in them.
  const optionFailure = failure && {
    message: run.redact(failure.message),
    hint: failure.hint && run.redact(failure.hint),
  };
  return wrapErrorLines(
    usageErrorText(run.redact(text), commandPath(cmd), optionFailure, {
      owner: ownerMisplaced(cmd),
      elsewhere: cmd.parent ? [] : run.elsewhere,
      meant: run.meant,
      // A noun's verbs (no verb is hidden: help lists them all).
      verbs: cmd.parent ? cmd.commands.map((sub) => sub.name()) : [],
      aliases: new Map(cmd.commands.flatMap((sub) => sub.aliases().map((alias) => [alias, sub.name()] as const))),
      flags: cmd.options.flatMap((option) => (option.long && !option.hidden ? [option.long] : [])),
      peers: peerNamesOf(cmd),
      described: new Map(
        cmd.options.flatMap((option) =>
          option.long && option.mandatory ? [[option.long, option.description.replace(/ \(required\)$/, '')]] : [],
        ),
      ),
      ...strayArgument(cmd),
      ...ownerArgumentOf(cmd),
    }),
    stderrColumns(run.runtime),
  );
}

/**
 * A verb that takes its project or group as an option, given it as an argument instead (as
 * `glab` and `gh` take a repository): the options it has, and the argument that names it (one
 * with a slash, else the only one the verb did not expect). Undefined when neither applies.
 */
function ownerMisplaced(cmd: Command): OwnerMisplaced | undefined {
  const options = ['project', 'group'].filter((name) => cmd.options.some((option) => option.long === `--${name}`));
  const given = cmd.opts();
  if (options.length === 0 || options.some((name) => given[name] !== undefined)) return undefined;
  const extra = cmd.args.length - cmd.registeredArguments.length;
  if (extra !== 1) return undefined;
  const named = cmd.args.filter((arg) => arg.includes('/'));
  const owner = named.length === 1 ? named[0] : cmd.registeredArguments.length === 0 ? cmd.args[0] : undefined;
  if (owner === undefined) return undefined;
  return { options, owner, rest: cmd.args.filter((arg) => arg !== owner) };
}

/**
 * The one argument given beyond those the verb takes, if there is one: commander's `args` are the
 * operands, then from the first option it does not know, that option and what follows it.
 */
function strayArgument(cmd: Command): { stray?: string } {
  const unknownAt = cmd.args.findIndex((arg) => arg.startsWith('-') && arg !== '-');
  const operands = unknownAt < 0 ? cmd.args : cmd.args.slice(0, unknownAt);
  const stray = operands.length === cmd.registeredArguments.length + 1 ? operands.at(-1) : undefined;
  // `-` is standard input's, never an option's value to move.
  return stray !== undefined && stray !== '-' ? { stray } : {};
}

/** Whether the verb's first argument names a project or a group, and the word after its first unknown option. */
function ownerArgumentOf(cmd: Command): { ownerArgument?: boolean; unknownValue?: string } {
  const first = cmd.registeredArguments[0]?.name();
  if (first === undefined || !/^(project|group|targets?)s?$/.test(first)) return {};
  const unknownAt = cmd.args.findIndex((arg) => arg.startsWith('-') && arg !== '-');
  const next = unknownAt < 0 ? undefined : cmd.args[unknownAt + 1];
  return { ownerArgument: true, ...(next !== undefined && !next.startsWith('-') ? { unknownValue: next } : {}) };
}

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Where commander writes help and its errors, and how it learns the terminal's width: the run's runtime. */
function commanderOutput(runtime: Runtime) {
  // Commander only strips colour codes from help when these say false; collab's help has none,
  // so there is nothing to ask the terminal for.
  const noColourCodes = () => false;
  return {
    writeOut: (text: string) => runtime.write(1, text),
    writeErr: (text: string) => runtime.write(2, text),
    getOutHelpWidth: () => runtime.helpWidth(1),
    getErrHelpWidth: () => runtime.helpWidth(2),
    getOutHasColors: noColourCodes,
    getErrHasColors: noColourCodes,
  };
}

/** Exit instead of process.exit, and errors in the shape above, for a command and all below it. */
function applyExitOverride(run: Run, cmd: Command, output = commanderOutput(run.runtime)): Command {
  cmd.exitOverride();
  cmd.configureOutput({
    ...output,
    outputError: (text, write) => write(commanderErrorText(run, text, cmd)),
  });
  for (const sub of cmd.commands) applyExitOverride(run, sub, output);
  return cmd;
}

/**
 * One run of collab with `args` (argv after the program's name): parses, runs the command, and
 * returns the exit code. It never exits and touches nothing of the process that `runtime` does
 * not give it, so tests call it in their own process.
 */
export async function main(args: readonly string[], runtime: Runtime): Promise<number> {
  return execute(new Run(runtime), args);
}

async function execute(run: Run, given: readonly string[]): Promise<number> {
  if (given[0] === COMPLETE) return completeValue(run, given.slice(1));
  // `collab help projects list` is `collab projects list --help` (as git's and gh's help are).
  const args = given[0] === 'help' ? [...given.slice(1), '--help'] : given;
  const program = buildProgram(run);
  const verbose = args.includes('--verbose');
  const output = commanderOutput(run.runtime);
  applyExitOverride(run, program, output);
  const [nounName, ...verbPath] = commandWords(args);
  const noun = findNoun(nounName);
  try {
    if (!noun && nounName !== undefined) run.elsewhere = await commandsNamed(nounName);
    for (const entry of NOUNS) {
      if (entry === noun) {
        const { spec } = await entry.load();
        run.meant = await meantCommand(spec, verbPath);
        const cmd = buildCommand(spec, run, verbPath);
        program.addCommand(cmd);
        applyExitOverride(run, cmd, output);
      } else {
        program
          .command(entry.name)
          .aliases([...(entry.aliases ?? [])])
          .summary(entry.summary)
          .description(entry.summary);
      }
    }
    await program.parseAsync(args as string[], { from: 'user' });
    return 0;
  } catch (error) {
    return printError(run, error, verbose);
  }
}

/**
 * What argv's words under a noun likely meant when one names no command, for the unknown verb's
 * hint (commander's own suggestion, a near spelling, comes first); undefined when they all name
 * commands, so a command that runs pays a walk of its words and nothing more.
 * - `collab projects variables acme/app`: variables is a noun of its own whose list takes the
 *   project as --project: `collab variables list --project acme/app`.
 * - `collab groups members acme/web`, `collab projects acme/app`: a path or an ID where a verb
 *   belongs, under a command whose list (else view) takes one: that verb with it.
 */
async function meantCommand(spec: CommandSpec, verbPath: readonly string[]): Promise<string | undefined> {
  let command = spec;
  const path = [spec.name];
  for (const [index, word] of verbPath.entries()) {
    const sub = command.subcommands?.find((s) => s.name === word || s.aliases?.includes(word));
    if (sub) {
      command = sub;
      path.push(sub.name);
      continue;
    }
    if (!command.subcommands?.length) return undefined;
    const option = index === 0 ? OWNER_OF[spec.name] : undefined;
    const other = findNoun(word);
    if (option && other) {
      const { spec: otherSpec } = await other.load();
      const list = otherSpec.subcommands?.find((s) => s.name === 'list');
      const flag = `--${option} `;
      if (!list?.options?.some((o) => o.flags.startsWith(flag) || o.flags.includes(` ${flag}`))) return undefined;
      const owner = verbPath[1];
      return `collab ${other.name} list --${option} ${owner === undefined ? `<${option}>` : shellWord(owner)}`;
    }
    // A path or an ID is a target, not a verb mistyped.
    if (!/^\d+$|\//.test(word)) return undefined;
    const verb = ['list', 'view']
      .map((name) => command.subcommands?.find((s) => s.name === name))
      .find((s) => s?.args?.[0] && OWNER_ARGS.has(s.args[0].name));
    return verb && `collab ${[...path, verb.name].join(' ')} ${verbPath.slice(index).map(shellWord).join(' ')}`;
  }
  return undefined;
}

/** The arguments that name what a listing or a view is of: a path or an ID fits them. */
const OWNER_ARGS: ReadonlySet<string> = new Set(['project', 'group', 'user']);

/** The nouns whose commands name the project or group that other nouns take as an option. */
const OWNER_OF: Readonly<Record<string, 'project' | 'group'>> = { projects: 'project', groups: 'group' };

/** The hidden command the completion scripts run: `collab __complete <words…>` (src/completion/values.ts). */
const COMPLETE = '__complete';

/**
 * Prints the candidates for the last of `words`, one a line. Not a command of the tree: it takes
 * any words (flags included) as they stand on the command line, shows in no help, and whatever
 * happens prints nothing else and ends well: a shell is waiting, with the user's line on screen.
 */
async function completeValue(run: Run, words: readonly string[]): Promise<number> {
  try {
    run.runtime.tuneV8?.();
    const { completeWords } = await import('./completion/values.js');
    const candidates = await completeWords(words, { ...run.runtime, signal: run.interrupt.signal });
    if (candidates.length > 0) run.runtime.write(1, `${candidates.join('\n')}\n`);
  } catch {
    // Nothing to offer.
  }
  return 0;
}

/**
 * Runs the program in this process and exits with its code, once stdout has drained (piped output
 * of any size is complete). `launcher` is what dist/cli.cjs gives the run: its V8 flags (Runtime.tuneV8).
 */
export async function runAndExit(argv: readonly string[], launcher: { tuneV8?: () => void } = {}): Promise<never> {
  const run: Run = new Run(processRuntime(() => stdoutClosed(run), launcher.tuneV8));
  installSignalHandlers(run);
  const code = await execute(run, argv.slice(2));
  // A stdout whose reader has gone (destroyed) never drains.
  if (streamsInUse() && process.stdout.writableLength > 0 && !process.stdout.destroyed)
    await new Promise((resolve) => process.stdout.once('drain', resolve));
  process.exit(code);
}
