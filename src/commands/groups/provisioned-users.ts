import { type GroupRef, provisionedUsersPath } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbInput } from '../verb.js';
import { PROVISIONED_USER_COLUMNS } from './group-output.js';
import { PROVISIONED_USER_FILTERS } from '../../params/groups.js';
import { params } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const PROVISIONED_USERS = verb({
  name: 'provisioned-users',
  summary: 'List the users the group provisioned (Maintainer role or above; not those of subgroups)',
  args: { group: GROUP },
  flags: { query: params(PROVISIONED_USER_FILTERS) },
  list: true,
  examples: [
    'collab groups provisioned-users acme --blocked',
    'collab groups provisioned-users acme --created-after 2024-01-01 --json',
  ],
});

interface ProvisionedUsersOptions {
  group: GroupRef;
  query: QueryParams;
  flags: ListFlags;
}

export function parse({ group, query, list }: VerbInput<typeof PROVISIONED_USERS>): ProvisionedUsersOptions {
  if (query.active === true && query.blocked === true)
    throw new CollabError('usage', '--active and --blocked cannot be used together', {
      hint: 'a user is either active or blocked; give one of them',
    });
  // The filter table is untyped (src/params/groups.ts): its parsers made each value a query value.
  return { group, query: query as QueryParams, flags: list };
}

export async function run(ctx: VerbContext, opts: ProvisionedUsersOptions): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(provisionedUsersPath(opts.group), opts.query, opts.flags), {
    columns: PROVISIONED_USER_COLUMNS,
  });
}
