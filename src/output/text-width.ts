import stringWidth from 'string-width';
import { noteWords as splitNote, wordBreaks, wordParts } from '../../bin/error-lines.cjs';

/**
 * Display cells of text on a terminal (CJK and most emoji take two, combining marks none), in time
 * linear in what is measured, and only as far as what can be shown: a cell is cut or wrapped
 * after reading at most a line's worth of it, however long the value the service sent.
 *
 * Why not string-width on the whole text, or one Intl.Segmenter over it: V8's segment iterator
 * costs more per step the longer its string (a 20,000-character word took 17 s in a table), and
 * string-width segments the whole string it is given. So printable ASCII is counted a character
 * at a time (one cell each, a grapheme of its own when the next character is ASCII too), and
 * anything else is segmented in short windows, each grapheme measured by string-width alone.
 * Colour codes are added after measuring, so the text measured never holds any.
 */

let segmenter: Intl.Segmenter | undefined;

/** Code units segmented at a time; doubled for a grapheme longer than that (stacked combining marks). */
const WINDOW = 64;

/**
 * Cells of one grapheme: string-width (version 8, which counts as glibc's wcwidth does:
 * test/unit/text-width.test.ts), remembered for the few thousand graphemes a text is mostly made
 * of: a call segments its text and tests it against Unicode property patterns.
 */
const widths = new Map<string, number>();
function graphemeWidth(grapheme: string): number {
  let width = widths.get(grapheme);
  if (width === undefined) {
    width = stringWidth(grapheme);
    if (widths.size >= 4096) widths.clear();
    widths.set(grapheme, width);
  }
  return width;
}

interface Fit {
  /** Where the prefix that fits ends (an index into the text, on a grapheme boundary). */
  end: number;
  /** Its display cells. */
  width: number;
}

const isHex = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66) || (code >= 0x41 && code <= 0x46);

/**
 * Code units of the escape sequence at `i` (escape.ts's `\x1b`, `\u202e`; JSON's `\"`, `\\`,
 * `\n`), which is cut or wrapped whole as one grapheme would be, or 1 for a lone backslash. A
 * backslash before one that starts `\x..` or `\u....` stands alone: the text around an escape
 * escape.ts made is not JSON (a view's `C:\\u202e`).
 */
function escapeLength(text: string, i: number): number {
  const next = text.charCodeAt(i + 1);
  const hexes = (from: number, count: number) => {
    for (let k = from; k < from + count; k++) if (!isHex(text.charCodeAt(k))) return false;
    return true;
  };
  if (next === 0x75 /* u */ && hexes(i + 2, 4)) return 6;
  if (next === 0x78 /* x */ && hexes(i + 2, 2)) return 4;
  if (next === 0x5c /* \ */) return escapeLength(text, i + 1) > 2 ? 1 : 2;
  // " / b f n r t
  return next === 0x22 ||
    next === 0x2f ||
    next === 0x62 ||
    next === 0x66 ||
    next === 0x6e ||
    next === 0x72 ||
    next === 0x74
    ? 2
    : 1;
}

/**
 * The longest run of whole graphemes (an escape sequence counting as one) from `start` that takes
 * at most `max` cells, or with `atLeastOne` the first of them when none fits (a wrapped line always
 * moves on). It reads the text only up to the first grapheme that does not fit.
 */
function fitWidth(text: string, start: number, max: number, atLeastOne = false): Fit {
  let i = start;
  let width = 0;
  const length = text.length;
  const fits = (w: number) => width + w <= max || (atLeastOne && i === start);
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) {
      const sequence = Math.min(escapeLength(text, i), length - i);
      if (!fits(sequence)) break;
      width += sequence;
      i += sequence;
      continue;
    }
    const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
    if (code >= 0x20 && code < 0x7f && next < 0x80) {
      if (!fits(1)) break;
      width++;
      i++;
      continue;
    }
    // A window of the text from here, cut where a grapheme surely ends (or at the text's end).
    let size = WINDOW;
    let graphemes: Array<{ segment: string }>;
    for (;;) {
      const end = Math.min(length, i + size);
      segmenter ??= new Intl.Segmenter();
      graphemes = Array.from(segmenter.segment(text.slice(i, end)));
      // The last grapheme of a window that stops short of the text's end may go on past it.
      if (end === length || graphemes.length > 1) {
        if (end < length) graphemes.pop();
        break;
      }
      size *= 2;
    }
    let stop = false;
    for (const { segment } of graphemes) {
      // An escape sequence in the window is measured by the loop above.
      if (segment.charCodeAt(0) === 0x5c) break;
      const w = graphemeWidth(segment);
      if (!fits(w)) {
        stop = true;
        break;
      }
      width += w;
      i += segment.length;
    }
    if (stop) break;
  }
  return { end: i, width };
}

