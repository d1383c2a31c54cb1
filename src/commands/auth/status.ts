import type { Context } from '../../context.js';
import { CollabError, isCollabError } from '../../errors.js';
import { hostKey } from '../../config/store.js';
import { envTokenHost, type TokenScope, type TokenSource, tokenOrigin } from '../../config/tokens.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { maskToken } from '../../util/secrets.js';
import { verifyToken } from './verify.js';

export interface HostStatus {
  host: string;
  default: boolean;
  /** Where the token sent to this host comes from; null when it has none. */
  source: TokenSource | null;
  /** The token command, when the source is a command (a command is no secret; what it prints is). */
  command: string | null;
  user: string | null;
  token: string;
  valid: boolean;
  error: string | null;
}

const COLUMNS: Column[] = [
  { header: 'HOST', path: 'host' },
  // The tool's own report, not the service's data: the same words on a terminal and in a pipe.
  { header: 'DEFAULT', path: 'default', priority: PRIORITY.detail, derive: (item) => ((item as HostStatus).default ? 'yes' : '') },
  {
    header: 'SOURCE',
    path: 'source',
    derive: (item) => {
      const { source, command } = item as HostStatus;
      // README's words (environment, stored, command), with what each one is.
      return source === 'command' ? `command: ${command}` : source === 'environment' ? 'environment: COLLAB_TOKEN' : String(source ?? '');
    },
  },
  { header: 'USER', path: 'user' },
  { header: 'TOKEN', path: 'token', priority: PRIORITY.date },
  { header: 'STATUS', path: 'valid', priority: PRIORITY.identifying, derive: (item) => ((item as HostStatus).valid ? 'valid' : `invalid: ${(item as HostStatus).error ?? ''}`), tone: (_v, item) => ((item as HostStatus).valid ? undefined : 'red') },
];

/**
 * Every host collab knows (stored ones, and the one COLLAB_TOKEN belongs to), or only --host's:
 * which token each is sent, where it comes from (environment, stored, command), and whether the
 * service accepts it.
 */
export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const scope: TokenScope = { config, env: ctx.env, givenHost: ctx.globals.host };
  const defaultHost = config.get('host') as string | undefined;
  const envOwner = ctx.env.COLLAB_TOKEN ? envTokenHost(scope) : undefined;
  let hosts = Object.keys(config.hosts()).map(hostKey);
  if (envOwner && !hosts.includes(envOwner.host)) hosts.unshift(envOwner.host);
  if (ctx.globals.host) hosts = [hostKey(ctx.globals.host)];
  if (ctx.env.COLLAB_TOKEN && !envOwner) {
    ctx.info('COLLAB_TOKEN is set, but no host for it: it is sent to the host given with --host, as neither COLLAB_HOST nor a default host is set');
  }
  if (hosts.length === 0) throw new CollabError('auth', 'not logged in to any host', { hint: 'run `collab auth login --host <url>`, or set COLLAB_HOST and COLLAB_TOKEN' });
  const statuses = await Promise.all(
    hosts.map(async (host): Promise<HostStatus> => {
      const origin = tokenOrigin(host, scope);
      const base = {
        host,
        default: defaultHost !== undefined && hostKey(defaultHost) === host,
        source: origin?.source ?? null,
        command: origin?.source === 'command' ? origin.command : null,
      };
      if (!origin) return { ...base, user: null, token: '', valid: false, error: 'no token' };
      let token = '';
      try {
        token = (await ctx.resolveToken(host)).token;
        const user = await verifyToken(ctx, host, token);
        return { ...base, user: user.username, token: maskToken(token), valid: true, error: null };
      } catch (error) {
        if (isCollabError(error) && error.kind === 'interrupted') throw error;
        return { ...base, user: null, token: maskToken(token), valid: false, error: isCollabError(error) ? error.message : String(error) };
      }
    }),
  );
  await ctx.printItems(statuses, COLUMNS);
  const invalid = statuses.filter((s) => !s.valid);
  if (invalid.length > 0) throw new CollabError('auth', `${invalid.length} of ${statuses.length} hosts have no working token`, { hint: 'run `collab auth login --host <url>` for each' });
}
