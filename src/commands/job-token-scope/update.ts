import { setJobTokenScope } from '../../api/job-token-scope.js';
import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { ownerVerb } from '../owner.js';
import { nothingToChange, tristate } from '../flags.js';

/** What update changes: a call without it is refused. */
const CHANGE_FLAGS = {
  enabled: tristate('--enabled', 'only the allowlisted projects and groups (--no-enabled: every project)'),
};

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Limit access with a job token to the allowlists (--enabled), or open it to every project (--no-enabled)',
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab job-token-scope update --project acme/web/storefront --enabled',
    'collab job-token-scope update --project - --enabled < projects.txt',
  ],
});

interface UpdateScopeOptions {
  owner: Owner;
  enabled: boolean;
}

export function parse(input: VerbInput<typeof UPDATE>): UpdateScopeOptions {
  if (input.enabled === undefined) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, enabled: input.enabled };
}

export async function run(ctx: VerbContext, opts: UpdateScopeOptions): Promise<void> {
  const response = await ctx.session.mutate(setJobTokenScope(opts.owner.ref, opts.enabled));
  if (!response) return;
  ctx.terminal.info(
    opts.enabled
      ? `job tokens reach project ${opts.owner.ref} only from its allowlists now`
      : `any project's job token may reach project ${opts.owner.ref} now`,
  );
  await ctx.presenter.action({
    value: { inbound_enabled: opts.enabled },
    columns: [{ header: 'ENABLED', path: 'inbound_enabled' }],
  });
}
