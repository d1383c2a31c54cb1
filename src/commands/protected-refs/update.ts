import {
  accessEdits,
  type BranchRoles,
  type ProtectedBranch,
  updateProtectedBranch,
} from '../../api/protected-refs.js';
import type { VerbInput } from '../verb.js';
import type { VerbContext } from '../../context.js';
import { BRANCH_COLUMNS, BRANCH_DETAIL, BRANCH_ROLE_FLAGS, nameArg, readProtection } from './shared.js';
import { nothingToChange, tristate } from '../flags.js';
import { ownerVerb, type OwnerOf } from '../owner.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = {
  ...BRANCH_ROLE_FLAGS,
  allowForcePush: tristate('--allow-force-push', 'who may push may also force-push (--no-allow-force-push: not)'),
  codeOwnerApproval: tristate(
    '--code-owner-approval',
    'pushes that change files with code owners need their approval (--no-code-owner-approval: not)',
  ),
};

export const updateBranchVerb = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change who may push, merge or unprotect, and the force-push and code-owner rules',
  description:
    'What is not given stays as it is. A role given replaces every entry of its kind (the service keeps a list of them).',
  args: { name: nameArg('branch') },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab protected-branches update main --project acme/web/storefront --merge developer',
    'collab protected-branches update main --project acme/web/storefront --no-allow-force-push',
  ],
});

type UpdateInput = VerbInput<typeof updateBranchVerb>;

interface UpdateBranchOptions {
  owner: OwnerOf<'project'>;
  name: string;
  roles: BranchRoles;
  flags: Record<string, boolean>;
}

export function parse(input: UpdateInput): UpdateBranchOptions {
  const roles = Object.fromEntries(
    Object.entries({ push: input.push, merge: input.merge, unprotect: input.unprotect }).filter(
      ([, level]) => level !== undefined,
    ),
  );
  const flags: Record<string, boolean> = {};
  if (input.allowForcePush !== undefined) flags.allow_force_push = input.allowForcePush;
  if (input.codeOwnerApproval !== undefined) flags.code_owner_approval_required = input.codeOwnerApproval;
  if (Object.keys(roles).length === 0 && Object.keys(flags).length === 0) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, name: input.name, roles, flags };
}

export async function run(ctx: VerbContext, opts: UpdateBranchOptions): Promise<void> {
  const current = await readProtection<ProtectedBranch>(ctx, 'branch', opts.owner.ref, opts.name);
  const body = {
    ...accessEdits(current, opts.roles),
    ...Object.fromEntries(Object.entries(opts.flags).filter(([key, value]) => current[key] !== value)),
  };
  if (Object.keys(body).length === 0) {
    await ctx.presenter.action({
      unchanged: `protected branch ${opts.name} of project ${opts.owner.ref} is already so; nothing to do`,
    });
    return;
  }
  const response = await ctx.session.mutate<ProtectedBranch>(updateProtectedBranch(opts.owner.ref, opts.name, body));
  if (!response) return;
  ctx.terminal.info(`updated protected branch ${opts.name} of project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, { columns: BRANCH_COLUMNS, detail: BRANCH_DETAIL });
}
