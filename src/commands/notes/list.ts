import { listNotesQuery, type Note, notesPath, type NoteTarget } from '../../api/notes.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbContext } from '../../context.js';
import { NOTE_ORDER_BY, NOTE_SORTS, type NoteOrderBy, type NoteSort } from '../../params/notes.js';
import type { VerbInput } from '../verb.js';
import { NOTE_COLUMNS } from './output.js';
import { choice, group } from '../flags.js';
import { ownerVerb } from '../owner.js';
import { keptItems } from '../kept-items.js';
import { NOTE_THREAD } from './target.js';

/** --system, --no-system (hidden: help names it in --system's text), or neither: all notes. */
const SYSTEM = group(
  [
    {
      flags: '--system',
      description:
        'only system notes (changes the service recorded); --no-system: only comments by people. Filtered by collab after fetching, as the API has no such filter',
    },
    { flags: '--no-system', description: 'only comments by people', hidden: true },
  ],
  (raw) => (typeof raw.system === 'boolean' ? raw.system : undefined),
);

export const LIST = ownerVerb({
  owner: NOTE_THREAD,
  name: 'list',
  summary: 'List the notes, newest first (system notes included)',
  flags: {
    sort: choice('--sort <order>', 'asc or desc (default desc)', NOTE_SORTS),
    orderBy: choice('--order-by <field>', 'created_at (default) or updated_at', NOTE_ORDER_BY),
    system: SYSTEM,
  },
  list: true,
  examples: [
    'collab notes list --project grp/app --issue 3',
    'collab notes list --project grp/app --merge-request 12 --no-system --sort asc',
    'collab notes list --group grp --epic 7 --order-by updated_at --all --json',
  ],
});

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
  // The API cannot filter system notes: collab keeps the --limit matching ones of full pages.
  const kept = await keptItems<Note>(ctx, path, query, opts.flags, (note) => (note.system === true) === opts.system);
  await ctx.presenter.list(kept, { columns: NOTE_COLUMNS });
}
