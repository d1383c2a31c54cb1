import { CollabError } from './errors.js';

/**
 * The flags every list command has, and their one rule: --limit N prints the first N items
 * (fetching as many pages as that takes), --all every item, --page N exactly that page (at most
 * --per-page items, as the service numbers pages and as glab does). --all with --limit or --page
 * is a usage error. Checked by `listFlags()` (src/commands/common-options.ts) in each list verb's
 * options, before any request; applied by `Session.pages`.
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
    throw new CollabError('usage', `--all cannot be used with ${other}`, {
      hint: '--all lists every item, --limit <n> the first n, --page <n> one page',
    });
  }
  return flags;
}

/** How many items the flags ask for: undefined for every item (--all) or a whole page (--page without --limit). */
export function itemLimit(flags: ListFlags): number | undefined {
  if (flags.all) return undefined;
  return flags.page !== undefined ? flags.limit : (flags.limit ?? DEFAULT_LIMIT);
}

/** The most items the service gives in one page (GitLab's per_page limit). */
export const MAX_PER_PAGE = 100;

/** The service's page size when none is asked for. */
export const SERVICE_PER_PAGE = 20;

/**
 * Items per request, the one rule: --per-page; else the largest page with --all (fewest
 * requests); else as many as --limit asks, up to the largest page; else the service's own size
 * (--page N is page N of that size, as the service numbers them).
 */
export function pageSize(flags: {
  perPage?: number | undefined;
  all?: boolean | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}): number {
  if (flags.perPage !== undefined) return flags.perPage;
  if (flags.all) return MAX_PER_PAGE;
  if (flags.limit !== undefined && flags.page === undefined) return Math.min(Math.max(flags.limit, 1), MAX_PER_PAGE);
  return SERVICE_PER_PAGE;
}
