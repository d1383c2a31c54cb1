/**
 * A JSON array written item by item as a list streams (json output, `api --paginate`): the one
 * place its punctuation is written. One item a line after `[`, `,` between items, `]` at the end;
 * an empty list is `[]`. A list cut short by an error is closed too (`end`), so that stdout stays
 * valid JSON.
 */

/** What goes before an item: `[` before the first, `,` before the others. */
export function beforeItem(first: boolean): string {
  return first ? '[\n' : ',\n';
}

/** What ends the array: `]` after its items, or `[]` when there were none. */
export function endArray(anyItem: boolean): string {
  return anyItem ? '\n]\n' : '[]\n';
}

/** A separator as text and as bytes (for writers of page buffers). */
export interface Separator {
  text: string;
  bytes: Uint8Array;
}

export const FIRST_ITEM: Separator = { text: beforeItem(true), bytes: Buffer.from(beforeItem(true)) };
export const NEXT_ITEM: Separator = { text: beforeItem(false), bytes: Buffer.from(beforeItem(false)) };
export const NEWLINE: Separator = { text: '\n', bytes: Buffer.from('\n') };
