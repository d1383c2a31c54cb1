import { projectGroupsPath } from '../../api/project-lists.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { type Column, PRIORITY } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_GROUP_FILTERS } from '../../params/project-reads.js';
import { params } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const GROUPS = verb({
  name: 'groups',
  summary: 'List a project’s ancestor groups, and with --with-shared the groups it is shared with',
  args: { project: PROJECT },
  flags: { query: params(PROJECT_GROUP_FILTERS) },
  list: true,
  examples: [
    'collab projects groups acme/platform/infra/terraform',
    'collab projects groups acme/web/storefront --with-shared --shared-min-access-level developer',
  ],
});

const GROUP_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'full_path', priority: PRIORITY.identifying },
  { header: 'NAME', path: 'full_name' },
];

type GroupsOptions = VerbInput<typeof GROUPS>;

export function parse(input: GroupsOptions): GroupsOptions {
  const { query } = input;
  // The service ignores the share filters without with_shared; saying so beats an unfiltered answer.
  if (query.with_shared !== true) {
    for (const [name, given] of [
      ['--shared-min-access-level', query.shared_min_access_level],
      ['--shared-visible-only', query.shared_visible_only],
    ] as const) {
      if (given !== undefined)
        throw new CollabError('usage', `${name} applies only with --with-shared`, {
          hint: 'add --with-shared to list the groups the project is shared with',
        });
    }
  }
  return input;
}

export async function run(ctx: VerbContext, opts: GroupsOptions): Promise<void> {
  await ctx.presenter.list(await ctx.session.pages(projectGroupsPath(opts.project), opts.query, opts.list), {
    columns: GROUP_COLUMNS,
  });
}