/**
 * How many code units from the start are printable ASCII (one cell each), reading at most `limit`
 * plus one: what most cells of a table are, measured without segmenting anything.
 */
function asciiRun(text: string, limit: number): number {
  const end = Math.min(text.length, limit + 1);
  let i = 0;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code >= 0x7f) break;
    i++;
  }
  return i;
}

/** Display cells the whole text takes (linear in its length). */
export function displayWidth(text: string): number {
  if (asciiRun(text, text.length) === text.length) return text.length;
  return fitWidth(text, 0, Number.POSITIVE_INFINITY).width;
}

/** The text's display width when it is at most `limit`; else `limit + 1` (reading no more than that). */
export function widthWithin(text: string, limit: number): number {
  const ascii = asciiRun(text, limit);
  if (ascii === text.length) return ascii <= limit ? ascii : limit + 1;
  if (ascii > limit) return limit + 1;
  const fit = fitWidth(text, 0, limit);
  return fit.end === text.length ? fit.width : limit + 1;
}

/** The text cut to `width` display cells, ending with `…` when something was cut. */
export function cutToWidth(text: string, width: number): string {
  if (text.length <= width && asciiRun(text, width) === text.length) return text;
  const whole = fitWidth(text, 0, width);
  if (whole.end === text.length) return text;
  if (width <= 0) return '';
  return `${text.slice(0, fitWidth(text, 0, width - 1).end)}…`;
}

/**
 * The text wrapped to `width` display cells, every character of it kept: lines break at a space
 * (the one space a break takes; any more begin the next line), and a word longer than a line
 * after its last comma, slash or %2F that fits, else its last underscore or hyphen, else where the line
 * ends; never inside an escape sequence, a wide character or a grapheme with its combining
 * marks (at least one a line, even one wider than the line). Tabs read as spaces. `maxLines` (a
 * table's cell of text from the service): at most so many lines, then one saying how many more
 * there are (`… 28 more lines`), so that every line is made, linear in the text.
 */
export function wrapToWidth(text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    // Whether a space goes before the next word: not at a paragraph's start, nor after a break.
    let spaced = false;
    for (const next of paragraph.replace(/\t/g, ' ').split(' ')) {
      const gap = spaced ? 1 : 0;
      spaced = true;
      const nextWidth = widthWithin(next, width);
      if (lineWidth + gap + nextWidth <= width) {
        line += gap ? ` ${next}` : next;
        lineWidth += gap + nextWidth;
        continue;
      }
      // The break takes the space before the word; spaces the line ends with begin the next.
      const trimmed = line.replace(/ +$/, '');
      let word = next;
      // A word no line holds whole breaks anyway: its first part up to a comma or slash that fits
      // ends this line (`PUT /projects/`, then `acme%2Fweb…`), not a line of its own below it.
      const head = trimmed !== '' && nextWidth > width ? headThatFits(next, width - lineWidth - gap) : 0;
      if (head > 0) {
        lines.push(`${line}${gap ? ' ' : ''}${next.slice(0, head)}`);
        word = next.slice(head);
      } else if (trimmed === '') word = gap ? `${line} ${next}` : next;
      else {
        lines.push(trimmed);
        word = line.slice(trimmed.length) + next;
      }
      line = '';
      lineWidth = 0;
      // A word longer than a line (a change's JSON, a URL): lines of it, each up to its last comma,
      // slash or %2F that fits (so a URL breaks between its parts), else as far as the line goes.
      let start = 0;
      for (;;) {
        const fit = fitWidth(word, start, width, true);
        if (fit.end === word.length) {
          line = word.slice(start);
          lineWidth = fit.width;
          break;
        }
        const piece = word.slice(start, fit.end);
        // Else after its last underscore: a snake_case name (a setting's) breaks between its words;
        // else after its last hyphen, a kebab-case one's (a label's, a branch's), not `la` / `bel`.
        // A line of it holds at least one character before its break.
        const parts = breakAfter(piece, true);
        const underscore = piece.lastIndexOf('_');
        const hyphen = piece.lastIndexOf('-');
        const end =
          parts > 1
            ? start + parts
            : underscore > 0
              ? start + underscore + 1
              : hyphen > 0
                ? start + hyphen + 1
                : fit.end;
        lines.push(word.slice(start, end));
        start = end;
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines), moreLines(lines.length - maxLines, width)];
}

