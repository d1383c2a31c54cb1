import { type GroupRef, groupProjectsPath } from '../../api/groups.js';
import type { Context, ListFlags } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import { flagName, optionKey } from '../../params/derive.js';
import { GROUP_PROJECT_FILTERS, SHARED_PROJECT_FILTERS } from '../../params/groups.js';
import type { CommandInput } from '../spec.js';
import { collectParams } from '../../params/derive.js';
import { groupArg } from '../resource-args.js';
import { listFlags } from '../common-options.js';
import { PROJECT_COLUMNS } from '../projects/columns.js';

export interface GroupProjectsOptions {
  group: GroupRef;
  shared: boolean;
  query: QueryParams;
  flags: ListFlags;
}

export function options({ args, options: o }: CommandInput, ctx: Context): GroupProjectsOptions {
  const shared = o.shared === true;
  if (shared) {
    // /projects/shared takes fewer filters: refuse the others rather than send what it ignores.
    const sharedNames = new Set(SHARED_PROJECT_FILTERS.map((param) => param.name));
    for (const param of GROUP_PROJECT_FILTERS) {
      if (!sharedNames.has(param.name) && o[optionKey(param)] !== undefined) {
        const flag = o[optionKey(param)] === false ? `--no-${flagName(param)}` : `--${flagName(param)}`;
        throw new CollabError('usage', `${flag} cannot be combined with --shared`, { hint: 'the list of projects shared with a group does not take that filter' });
      }
    }
    if (o.orderBy === 'similarity') throw new CollabError('usage', '--order-by similarity cannot be combined with --shared', { hint: 'order shared projects by id, name, path, created_at, updated_at or last_activity_at' });
  }
  // Without --search the service orders similarity by name; with it, best matches come first whatever --sort says.
  if (o.orderBy === 'similarity' && o.sort !== undefined && o.search !== undefined) ctx.warn('--sort is ignored with --order-by similarity: the best matches come first');
  return {
    group: groupArg(args),
    shared,
    query: collectParams(o, shared ? SHARED_PROJECT_FILTERS : GROUP_PROJECT_FILTERS) as QueryParams,
    flags: listFlags(o),
  };
}

export async function run(ctx: Context, opts: GroupProjectsOptions): Promise<void> {
  await ctx.printList(await ctx.pages(groupProjectsPath(opts.group, opts.shared), opts.query, opts.flags), PROJECT_COLUMNS);
}
