import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandSpec, OptionSpec } from './commands/spec.js';
import type { GlobalOptions } from './context.js';
import { VERSION } from './version.js';
import { choiceParser } from './params/option.js';
import { exampleLines, HELP_LAYOUT } from './help-layout.js';
import { CollabError, exitCodeMeanings, isCollabError } from './errors.js';
import { parseFieldList } from './output/fields.js';
import type { OutputFormat } from './output/format.js';
import { commandOptions, GLOBAL_OPTIONS, longFlag, shortFlag, takesValue } from './commands/common-options.js';
import { commandArgs, STDIN_TARGET, targetOptionNoun } from './commands/targets.js';

/**
 * The command definitions (src/commands/) as commander commands: the program with its global
 * options and help, each command with its arguments, flags and parsers, and the global options
 * read back. main.ts runs what this builds.
 */

/** What the commands built here report to: the run they belong to. */
export interface ProgramRun {
  /** The message of the option parser that failed last, for the usage error's text. */
  optionFailure: { message: string; hint: string | undefined } | undefined;
  runCommand(spec: CommandSpec, cmd: Command): Promise<void>;
}

/** Global options that take a value (both spellings), to find the noun in argv without parsing everything. */
const GLOBAL_VALUE_FLAGS = new Set(
  GLOBAL_OPTIONS.filter(takesValue).flatMap((option) => [longFlag(option), shortFlag(option) ?? []].flat()),
);

/**
 * The words of argv that name commands (`projects`, `list`), skipping options and the values of
 * global options, so that only the command being run is built in full.
 */
export function commandWords(argv: readonly string[]): string[] {
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

/** `Label: a, b, c.` in lines of at most `width` characters, broken between items. */
function itemLines(label: string, items: readonly string[], width: number): string {
  const lines = [label];
  items.forEach((item, index) => {
    const text = `${item}${index === items.length - 1 ? '.' : ','}`;
    const last = lines.length - 1;
    if (`${lines[last]} ${text}`.length > width) lines.push(text);
    else lines[last] = `${lines[last]} ${text}`;
  });
  return lines.join('\n');
}

const ENVIRONMENT = [
  'COLLAB_HOST',
  'COLLAB_TOKEN',
  'COLLAB_CONFIG_DIR',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'CI',
  'HTTP(S)_PROXY',
  'NO_PROXY',
];

/** The width of the stream a command's help goes to: stderr's when it is an error's. */
function helpWidth(command: Command, error: boolean): number {
  const output = command.configureOutput();
  return (error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.()) ?? 80;
}

/** What `collab --help` ends with, at the width of the stream it goes to: the exit codes (the one table, errors.ts) and the environment. */
function closingHelp({ error, command }: { error: boolean; command: Command }): string {
  const width = helpWidth(command, error);
  return `\n${itemLines('Exit codes:', exitCodeMeanings(), width)}\n${itemLines('Environment:', ENVIRONMENT, width)}`;
}

export function buildProgram(run: ProgramRun): Command {
  const program = new Command('collab')
    .description('Administer projects and groups on a Collaboration Service (GitLab-compatible REST API v4).')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true)
    .configureHelp({ ...HELP_LAYOUT, showGlobalOptions: true, sortSubcommands: false });
  for (const option of GLOBAL_OPTIONS) program.addOption(toOption(option, run));
  program.addHelpText('after', closingHelp);
  return program;
}

function toOption(spec: OptionSpec, run: ProgramRun): Option {
  // A description that says what its --no- form does already needs no second mention.
  const negation = `--no-${longFlag(spec).slice(2)}`;
  const description =
    spec.negatable && !spec.description.includes(negation)
      ? `${spec.description} (${negation} for false)`
      : spec.description;
  const option = new Option(spec.flags, spec.required ? `${description} (required)` : description);
  if (spec.required) option.makeOptionMandatory();
  if (spec.aliasOf) {
    // An alias's value is stored under the key of the flag it stands for (commander has no
    // aliases of long flags): the command reads one key whichever name was used.
    const key = new Option(spec.aliasOf).attributeName();
    option.attributeName = () => key;
  }
  if (spec.choices) option.choices(spec.choices);
  if (spec.hidden) option.hideHelp();
  if (spec.default !== undefined) option.default(spec.default);
  // `--project -` reads the targets from standard input (src/bulk/): the value is not a path to check.
  const own = spec.parse ?? (spec.choices ? choiceParser(spec.choices) : undefined);
  const parse =
    own && targetOptionNoun(spec)
      ? (value: string, name: string) => (value === STDIN_TARGET ? value : own(value, name))
      : own;
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
        run.optionFailure = { message, hint: isCollabError(error) ? error.hint : undefined };
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
export function buildCommand(spec: CommandSpec, run: ProgramRun, path?: readonly string[]): Command {
  const cmd = new Command(spec.name)
    .description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary)
    .summary(spec.summary);
  cmd.helpOption('-h, --help', 'show help');
  cmd.showSuggestionAfterError(true).configureHelp({ ...HELP_LAYOUT, showGlobalOptions: true });
  cmd.allowExcessArguments(false);
  if (spec.aliases) cmd.aliases([...spec.aliases]);
  for (const arg of commandArgs(spec)) {
    const name = `${arg.name}${arg.variadic ? '...' : ''}`;
    cmd.argument(arg.required === false ? `[${name}]` : `<${name}>`, arg.description);
  }
  const options = commandOptions(spec);
  for (const option of options) {
    cmd.addOption(toOption(option, run));
    if (option.negatable) {
      const name = longFlag(option).slice(2);
      cmd.addOption(new Option(`--no-${name}`, `set ${name} to false`).hideHelp());
    }
  }
  const peers = peerNames(options);
  if (peers.size > 0) PEER_NAMES.set(cmd, peers);
  const { examples } = spec;
  if (examples?.length)
    cmd.addHelpText('after', ({ error, command }) => {
      const width = helpWidth(command, error);
      return `\nExamples:\n${examples.flatMap((example) => exampleLines(example, width)).join('\n')}`;
    });
  if (spec.subcommands) {
    cmd.addHelpCommand(false);
    for (const sub of spec.subcommands) {
      const named = path === undefined || sub.name === path[0] || (sub.aliases ?? []).includes(path[0] ?? '');
      cmd.addCommand(named ? buildCommand(sub, run, path?.slice(1)) : summaryOnly(sub));
    }
  } else {
    cmd.action(async (...actionArgs: unknown[]) => {
      await run.runCommand(spec, actionArgs[actionArgs.length - 1] as Command);
    });
  }
  return cmd;
}

