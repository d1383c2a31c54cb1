import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { HttpClient } from '../../http/client.js';

export interface CurrentUser {
  id: number;
  username: string;
  name?: string;
  is_admin?: boolean;
}

/** GET /user with a given token: the check behind login and status. */
export async function verifyToken(ctx: Context, host: string, token: string): Promise<CurrentUser> {
  const config = await ctx.config();
  const entry = config.host(host);
  ctx.addSecret(token);
  const client = new HttpClient({
    baseUrl: host,
    token,
    timeoutMs: ((await ctx.setting('timeout', 30)) as number) * 1000,
    retries: (await ctx.setting('retries', 5)) as number,
    caFile: entry?.ca_file,
    insecureHttp: entry?.insecure_http === true,
    signal: ctx.signal,
    log: ctx.globals.verbose ? (line) => ctx.stderrLine(line) : undefined,
  });
  try {
    const response = await client.request<CurrentUser>({ method: 'GET', path: '/user' });
    if (!response.data || typeof response.data.username !== 'string') throw new CollabError('malformed', `malformed response from GET /user: no username`);
    return response.data;
  } finally {
    await client.close();
  }
}
