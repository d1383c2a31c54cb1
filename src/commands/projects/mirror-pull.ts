import { pullMirror } from '../../api/repository.js';
import { getProject, type ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { waitForImport, waitSetting } from '../wait.js';
import type { MIRROR_PULL } from './verbs-extra.js';
import { printActionResult } from './columns.js';

interface MirrorPullOptions {
  project: string | number;
  wait: boolean;
  timeoutMs: number;
}

export function parse({ project, wait, timeout }: VerbInput<typeof MIRROR_PULL>): MirrorPullOptions {
  return { project, ...waitSetting({ wait, timeout }) };
}

export async function run(ctx: VerbContext, opts: MirrorPullOptions): Promise<void> {
  const response = await ctx.session.mutate(pullMirror(opts.project)).catch((error: unknown) => {
    if (isCollabError(error) && error.status === 400) {
      throw withHint(
        error,
        `configure pull mirroring first: collab projects update ${opts.project} --import-url <url> --mirror`,
      );
    }
    throw error;
  });
  if (!response) return;
  if (!opts.wait) {
    ctx.terminal.info(
      `started a pull of the mirror ${opts.project}; wait for it with: collab projects view ${opts.project} --wait`,
    );
    return;
  }
  // The answer has no body; a mirror shares the import state (GitLab's import_state): follow that.
  const started = (await ctx.session.request<ProjectRecord>(getProject(opts.project))).data;
  const where = started.path_with_namespace;
  const project = await waitForImport(ctx, started, {
    what: `the pull of the mirror ${where}`,
    label: `pulling the mirror ${where}`,
    continues: 'the pull continues',
    timeoutMs: opts.timeoutMs,
  });
  await printActionResult(ctx, `pulled the mirror ${where}: ${project.import_status}`, project);
}
