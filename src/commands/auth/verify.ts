import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';

export interface CurrentUser {
  id: number;
  username: string;
  name?: string;
  is_admin?: boolean;
}

/** GET /user with a given token: the check behind login and status. */
export async function verifyToken(ctx: Context, host: string, token: string): Promise<CurrentUser> {
  const client = await ctx.connect(host, token);
  try {
    const response = await client.request<CurrentUser>({ method: 'GET', path: '/user' });
    if (!response.data || typeof response.data.username !== 'string') throw new CollabError('malformed', `malformed response from GET /user: no username`);
    return response.data;
  } finally {
    await client.close();
  }
}