/**
 * How much of `word` fits in `room` cells ending just after a comma or slash; 0 when none does.
 * Not after a %2F: an encoded path is one name (`PUT /projects/`, then `acme%2Fweb%2Fstorefront`
 * whole where a line holds it), broken at its %2F only where no line does.
 */
function headThatFits(word: string, room: number): number {
  if (room <= 1) return 0;
  return breakAfter(word.slice(0, fitWidth(word, 0, room).end), false);
}

/**
 * Where `piece` may end: just after its last comma or slash, and with `encoded` its last %2F too
 * (bin/error-lines.cjs's wordBreaks, the rule notes break a word by); 0 when it holds none.
 */
function breakAfter(piece: string, encoded: boolean): number {
  return wordBreaks(piece, encoded).at(-1) ?? 0;
}

/**
 * The line that ends text cut after its first lines, saying how many more there are: a person can
 * tell a few lines from a whole log. Shorter forms where `width` is narrow (a later page's cell).
 */
export function moreLines(more: number, width = Number.POSITIVE_INFINITY): string {
  const forms = [`… ${more} more line${more === 1 ? '' : 's'}`, `… ${more} more`, `…+${more}`];
  return forms.find((form) => form.length <= width) ?? cutToWidth(forms[2] as string, width);
}

/**
 * A note's words, a command it quotes in backticks one word where it fits a line of `room`: broken
 * over two lines, the command could not be pasted (the newline would run its first half), as help
 * keeps a command to type whole (help-layout.ts). The rule is bin/error-lines.cjs's, which writes
 * the messages of a clone not built yet; here it measures terminal cells.
 */
const noteWords = (text: string, room: number): string[] => splitNote(text, room, displayWidth);

/**
 * A note for a person's terminal, wrapped to `width` cells at spaces (never inside a command it
 * quotes in backticks, where the command fits a line), and a word longer than a line (a --fields
 * list) after its commas or slashes (an encoded one, %2F, too), never inside a name; later lines
 * indented by two more than the first. A piece with no such break is cut where it must be. A note
 * indented (an item under the note before it) keeps its indent on every line, so the items still
 * read as a list under their heading.
 */
export function wrapNote(text: string, width: number): string[] {
  if (width <= 4 || displayWidth(text) <= width) return [text];
  const indent = /^ */.exec(text)?.[0] ?? '';
  if (indent !== '' && width - indent.length > 4)
    return wrapNote(text.slice(indent.length), width - indent.length).map((line) => `${indent}${line}`);
  const pieces: string[] = [];
  for (const word of noteWords(text, width - 2)) {
    if (displayWidth(word) <= width - 2) {
      pieces.push(word);
      continue;
    }
    // After each comma, slash and encoded slash (wordParts, a table's rule too): `--fields id,`
    // `path,` ..., each after the first joined back to the one before it without a space.
    for (const [i, part] of wordParts(word).entries()) pieces.push(i > 0 ? `\u0000${part}` : part);
  }
  const lines: string[] = [];
  let line = '';
  for (const raw of pieces) {
    const glued = raw.startsWith('\u0000');
    const piece = glued ? raw.slice(1) : raw;
    const joined = line === '' ? piece : glued ? line + piece : `${line} ${piece}`;
    const limit = lines.length === 0 ? width : width - 2;
    if (line === '' || displayWidth(joined) <= limit) line = joined;
    else {
      lines.push(line);
      line = piece;
    }
    while (displayWidth(line) > (lines.length === 0 ? width : width - 2)) {
      const room = lines.length === 0 ? width : width - 2;
      const end = fitWidth(line, 0, room).end;
      lines.push(line.slice(0, end));
      line = line.slice(end);
    }
  }
  if (line !== '') lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `  ${l}`));
}
