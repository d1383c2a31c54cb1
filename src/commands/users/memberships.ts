import { membershipsPath } from '../../api/members.js';
import type { Context, ListFlags } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { resolveUser, roleName } from '../members/shared.js';
import type { VerbInput } from '../verb.js';
import type { MEMBERSHIPS } from './index.js';

export interface MembershipsOptions {
  user: string;
  type: 'project' | 'group' | undefined;
  list: ListFlags;
}

/** The service calls a group a Namespace here; people read `group`. */
export const MEMBERSHIP_COLUMNS: readonly Column[] = [
  { header: 'TYPE', path: 'source_type', format: (value) => (value === 'Namespace' ? 'group' : 'project'), choices: ['project', 'group'] },
  { header: 'ID', path: 'source_id' },
  { header: 'NAME', path: 'source_name', text: true, priority: PRIORITY.identifying },
  { header: 'ACCESS', path: 'access_level', format: roleName, choices: ['minimal', 'guest', 'reporter', 'developer', 'maintainer', 'owner'] },
];

export function parse(input: VerbInput<typeof MEMBERSHIPS>): MembershipsOptions {
  return input;
}

export async function run(ctx: Context, opts: MembershipsOptions): Promise<void> {
  const user = await resolveUser(ctx, opts.user);
  const query = opts.type ? { type: opts.type === 'group' ? 'Namespace' : 'Project' } : {};
  await ctx.printList(await ctx.pages(membershipsPath(user.id), query, opts.list), MEMBERSHIP_COLUMNS);
}
