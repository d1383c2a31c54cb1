import { forksPath } from '../../api/forks.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_COLUMNS } from './columns.js';
import { STARRED_PROJECTS_PARAMS } from '../../params/projects.js';
import { params } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const FORKS = verb({
  name: 'forks',
  summary: 'List the forks of a project that you can see',
  args: { project: PROJECT },
  flags: { query: params(STARRED_PROJECTS_PARAMS) },
  list: true,
  examples: [
    'collab projects forks acme/web/storefront',
    'collab projects forks 42 --owned --visibility private --all --json',
  ],
});

export async function run(ctx: VerbContext, opts: VerbInput<typeof FORKS>): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(forksPath(opts.project), opts.query, opts.list), {
    columns: PROJECT_COLUMNS,
  });
}
