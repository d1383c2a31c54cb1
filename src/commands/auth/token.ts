import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { authHost } from './accounts.js';
import type { TOKEN } from './index.js';

/**
 * Prints the token a command would send to the host (COLLAB_TOKEN where it belongs there, else the
 * active account's), or --user's, for a script: `$(collab auth token)`. Refused when stdout is a
 * terminal unless --show, before anything is read: a token on screen stays in the scrollback.
 */
export async function run(ctx: VerbContext, { user, show }: VerbInput<typeof TOKEN>): Promise<void> {
  if (ctx.terminal.tty.stdout && !show) {
    throw new CollabError('usage', 'not printing a token to a terminal', {
      hint: 'use it in a script, e.g. TOKEN=$(collab auth token), or pass --show',
    });
  }
  const config = await ctx.session.config();
  const host = await authHost(ctx, config, 'print the token of');
  const { token } = await ctx.session.resolveToken(host.url, user === undefined ? {} : { user });
  await ctx.presenter.value({ plain: `${token}\n` });
}
