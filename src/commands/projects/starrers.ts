import { starrersPath } from '../../api/project-lists.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { STARRER_FILTERS } from '../../params/project-reads.js';
import { params } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const STARRERS = verb({
  name: 'starrers',
  summary: 'List the users who starred a project',
  args: { project: PROJECT },
  flags: { query: params(STARRER_FILTERS) },
  list: true,
  examples: ['collab projects starrers acme/web/storefront --search dana'],
});

const STARRER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'user.id' },
  { header: 'USERNAME', path: 'user.username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'user.name' },
  { header: 'STARRED SINCE', path: 'starred_since' },
];

type Options = VerbInput<typeof STARRERS>;

export async function run(ctx: VerbContext, opts: Options): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(starrersPath(opts.project), opts.query, opts.list), {
    columns: STARRER_COLUMNS,
  });
}
