import { escapeControls } from './output/escape.js';
import { orList, shellWord } from './util/words.js';
import { wrapNote } from './output/text-width.js';

/**
 * How errors read on stderr: one line each, whatever the service, a library or argv put in them.
 * (main.ts writes them; this is the text alone.)
 */

/**
 * Commander's own messages (unknown option, missing argument, bad choice) in the shape of every
 * other error: `error: ...` and one `hint: ...` line naming the help to read.
 */
export function usageErrorText(
  text: string,
  commandPath: string,
  optionFailure?: { message: string; hint: string | undefined },
  {
    owner,
    elsewhere,
    meant,
    verbs,
    aliases,
    flags,
    peers,
    described,
    stray,
    ownerArgument,
    unknownValue,
  }: {
    owner?: OwnerMisplaced;
    elsewhere?: readonly string[];
    /** The command an unknown verb likely meant (main.ts's meantCommand). */
    meant?: string;
    verbs?: readonly string[];
    /** The commands' other names, each to its own (`ls` to list): a suggestion names a command once. */
    aliases?: ReadonlyMap<string, string>;
    /** The command's long flags, for an unknown one that no near name matches. */
    flags?: readonly string[];
    /** Another tool's name of a flag -> the command's own (OptionSpec's peerNames). */
    peers?: ReadonlyMap<string, string>;
    /** What each option says in help, by its long flag: a required one not given is told what it is. */
    described?: ReadonlyMap<string, string>;
    /** The one argument given beyond those the verb takes: a required option's value, likely. */
    stray?: string;
    /** Whether the verb's first argument names a project or a group: `--project x` then goes there. */
    ownerArgument?: boolean;
    /** The value given after an unknown option (argv's next word), if any. */
    unknownValue?: string;
  } = {},
): string {
  const help = `see \`${commandPath} --help\``;
  if (elsewhere?.length && /^error: unknown command /.test(text)) {
    const paths = elsewhere.map((path) => `\`${commandPath} ${path}\``);
    const choice = orList(paths);
    return `error: ${oneLine(
      text
        .trim()
        .replace(/^error:\s*/, '')
        .replace(/\n[\s\S]*$/, ''),
    )}\nhint: did you mean ${choice}?\n`;
  }
  if (meant && /^error: unknown command /.test(text) && !/\(Did you mean /.test(text))
    return `error: ${oneLine(
      text
        .trim()
        .replace(/^error:\s*/, '')
        .replace(/\n[\s\S]*$/, ''),
    )}\nhint: did you mean \`${oneLine(meant)}\`?\n`;
  if (owner && /^error: (too many arguments|required option '--(project|group) )/.test(text)) {
    const [first, other] = owner.options;
    const names = owner.options.map((name) => `--${name}`).join(' or ');
    const example = [commandPath, ...owner.rest.map(shellWord), `--${first}`, shellWord(owner.owner)].join(' ');
    const alternative = other ? ` (--${other} for a ${other})` : '';
    return `error: ${commandPath} takes the ${owner.options.join(' or ')} as ${names}, not as an argument\nhint: run \`${oneLine(example)}\`${alternative}\n`;
  }
  if (optionFailure && /^error: option '[^']*' argument '[\s\S]*' is invalid\./.test(text)) {
    const { message, hint } = optionFailure;
    return `error: ${oneLine(message)}\nhint: ${hint ? oneLine(hint) : help}\n`;
  }
  const suggestion = /\n\(Did you mean (.+?)\?\)\s*$/.exec(text);
  const message =
    oneLine((suggestion ? text.slice(0, suggestion.index) : text).trim().replace(/^error:\s*/, '')) || 'invalid usage';
  // `projects remove`: the verb of that meaning the noun has (delete), not the nearest spelling
  // (restore, its opposite).
  const typed = /^error: unknown command '([^']*)'/.exec(text)?.[1];
  const synonym = typed === undefined ? undefined : SYNONYMS[typed]?.find((verb) => verbs?.includes(verb));
  if (synonym) return `error: ${message}\nhint: did you mean ${synonym}? Or ${help}\n`;
  // A verb no near name matches: the noun's verbs, which a reader otherwise finds only in its help.
  if (!suggestion && verbs?.length && /^error: unknown command /.test(text))
    return `error: ${message}\nhint: ${commandPath} takes ${orList(verbs)} (${help})\n`;
  // A required option not given: what it is, as its help says, where the reader will look first.
  const required = /^error: required option '((--[a-z0-9-]+)[^']*)' not specified/.exec(text);
  const what = required && described?.get(required[2] as string);
  // `members add acme/app alice`, as glab takes a member: the argument is the option's value.
  if (what && stray !== undefined)
    return `error: ${message}\nhint: give ${oneLine(shellWord(stray))} as \`${required?.[2]} ${oneLine(shellWord(stray))}\`; ${required?.[1]}: ${what}; ${help}\n`;
  if (what) return `error: ${message}\nhint: ${required[1]}: ${what}; ${help}\n`;
  // `collab export --project acme/app`: a verb that takes its project or group as an argument
  // (where ownerMisplaced is the other way round).
  const ownerFlag = /^error: unknown option '--(project|group)(?:=([^']*))?'/.exec(text);
  if (ownerFlag && ownerArgument) {
    const value = ownerFlag[2] ?? unknownValue;
    const example = value === undefined ? '' : `: \`${commandPath} ${oneLine(shellWord(value))}\``;
    return `error: ${message}\nhint: ${commandPath} takes the ${ownerFlag[1]} as an argument${example}; ${help}\n`;
  }
  // glab's `--stdin` where collab has --with-token: a near spelling (--token-command) is the
  // wrong flag, and the one meant is known.
  const unknown = /^error: unknown option '(--[^'=]+)/.exec(text)?.[1];
  const ours = unknown === undefined ? undefined : peers?.get(unknown);
  if (ours) return `error: ${message}\nhint: did you mean ${ours}? Or ${help}\n`;
  // `--deploy-access` where the verb has --deploy-role, --deploy-user and --deploy-group, `--target`
  // where it has --target-project and --target-group: those of its first word, which commander's
  // suggestion (a near spelling) does not find. `--no-` is every negatable flag's, and a family of
  // more than a few is no guess.
  const word = /^error: unknown option '--([a-z0-9]+)(?:-[^']*)?'/.exec(text)?.[1];
  const family =
    word && word !== 'no' && !suggestion
      ? (flags ?? []).filter((flag) => flag === `--${word}` || flag.startsWith(`--${word}-`))
      : [];
  if (family.length > 0 && family.length <= MAX_FAMILY)
    return `error: ${message}\nhint: did you mean ${orList(family)}? Or ${help}\n`;
  return `error: ${message}\nhint: ${suggestion ? `did you mean ${suggested(suggestion[1] as string, aliases)}? Or ` : ''}${help}\n`;
}

