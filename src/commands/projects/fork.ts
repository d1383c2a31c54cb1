import { type ForkParams, forkProject } from '../../api/forks.js';
import type { ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { importSettled, waitForImport, waitSetting } from '../wait.js';
import type { FORK } from './verbs-extra.js';

interface ForkOptions {
  project: string | number;
  params: ForkParams;
  wait: boolean;
  timeoutMs: number;
}

/** Once a run: --namespace as the parameter it stands for (the flags hold --path and --name to their rules). */
export function parse(input: VerbInput<typeof FORK>): ForkOptions {
  const { project, namespace } = input;
  const params: ForkParams = { ...input.params };
  // The deprecated `namespace` parameter is never sent: an ID and a path each have their own.
  if (typeof namespace === 'number') params.namespace_id = namespace;
  else if (typeof namespace === 'string') params.namespace_path = namespace;
  return { project, params, ...waitSetting(input) };
}

export async function run(ctx: VerbContext, opts: ForkOptions): Promise<void> {
  const sourceName = String(opts.project);
  const released = ctx.terminal.onInterrupt(() =>
    ctx.terminal.stderrLine(`the fork may have been created; see with: collab projects forks ${sourceName}`),
  );
  const response = await ctx.session
    .mutate<ProjectRecord>(forkProject(opts.project, opts.params))
    .catch((error: unknown) => {
      throw withForkHint(error, opts);
    })
    .finally(released);
  if (!response) return;
  let fork = response.data;
  const where = fork.path_with_namespace;
  const checkCommand = `collab projects view ${where}`;
  if (!opts.wait) {
    if (!importSettled(fork.import_status))
      ctx.terminal.info(`forking ${sourceName} into ${where} in the background; check it with: ${checkCommand}`);
    await printProject(ctx, fork);
    return;
  }
  fork = await waitForImport(ctx, fork, {
    what: `the fork ${where}`,
    label: `forking ${sourceName} into ${where}`,
    continues: 'the fork continues',
    timeoutMs: opts.timeoutMs,
    ready: `fork ready: ${where}`,
  });
  await printProject(ctx, fork);
}

/** What to do about the service's usual refusals of a fork. */
function withForkHint(error: unknown, opts: ForkOptions): unknown {
  if (!isCollabError(error) || error.hint) return error;
  let hint: string | undefined;
  if (error.status === 409)
    hint =
      'the target namespace has a project with that name or path: choose others with --name and --path, or another --namespace';
  else if (error.status === 404 && /Target Namespace/i.test(error.message)) {
    const given = opts.params.namespace_path ?? opts.params.namespace_id;
    hint =
      given === undefined
        ? 'your namespace does not exist or you cannot create projects in it'
        : `--namespace ${given} does not exist or you cannot create projects in it`;
  } else if (error.status === 404)
    hint = `${opts.project} does not exist, or you cannot see or fork it (private projects need the reporter role)`;
  if (!hint) return error;
  return withHint(error, hint);
}
