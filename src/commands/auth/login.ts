import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { hostKey } from '../../config/store.js';
import { readStdin } from '../../util/stdin.js';
import type { CommandInput } from '../spec.js';
import { verifyToken } from './verify.js';

export interface LoginOptions {
  host: string | undefined;
  withToken: boolean;
}

export function options({ options: o }: CommandInput, ctx: Context): LoginOptions {
  const host = ctx.globals.host ?? (ctx.env.COLLAB_HOST || undefined);
  if (host) hostKey(host);
  return { host, withToken: o.withToken === true };
}

export async function run(ctx: Context, opts: LoginOptions): Promise<void> {
  let host = opts.host;
  let token: string;
  if (opts.withToken) {
    if (!host) throw new CollabError('usage', 'no host given', { hint: 'pass --host <url> with --with-token' });
    token = (await readStdin(ctx.io.stdin)).trim();
    if (!token) throw new CollabError('auth', 'no token on standard input', { hint: 'pipe it in: echo "$TOKEN" | collab auth login --with-token --host <url>' });
  } else {
    const prompts = await ctx.prompts('pipe the token in with --with-token, or set COLLAB_HOST and COLLAB_TOKEN');
    const out = { output: ctx.io.stderr as NodeJS.WritableStream, signal: ctx.signal };
    if (!host) {
      const fallback = (await ctx.config()).get('host') as string | undefined;
      host = await prompts.input(
        {
          message: 'Host URL:',
          ...(fallback ? { default: fallback } : {}),
          validate: (value) => {
            try {
              hostKey(value);
              return true;
            } catch (error) {
              return (error as Error).message;
            }
          },
        },
        out,
      );
    }
    token = (await prompts.password({ message: `Token for ${hostKey(host)} (api scope):`, mask: '*', validate: (v) => (v.trim() ? true : 'a token is required') }, out)).trim();
  }
  ctx.addSecret(token);
  const user = await verifyToken(ctx, host, token);
  const config = await ctx.config();
  const existing = config.host(host) ?? {};
  await config.setHost(host, { ...existing, token, user: user.username });
  if (!config.get('host')) await config.set('host', hostKey(host));
  ctx.info(`Logged in to ${hostKey(host)} as ${user.username}; token stored in ${config.path}`);
}