/** Verbs people type for another of the same meaning: `remove` where the noun has delete, `add` for create. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  remove: ['delete'],
  delete: ['remove'],
  add: ['create'],
  create: ['add'],
  new: ['create', 'add'],
};

/** Commander's suggestion (`one of list, ls`) with each command named once, by its own name: `list`. */
function suggested(names: string, aliases: ReadonlyMap<string, string> | undefined): string {
  if (!aliases?.size) return names;
  const each = [
    ...new Set(
      names
        .replace(/^one of /, '')
        .split(', ')
        .map((name) => aliases.get(name) ?? name),
    ),
  ];
  return each.length === 1 ? (each[0] as string) : `one of ${each.join(', ')}`;
}

/** The most flags of one first word an unknown flag's hint offers. */
const MAX_FAMILY = 5;

/** A verb's project or group given as an argument: the options that take it, that argument, the other arguments. */
export interface OwnerMisplaced {
  options: string[];
  owner: string;
  rest: string[];
}

/**
 * A message is one line, however the service or a library wrote it, and a value it quotes (an
 * argument echoed back, which may hold anything) is shortened. Line breaks and tabs read as a
 * space; any other control character, or a bidi override, as a visible escape (escape.ts).
 * Every error line (main.ts) and every other stderr line of a run (terminal.ts) passes here.
 */
export function flat(text: string): string {
  const line = escapeControls(text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, ' '))
    // A quote opens after a space or a mark and closes before one: the text between the close of
    // one quoted value and the open of the next (`["a"].x: … got "b"`) is no value.
    .replace(
      /(^|[\s([{=:,])(["'])([^"'\s][^"']{80,}?)\2(?=$|[\s)\]},.:;!?])/g,
      (_all, before: string, quote: string, quoted: string) => `${before}${quote}${quoted.slice(0, 60)}…${quote}`,
    )
    // A path or URL built from such a value (GET /projects/xxxx…): its start and end tell enough.
    .replace(/\S{200,}/g, (word) => `${word.slice(0, 150)}…${word.slice(-40)}`);
  return line.length > 1000 ? `${line.slice(0, 1000)}…` : line;
}

/** Arguments echoed in a message stay on one line and short (argv may hold anything). */
function oneLine(text: string): string {
  return flat(text.replace(/'([^']{61,})'/g, (_all, quoted: string) => `'${quoted.slice(0, 60)}…'`)).slice(0, 500);
}

/**
 * `error:` and `hint:` lines wrapped to a terminal's `width` (0: not a terminal, left as they
 * are) as every note on stderr is (wrapNote): at spaces, a long word after its commas or slashes,
 * later lines indented by two.
 */
export function wrapErrorLines(text: string, width: number): string {
  if (width < 20) return text;
  return text.replace(/^(?:error|hint): .*$/gm, (line) => wrapNote(line, width).join('\n'));
}
