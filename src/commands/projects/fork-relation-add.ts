import { addForkRelation } from '../../api/forks.js';
import type { ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { projectRef } from '../../params/parsers.js';
import { arg } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { type VerbInput, verb } from '../verb.js';
import { printActionResult } from './columns.js';

export const FORK_RELATION_ADD = verb({
  name: 'add',
  summary: 'Mark <project> as forked from <forked-from> (owners and administrators)',
  args: {
    project: PROJECT,
    forkedFrom: arg({ name: 'forked-from', description: 'the upstream project: numeric ID or full path' }, projectRef),
  },
  mutating: true,
  examples: ['collab projects fork-relation add olivia/storefront acme/web/storefront'],
});

type AddOptions = VerbInput<typeof FORK_RELATION_ADD>;

/** fork-relation add <project> <forked-from> */
export function parse({ project, forkedFrom }: AddOptions): AddOptions {
  if (String(project).toLowerCase() === String(forkedFrom).toLowerCase()) {
    throw new CollabError('usage', 'a project cannot be marked as a fork of itself', {
      hint: 'give the upstream project as <forked-from>',
    });
  }
  return { project, forkedFrom };
}
export async function run(ctx: VerbContext, opts: AddOptions): Promise<void> {
  const response = await ctx.session
    .mutate<ProjectRecord>(addForkRelation(opts.project, opts.forkedFrom))
    .catch((error: unknown) => {
      if (isCollabError(error) && error.status === 409) {
        throw withHint(
          error,
          `remove its current relation first: \`collab projects fork-relation remove ${opts.project}\``,
        );
      }
      throw error;
    });
  if (!response) return;
  await printActionResult(
    ctx,
    `${response.data.path_with_namespace} is now a fork of ${response.data.forked_from_project?.path_with_namespace ?? opts.forkedFrom}`,
    response.data,
  );
}
