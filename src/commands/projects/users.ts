import { projectUsersPath } from '../../api/project-lists.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_USER_FILTERS } from '../../params/project-reads.js';
import { params } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const USERS = verb({
  name: 'users',
  summary: 'List the users who have access to a project',
  args: { project: PROJECT },
  flags: { query: params(PROJECT_USER_FILTERS) },
  list: true,
  examples: ['collab projects users acme/web/storefront --search ma --skip-users 1,2'],
});

const USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'name' },
  { header: 'STATE', path: 'state', text: false },
];

type Options = VerbInput<typeof USERS>;

export async function run(ctx: VerbContext, opts: Options): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(projectUsersPath(opts.project), opts.query, opts.list), {
    columns: USER_COLUMNS,
  });
}
