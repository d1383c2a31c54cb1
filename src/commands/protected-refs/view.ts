import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, perKind, readProtection } from './shared.js';
import type { viewVerb } from './verbs.js';

interface ViewRefOptions {
  project: string | number;
  name: string;
}

export const { branch, tag } = perKind(
  (_kind, input: VerbInput<ReturnType<typeof viewVerb>>): ViewRefOptions => ({
    project: input.project,
    name: input.name,
  }),
  async (kind, ctx, opts: ViewRefOptions) => {
    const data = await readProtection(ctx, kind, opts.project, opts.name);
    await ctx.printResource(data, COLUMNS_OF[kind]);
  },
);
