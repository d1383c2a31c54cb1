import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { chooseHost } from '../../config/host.js';

export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const host = await chooseHost(ctx.globals.host, ctx.env, () => config.get('host'));
  if (!host) throw new CollabError('usage', 'no host to log out of', { hint: 'pass --host <url>' });
  if (!(await config.removeHost(host.key))) throw new CollabError('usage', `not logged in to ${host.key}`, { hint: 'see `collab auth status`' });
  ctx.info(`logged out of ${host.key}; what it held (token or token command) was removed from ${config.path}`);
}
