import { projectUsersPath } from '../../api/project-lists.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import type { USERS } from './verbs-extra.js';

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
