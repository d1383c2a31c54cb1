import { escapeControls } from './escape.js';

/**
 * A value as a change line shows it (a plan's diff, a bulk result's `merge_method: merge -> ff`):
 * plain words bare, anything else (and anything with control characters) as JSON.
 */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string' && /^[\w${}:/.@+*^#%,-][\w ${}:/.@+*^#%,()|-]*$/.test(value) && value.trim() === value)
    return value;
  // JSON escapes C0 controls; C1 controls and bidi overrides it leaves are escaped too (escape.ts).
  return escapeControls(JSON.stringify(value));
}
