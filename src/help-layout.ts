import { type Command, Help } from 'commander';

/**
 * How collab's help is laid out at the terminal's width, for every command (program.ts hands this
 * to commander's configureHelp). Commander wraps each line of a text on its own and keeps every
 * line break, and lays an option's description beside its flags only when 40 columns are left for
 * it, else leaves it unwrapped (a 60-column terminal then broke `--method`'s mid-word). Here:
 * - a description's prose is reflowed: lines that were broken in the source at some width are
 *   joined into their paragraph (a blank line ends one), then wrapped at the terminal's;
 * - an indented line is kept as its own line (a command to type, an item of a list); an item of
 *   two columns (`  host          default host…`) wraps under its second column;
 * - where the flags leave less than 40 columns, each description goes under its flags, indented;
 * - a usage line too long for the terminal continues under its first word;
 * - an example too long for it continues on the next line after a backslash, as a shell reads it,
 *   so that what is pasted is still the one command;
 * - a noun's commands come before the global options.
 */

/** Columns a description beside its flags needs; with fewer, it goes under them. */
const BESIDE = 40;
/** Indent of a description under its flags. */
const UNDER = 6;
/** Narrowest text commander's wrapping is asked for (it leaves anything narrower as it is). */
const NARROWEST = 20;

/** `  host          default host…`: an indented term, two spaces or more, then its text. */
const TWO_COLUMNS = /^(\s+\S+(?: \S+)*? {2,})\S/;

/** The text's lines with the prose of each paragraph on one line; indented lines and blank lines kept. */
export function reflow(text: string): string[] {
  const lines: string[] = [];
  let prose = false;
  for (const line of text.split(/\r?\n/)) {
    const isProse = line.trim() !== '' && !/^\s/.test(line);
    if (isProse && prose) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
    prose = isProse;
  }
  return lines;
}

/**
 * `(- reads projects from standard input)`: the dash stays with the word after it, so that no line
 * ends in `(-`. Commander breaks at any white space; a space it cannot see stands in, one cell wide.
 */
const KEPT_SPACE = '\u0001';

function wrap(helper: Help, text: string, width: number): string {
  const kept = text.replace(/\(- /g, `(-${KEPT_SPACE}`);
  return Help.prototype.boxWrap.call(helper, kept, Math.max(width, NARROWEST)).replaceAll(KEPT_SPACE, ' ');
}

function boxWrap(this: Help, text: string, width: number): string {
  return reflow(text)
    .map((line) => {
      if (!/^\s/.test(line)) return wrap(this, line, width);
      const hang = TWO_COLUMNS.exec(line)?.[1]?.length;
      // A command to type stays whole: a line broken inside it could not be pasted.
      if (hang === undefined || width - hang < NARROWEST) return line;
      return wrap(this, line.slice(hang), width - hang)
        .replace(/\n/g, `\n${' '.repeat(hang)}`)
        .replace(/^/, line.slice(0, hang));
    })
    .join('\n');
}

function formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
  const width = this.helpWidth ?? 80;
  if (!description || width - termWidth - 4 >= BESIDE)
    return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
  const under = helper.boxWrap(description, width - UNDER).replace(/\n/g, `\n${' '.repeat(UNDER)}`);
  return `  ${term}\n${' '.repeat(UNDER)}${under}`;
}

/** The usage line, wrapped under its first word after `Usage: ` (a verb three nouns deep with two arguments is 75 columns). */
function commandUsage(this: Help, cmd: Command): string {
  const usage = Help.prototype.commandUsage.call(this, cmd);
  const indent = 'Usage: '.length;
  return wrap(this, usage, (this.helpWidth ?? 80) - indent).replace(/\n/g, `\n${' '.repeat(indent)}`);
}

/**
 * A noun's help lists its commands before the global options, which are the same on every page:
 * commander puts them last, thirty lines below `collab projects --help`'s own two.
 */
function formatHelp(this: Help, cmd: Command, helper: Help): string {
  const text = Help.prototype.formatHelp.call(this, cmd, helper);
  const global = text.indexOf('\nGlobal Options:\n');
  const commands = text.indexOf('\nCommands:\n');
  if (global < 0 || commands < global) return text;
  return text.slice(0, global) + text.slice(commands) + text.slice(global, commands);
}

/** What program.ts gives commander's configureHelp for every command. */
export const HELP_LAYOUT = { boxWrap, commandUsage, formatHelp, formatItem, minWidthToWrap: NARROWEST } as const;

/** Indent of an example's continued lines. */
const CONTINUED = 6;

/**
 * An example command line as help shows it at `width`: `  $ command`, or, too long for it, broken
 * between words (never inside quotes, nor between a flag and its value where the two fit a line),
 * each broken line ending in a backslash so that the lines, pasted into a shell, are still the one
 * command. A word wider than the width stays whole.
 */
export function exampleLines(example: string, width: number): string[] {
  if (example.length + 4 <= width) return [`  $ ${example}`];
  const words: string[] = [];
  // A flag keeps its value beside it (`--ref main`), as one reads them, where a continued line
  // holds both with its backslash; else the flag begins a line and its value the next (a policy's
  // key=value list), so that neither is read with the words before it.
  const room = width - CONTINUED - 2;
  const alone = new Set<number>();
  for (const word of example.match(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const last = words.length - 1;
    const flag = last >= 0 && /^-[^ ]*$/.test(words[last] as string) && !word.startsWith('-');
    if (flag && (words[last] as string).length + 1 + word.length <= room) words[last] += ` ${word}`;
    else {
      if (flag) alone.add(last).add(last + 1);
      words.push(word);
    }
  }
  const lines: string[] = [];
  let line = '  $';
  let empty = true;
  words.forEach((word, i) => {
    // Room for the word and for the ` \` that ends a line more words follow.
    if (!empty && (alone.has(i) || line.length + 1 + word.length + 2 > width)) {
      lines.push(`${line} \\`);
      line = ' '.repeat(CONTINUED - 1);
    }
    line += ` ${word}`;
    empty = false;
  });
  lines.push(line);
  return lines;
}
