import { getProject, type ProjectRecord, transferProject } from '../../api/projects.js';
import { resolveNamespaceId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { needConfirmation } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { namespaceRef } from '../../params/parsers.js';
import { option } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const TRANSFER = verb({
  name: 'transfer',
  summary: 'Move a project to another namespace (group or user)',
  description: 'On a terminal you confirm by typing the project’s full path; scripts pass --yes.',
  args: { project: PROJECT },
  flags: {
    namespace: option('--namespace <id|path>', 'the target namespace: ID or full path', namespaceRef, {
      required: true,
      aliases: ['--namespace-id', '--to'],
    }),
  },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: [
    'collab projects transfer acme/web/storefront --namespace globex',
    'collab projects transfer 42 --namespace 7 --yes',
  ],
});

export type TransferOptions = VerbInput<typeof TRANSFER>;

export async function run(ctx: VerbContext, opts: TransferOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `transfer project ${opts.project}`);
  if (!opts.yes && !ctx.session.dryRun) {
    // The path typed is the service's, whatever reference was given.
    const { path_with_namespace: fullPath } = (await ctx.session.request<ProjectRecord>(getProject(opts.project))).data;
    // A target that does not exist is said before the path is typed, not after.
    await resolveNamespaceId(ctx.session, opts.namespace, '--namespace');
    await ctx.prompter.confirmByTyping(fullPath, `move project ${fullPath} to ${opts.namespace}`, false);
  }
  const response = await ctx.session
    .mutate<ProjectRecord>(transferProject(opts.project, opts.namespace))
    .catch((error: unknown) => {
      throw readableTransferError(error, opts.namespace);
    });
  if (!response) return;
  const project = response.data;
  ctx.terminal.info(
    `transferred project ${opts.project} to ${project.namespace?.full_path ?? opts.namespace}: it is now ${project.path_with_namespace}`,
  );
  await printProject(ctx, project);
}

/**
 * The service words a failed transfer as Ruby prints a hash of model errors:
 * `Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}`.
 * Only the reasons are kept: `Failed to transfer project: Project is already in this namespace.`
 */
function readableTransferError(error: unknown, namespace: string | number): unknown {
  // The service's 404 names no flag: say which one named what it did not find.
  if (isCollabError(error) && error.status === 404 && /Namespace/i.test(error.message) && !error.hint)
    return withHint(error, `--namespace ${namespace} does not exist or you cannot create projects in it`);
  if (!isCollabError(error) || error.status !== 400) return error;
  const match = /^(\d{3} )?Failed to transfer project \{.*\}$/s.exec(error.message);
  if (!match) return error;
  // Keys are Ruby symbols (unquoted); every quoted string is a reason.
  const reasons = [...error.message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] as string).replace(/\\"/g, '"'));
  if (reasons.length === 0) return error;
  return new CollabError(error.kind, `${match[1] ?? ''}Failed to transfer project: ${reasons.join('; ')}`, {
    status: error.status,
    ...(error.request ? { request: error.request } : {}),
  });
}
