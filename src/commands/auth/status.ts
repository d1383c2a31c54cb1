import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError } from '../../errors.js';
import { accountsOf } from '../../config/accounts.js';
import { hostKey } from '../../config/store.js';
import {
  accountOrigin,
  envTokenHost,
  type TokenOrigin,
  type TokenScope,
  type TokenSource,
} from '../../config/tokens.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { verifyToken } from './verify.js';

interface AccountStatus {
  host: string;
  default: boolean;
  /** The account's name (the config file's); for COLLAB_TOKEN, the user the service says it is. */
  user: string | null;
  /** The account a command sends to this host. */
  active: boolean;
  /** Where its token is kept: environment (COLLAB_TOKEN), keyring (the system's), file (the config file), command; null for a host given with --host that has none. */
  source: TokenSource | null;
  /** The token command, when the source is a command (a command is no secret; what it prints is). */
  command: string | null;
  valid: boolean;
  error: string | null;
}

const yes = (value: boolean) => (value ? 'yes' : '');

const COLUMNS: Column[] = [
  { header: 'HOST', path: 'host' },
  // The tool's own report, not the service's data: the same words on a terminal and in a pipe.
  {
    header: 'DEFAULT',
    path: 'default',
    priority: PRIORITY.detail,
    derive: (item) => yes((item as AccountStatus).default),
  },
  { header: 'USER', path: 'user' },
  { header: 'ACTIVE', path: 'active', derive: (item) => yes((item as AccountStatus).active) },
  {
    header: 'SOURCE',
    path: 'source',
    derive: (item) => {
      const { source, command } = item as AccountStatus;
      return source === 'command'
        ? `command: ${command}`
        : source === 'environment'
          ? 'environment: COLLAB_TOKEN'
          : (source ?? '');
    },
  },
  {
    header: 'STATUS',
    path: 'valid',
    priority: PRIORITY.identifying,
    derive: (item) => ((item as AccountStatus).valid ? 'valid' : `invalid: ${(item as AccountStatus).error ?? ''}`),
    tone: (_v, item) => ((item as AccountStatus).valid ? undefined : 'red'),
  },
];

interface Row {
  host: string;
  user: string | null;
  active: boolean;
  origin: TokenOrigin | undefined;
}

/**
 * Every host collab knows (stored ones, and the one COLLAB_TOKEN belongs to), or only --host's,
 * with each account: which is active (what a command sends), where its token is kept, and
 * whether the service accepts it. Never the token.
 */
export async function run(ctx: VerbContext): Promise<void> {
  const config = await ctx.session.config();
  const scope: TokenScope = { config, env: ctx.session.env, givenHost: ctx.session.givenHost };
  const defaultHost = config.get('host');
  const envOwner = ctx.session.env.COLLAB_TOKEN ? envTokenHost(scope) : undefined;
  let hosts = Object.keys(config.hosts()).map(hostKey);
  if (envOwner && !hosts.includes(envOwner.host)) hosts.unshift(envOwner.host);
  if (ctx.session.givenHost) hosts = [hostKey(ctx.session.givenHost)];
  if (ctx.session.env.COLLAB_TOKEN && !envOwner) {
    ctx.terminal.info(
      'COLLAB_TOKEN is set, but no host for it: it is sent to the host given with --host, as neither COLLAB_HOST nor a default host is set',
    );
  }
  const rows: Row[] = hosts.flatMap((host) => {
    const fromEnv =
      envOwner?.host === host && ctx.session.env.COLLAB_TOKEN
        ? [
            {
              host,
              user: null,
              active: true,
              origin: { source: 'environment', token: ctx.session.env.COLLAB_TOKEN },
            } as Row,
          ]
        : [];
    const stored = accountsOf(config.host(host)).flatMap((account) => {
      const origin = accountOrigin(account);
      return origin ? [{ host, user: account.user, active: account.active && fromEnv.length === 0, origin }] : [];
    });
    // A host asked for with --host that has no token is a row saying so.
    return fromEnv.length + stored.length > 0 || !ctx.session.givenHost
      ? [...fromEnv, ...stored]
      : [{ host, user: null, active: false, origin: undefined }];
  });
  if (rows.length === 0)
    throw new CollabError('auth', 'not logged in to any host', {
      hint: 'run `collab auth login --host <url>`, or set COLLAB_HOST and COLLAB_TOKEN',
    });
  const statuses = await Promise.all(
    rows.map((row) => check(ctx, row, typeof defaultHost === 'string' && hostKey(defaultHost) === row.host)),
  );
  await ctx.presenter.list(statuses, { columns: COLUMNS });
  const invalid = statuses.filter((s) => !s.valid);
  if (invalid.length > 0)
    throw new CollabError('auth', `${invalid.length} of ${statuses.length} accounts have no working token`, {
      hint: 'run `collab auth login --host <url>` for each',
    });
}

async function check(
  ctx: VerbContext,
  { host, user, active, origin }: Row,
  isDefault: boolean,
): Promise<AccountStatus> {
  const base = {
    host,
    default: isDefault,
    user,
    active,
    source: origin?.source ?? null,
    command: origin?.source === 'command' ? origin.command : null,
  };
  if (!origin) return { ...base, valid: false, error: 'no token' };
  try {
    const { token } =
      origin.source === 'environment'
        ? { token: origin.token }
        : await ctx.session.resolveToken(host, { user: user ?? '' });
    const me = await verifyToken(ctx, host, token);
    return { ...base, user: user || me.username, valid: true, error: null };
  } catch (error) {
    if (isCollabError(error) && error.kind === 'interrupted') throw error;
    return { ...base, valid: false, error: isCollabError(error) ? error.message : String(error) };
  }
}
