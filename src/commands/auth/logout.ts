import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { hostKey } from '../../config/store.js';

export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const host = ctx.globals.host ?? (config.get('host') as string | undefined);
  if (!host) throw new CollabError('usage', 'no host to log out of', { hint: 'pass --host <url>' });
  if (!(await config.removeHost(host))) throw new CollabError('usage', `not logged in to ${hostKey(host)}`, { hint: 'see `collab auth status`' });
  ctx.info(`logged out of ${hostKey(host)}; what it held (token or token command) was removed from ${config.path}`);
}
