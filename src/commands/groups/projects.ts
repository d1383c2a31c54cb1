import { type GroupRef, groupProjectsPath } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import type { ListFlags } from '../../list-flags.js';
import { flagName } from '../../params/derive.js';
import { GROUP_PROJECT_FILTERS, SHARED_PROJECT_FILTERS } from '../../params/groups.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_COLUMNS } from '../projects/columns.js';
import { bool, params } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

/** The filters are read as GET /groups/:id/projects takes them; projects.ts keeps those /projects/shared takes. */
export const PROJECTS = verb({
  name: 'projects',
  summary: 'List the projects of a group (with those shared with it, unless --no-with-shared)',
  args: { group: GROUP },
  flags: {
    query: params(GROUP_PROJECT_FILTERS),
    shared: bool(
      '--shared',
      'list only the projects shared with the group (GET /groups/:id/projects/shared; fewer filters)',
    ),
  },
  list: true,
  examples: [
    'collab groups projects acme --include-subgroups --no-with-shared',
    'collab groups projects acme --shared',
    'collab groups projects acme --search api --order-by similarity',
  ],
});

interface GroupProjectsOptions {
  group: GroupRef;
  shared: boolean;
  query: QueryParams;
  flags: ListFlags;
}

/** Once a run: --shared's fewer filters, and similarity's rules. */
export function parse(
  { group, shared, query: given, list }: VerbInput<typeof PROJECTS>,
  scope: ReadScope,
): GroupProjectsOptions {
  // The filter table is untyped (src/params/groups.ts): its parsers made each value a query value.
  const query = given as QueryParams;
  if (shared) {
    // /projects/shared takes fewer filters: refuse the others rather than send what it ignores.
    const sharedNames = new Set(SHARED_PROJECT_FILTERS.map((param) => param.name));
    for (const param of GROUP_PROJECT_FILTERS) {
      const value = query[param.name];
      if (!sharedNames.has(param.name) && value !== undefined) {
        const flag = value === false ? `--no-${flagName(param)}` : `--${flagName(param)}`;
        throw new CollabError('usage', `${flag} cannot be combined with --shared`, {
          hint: 'the list of projects shared with a group does not take that filter',
        });
      }
    }
    if (query.order_by === 'similarity')
      throw new CollabError('usage', '--order-by similarity cannot be combined with --shared', {
        hint: 'order shared projects by id, name, path, created_at, updated_at or last_activity_at',
      });
  }
  // Without --search the service orders similarity by name; with it, best matches come first whatever --sort says.
  if (query.order_by === 'similarity' && query.sort !== undefined && query.search !== undefined)
    scope.warn('--sort is ignored with --order-by similarity: the best matches come first');
  return { group, shared, query, flags: list };
}

export async function run(ctx: VerbContext, opts: GroupProjectsOptions): Promise<void> {
  await ctx.presenter.list(
    await ctx.session.pages(groupProjectsPath(opts.group, opts.shared), opts.query, opts.flags),
    { columns: typeof opts.group === 'string' ? markingShared(opts.group) : PROJECT_COLUMNS },
  );
}

/**
 * On a terminal a project shared into the group, not its own, says so after its path: the service
 * lists both (with_shared), and a change meant for the group's own projects must not reach it.
 * Pipes keep the path alone. A group given by ID is not marked (its path would cost a request).
 */
function markingShared(group: string): typeof PROJECT_COLUMNS {
  const own = (path: string) => path.startsWith(`${group.replace(/^\/+|\/+$/g, '')}/`);
  return PROJECT_COLUMNS.map((column) =>
    column.path === 'path_with_namespace'
      ? {
          ...column,
          format: (value) => (typeof value === 'string' && !own(value) ? `${value} (shared)` : String(value ?? '')),
        }
      : column,
  );
}
