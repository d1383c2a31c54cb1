import { type Label, labelsPath } from '../../api/labels.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS } from './fields.js';
import { bool } from '../flags.js';
import { ownerVerb } from '../owner.js';
import { keptItems } from '../kept-items.js';

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
  const path = labelsPath(opts.owner);
  const options = { columns: LABEL_COLUMNS };
  const query = opts.own ? { include_ancestor_groups: false } : {};
  if (!opts.own || opts.owner.kind === 'group')
    return void (await ctx.presenter.list(await ctx.session.pages(path, query, opts.list), options));
  // A project's list holds its group's own labels even so (GitLab's LabelsFinder takes the
  // project's group: app/finders/labels_finder.rb @0e3af7b0, gitlabhq/gitlabhq), marked
  // is_project_label false, and the API has no filter for them.
  const own = await keptItems<Label>(ctx, path, query, opts.list, (label) => label.is_project_label !== false);
  await ctx.presenter.list(own, options);
}
