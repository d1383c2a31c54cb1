import { getOwner } from '../../api/shares.js';
import { describeOwner } from '../../api/owner.js';
import { deleteVariable } from '../../api/variables.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import { bindOwner } from '../owner-options.js';
import type { VerbInput } from '../verb.js';
import type { DELETE } from './index.js';

export type DeleteVariableOptions = VerbInput<typeof DELETE>;

/** `--project -`: each target is the owner. */
export const bind = bindOwner<DeleteVariableOptions>;

export async function run(ctx: Context, opts: DeleteVariableOptions): Promise<void> {
  const what = `variable ${opts.key}${opts.scope === '*' ? '' : ` (scope ${opts.scope})`}`;
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `delete ${what}`);
  if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(opts.key, `delete ${what} of ${describeOwner(opts.owner)}`, false);
  const response = await ctx.mutate(deleteVariable(opts.owner, opts.key, opts.scope));
  if (!response) return;
  if (response.status !== 404) {
    ctx.info(`deleted ${what} from ${describeOwner(opts.owner)}`);
    return;
  }
  // A 404 is either the variable (already gone: done) or the project or group itself (an error).
  await ctx.request(getOwner(opts.owner));
  if (opts.strict) throw new CollabError('not-found', `${what} does not exist on ${describeOwner(opts.owner)}`, { status: 404 });
  ctx.unchanged(`${what} was already gone from ${describeOwner(opts.owner)}; nothing to do`);
}
