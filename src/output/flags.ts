import type { OutputFlags } from './stream-presenter.js';

/**
 * What the global output flags ask of a command that prints a body as it came (`collab api`):
 * read here, beside the presenter, so that no command reads the format itself.
 */

/** Whether the flags ask for more than the body as it came (-o ndjson|csv|table, --fields; not --jq, which filters it). */
export function reshapes(flags: OutputFlags): boolean {
  return (
    flags.jq === undefined && ((flags.output !== undefined && flags.output !== 'json') || flags.fields !== undefined)
  );
}

/** The flag that asked for it, for messages: `-o csv`, or `--fields`. */
export function reshapingFlag(flags: OutputFlags): string {
  return flags.output !== undefined && flags.output !== 'json' ? `-o ${flags.output}` : '--fields';
}

/** A table whose columns must be known before the first item comes: -o table without --fields. */
export function tableWithoutFields(flags: OutputFlags): boolean {
  return flags.output === 'table' && flags.fields === undefined;
}
