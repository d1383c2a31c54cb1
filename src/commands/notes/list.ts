import { itemLimit } from '../../list-flags.js';
import { listNotesQuery, type Note, notesPath, type NoteTarget } from '../../api/notes.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbContext } from '../../context.js';
import type { Page } from '../../http/paginate.js';
import type { NoteOrderBy, NoteSort } from '../../params/notes.js';
import type { VerbInput } from '../verb.js';
import type { LIST } from './index.js';
import { NOTE_COLUMNS } from './output.js';

interface ListNotesOptions {
  owner: NoteTarget;
  sort: NoteSort | undefined;
  orderBy: NoteOrderBy | undefined;
  /** true: only system notes; false: only comments by people; undefined: all. */
  system: boolean | undefined;
  flags: ListFlags;
}

export function parse(input: VerbInput<typeof LIST>): ListNotesOptions {
  return {
    owner: input.owner,
    sort: input.sort,
    orderBy: input.orderBy,
    system: input.system,
    flags: input.list,
  };
}

export async function run(ctx: VerbContext, opts: ListNotesOptions): Promise<void> {
  const path = notesPath(opts.owner);
  const query = listNotesQuery(opts);
  if (opts.system === undefined) {
    await ctx.presenter.list(await ctx.session.pages(path, query, opts.flags), { columns: NOTE_COLUMNS });
    return;
  }
  // The API cannot filter system notes: fetch full pages and keep --limit matching notes.
  const limit = itemLimit(opts.flags);
  const pages = await ctx.session.pages(path, query, { ...opts.flags, all: true });
  await ctx.presenter.list(keepSystem(pages, opts.system, limit), { columns: NOTE_COLUMNS });
}

async function* keepSystem(
  pages: AsyncIterable<Page>,
  system: boolean,
  limit: number | undefined,
): AsyncGenerator<Note[]> {
  let remaining = limit ?? Number.POSITIVE_INFINITY;
  for await (const page of pages) {
    const kept = page.items
      .map((item) => JSON.parse(item) as Note)
      .filter((note) => (note.system === true) === system)
      .slice(0, remaining);
    remaining -= kept.length;
    if (kept.length > 0) yield kept;
    if (remaining <= 0) return;
  }
}