/** Each built command's peer spellings (OptionSpec's peerNames), another tool's flag -> its own. */
const PEER_NAMES = new WeakMap<Command, ReadonlyMap<string, string>>();

/**
 * Another tool's flag -> the one of `options` it means (OptionSpec's peerNames); a peer's switch
 * that is one of the flag's choices (glab's --private) is that value of it.
 */
function peerNames(options: readonly OptionSpec[]): Map<string, string> {
  const peers = new Map<string, string>();
  for (const option of options)
    for (const peer of option.peerNames ?? [])
      peers.set(
        peer,
        option.choices?.includes(peer.slice(2)) ? `${longFlag(option)} ${peer.slice(2)}` : longFlag(option),
      );
  return peers;
}

/** Another tool's names of the global options (glab's --hostname), which every command takes. */
const GLOBAL_PEER_NAMES: ReadonlyMap<string, string> = peerNames(GLOBAL_OPTIONS);

/** What another tool calls a flag of `cmd` (or a global one) -> that flag, for the hint of an unknown option. */
export function peerNamesOf(cmd: Command): ReadonlyMap<string, string> {
  const own = PEER_NAMES.get(cmd);
  return own ? new Map([...GLOBAL_PEER_NAMES, ...own]) : GLOBAL_PEER_NAMES;
}

/** A subcommand that is not being run: its name, aliases and summary, for help and suggestions. */
function summaryOnly(spec: CommandSpec): Command {
  const cmd = new Command(spec.name).summary(spec.summary).description(spec.summary);
  if (spec.aliases) cmd.aliases([...spec.aliases]);
  return cmd;
}

export function globalsOf(cmd: Command): GlobalOptions & { color: boolean } {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  // --json is -o json: with -o of another format, which one was meant is not collab's to guess.
  if (all.json && all.output !== undefined && all.output !== 'json') {
    throw new CollabError('usage', `--json and -o ${String(all.output)} ask for two formats`, {
      hint: `keep one: --json (the same as -o json) or -o ${String(all.output)}`,
    });
  }
  const output = (all.json ? 'json' : all.output) as OutputFormat | undefined;
  let fields: string[] | undefined;
  if (typeof all.fields === 'string') {
    fields = parseFieldList(all.fields);
    if (fields.length === 0)
      throw new CollabError(
        'usage',
        'invalid value for --fields: expected a comma-separated list of field names such as id,name',
      );
  }
  const jq = typeof all.jq === 'string' ? all.jq : undefined;
  // --jq prints JSON values (as -o json, or each object as -o ndjson): nothing of a table or csv.
  if (jq !== undefined && (output === 'table' || output === 'csv')) {
    throw new CollabError('usage', `--jq filters JSON output and cannot be combined with -o ${output}`, {
      hint: 'drop -o, or use -o json (the whole list) or -o ndjson (each object)',
    });
  }
  const sudo = all.sudo as string | undefined;
  // A username or an ID, as the service names users: nothing else can go into a header safely.
  if (sudo !== undefined && !/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(sudo)) {
    throw new CollabError('usage', `invalid value "${sudo}" for --sudo: expected a username or user ID`, {
      hint: 'for example --sudo dana or --sudo 42',
    });
  }
  return {
    host: all.host as string | undefined,
    sudo,
    output,
    fields,
    jq,
    verbose: all.verbose === true,
    quiet: all.quiet === true,
    color: all.color !== false,
  };
}
