import { addForkRelation, removeForkRelation } from '../../api/project-extras.js';
import type { ProjectRecord } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { CommandInput, CommandModule } from '../spec.js';
import { printActionResult } from './columns.js';
import { projectArg } from '../resource-args.js';

interface AddOptions {
  project: string | number;
  forkedFrom: string | number;
}

/** fork-relation add <project> <forked-from> */
export const add: CommandModule<AddOptions> = {
  options({ args }: CommandInput): AddOptions {
    const project = projectArg(args, 0, 'project');
    const forkedFrom = projectArg(args, 1, 'forked-from');
    if (String(project).toLowerCase() === String(forkedFrom).toLowerCase()) {
      throw new CollabError('usage', 'a project cannot be marked as a fork of itself', { hint: 'give the upstream project as <forked-from>' });
    }
    return { project, forkedFrom };
  },
  async run(ctx: Context, opts: AddOptions): Promise<void> {
    const response = await ctx.mutate<ProjectRecord>(addForkRelation(opts.project, opts.forkedFrom)).catch((error: unknown) => {
      if (isCollabError(error) && error.status === 409) {
        throw withHint(error, `remove its current relation first: collab projects fork-relation remove ${opts.project}`);
      }
      throw error;
    });
    if (!response) return;
    await printActionResult(ctx, `${response.data.path_with_namespace} is now a fork of ${response.data.forked_from_project?.path_with_namespace ?? opts.forkedFrom}`, response.data);
  },
};

interface RemoveOptions {
  project: string | number;
}

/** fork-relation remove <project>: 304 (not a fork) is success with nothing to do. */
export const remove: CommandModule<RemoveOptions> = {
  options({ args }: CommandInput): RemoveOptions {
    return { project: projectArg(args) };
  },
  async run(ctx: Context, opts: RemoveOptions): Promise<void> {
    const response = await ctx.mutate(removeForkRelation(opts.project));
    if (!response) return;
    if (response.status === 304) ctx.unchanged(`${opts.project} is not a fork; nothing to remove`);
    else ctx.info(`removed the fork relation of ${opts.project}`);
  },
};
