import { labelsPath } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS } from './fields.js';
import { bool } from '../flags.js';
import { ownerVerb } from '../owner.js';

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the labels (a project’s include its groups’)',
  flags: { own: bool('--own', 'only the project’s own labels, not those of the groups above it') },
  list: true,
  examples: ['collab labels list --project acme/web/storefront', 'collab labels list --group acme --json'],
});

type ListLabelsOptions = VerbInput<typeof LIST>;

export async function run(ctx: VerbContext, opts: ListLabelsOptions): Promise<void> {
  const query = opts.own ? { include_ancestor_groups: false } : {};
  await ctx.presenter.list(await ctx.session.pages(labelsPath(opts.owner), query, opts.list), {
    columns: LABEL_COLUMNS,
  });
}
