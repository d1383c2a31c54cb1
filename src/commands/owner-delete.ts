import type { ApiRequest } from '../http/client.js';
import { describeOwner, type Owner } from '../api/owner.js';
import { getOwner } from '../api/shares.js';
import type { VerbContext } from '../context.js';
import { CollabError, isCollabError, withHint } from '../errors.js';
import { needConfirmation } from './confirm.js';

/** One thing of a project or a group to remove: a hook, a variable, a label, a badge. */
interface OwnedRemoval {
  owner: Owner;
  /** `hook 3`, `variable KEY (scope production)`: the thing as messages name it. */
  what: string;
  /** What the user types to confirm on a terminal (the ID, the key, the name). */
  typed: string;
  yes: boolean;
  strict: boolean;
  /** The DELETE, with 404 among its answers. */
  request: ApiRequest;
  /** Advice for the service's refusal, where the noun has some. */
  hint?: (error: unknown) => unknown;
}

/**
 * The delete verb of the things projects and groups own: asked by typing on a terminal (--yes
 * elsewhere, refused before any request), then DELETE. A 404 is either the thing (already gone:
 * done, exit 4 with --strict) or the project or group itself (an error): reading the owner tells
 * them apart, and its own 404 carries the service's message.
 */
export async function deleteOwned(ctx: VerbContext, removal: OwnedRemoval): Promise<void> {
  const { owner, what } = removal;
  await needConfirmation(ctx, removal.yes, `delete ${what}`);
  if (!removal.yes && !ctx.session.dryRun)
    await ctx.prompter.confirmByTyping(removal.typed, `delete ${what} of ${describeOwner(owner)}`, false);
  const response = await ctx.session.mutate(removal.request).catch((error: unknown) => {
    throw removal.hint ? removal.hint(error) : error;
  });
  if (!response) return;
  if (response.status !== 404) {
    ctx.terminal.info(`deleted ${what} from ${describeOwner(owner)}`);
    return;
  }
  await ctx.session.request(getOwner(owner));
  if (removal.strict)
    throw new CollabError('not-found', `${what} does not exist on ${describeOwner(owner)}`, { status: 404 });
  await ctx.presenter.action({ unchanged: `${what} was already gone from ${describeOwner(owner)}; nothing to do` });
}

/**
 * Advice for a 404 of what a project holds, read by its name or ID: the project's own 404 names it
 * ("404 Project Not Found"), so any other (ActiveRecord's bare "404 Not found") is the thing's and
 * gets `hint`; every other error is returned as it is.
 */
export function withThingHint(error: unknown, hint: string): unknown {
  return isCollabError(error) && error.status === 404 && !/Project/.test(error.message) ? withHint(error, hint) : error;
}
