import { type AllowlistKind, allowlistPath, getJobTokenScope, type JobTokenScope } from '../../api/job-token-scope.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import { paginateItems } from '../../http/paginate.js';

/** A project's allowlists as rows: each project by its full path, each group by the path its web_url ends with. */
export interface EntryRow {
  type: AllowlistKind;
  id: number;
  path: string;
}

export async function readAllowlists(ctx: VerbContext, project: string | number): Promise<EntryRow[]> {
  const client = await ctx.session.client();
  const rows: EntryRow[] = [];
  for (const type of ['project', 'group'] as const)
    for await (const item of paginateItems<Record<string, unknown>>(client, {
      path: allowlistPath(project, type),
      perPage: 100,
      requires: ROLES.maintainers,
    }))
      rows.push({
        type,
        id: Number(item.id),
        path:
          type === 'project'
            ? String(item.path_with_namespace)
            : String(item.web_url ?? '').replace(/^.*?\/groups\//, ''),
      });
  return rows;
}

export async function readScope(ctx: VerbContext, project: string | number): Promise<JobTokenScope> {
  return (await ctx.session.request<JobTokenScope>(getJobTokenScope(project))).data;
}
