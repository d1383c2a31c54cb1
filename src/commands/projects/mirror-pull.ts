import { pullMirror } from '../../api/project-extras.js';
import type { Context } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { CommandInput } from '../spec.js';
import { projectArg } from '../resource-args.js';

export interface MirrorPullOptions {
  project: string | number;
}

export function options({ args }: CommandInput): MirrorPullOptions {
  return { project: projectArg(args) };
}

export async function run(ctx: Context, opts: MirrorPullOptions): Promise<void> {
  const response = await ctx.mutate(pullMirror(opts.project)).catch((error: unknown) => {
    if (isCollabError(error) && error.status === 400) {
      throw withHint(error, `configure pull mirroring first: collab projects update ${opts.project} --import-url <url> --mirror`);
    }
    throw error;
  });
  if (!response) return;
  ctx.info(`started a pull of the mirror ${opts.project}; follow it with: collab projects view ${opts.project} (import status)`);
}
