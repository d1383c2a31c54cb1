import { type GroupRef, provisionedUsersPath } from '../../api/groups.js';
import type { Context, ListFlags } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import { PROVISIONED_USER_FILTERS } from '../../params/groups.js';
import type { CommandInput } from '../spec.js';
import { collectParams } from '../../params/derive.js';
import { groupArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';
import { PROVISIONED_USER_COLUMNS } from './group-output.js';

export interface ProvisionedUsersOptions {
  group: GroupRef;
  query: QueryParams;
  flags: ListFlags;
}

export function options({ args, options: o }: CommandInput): ProvisionedUsersOptions {
  if (o.active === true && o.blocked === true) throw new CollabError('usage', '--active and --blocked cannot be used together', { hint: 'a user is either active or blocked; give one of them' });
  return { group: groupArg(args), query: collectParams(o, PROVISIONED_USER_FILTERS) as QueryParams, flags: listFlags(o) };
}

export async function run(ctx: Context, opts: ProvisionedUsersOptions): Promise<void> {
  await ctx.printList(await ctx.pages(provisionedUsersPath(opts.group), opts.query, opts.flags), PROVISIONED_USER_COLUMNS);
}
