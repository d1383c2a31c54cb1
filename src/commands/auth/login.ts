import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { chooseHost } from '../../config/host.js';
import { type HostEntry, hostKey } from '../../config/store.js';
import { envTokenHost } from '../../config/tokens.js';
import { readStdin } from '../../util/stdin.js';
import type { VerbInput } from '../verb.js';
import type { LOGIN } from './index.js';
import { verifyToken } from './verify.js';

export interface LoginOptions {
  withToken: boolean;
  tokenCommand: string | undefined;
}

/** The flags' own rules, before anything is read or sent. */
export function parse({ withToken, tokenCommand }: VerbInput<typeof LOGIN>): LoginOptions {
  if (tokenCommand !== undefined) {
    if (withToken) throw new CollabError('usage', '--token-command and --with-token cannot be combined', { hint: 'give the token on standard input, or a command that prints it' });
    if (tokenCommand.trim() === '') throw new CollabError('usage', 'the --token-command is empty', { hint: "give a command that prints the token, e.g. --token-command 'pass show gitlab/token'" });
  }
  return { withToken, tokenCommand };
}

export async function run(ctx: Context, opts: LoginOptions): Promise<void> {
  // The host is checked first, before standard input or a prompt is read (src/config/host.ts).
  const chosen = await chooseHost(ctx.globals.host, ctx.env, async () => (await ctx.config()).get('host'));
  let host = chosen?.url;
  let token: string;
  if (opts.tokenCommand !== undefined) {
    if (!host) throw new CollabError('usage', 'no host given', { hint: 'pass --host <url> with --token-command' });
    const { runTokenCommand } = await import('../../config/token-command.js');
    token = await runTokenCommand(opts.tokenCommand, { host: hostKey(host), signal: ctx.signal, env: ctx.env });
  } else if (opts.withToken) {
    if (!host) throw new CollabError('usage', 'no host given', { hint: 'pass --host <url> with --with-token' });
    // At a terminal the read waits for typing: say so, and how to end it.
    if (ctx.io.stdinIsTTY) ctx.stderrLine('reading the token from standard input (Ctrl-D to end)…');
    token = (await readStdin(ctx.io.stdin)).trim();
    if (!token) throw new CollabError('auth', 'no token on standard input', { hint: 'pipe it in: echo "$TOKEN" | collab auth login --with-token --host <url>' });
  } else {
    const prompts = await ctx.prompts('pipe the token in with --with-token, give --token-command, or set COLLAB_HOST and COLLAB_TOKEN');
    // At a terminal the default host is offered, not taken: logging in is how another host is added.
    if (!host || chosen?.source === 'the default host') {
      host = await prompts.input({
        message: 'Host URL:',
        ...(host ? { default: host } : {}),
        validate: (value) => {
          try {
            hostKey(value);
            return true;
          } catch (error) {
            return (error as Error).message;
          }
        },
      });
    }
    token = (await prompts.password({ message: `Token for ${hostKey(host)} (api scope):`, mask: '*', validate: (v) => (v.trim() ? true : 'a token is required') })).trim();
  }
  ctx.addSecret(token);
  const user = await verifyToken(ctx, host, token, 'given');
  const config = await ctx.config();
  // One way to the token per host: a stored token or a command, never both.
  const entry = (current: HostEntry | undefined): HostEntry => {
    const { token: _token, token_command: _command, ...settings } = current ?? {};
    return opts.tokenCommand !== undefined ? { ...settings, token_command: opts.tokenCommand, user: user.username } : { ...settings, token, user: user.username };
  };
  await config.setHost(host, entry, { becomeDefault: true });
  const kept = opts.tokenCommand !== undefined ? 'its token command stored (no token)' : 'token stored';
  ctx.info(`logged in to ${hostKey(host)} as ${user.username}; ${kept} in ${config.path}`);
  // The rule of src/config/tokens.ts: COLLAB_TOKEN, when it belongs to this host, wins over what was just stored.
  const owner = ctx.env.COLLAB_TOKEN ? envTokenHost({ config, env: ctx.env, givenHost: ctx.globals.host }) : undefined;
  if (owner?.host === hostKey(host)) {
    ctx.warn(`COLLAB_TOKEN is set and is sent to ${owner.host} (${owner.because}) instead of the token stored for it; unset COLLAB_TOKEN to use the stored one`);
  }
}
