import { type CurrentUser, getCurrentUser, USERS_PATH } from '../../api/users.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import type { ListFlags } from '../../list-flags.js';
import { flagName } from '../../params/derive.js';
import { USER_LIST_FILTERS } from '../../params/users.js';
import { params } from '../flags.js';
import { verb, type VerbInput } from '../verb.js';
import { USER_COLUMNS } from './fields.js';

/** The table's flags, with no --no-*: false filters nothing (src/params/users.ts). */
const FILTERS = params(USER_LIST_FILTERS);
const TRUE_ONLY = { ...FILTERS, options: FILTERS.options.map((option) => ({ ...option, negatable: false })) };

export const LIST = verb({
  name: 'list',
  summary: 'List or find users (administrators also read their email, and filter and order more)',
  description:
    'Anyone signed in may list users; the filters marked for administrators are refused to others, whom the service would list unfiltered.',
  flags: { query: TRUE_ONLY },
  list: true,
  examples: [
    'collab users list --search dana',
    'collab users list --blocked --json',
    'collab users list --admins --order-by username --sort asc --all',
  ],
});

interface UserListOptions {
  query: QueryParams;
  flags: ListFlags;
  /** The administrators' filters given, as flags: the caller is checked before the list is read. */
  adminOnly: string[];
}

export function parse({ query, list }: VerbInput<typeof LIST>): UserListOptions {
  const adminOnly = USER_LIST_FILTERS.filter(
    (param) => 'adminOnly' in param && (query as Record<string, unknown>)[param.name] !== undefined,
  ).map((param) => `--${flagName(param)}`);
  return { query: query as QueryParams, flags: list, adminOnly };
}

export async function run(ctx: VerbContext, opts: UserListOptions): Promise<void> {
  if (opts.adminOnly.length > 0) {
    // The doc makes these filters the administrators'; GitLab drops them from anyone else's request
    // (lib/api/users.rb, gitlabhq/gitlabhq @2e3cbf7d) and lists every user.
    const caller = (await ctx.session.request<CurrentUser>(getCurrentUser())).data;
    if (caller.is_admin !== true)
      throw new CollabError('auth', `${opts.adminOnly.join(', ')}: for administrators only`, {
        hint: `the service ignores ${opts.adminOnly.length > 1 ? 'them' : 'it'} for ${caller.username}, who is no administrator, and would list users unfiltered; leave ${opts.adminOnly.length > 1 ? 'them' : 'it'} out`,
      });
  }
  await ctx.presenter.list(await ctx.session.pages(USERS_PATH, opts.query, opts.flags), { columns: USER_COLUMNS });
}
