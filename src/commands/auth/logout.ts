import type { VerbContext } from '../../context.js';
import { removeAccount } from '../../config/accounts.js';
import type { VerbInput } from '../verb.js';
import { accountNamed, accountsOn, authHost } from './accounts.js';
import type { LOGOUT } from './index.js';
import { forgetInKeyring } from './login.js';

/**
 * Forgets one account of the host (the active one unless --user), and its token wherever it was
 * kept. When the active account goes, another becomes active (as gh does); when the last goes,
 * the host's entry goes with it (and the default host, if it was that).
 */
export async function run(ctx: VerbContext, { user }: VerbInput<typeof LOGOUT>): Promise<void> {
  const config = await ctx.session.config();
  const host = await authHost(ctx, config, 'log out of');
  const accounts = accountsOn(config, host);
  const account = accountNamed(
    accounts,
    user ?? (accounts.find((a) => a.active) ?? (accounts[0] as (typeof accounts)[0])).user,
    host,
  );
  let nowActive: string | undefined;
  if (accounts.length === 1) await config.removeHost(host.key);
  else {
    await config.setHost(host.key, (current) => {
      const next = removeAccount(current ?? {}, account.user);
      nowActive = next.active;
      return next.entry;
    });
  }
  if (account.place === 'keyring') await forgetInKeyring(ctx, host.key, account.user);
  const who = account.user ? ` (${account.user})` : '';
  const then =
    account.active && nowActive
      ? `; ${nowActive} is now the active account`
      : accounts.length === 1
        ? `; no account is left for it in ${config.path}`
        : '';
  ctx.terminal.info(`logged out of ${host.key}${who}${then}`);
}
