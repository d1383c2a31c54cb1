import { describeOwner } from '../../api/owner.js';
import {
  type EntryBody,
  type ProtectedEnvironment,
  updateProtectedEnvironment,
} from '../../api/protected-environments.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import {
  approversGiven,
  checkGroupInheritance,
  checkName,
  deployGiven,
  existingEnvironment,
  listEdits,
  wantedLists,
} from './entries.js';
import { ENVIRONMENT_VIEW } from './fields.js';
import { ENTRY_FLAGS, entryHint, NAME } from './shared.js';
import { ownerVerb } from '../owner.js';
import { bool, nothingToChange } from '../flags.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = { ...ENTRY_FLAGS, clearApprovers: bool('--clear-approvers', 'remove every approval rule') };

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change who may deploy to a protected environment, or who must approve',
  description:
    'The --deploy-* flags together replace who may deploy; the --approver-* flags who must approve (--clear-approvers removes them all). --approvals alone changes what each approver must give.',
  args: { name: NAME },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab protected-environments update production --project acme/web/storefront --deploy-role maintainer --deploy-group acme/release',
    'collab protected-environments update production --project 42 --approvals 2',
  ],
});

type UpdateEnvironmentInput = VerbInput<typeof UPDATE>;

export function parse(input: UpdateEnvironmentInput): UpdateEnvironmentInput {
  checkName(input.owner, input.name);
  checkGroupInheritance(input);
  if (input.clearApprovers && approversGiven(input))
    throw new CollabError('usage', '--clear-approvers cannot be used with --approver-* flags', {
      hint: 'give the approvers wanted, or --clear-approvers for none',
    });
  // No approver is left to need them: the count would be dropped without a word.
  if (input.clearApprovers && input.approvals !== undefined)
    throw new CollabError('usage', '--approvals cannot be used with --clear-approvers', {
      hint: 'leave out --approvals: with no approvers, none are needed',
    });
  if (!deployGiven(input) && !approversGiven(input) && input.approvals === undefined && !input.clearApprovers)
    throw nothingToChange(CHANGE_FLAGS);
  return input;
}

/**
 * Reads the environment, then one PUT of what differs: the entries added, those gone destroyed by
 * id, an approval's count changed by id (doc/api/protected_environments.md, "Update a protected
 * environment"). A list not given stays as it is.
 */
export async function run(ctx: VerbContext, opts: UpdateEnvironmentInput): Promise<void> {
  const what = `protected environment ${opts.name} of ${describeOwner(opts.owner)}`;
  const existing = await existingEnvironment(ctx, opts.owner, opts.name);
  const wanted = await wantedLists(ctx, opts);
  const approvals = existing.approval_rules ?? [];
  const body: { deploy_access_levels?: EntryBody[]; approval_rules?: EntryBody[] } = {};
  if (wanted.deploy_access_levels)
    body.deploy_access_levels = listEdits(wanted.deploy_access_levels, existing.deploy_access_levels);
  if (wanted.approval_rules) body.approval_rules = listEdits(wanted.approval_rules, approvals);
  else if (opts.clearApprovers) body.approval_rules = listEdits([], approvals);
  else if (opts.approvals !== undefined) {
    // A count belongs to an approval rule: the PUT takes no required_approval_count, only
    // approval_rules, each with its own required_approvals (doc/api/protected_environments.md
    // @ec05f6eb, "Update a protected environment"). With no rule there is nothing to require of.
    if (approvals.length === 0)
      throw new CollabError('usage', `${what} has no approvers to require approvals of`, {
        hint: `add approvers with --approver-role, --approver-user or --approver-group: collab protected-environments update ${opts.name} --${opts.owner.kind} ${opts.owner.ref} --approver-role maintainer --approvals ${opts.approvals}`,
      });
    body.approval_rules = approvals
      .filter((entry) => entry.required_approvals !== opts.approvals)
      .map((entry) => ({ id: entry.id, required_approvals: opts.approvals }));
  }
  for (const field of ['deploy_access_levels', 'approval_rules'] as const)
    if (body[field]?.length === 0) delete body[field];
  if (Object.keys(body).length === 0) {
    await ctx.presenter.action({ unchanged: `${what} is already so; nothing to do` });
    return;
  }
  const response = await ctx.session
    .mutate<ProtectedEnvironment>(updateProtectedEnvironment(opts.owner, opts.name, body))
    .catch((error: unknown) => {
      throw entryHint(error, opts.owner);
    });
  if (!response) return;
  ctx.terminal.info(`updated ${what}`);
  await ctx.presenter.resource(response.data, ENVIRONMENT_VIEW);
}
