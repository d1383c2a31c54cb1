import type { VerbContext } from '../context.js';
import type { QueryParams } from '../http/query.js';
import { itemLimit, type ListFlags } from '../list-flags.js';

/**
 * A list the API cannot filter as asked (notes' --system, a project's own labels): every page is
 * fetched, and only the items `keep` takes are shown, up to the list flags' --limit.
 */
export async function keptItems<T>(
  ctx: VerbContext,
  path: string,
  query: QueryParams,
  flags: ListFlags,
  keep: (item: T) => boolean,
): Promise<AsyncGenerator<T[]>> {
  const limit = itemLimit(flags) ?? Number.POSITIVE_INFINITY;
  const pages = await ctx.session.pages(path, query, { ...flags, all: true });
  return (async function* () {
    let remaining = limit;
    for await (const page of pages) {
      const kept = page.items
        .map((item) => JSON.parse(item) as T)
        .filter(keep)
        .slice(0, remaining);
      remaining -= kept.length;
      if (kept.length > 0) yield kept;
      if (remaining <= 0) return;
    }
  })();
}
