import { type ProtectedBranch, type RefAccessLevel, updateProtectedBranch } from '../../api/protected-refs.js';
import { CollabError } from '../../errors.js';
import type { VerbModule } from '../spec.js';
import type { VerbInput } from '../verb.js';
import type { Context } from '../../context.js';
import { BRANCH_COLUMNS, BRANCH_DETAIL, readProtection } from './shared.js';
import type { updateBranchVerb } from './verbs.js';

type UpdateInput = VerbInput<typeof updateBranchVerb>;

export interface UpdateBranchOptions {
  project: string | number;
  name: string;
  roles: { push?: number; merge?: number; unprotect?: number };
  flags: Record<string, boolean>;
}

export function parse(input: UpdateInput): UpdateBranchOptions {
  const roles = Object.fromEntries(Object.entries({ push: input.push, merge: input.merge, unprotect: input.unprotect }).filter(([, level]) => level !== undefined));
  const flags: Record<string, boolean> = {};
  if (input.allowForcePush !== undefined) flags.allow_force_push = input.allowForcePush;
  if (input.codeOwnerApproval !== undefined) flags.code_owner_approval_required = input.codeOwnerApproval;
  if (Object.keys(roles).length === 0 && Object.keys(flags).length === 0) {
    throw new CollabError('usage', 'nothing to change', { hint: 'give --push, --merge, --unprotect, --[no-]allow-force-push or --[no-]code-owner-approval' });
  }
  return { project: input.project, name: input.name, roles, flags };
}

export const bind: VerbModule['bind'] = (options, target) => ({ ...(options as UpdateBranchOptions), project: target });

/**
 * The service keeps a list of entries per kind of access and PATCH edits it entry by entry
 * (`allowed_to_push: [{id, _destroy: true}, {access_level: 30}]`): so the branch is read first, and
 * a role given replaces the role entries of its kind (a deploy key's entry stays). A kind already
 * as asked is left out; with nothing left to send, nothing is sent.
 */
export function accessChanges(current: ProtectedBranch, roles: UpdateBranchOptions['roles']): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [kind, level] of Object.entries(roles)) {
    const entries = ((current[`${kind}_access_levels`] ?? []) as RefAccessLevel[]).filter((entry) => typeof entry.deploy_key_id !== 'number');
    if (entries.length === 1 && entries[0]?.access_level === level) continue;
    body[`allowed_to_${kind}`] = [...entries.map((entry) => ({ id: entry.id, _destroy: true })), { access_level: level }];
  }
  return body;
}

export async function run(ctx: Context, opts: UpdateBranchOptions): Promise<void> {
  const current = await readProtection<ProtectedBranch>(ctx, 'branch', opts.project, opts.name);
  const body = { ...accessChanges(current, opts.roles), ...Object.fromEntries(Object.entries(opts.flags).filter(([key, value]) => current[key] !== value)) };
  if (Object.keys(body).length === 0) {
    ctx.unchanged(`protected branch ${opts.name} of project ${opts.project} is already so; nothing to do`);
    return;
  }
  const response = await ctx.mutate<ProtectedBranch>(updateProtectedBranch(opts.project, opts.name, body));
  if (!response) return;
  ctx.info(`updated protected branch ${opts.name} of project ${opts.project}`);
  await ctx.printResource(response.data, { columns: BRANCH_COLUMNS, detail: BRANCH_DETAIL });
}
