import { describeOwner } from '../../api/owner.js';
import { type ProtectedEnvironment, protectEnvironment } from '../../api/protected-environments.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { approversGiven, checkGroupInheritance, checkName, deployGiven, wantedLists } from './entries.js';
import { ENVIRONMENT_VIEW } from './fields.js';
import { DEPLOYMENT_TIERS } from '../../params/protected-environments.js';
import { ENTRY_FLAGS, entryHint, NAME } from './shared.js';
import { ownerVerb } from '../owner.js';

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Protect an environment: who may deploy to it, and who must approve',
  description: `At least one --deploy-* flag. A group protects a deployment tier (${DEPLOYMENT_TIERS.join(', ')}) in all its projects. Users are named by username and groups by full path, looked up before anything is sent.`,
  args: { name: NAME },
  flags: ENTRY_FLAGS,
  mutating: true,
  examples: [
    'collab protected-environments create production --project acme/web/storefront --deploy-role maintainer --deploy-user dana --approver-group acme/release --approvals 2',
    'collab protected-environments create production --group acme --deploy-role maintainer',
  ],
});

type CreateEnvironmentInput = VerbInput<typeof CREATE>;

/** The service wants who may deploy (doc/api/protected_environments.md: deploy_access_levels is required). */
export function parse(input: CreateEnvironmentInput): CreateEnvironmentInput {
  checkName(input.owner, input.name);
  checkGroupInheritance(input);
  if (!deployGiven(input))
    throw new CollabError('usage', 'say who may deploy', {
      hint: 'give --deploy-role <role>, --deploy-user <username> or --deploy-group <path>',
    });
  if (input.approvals !== undefined && !approversGiven(input))
    throw new CollabError('usage', '--approvals needs an approver', {
      hint: 'give --approver-role, --approver-user or --approver-group',
    });
  return input;
}

export async function run(ctx: VerbContext, opts: CreateEnvironmentInput): Promise<void> {
  const lists = await wantedLists(ctx, opts);
  const response = await ctx.session
    .mutate<ProtectedEnvironment>(
      protectEnvironment(opts.owner, {
        name: opts.name,
        deploy_access_levels: lists.deploy_access_levels ?? [],
        ...(lists.approval_rules ? { approval_rules: lists.approval_rules } : {}),
      }),
    )
    .catch((error: unknown) => {
      // GitLab's 409 ("Environment 'production' is already protected"); a 422 "has already been taken" before.
      if (isCollabError(error) && (error.status === 409 || (error.kind === 'rejected' && /taken/.test(error.message))))
        throw withHint(
          error,
          `${opts.name} is protected already: \`collab protected-environments update ${opts.name} --${opts.owner.kind} ${opts.owner.ref}\` changes it`,
        );
      throw entryHint(error, opts.owner);
    });
  if (!response) return;
  ctx.terminal.info(`protected environment ${response.data.name} of ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, ENVIRONMENT_VIEW);
}
