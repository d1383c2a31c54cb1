import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { NOUNS } from './commands/manifest.js';
import type { CommandSpec, OptionSpec } from './commands/spec.js';
import type { GlobalOptions } from './context.js';
import { VERSION } from './version.js';
import { CollabError, EXIT_CODES, isCollabError } from './errors.js';
import { parseFieldList } from './output/fields.js';
import { commanderOutput, onStreamsInUse, streamsInUse, useStreams, writeTo } from './stdio.js';
import type { OutputFormat } from './output/format.js';
import { commandOptions, GLOBAL_OPTIONS, longFlag } from './commands/common-options.js';

/**
 * The program, and the only place that exits: builds the command tree (only the noun being
 * run is built in full), runs the command, and maps errors to messages and exit codes.
 */

/** Global options that take a value, to find the noun in argv without parsing everything. */
const GLOBAL_VALUE_FLAGS = new Set(['--host', '-o', '--output', '--fields']);

/**
 * The words of argv that name commands (`projects`, `list`), skipping options and the values of
 * global options, so that only the command being run is built in full.
 */
function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (GLOBAL_VALUE_FLAGS.has(arg)) {
      i++;
      continue;
    }
    if (!arg.startsWith('-')) words.push(arg);
  }
  return words;
}

export function buildProgram(): Command {
  const program = new Command('collab')
    .description('Administer projects and groups on a Collaboration Service (GitLab-compatible REST API v4).')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false });
  for (const option of GLOBAL_OPTIONS) program.addOption(toOption(option));
  program.addHelpText(
    'after',
    `
Exit codes: 0 ok, 1 failure (5xx, network), 2 usage, 3 auth/permission, 4 not found,
5 rejected by the service, 6 awaited import failed, 7 timed out waiting, 130 interrupted.
Environment: COLLAB_HOST, COLLAB_TOKEN, COLLAB_CONFIG_DIR, NO_COLOR, HTTP(S)_PROXY, NO_PROXY.`,
  );
  return program;
}

/** The message of the option parser that failed last, for commanderErrorText. */
let optionFailure: { message: string; hint: string | undefined } | undefined;

function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.negatable ? `${spec.description} (--no-${longFlag(spec).slice(2)} for false)` : spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.hidden) option.hideHelp();
  if (spec.default !== undefined) option.default(spec.default);
  const parse = spec.parse;
  const flag = longFlag(spec);
  if (parse || spec.repeatable) {
    option.argParser((value: string, previous: unknown) => {
      let parsed: unknown;
      try {
        parsed = parse ? parse(value, flag) : value;
      } catch (error) {
        // Commander reports InvalidArgumentError as a usage error naming the option; our parser's
        // own message (value shortened, flag named) replaces commander's when it is printed.
        const message = error instanceof Error ? error.message : String(error);
        optionFailure = { message, hint: isCollabError(error) ? error.hint : undefined };
        throw new InvalidArgumentError(message.replace(/^invalid value "[^"]*" for [^:]+: /, ''));
      }
      if (!spec.repeatable) return parsed;
      return [...((previous as unknown[] | undefined) ?? []), parsed];
    });
  }
  return option;
}

/**
 * Builds a commander command from its definition; the implementation is imported when it runs.
 * `path` holds the words of argv below this command: of its subcommands, only the one they name
 * is built with its flags (create and update have about a hundred); the others are names and
 * summaries, which is all help and suggestions need.
 */
