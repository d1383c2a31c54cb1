import { findUsersByName, getUser, type UserRecord } from '../../api/users.js';
import { unknownUserHint } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { verb } from '../verb.js';
import { USER_DETAIL, USER_COLUMNS } from './fields.js';
import { USER } from './shared.js';

export const VIEW = verb({
  name: 'view',
  summary: 'Show a user by username or ID (administrators also read their email, sign-ins and more)',
  args: { user: USER },
  examples: ['collab users view dana', 'collab users view 7 --json'],
});

type ViewOptions = VerbInput<typeof VIEW>;

const FIND = (text: string) => `find them with \`collab users list --search ${text}\``;

/** GET /users/:id takes an ID: a username is looked up first (GET /users?username=). */
export async function run(ctx: VerbContext, opts: ViewOptions): Promise<void> {
  let id: string | number = opts.user;
  if (!/^\d+$/.test(opts.user)) {
    const name = opts.user.replace(/^@/, '');
    const found = (await ctx.session.request<UserRecord[]>(findUsersByName(name))).data[0];
    if (!found) throw new CollabError('not-found', `no user named ${name}`, { hint: unknownUserHint(name) });
    id = found.id;
  }
  const { data } = await ctx.session.request(getUser(id)).catch((error: unknown) => {
    throw isCollabError(error) && error.status === 404
      ? withHint(error, `no user with ID ${id}; ${FIND('<name>')}`)
      : error;
  });
  await ctx.presenter.resource(data, { columns: USER_COLUMNS, detail: USER_DETAIL });
}
