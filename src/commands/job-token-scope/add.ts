import { getGroup } from '../../api/groups.js';
import { addToAllowlist, alreadyInAllowlist } from '../../api/job-token-scope.js';
import { getProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { type Entry, ownProjectProblem } from './entry.js';
import { ownerVerb } from '../owner.js';
import { ENTRY } from './shared.js';

export const ADD = ownerVerb({
  kinds: ['project'],
  name: 'add',
  summary: 'Allow a project or a group to reach the project with a job token (one allowed already is not an error)',
  flags: { entry: ENTRY },
  mutating: true,
  examples: [
    'collab job-token-scope add --project acme/web/storefront --target-project acme/platform/api',
    'collab job-token-scope add --project acme/web/storefront --target-group acme/platform',
  ],
});

type AddEntryOptions = VerbInput<typeof ADD>;

/** The entry's ID: the service adds by ID, and a path that is not there is the lookup's 404 (exit 4). */
export async function entryId(ctx: VerbContext, entry: Entry): Promise<number> {
  if (typeof entry.ref === 'number') return entry.ref;
  const request = entry.kind === 'project' ? getProject(entry.ref) : getGroup(entry.ref);
  const found = await ctx.session.request<{ id: number }>(request).catch((error: unknown) => {
    throw isCollabError(error) && error.status === 404
      ? withHint(
          error,
          `no ${entry.kind} ${entry.ref} that you can see: give its full path (\`collab ${entry.kind}s list --search <name>\` finds it)`,
        )
      : error;
  });
  return found.data.id;
}

/**
 * The project's own numeric ID, read when it is named by path: an allowlist's POST and DELETE take
 * no path, their `requires :id, type: Integer` answering one 400 `id is invalid`
 * (lib/api/project_job_token_scope.rb, skratsch-solutions/gitlabhq @50618c7d, a copy of
 * gitlab-org/gitlab), though doc/api/project_job_token_scopes.md says "integer or string".
 */
export async function sourceId(ctx: VerbContext, project: string | number): Promise<number> {
  if (typeof project === 'number') return project;
  return (await ctx.session.request<{ id: number }>(getProject(project))).data.id;
}

/**
 * An entry has nothing but its target, so one on the list already is what was asked: done, as
 * remove counts one not there (and as a resend after a lost answer finds the first one's effect).
 */
export async function run(ctx: VerbContext, opts: AddEntryOptions): Promise<void> {
  const { entry } = opts;
  const own = ownProjectProblem(opts.owner, entry);
  if (own) throw own;
  const id = await entryId(ctx, entry);
  const source = await sourceId(ctx, opts.owner.ref);
  const response = await ctx.session.mutate(addToAllowlist(source, entry.kind, id)).catch((error: unknown) => {
    if (alreadyInAllowlist(error)) return 'already' as const;
    throw error;
  });
  if (response === 'already') {
    await ctx.presenter.action({
      unchanged: `${entry.kind} ${entry.ref} is already on project ${opts.owner.ref}’s job token allowlist; nothing to do`,
    });
    return;
  }
  if (!response) return;
  ctx.terminal.info(`${entry.kind} ${entry.ref} may reach project ${opts.owner.ref} with a job token now`);
  await ctx.presenter.action({
    value: response.data,
    columns: [
      { header: 'SOURCE', path: 'source_project_id' },
      { header: 'TARGET', path: entry.kind === 'project' ? 'target_project_id' : 'target_group_id' },
    ],
  });
}
