import { escapeControls } from './output/escape.js';

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
): string {
  const help = `see \`${commandPath} --help\``;
  if (optionFailure && /^error: option '[^']*' argument '[\s\S]*' is invalid\./.test(text)) {
    const { message, hint } = optionFailure;
    return `error: ${oneLine(message)}\nhint: ${hint ? oneLine(hint) : help}\n`;
  }
  const suggestion = /\n\(Did you mean (.+?)\?\)\s*$/.exec(text);
  const message =
    oneLine((suggestion ? text.slice(0, suggestion.index) : text).trim().replace(/^error:\s*/, '')) || 'invalid usage';
  return `error: ${message}\nhint: ${suggestion ? `Did you mean ${suggestion[1]}? Or ` : ''}${help}\n`;
}

/**
 * A message is one line, however the service or a library wrote it, and a value it quotes (an
 * argument echoed back, which may hold anything) is shortened. Line breaks and tabs read as a
 * space; any other control character, or a bidi override, as a visible escape (escape.ts).
 */
export function flat(text: string): string {
  const line = escapeControls(text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, ' '))
    .replace(
      /(["'])([^"'\s][^"']{80,}?)\1/g,
      (_all, quote: string, quoted: string) => `${quote}${quoted.slice(0, 60)}…${quote}`,
    )
    // A path or URL built from such a value (GET /projects/xxxx…): its start and end tell enough.
    .replace(/\S{200,}/g, (word) => `${word.slice(0, 150)}…${word.slice(-40)}`);
  return line.length > 1000 ? `${line.slice(0, 1000)}…` : line;
}

/** Arguments echoed in a message stay on one line and short (argv may hold anything). */
function oneLine(text: string): string {
  return flat(text.replace(/'([^']{61,})'/g, (_all, quoted: string) => `'${quoted.slice(0, 60)}…'`)).slice(0, 500);
}

/** Display cells of a character the front measures without string-width: wide East Asian and emoji 2, marks and joiners 0. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /\p{M}|[\u200b-\u200d]|\ufe0f/u;

function cells(word: string): number {
  if (/^[\x20-\x7e]*$/.test(word)) return word.length;
  let width = 0;
  for (const char of word) width += ZERO.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

/**
 * `error:` and `hint:` lines wrapped to a terminal's `width` (0: not a terminal, left as they
 * are), later lines indented by two as notes are. They break only at spaces: a word longer than
 * a line (a path, an escaped control character) stays whole, for the terminal to wrap. The front
 * measures cells itself: text-width.ts (string-width) is the back's and would cost start-up.
 */
export function wrapErrorLines(text: string, width: number): string {
  if (width < 20) return text;
  return text.replace(/^(?:error|hint): .*$/gm, (line) => {
    if (line.length <= width && cells(line) <= width) return line;
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    let started = false;
    for (const word of line.split(' ')) {
      const wordWidth = cells(word);
      const limit = lines.length === 0 ? width : width - 2;
      if (!started || currentWidth + 1 + wordWidth <= limit) {
        current = started ? `${current} ${word}` : word;
        currentWidth += (started ? 1 : 0) + wordWidth;
        started = true;
      } else {
        lines.push(current);
        current = word;
        currentWidth = wordWidth;
      }
    }
    lines.push(current);
    return lines.join('\n  ');
  });
}
