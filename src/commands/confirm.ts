import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';

/**
 * A command that asks to type a path before it acts (delete, transfer...) needs a terminal to ask
 * on, or --yes: checked before any request (in options(), or first in a typed verb's run), so that a script without --yes stops at
 * once with exit 2 and the flag to pass. --dry-run asks nothing. `what` is the action, as the
 * prompt words it: `transfer project acme/web`.
 */
export async function needConfirmation(ctx: VerbContext, yes: boolean, what: string): Promise<void> {
  if (yes || ctx.session.dryRun) return;
  await ctx.prompter.prompts('').catch((error: unknown) => {
    const why = error instanceof Error ? error.message.replace(/^cannot prompt: /, '') : String(error);
    throw new CollabError('usage', `${what} needs confirmation, and ${why}`, {
      hint: `pass --yes to ${what} without confirmation`,
    });
  });
}
