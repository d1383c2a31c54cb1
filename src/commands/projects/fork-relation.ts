import { addForkRelation, removeForkRelation } from '../../api/forks.js';
import type { ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { ProjectInput } from '../resource-args.js';
import type { VerbInput } from '../verb.js';
import { printActionResult } from './columns.js';
import type { FORK_RELATION_ADD } from './verbs-extra.js';

type AddOptions = VerbInput<typeof FORK_RELATION_ADD>;

/** fork-relation add <project> <forked-from> */
export const add = {
  parse({ project, forkedFrom }: AddOptions): AddOptions {
    if (String(project).toLowerCase() === String(forkedFrom).toLowerCase()) {
      throw new CollabError('usage', 'a project cannot be marked as a fork of itself', {
        hint: 'give the upstream project as <forked-from>',
      });
    }
    return { project, forkedFrom };
  },
  async run(ctx: VerbContext, opts: AddOptions): Promise<void> {
    const response = await ctx.session
      .mutate<ProjectRecord>(addForkRelation(opts.project, opts.forkedFrom))
      .catch((error: unknown) => {
        if (isCollabError(error) && error.status === 409) {
          throw withHint(
            error,
            `remove its current relation first: collab projects fork-relation remove ${opts.project}`,
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
  },
};

/** fork-relation remove <project>: 304 (not a fork) is success with nothing to do. */
export const remove = {
  async run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
    const response = await ctx.session.mutate(removeForkRelation(opts.project));
    if (!response) return;
    if (response.status === 304)
      await ctx.presenter.action({ unchanged: `${opts.project} is not a fork; nothing to remove` });
    else ctx.terminal.info(`removed the fork relation of ${opts.project}`);
  },
};
