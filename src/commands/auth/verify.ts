import { type CurrentUser, getCurrentUser } from '../../api/users.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';

/** GET /user with a given token: the check behind login (`given`: a 401's hint is about that token) and status. */
export async function verifyToken(
  ctx: VerbContext,
  host: string,
  token: string,
  source?: 'given',
): Promise<CurrentUser> {
  const client = await ctx.session.connect(host, token, source);
  try {
    const response = await client.request<CurrentUser>(getCurrentUser());
    if (!response.data || typeof response.data.username !== 'string')
      throw new CollabError('malformed', `malformed response from GET /user: no username`);
    return response.data;
  } finally {
    await client.close();
  }
}
