import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { ENTRY_COLUMNS } from './entry.js';
import { readAllowlists } from './read.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the projects and groups allowed to reach the project with a job token',
  examples: ['collab job-token-scope list --project acme/web/storefront --json'],
});

type ListAllowlistOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListAllowlistOptions): Promise<void> {
  await ctx.presenter.list(await readAllowlists(ctx, opts.owner.ref), { columns: ENTRY_COLUMNS });
}
