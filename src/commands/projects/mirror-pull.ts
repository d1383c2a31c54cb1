import { pullMirror } from '../../api/repository.js';
import { getProject, type ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { waitForImport, waitSetting } from '../wait.js';
import { printActionResult } from './columns.js';
import { PROJECT } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { verb } from '../verb.js';

export const MIRROR_PULL = verb({
  name: 'mirror-pull',
  summary: 'Start an update of a pull mirror now (maintainers; Premium)',
  description:
    'The service updates the mirror in the background. With --wait collab polls the project until its import status leaves scheduled/started and prints it (exit 6 if the update failed, with the service’s import_error; 7 if --timeout runs out; Ctrl-C stops waiting and leaves the update running).',
  args: { project: PROJECT },
  flags: waitFlags('the update is finished, and print the project then'),
  mutating: true,
  examples: [
    'collab projects mirror-pull acme/platform/api',
    'collab projects mirror-pull acme/platform/api --wait --timeout 5m',
  ],
});

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
