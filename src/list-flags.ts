import { CollabError } from './errors.js';

/**
 * The flags every list command has, and their one rule: --limit N prints the first N items
 * (fetching as many pages as that takes), --all every item, --page N exactly that page (at most
 * --per-page items, as the service numbers pages and as glab does). --all with --limit or --page
 * is a usage error. Checked by `listFlags()` (src/commands/common-options.ts) in each list verb's
 * options, before any request; applied by `Context.pages`.
 */
export interface ListFlags {
  limit?: number | undefined;
  all?: boolean | undefined;
  perPage?: number | undefined;
  page?: number | undefined;
  concurrency?: number | undefined;
}

/** Items a list prints without --limit, --all or --page. */
export const DEFAULT_LIMIT = 20;

export function checkListFlags(flags: ListFlags): ListFlags {
  if (flags.all && (flags.limit !== undefined || flags.page !== undefined)) {
    const other = flags.limit !== undefined ? '--limit' : '--page';
    throw new CollabError('usage', `--all cannot be used with ${other}`, { hint: '--all lists every item, --limit <n> the first n, --page <n> one page' });
  }
  return flags;
}

/** How many items the flags ask for: undefined for every item (--all) or a whole page (--page without --limit). */
export function itemLimit(flags: ListFlags): number | undefined {
  if (flags.all) return undefined;
  return flags.page !== undefined ? flags.limit : (flags.limit ?? DEFAULT_LIMIT);
}
