import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { hostKey } from '../../config/store.js';
import type { Column } from '../../output/format.js';
import { maskToken } from '../../util/secrets.js';
import { verifyToken } from './verify.js';

export interface HostStatus {
  host: string;
  default: boolean;
  source: 'config' | 'environment';
  user: string | null;
  token: string;
  valid: boolean;
  error: string | null;
}

const COLUMNS: Column[] = [
  { header: 'HOST', path: 'host' },
  { header: 'DEFAULT', path: 'default', format: (v) => (v ? 'yes' : '') },
  { header: 'USER', path: 'user' },
  { header: 'TOKEN', path: 'token' },
  { header: 'STATUS', path: 'valid', format: (v, item) => (v ? 'valid' : `invalid: ${(item as HostStatus).error ?? ''}`) },
];

export function options(): Record<string, never> {
  return {};
}

export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const defaultHost = config.get('host') as string | undefined;
  const targets: Array<{ host: string; token: string | undefined; source: HostStatus['source'] }> = Object.entries(config.hosts()).map(([host, entry]) => ({ host, token: entry.token, source: 'config' }));
  const { COLLAB_HOST, COLLAB_TOKEN } = ctx.env;
  if (COLLAB_HOST && COLLAB_TOKEN) {
    const key = hostKey(COLLAB_HOST);
    const found = targets.find((t) => t.host === key);
    if (found) Object.assign(found, { token: COLLAB_TOKEN, source: 'environment' });
    else targets.unshift({ host: key, token: COLLAB_TOKEN, source: 'environment' });
  }
  if (targets.length === 0) throw new CollabError('auth', 'not logged in to any host', { hint: 'run `collab auth login`, or set COLLAB_HOST and COLLAB_TOKEN' });
  const statuses = await Promise.all(
    targets.map(async ({ host, token, source }): Promise<HostStatus> => {
      const base = { host, default: defaultHost !== undefined && hostKey(defaultHost) === host, source, token: maskToken(token) };
      if (!token) return { ...base, user: null, valid: false, error: 'no token' };
      try {
        const user = await verifyToken(ctx, host, token);
        return { ...base, user: user.username, valid: true, error: null };
      } catch (error) {
        return { ...base, user: null, valid: false, error: error instanceof CollabError ? error.message : String(error) };
      }
    }),
  );
  await ctx.printItems(statuses, COLUMNS);
  const invalid = statuses.filter((s) => !s.valid);
  if (invalid.length > 0) throw new CollabError('auth', `${invalid.length} of ${statuses.length} hosts have no working token`, { hint: 'run `collab auth login --host <url>` for each' });
}
