import stringWidth from 'string-width';

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
 * Cells of one grapheme: string-width, remembered (it costs some 20 µs a call: it builds its
 * emoji pattern each time), for the few thousand graphemes a text is mostly made of.
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

/**
 * The longest run of whole graphemes from `start` that takes at most `max` cells. It reads the
 * text only up to the first grapheme that does not fit.
 */
function fitWidth(text: string, start: number, max: number): Fit {
  let i = start;
  let width = 0;
  const length = text.length;
  while (i < length) {
    const code = text.charCodeAt(i);
    const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
    if (code >= 0x20 && code < 0x7f && next < 0x80) {
      if (width + 1 > max) break;
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
      const w = graphemeWidth(segment);
      if (width + w > max) {
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

const MAX_WRAPPED_LINES = 12;

/** Words wrapped to `width` display cells; words longer than a line are broken after a comma, else cut. At most 12 lines, then `…`. */
export function wrapToWidth(text: string, width: number): string[] {
  const lines: string[] = [];
  paragraphs: for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/)) {
      let start = 0;
      while (start < word.length) {
        if (lines.length > MAX_WRAPPED_LINES) break paragraphs;
        const room = line ? width - lineWidth - 1 : width;
        const fit = fitWidth(word, start, Math.max(0, room));
        if (fit.end === word.length) {
          // The rest of the word fits on this line.
          const rest = word.slice(start);
          if (line) {
            line += ` ${rest}`;
            lineWidth += 1 + fit.width;
          } else {
            line = rest;
            lineWidth = fit.width;
          }
          start = fit.end;
        } else if (line) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        } else {
          // A word longer than a line (a change's JSON): up to its last comma that fits, else a line
          // of its graphemes (at least one, even one wider than the line).
          const comma = fit.end < word.length ? word.lastIndexOf(',', fit.end - 1) : -1;
          const end = comma >= start ? comma + 1 : fit.end > start ? fit.end : fitWidth(word, start, 2).end;
          lines.push(word.slice(start, end));
          start = end;
        }
      }
    }
    lines.push(line);
    if (lines.length > MAX_WRAPPED_LINES) break;
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.length > MAX_WRAPPED_LINES ? [...lines.slice(0, MAX_WRAPPED_LINES), '…'] : lines;
}

/**
 * A note for a person's terminal, wrapped to `width` cells at spaces, and a word longer than a
 * line (a --fields list) after its commas or slashes, never inside a name; later lines indented by
 * two. A piece with no such break is cut where it must be.
 */
export function wrapNote(text: string, width: number): string[] {
  if (width <= 4 || displayWidth(text) <= width) return [text];
  const pieces: string[] = [];
  for (const word of text.split(' ')) {
    if (displayWidth(word) <= width - 2) {
      pieces.push(word);
      continue;
    }
    // After each comma or slash: `--fields id,` `path,` ... joined back without a space.
    for (const part of word.split(/(?<=[,/])/)) pieces.push(`\u0000${part}`);
  }
  const lines: string[] = [];
  let line = '';
  for (const raw of pieces) {
    const glued = raw.startsWith('\u0000');
    const piece = glued ? raw.slice(1) : raw;
    const joined =
      line === '' ? piece : glued && !line.endsWith(' ') && /[,/]$/.test(line) ? line + piece : `${line} ${piece}`;
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
