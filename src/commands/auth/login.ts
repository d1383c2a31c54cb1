import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { chooseHost } from '../../config/host.js';
import { type AccountEntry, accountsOf, addAccount } from '../../config/accounts.js';
import { isStoreError } from '../../config/credentials.js';
import { type ConfigStore, hostKey } from '../../config/store.js';
import { envTokenHost } from '../../config/tokens.js';
import type { VerbInput } from '../verb.js';
import type { LOGIN } from './index.js';
import { verifyToken } from './verify.js';

/** What a token header can carry (src/http/client.ts refuses the rest). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

interface LoginOptions {
  withToken: boolean;
  tokenCommand: string | undefined;
  insecureStorage: boolean;
}

/** The flags' own rules, before anything is read or sent. */
export function parse({ withToken, tokenCommand, insecureStorage }: VerbInput<typeof LOGIN>): LoginOptions {
  if (tokenCommand !== undefined) {
    if (insecureStorage)
      throw new CollabError('usage', '--token-command and --insecure-storage cannot be combined', {
        hint: 'a token command keeps no token: give one of them',
      });
    if (withToken)
      throw new CollabError('usage', '--token-command and --with-token cannot be combined', {
        hint: 'give the token on standard input, or a command that prints it',
      });
    if (tokenCommand.trim() === '')
      throw new CollabError('usage', 'the --token-command is empty', {
        hint: "give a command that prints the token, e.g. --token-command 'pass show gitlab/token'",
      });
  }
  return { withToken, tokenCommand, insecureStorage };
}

export async function run(ctx: VerbContext, opts: LoginOptions): Promise<void> {
  // The host is checked first, before standard input or a prompt is read (src/config/host.ts).
  const chosen = await chooseHost(ctx.session.givenHost, ctx.session.env, async () =>
    (await ctx.session.config()).get('host'),
  );
  let host = chosen?.url;
  let token: string;
  if (opts.tokenCommand !== undefined) {
    if (!host) throw new CollabError('usage', 'no host given', { hint: 'pass --host <url> with --token-command' });
    const { runTokenCommand } = await import('../../config/token-command.js');
    token = await runTokenCommand(opts.tokenCommand, {
      host: hostKey(host),
      signal: ctx.session.signal,
      env: ctx.session.env,
    });
  } else if (opts.withToken) {
    if (!host) throw new CollabError('usage', 'no host given', { hint: 'pass --host <url> with --with-token' });
    // At a terminal the read waits for typing: the prompter says so, and how to end it.
    token = (await ctx.prompter.readStdin('the token')).trim();
    if (!token)
      throw new CollabError('auth', 'no token on standard input', {
        hint: 'pipe it in: echo "$TOKEN" | collab auth login --with-token --host <url>',
      });
    // Said here, of standard input: the client's own refusal would point at COLLAB_TOKEN.
    if (!HEADER_SAFE.test(token))
      throw new CollabError(
        'auth',
        'the token on standard input holds a space, a line break or a non-ASCII character, which no token has',
        { hint: 'pipe the token alone, on one line: collab auth login --with-token --host <url> < token.txt' },
      );
  } else {
    const prompts = await ctx.prompter.prompts(
      'pipe the token in with --with-token, give --token-command, or set COLLAB_HOST and COLLAB_TOKEN',
    );
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
    token = (
      await prompts.password({
        message: `Token for ${hostKey(host)} (api scope):`,
        mask: '*',
        validate: (v) =>
          !v.trim()
            ? 'a token is required'
            : HEADER_SAFE.test(v.trim())
              ? true
              : 'a token has no spaces, line breaks or non-ASCII characters',
      })
    ).trim();
  }
  ctx.terminal.addSecret(token);
  const user = await verifyToken(ctx, host, token, 'given');
  const config = await ctx.session.config();
  const key = hostKey(host);
  const { account, where } =
    opts.tokenCommand !== undefined
      ? { account: { token_command: opts.tokenCommand }, where: 'its token command stored (no token)' }
      : await keepToken(ctx, config, key, user.username, token, opts.insecureStorage);
  const before = accountsOf(config.host(key)).find((a) => a.user === user.username);
  await config.setHost(key, (current) => addAccount(current, user.username, account), { becomeDefault: true });
  // A token that left the keyring for the file or a command leaves nothing behind there.
  if (before?.place === 'keyring' && !account.keyring) await forgetInKeyring(ctx, key, user.username);
  const others = accountsOf(config.host(key)).filter((a) => a.user !== user.username).length;
  ctx.terminal.info(
    `logged in to ${key} as ${user.username}; ${where}${others > 0 ? `; the active account of ${others + 1} (\`collab auth switch\` changes it)` : ''}`,
  );
  // The rule of src/config/tokens.ts: COLLAB_TOKEN, when it belongs to this host, wins over what was just stored.
  const owner = ctx.session.env.COLLAB_TOKEN
    ? envTokenHost({ config, env: ctx.session.env, givenHost: ctx.session.givenHost })
    : undefined;
  if (owner?.host === hostKey(host)) {
    ctx.terminal.warn(
      `COLLAB_TOKEN is set and is sent to ${owner.host} (${owner.because}) instead of the token stored for it; unset COLLAB_TOKEN to use the stored one`,
    );
  }
}

/**
 * Where the token goes: the system keyring, unless --insecure-storage asks for the file or no
 * keyring answers: then the file, said in the one line of the login: why there was none (no
 * D-Bus session, CI, a container) or, as a warning, how the store failed. Logging in again with
 * a keyring moves a token that was in the file into it.
 */
async function keepToken(
  ctx: VerbContext,
  config: ConfigStore,
  host: string,
  user: string,
  token: string,
  insecure: boolean,
): Promise<{ account: AccountEntry; where: string }> {
  const inFile = (why: string) => ({ account: { token }, where: `token stored in ${config.path} (mode 0600)${why}` });
  if (insecure) return inFile('');
  const access = await ctx.session.credentials();
  if (!access.store) return inFile(`: no system keyring (${access.unavailable})`);
  try {
    await access.store.set(host, user, token);
    return { account: { keyring: true }, where: `token stored in ${access.store.name}` };
  } catch (error) {
    if (!isStoreError(error)) throw error;
    ctx.terminal.warn(`${error.message}: the token goes to the config file instead`);
    return inFile(` as ${access.store.name} failed`);
  }
}

/** Removes an account's token from the keyring; a store that fails is said, not fatal (the account is gone from the file). */
export async function forgetInKeyring(ctx: VerbContext, host: string, user: string): Promise<void> {
  const access = await ctx.session.credentials();
  try {
    if (!access.store) throw new Error(access.unavailable);
    await access.store.delete(host, user);
  } catch (error) {
    if (isStoreError(error, 'not-found')) return;
    ctx.terminal.warn(`the token of ${user} on ${host} may remain in the system keyring: ${(error as Error).message}`);
  }
}
