/**
 * Server data is data: no control sequence the service sends reaches a terminal. Every text a
 * person reads (table cells on a terminal or piped, a view's lines, bulk results, `info` lines,
 * warnings, error messages, JSON and YAML on a terminal) passes here last (format.ts `shownText`,
 * error-text.ts `flat`, Context's stderr lines, `dataText`), so an OSC title or hyperlink, a
 * screen clear, a backspace or a bidi override in a name shows as the text `\x1b]0;…`, `\u202e`,
 * and does nothing. json, ndjson and csv to a file or a pipe never pass here: they carry the
 * data byte for byte.
 *
 * Escaped: C0 controls but tab and line feed (a lone carriage return, which would move the
 * cursor back over a line, included; CRLF reads as a line feed), DEL, the C1 controls
 * U+0080–U+009F (U+009B is CSI and U+009D OSC on terminals that read 8-bit controls), and the
 * bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 (Trojan Source).
 * Kept as they are: tab and line feed, which each view handles itself (one line per table cell or
 * tab-separated cell, a note's body over several).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Whether the text holds a character escapeControls would escape: where a text cannot be escaped (a completion candidate), it is left out. */
export function hasControls(text: string): boolean {
  return CONTROL.test(text);
}

/** The text with every control character but tab and line feed shown as a visible escape (`\x1b`, `\u202e`). */
export function escapeControls(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(/\r\n/g, '\n').replace(CONTROLS, visible);
}

/**
 * A text for programs that a person may watch (-o json, `collab api`'s answer, collab.yaml from
 * `collab export`), as written where it goes: on a terminal escaped as every text shown there is
 * (JSON lets C1 and bidi controls through, the YAML library writes them raw); to a file or a pipe,
 * byte for byte. The one rule for each of them.
 */
export function dataText(text: string, terminal: boolean): string {
  return terminal ? escapeControls(text) : text;
}
