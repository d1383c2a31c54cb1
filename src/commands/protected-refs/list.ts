import { protectedRefsPath } from '../../api/protected-refs.js';
import { ROLES } from '../../api/roles.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, perKind } from './shared.js';
import type { listVerb } from './verbs.js';

interface ListRefsOptions {
  project: string | number;
  list: ListFlags;
}

export const { branch, tag } = perKind(
  (_kind, input: VerbInput<ReturnType<typeof listVerb>>): ListRefsOptions => ({
    project: input.project,
    list: input.list,
  }),
  async (kind, ctx, opts: ListRefsOptions) => {
    await ctx.printList(
      await ctx.pages(protectedRefsPath(opts.project, kind), {}, opts.list, { requires: ROLES.maintainers }),
      COLUMNS_OF[kind].columns,
    );
  },
);
