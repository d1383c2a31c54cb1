import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { type Account, accountsOf, sameUser } from '../../config/accounts.js';
import { type ChosenHost, chooseHost } from '../../config/host.js';
import type { ConfigStore } from '../../config/store.js';

/** The host an auth verb acts on (src/config/host.ts's rule), or a usage error saying how to name one. */
export async function authHost(ctx: VerbContext, config: ConfigStore, action: string): Promise<ChosenHost> {
  const host = await chooseHost(ctx.session.givenHost, ctx.session.env, () => config.get('host'));
  if (!host) throw new CollabError('usage', `no host to ${action}`, { hint: 'pass --host <url>' });
  return host;
}

/** The host's accounts; a usage error when it has none. */
export function accountsOn(config: ConfigStore, host: ChosenHost): Account[] {
  const accounts = accountsOf(config.host(host.key));
  if (accounts.length === 0)
    throw new CollabError('usage', `not logged in to ${host.key}`, { hint: 'see `collab auth status`' });
  return accounts;
}

/** `user`'s account among them (any case: GitLab's usernames are), or a usage error naming those there are. */
export function accountNamed(accounts: readonly Account[], user: string, host: ChosenHost): Account {
  const account = accounts.find((a) => sameUser(a.user, user));
  if (!account)
    throw new CollabError('usage', `no account ${user} on ${host.key}`, {
      hint: `its accounts: ${accounts.map((a) => a.user).join(', ')}`,
    });
  return account;
}
