import { hiddenByFeatures } from '../../api/features.js';
import { type Label, labelsPath } from '../../api/labels.js';
import { getProject } from '../../api/projects.js';
import { projectRole } from '../../api/roles.js';
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
  if (!opts.own || opts.owner.kind === 'group') {
    const shown = await ctx.presenter.list(await ctx.session.pages(path, query, opts.list), options);
    if (shown === 0 && opts.owner.kind === 'project') await sayIfHidden(ctx, opts.owner.ref);
    return;
  }
  // A project's list holds its group's own labels even so (GitLab's LabelsFinder takes the
  // project's group: app/finders/labels_finder.rb @0e3af7b0, gitlabhq/gitlabhq), marked
  // is_project_label false, and the API has no filter for them.
  const own = await keptItems<Label>(ctx, path, query, opts.list, (label) => label.is_project_label !== false);
  if ((await ctx.presenter.list(own, options)) === 0) await sayIfHidden(ctx, opts.owner.ref);
}

/**
 * GitLab answers an empty list where a project's issues and merge requests, both off for the
 * caller, hide its labels (src/api/features.ts): an empty list reads the project, one GET, and
 * says so on stderr. The list stays GitLab's answer.
 */
async function sayIfHidden(ctx: VerbContext, project: string | number): Promise<void> {
  const { data } = await ctx.session.request(getProject(project));
  const ref = (data as { path_with_namespace?: unknown } | null)?.path_with_namespace;
  const hint = hiddenByFeatures('/labels', data, typeof ref === 'string' ? ref : String(project), projectRole(data));
  if (hint) ctx.terminal.warn(`no labels listed, as ${hint}`);
}
