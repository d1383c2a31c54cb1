import { type ForkParams, forkProject } from '../../api/forks.js';
import type { ProjectRecord } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { importSettled, waitForImport, waitSetting } from '../wait.js';
import { FORK_PARAMS } from '../../params/forks.js';
import { namespaceRef } from '../../params/parsers.js';
import { option, params } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { verb } from '../verb.js';

/** `projects fork`: the model of a verb in one file (src/commands/verb.ts). */
export const FORK = verb({
  name: 'fork',
  summary: 'Fork a project, optionally waiting until the copy is finished',
  description:
    'The service copies the repository in the background. Without --wait the new project is printed at once with its import status; with --wait collab polls it until the copy is finished (exit 6 if it fails, 7 if --timeout runs out; Ctrl-C stops waiting and leaves the fork running).',
  args: { project: PROJECT },
  flags: {
    namespace: option(
      '--namespace <id|path>',
      'namespace (group or user) to fork into, by ID or full path (default: your own)',
      namespaceRef,
      { aliases: ['--namespace-id'] },
    ),
    params: params(FORK_PARAMS),
    ...waitFlags('the fork is ready, and print it then'),
  },
  mutating: true,
  examples: [
    'collab projects fork acme/web/storefront',
    'collab projects fork acme/web/storefront --namespace globex --path shop --wait',
    'collab projects fork 42 --wait --timeout 2m --json | jq .web_url',
  ],
});

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