export function buildCommand(spec: CommandSpec, run: (spec: CommandSpec, cmd: Command) => Promise<void>, path?: readonly string[]): Command {
  const cmd = new Command(spec.name).description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary).summary(spec.summary);
  cmd.helpOption('-h, --help', 'show help');
  cmd.showSuggestionAfterError(true).configureHelp({ showGlobalOptions: true });
  cmd.allowExcessArguments(false);
  if (spec.aliases) cmd.aliases([...spec.aliases]);
  for (const arg of spec.args ?? []) {
    const name = `${arg.name}${arg.variadic ? '...' : ''}`;
    cmd.argument(arg.required === false ? `[${name}]` : `<${name}>`, arg.description);
  }
  for (const option of commandOptions(spec)) {
    cmd.addOption(toOption(option));
    if (option.negatable) {
      const name = longFlag(option).slice(2);
      cmd.addOption(new Option(`--no-${name}`, `set ${name} to false`).hideHelp());
    }
  }
  if (spec.examples?.length) cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}`);
  if (spec.subcommands) {
    cmd.addHelpCommand(false);
    for (const sub of spec.subcommands) {
      const named = path === undefined || sub.name === path[0] || (sub.aliases ?? []).includes(path[0] ?? '');
      cmd.addCommand(named ? buildCommand(sub, run, path?.slice(1)) : summaryOnly(sub));
    }
  } else {
    cmd.action(async (...actionArgs: unknown[]) => {
      await run(spec, actionArgs[actionArgs.length - 1] as Command);
    });
  }
  return cmd;
}

/** A subcommand that is not being run: its name, aliases and summary, for help and suggestions. */
function summaryOnly(spec: CommandSpec): Command {
  const cmd = new Command(spec.name).summary(spec.summary).description(spec.summary);
  if (spec.aliases) cmd.aliases([...spec.aliases]);
  return cmd;
}

function globalsOf(cmd: Command): GlobalOptions & { color: boolean } {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  const output = (all.json ? 'json' : all.output) as OutputFormat | undefined;
  let fields: string[] | undefined;
  if (typeof all.fields === 'string') {
    fields = parseFieldList(all.fields);
    if (fields.length === 0) throw new CollabError('usage', 'invalid value for --fields: expected a comma-separated list of field names such as id,name');
  }
  return {
    host: all.host as string | undefined,
    output,
    fields,
    verbose: all.verbose === true,
    quiet: all.quiet === true,
    color: all.color !== false,
  };
}

/** The running command's context, once it has one: for redaction and for what Ctrl-C leaves behind. */
let activeContext: { redact(text: string): string; onInterrupt?: (() => void) | undefined } | undefined;
const interrupt = new AbortController();
/** The signal that interrupted the command, for the exit code (SIGINT 130, SIGTERM 143). */
let interruptedBy: NodeJS.Signals | undefined;
let interruptedAt = 0;
let interruptReported = false;

/** The one line Ctrl-C leaves on stderr, written once however the command ends. */
function reportInterrupt(): void {
  if (interruptReported) return;
  interruptReported = true;
  writeTo(2, 'interrupted\n');
}

async function runCommand(spec: CommandSpec, cmd: Command): Promise<void> {
  if (!spec.load) throw new CollabError('internal', `command ${spec.name} has no implementation`);
  const globals = globalsOf(cmd);
  useStreams();
  const { runVerb } = await import('./run.js');
  await runVerb(spec.load, { args: [...cmd.args], options: cmd.opts() as Record<string, unknown> }, globals, interrupt.signal, (ctx) => {
    activeContext = ctx;
  });
}

/** A closed pipe (`| head -1`) ends the command quietly and successfully. */
function stdoutClosed(): never {
  process.exit(0);
}

/** What a command's writes through process.stdout and process.stderr may meet. */
function watchStreams(): void {
  // The reader has what it wanted, and exiting stops the fetching that fed it.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stdoutClosed();
    process.stderr.write(`error: cannot write to standard output: ${error.code ?? error.message}\n`);
    process.exit(EXIT_CODES.internal);
  });
  // Nobody reads stderr any more: keep going, so the exit code still tells how it went.
  process.stderr.on('error', () => undefined);
}

function interruptedExitCode(): number {
  return interruptedBy === 'SIGTERM' ? 143 : EXIT_CODES.interrupted;
}

/**
 * The last line of defence for error text: the context's registered secrets, and COLLAB_TOKEN
 * even when the failure came before any context knew of it.
 */
function redactSecrets(text: string): string {
  let out = activeContext?.redact(text) ?? text;
  const token = process.env.COLLAB_TOKEN;
  if (token && token.length >= 4) out = out.split(token).join('[redacted]');
  return out;
}

function printError(error: unknown, verbose: boolean): number {
  const redact = redactSecrets;
  if (error instanceof CommanderError) {
    // Commander has printed its message already (formatted by commanderErrorText).
    return error.exitCode === 0 ? 0 : EXIT_CODES.usage;
  }
  // After Ctrl-C, whatever fails next (an aborted request, a prompt, a stream) is its consequence.
  if (interrupt.signal.aborted || (isCollabError(error) && error.kind === 'interrupted')) {
    reportInterrupt();
    return interruptedExitCode();
  }
  if (isCollabError(error)) {
    const where = error.request && !error.message.includes(`(${error.request.method} `) ? ` (${error.request.method} ${error.request.path})` : '';
    writeTo(2, `${redact(`error: ${flat(`${error.message}${where}`)}`)}\n`);
    if (error.hint) writeTo(2, `${redact(`hint: ${flat(error.hint)}`)}\n`);
    if (verbose && error.cause instanceof Error && error.cause.stack) writeTo(2, `${redact(error.cause.stack)}\n`);
    return EXIT_CODES[error.kind];
  }
  const err = error as Error;
  writeTo(2, `${redact(`error: ${flat(err?.message ?? String(error))}`)}\n`);
  if (verbose && err?.stack) writeTo(2, `${redact(err.stack)}\n`);
  else writeTo(2, 'hint: this is a bug in collab; run again with --verbose for details\n');
  return EXIT_CODES.internal;
}

function installSignalHandlers(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      // conf's file writer (when-exit) raises the signal again as soon as it has cleaned up:
      // that echo is not a second Ctrl-C, and the command is already on its way out.
      if (signal === interruptedBy && Date.now() - interruptedAt < 500) return;
      reportInterrupt();
      process.exit(interruptedExitCode());
    }
    interruptedBy = signal;
    interruptedAt = Date.now();
    interrupt.abort();
    activeContext?.onInterrupt?.();
    // Give the command a moment to say what it left behind, then leave.
    setTimeout(() => {
      reportInterrupt();
      process.exit(interruptedExitCode());
    }, 1500).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  onStreamsInUse(watchStreams);
  // A failure outside the command's own promise (a stray rejection, a throw in a callback) still
  // ends in one redacted line and an exit code, never a stack trace.
  const onCrash = (error: unknown) => {
    const code = printError(error, process.argv.includes('--verbose'));
    process.exit(code);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
}

/**
 * Commander's own messages (unknown option, missing argument, bad choice) in the shape of every
 * other error: `error: ...` and one `hint: ...` line naming the help to read.
 */
function commanderErrorText(text: string, commandPath: string): string {
  const help = `see \`${commandPath} --help\``;
  if (optionFailure && /^error: option '[^']*' argument '[\s\S]*' is invalid\./.test(text)) {
    const { message, hint } = optionFailure;
    optionFailure = undefined;
    return `error: ${oneLine(message)}\nhint: ${hint ? oneLine(hint) : help}\n`;
  }
  const suggestion = /\n\(Did you mean (.+?)\?\)\s*$/.exec(text);
  const message = oneLine((suggestion ? text.slice(0, suggestion.index) : text).trim().replace(/^error:\s*/, '')) || 'invalid usage';
  return `error: ${message}\nhint: ${suggestion ? `Did you mean ${suggestion[1]}? Or ` : ''}${help}\n`;
}

