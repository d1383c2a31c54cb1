import type { ApiRequest } from '../http/client.js';
import { describeOwner, type Owner } from '../api/owner.js';
import { getOwner } from '../api/shares.js';
import type { VerbContext } from '../context.js';
import { CollabError, isCollabError, withHint } from '../errors.js';
import { type Args, bool, type Flags } from './flags.js';
import { type OwnerKind, ownerVerb } from './owner.js';

/**
 * The delete verb of what a project or group holds (a hook, a label, a badge, a variable, a deploy
 * key, a protected branch or tag): one declaration for all. It asks on a terminal to type what is
 * deleted (scripts pass --yes), counts a thing already gone as done, and takes --strict to make
 * that exit 4. Each noun binds it with its words, its argument and its kinds of owner.
 */
export function confirmedDelete<
  const K extends OwnerKind,
  const A extends Args,
  const F extends Flags = Record<never, never>,
  const V extends Readonly<Record<string, string>> = Record<never, never>,
>(declaration: {
  kinds: readonly K[];
  /** The verb's fixed values (src/commands/verb.ts), where one implementation serves several nouns. */
  fixed?: V;
  /** `Remove a label (one already gone is not an error)`. */
  summary: string;
  /** What is typed to confirm: `the name`, `the hook’s ID`. */
  typing: string;
  /** A sentence more of help, after the confirmation's. */
  note?: string;
  args: A;
  flags?: F;
  /** When --strict makes it exit 4: `the label does not exist`. */
  strict: string;
  examples: readonly string[];
}) {
  const { kinds, fixed, summary, typing, note, args, flags, strict, examples } = declaration;
  return ownerVerb({
    kinds,
    fixed: fixed as V,
    name: 'delete',
    destructive: true,
    summary,
    description: `On a terminal you confirm by typing ${typing}; scripts pass --yes.${note ? ` ${note}` : ''}`,
    args,
    flags: { ...(flags as F), strict: strictFlag(strict) },
    mutating: true,
    confirm: true,
    examples,
  });
}

/** --strict of a delete: `when` is what makes it exit 4 (`the label does not exist`). */
export function strictFlag(when: string) {
  return bool('--strict', `fail with exit 4 when ${when}`);
}

/**
 * A command that asks to type a path before it acts (delete, transfer...) needs a terminal to ask
 * on, or --yes: checked before any request (in options(), or first in a typed verb's run), so that a script without --yes stops at
 * once with exit 2 and the flag to pass. --dry-run asks nothing. `what` is the action, as the
 * prompt words it: `transfer project acme/web`.
 */
export async function needConfirmation(ctx: VerbContext, yes: boolean, what: string): Promise<void> {
  if (yes || ctx.session.dryRun) return;
  const why = ctx.prompter.refusal;
  if (why !== undefined)
    throw new CollabError('usage', `${what} needs confirmation, and ${why}`, {
      hint: `pass --yes to ${what} without confirmation`,
    });
}

/**
 * What holds a thing that is not a project's or a group's own (a note's issue, merge request,
 * snippet or epic): its name in messages, and a GET whose own 404 says the holder is missing.
 */
interface Holder {
  name: string;
  read: ApiRequest;
}

function holderOf(owner: Owner | Holder): Holder {
  return 'kind' in owner ? { name: describeOwner(owner), read: getOwner(owner) } : owner;
}

/** One thing of a project or a group to remove: a hook, a variable, a label, a badge. */
interface OwnedRemoval {
  owner: Owner | Holder;
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
  /** A refusal that says the thing is not there (where the service answers that with no 404): done, as a 404. */
  absent?: (error: unknown) => boolean;
  /**
   * The owner's list the thing is taken off (`job token allowlist`), where it is an entry, not a
   * thing of its own: the lines say it is removed from the list, not deleted from the owner.
   */
  list?: string;
}

