import { escapeControls } from './escape.js';

/**
 * Characters that take no cell on a terminal and change what a value is: zero-width space and
 * non-joiner, the left-to-right and right-to-left marks, the word joiner and invisible operators,
 * the byte order mark, the soft hyphen. `bug\u200b` would show as `bug`, beside a change of the
 * real `bug`. The zero-width joiner is left: it joins emoji, which it does not hide.
 */
const INVISIBLE = /[\u00ad\u200b\u200c\u200e\u200f\u2060-\u2064\ufeff]/;
const INVISIBLES = new RegExp(INVISIBLE.source, 'g');

/** The text with every invisible character (INVISIBLE) as its escape, `\u200b`. */
export const escapeInvisible = (text: string): string =>
  INVISIBLE.test(text) ? text.replace(INVISIBLES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;

/** Whether a change line must quote the text to show all of it. */
export const hasInvisible = (text: string): boolean => INVISIBLE.test(text);

/**
 * A value as a change line shows it (a plan's diff, a bulk result's `merge_method: merge -> ff`):
 * plain words bare, anything else (and anything with control or invisible characters) as JSON.
 */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string' && /^[\w${}:/.@+*^#%,-][\w ${}:/.@+*^#%,()|-]*$/.test(value) && value.trim() === value)
    return value;
  // JSON escapes C0 controls; C1 controls and bidi overrides it leaves are escaped too (escape.ts),
  // and the characters a terminal does not show.
  return escapeInvisible(escapeControls(JSON.stringify(value)));
}