/**
 * A message is one line, however the service or a library wrote it, and a value it quotes (an
 * argument echoed back, which may hold anything) is shortened.
 */
function flat(text: string): string {
  const line = text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/(["'])([^"'\s][^"']{80,}?)\1/g, (_all, quote: string, quoted: string) => `${quote}${quoted.slice(0, 60)}…${quote}`)
    // A path or URL built from such a value (GET /projects/xxxx…): its start and end tell enough.
    .replace(/\S{200,}/g, (word) => `${word.slice(0, 150)}…${word.slice(-40)}`);
  return line.length > 1000 ? `${line.slice(0, 1000)}…` : line;
}

/** Arguments echoed in a message stay on one line and short (argv may hold anything). */
function oneLine(text: string): string {
  return flat(text.replace(/'([^']{61,})'/g, (_all, quoted: string) => `'${quoted.slice(0, 60)}…'`)).slice(0, 500);
}

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Where commander writes help and its errors, and how it learns the terminal's width. */
const COMMANDER_OUTPUT = commanderOutput(stdoutClosed);

/** Exit instead of process.exit, and errors in the shape above, for a command and all below it. */
function applyExitOverride(cmd: Command): Command {
  cmd.exitOverride();
  cmd.configureOutput({ ...COMMANDER_OUTPUT, outputError: (text, write) => write(commanderErrorText(text, commandPath(cmd))) });
  for (const sub of cmd.commands) applyExitOverride(sub);
  return cmd;
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = argv.slice(2);
  const program = buildProgram();
  const verbose = args.includes('--verbose');
  applyExitOverride(program);
  const [nounName, ...verbPath] = commandWords(args);
  const noun = NOUNS.find((n) => n.name === nounName);
  try {
    for (const entry of NOUNS) {
      if (entry === noun) {
        const { spec } = await entry.load();
        const cmd = buildCommand(spec, runCommand, verbPath);
        program.addCommand(cmd);
        applyExitOverride(cmd);
      } else {
        program.command(entry.name).summary(entry.summary).description(entry.summary);
      }
    }
    await program.parseAsync(argv as string[]);
    return 0;
  } catch (error) {
    return printError(error, verbose);
  }
}

/** Runs the program and exits with its code, once stdout has drained (piped output of any size is complete). */
export async function runAndExit(argv: readonly string[]): Promise<never> {
  installSignalHandlers();
  const code = await main(argv);
  if (streamsInUse() && process.stdout.writableLength > 0) await new Promise((resolve) => process.stdout.once('drain', resolve));
  process.exit(code);
}

/**
 * Builds every command with all its flags and renders every help text, running nothing. The build
 * calls this to record V8's code cache of the parser and help path (dist/front.cache), so that
 * whichever command is asked for, its parsing and help start from compiled code.
 */
export async function renderEveryHelp(): Promise<void> {
  const program = buildProgram();
  const noRun = async () => undefined;
  for (const entry of NOUNS) program.addCommand(buildCommand((await entry.load()).spec, noRun));
  applyExitOverride(program);
  const render = (cmd: Command): void => {
    cmd.helpInformation();
    for (const sub of cmd.commands) render(sub);
  };
  render(program);
}