/** How a removal's lines word it: deleted from its owner, or removed from one of its lists. */
function removalWords(removal: Pick<OwnedRemoval, 'owner' | 'what' | 'list'>) {
  const { what, list } = removal;
  const owner = holderOf(removal.owner).name;
  if (list === undefined)
    return {
      act: `delete ${what}`,
      typing: `delete ${what} of ${owner}`,
      done: `deleted ${what} from ${owner}`,
      missing: `${what} does not exist on ${owner}`,
      gone: `${what} was already gone from ${owner}`,
    };
  const place = `${owner}’s ${list}`;
  return {
    act: `remove ${what} from the ${list}`,
    typing: `remove ${what} from ${place}`,
    done: `removed ${what} from ${place}`,
    missing: `${what} is not on ${place}`,
    gone: `${what} was not on ${place}`,
  };
}

/**
 * The delete verb of the things projects and groups own: asked by typing on a terminal (--yes
 * elsewhere, refused before any request), then DELETE. A 404 is either the thing (already gone:
 * done, exit 4 with --strict) or the project or group itself (an error): reading the owner tells
 * them apart, and its own 404 carries the service's message.
 */
export async function deleteOwned(ctx: VerbContext, removal: OwnedRemoval): Promise<void> {
  const words = removalWords(removal);
  await needConfirmation(ctx, removal.yes, words.act);
  if (!removal.yes && !ctx.session.dryRun) await ctx.prompter.confirmByTyping(removal.typed, words.typing, false);
  await removeOwned(ctx, removal);
}

/**
 * The rule of every delete after its confirmation, for a verb that asks none (a note, named by
 * its ID): DELETE, and a 404 of the thing is done (exit 4 with --strict). Neither the service nor
 * collab can tell a thing already gone from one that never was: both are done.
 */
export async function removeOwned(ctx: VerbContext, removal: Omit<OwnedRemoval, 'typed' | 'yes'>): Promise<void> {
  const words = removalWords(removal);
  const response = await ctx.session.mutate(removal.request).catch((error: unknown) => {
    if (removal.absent?.(error)) return { status: 404 };
    throw removal.hint ? removal.hint(error) : error;
  });
  if (!response) return;
  if (response.status !== 404) {
    ctx.terminal.info(words.done);
    return;
  }
  await ctx.session.request(holderOf(removal.owner).read);
  if (removal.strict) throw new CollabError('not-found', words.missing, { status: 404 });
  await ctx.presenter.action({ unchanged: `${words.gone}; nothing to do` });
}

/**
 * A DELETE's 404 that says the thing is not there: one the client gave no hint. Where a feature
 * turned off hides the thing, GitLab answers the same 404 and the client's hint names the feature
 * (src/api/features.ts): that one is an error, not a thing already gone.
 */
export const hintlessNotFound = (error: unknown): boolean =>
  isCollabError(error) && error.status === 404 && error.hint === undefined;

/**
 * Advice for a 404 of what a project or group holds, read by its name or ID: the owner's own 404
 * names it ("404 Project Not Found", "404 Group Not Found"), so any other (ActiveRecord's bare
 * "404 Not found", "404 Label Not Found") is the thing's and gets `hint`; every other error is
 * returned as it is.
 */
function withThingHint(error: unknown, hint: string): unknown {
  return isCollabError(error) && error.status === 404 && !/Project|Group Not Found/i.test(error.message)
    ? withHint(error, hint)
    : error;
}

/**
 * The 404 of a thing a project or group holds, read or changed by its ID or name, in one wording
 * for every noun: what the owner has not, and the list that shows what it has
 * (`project acme/web has no hook 9: \`collab hooks list --project acme/web\` lists them`).
 * `noun` is the command's (`hooks`, `protected-branches`).
 */
export function unknownThing(error: unknown, owner: Owner, what: string, noun: string): unknown {
  return withThingHint(
    error,
    `${describeOwner(owner)} has no ${what}: \`collab ${noun} list --${owner.kind} ${owner.ref}\` lists them`,
  );
}
