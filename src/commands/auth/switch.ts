import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { activateAccount } from '../../config/accounts.js';
import { envTokenHost } from '../../config/tokens.js';
import type { VerbInput } from '../verb.js';
import { accountNamed, accountsOn, authHost } from './accounts.js';
import type { SWITCH } from './index.js';

/**
 * Makes another account of the host active, as gh's `auth switch`: --user names it; with one other
 * account, that one; with more, a choice at a terminal, else a usage error naming --user. Refused
 * while COLLAB_TOKEN is what the host is sent (switching would change nothing a command sends).
 */
export async function run(ctx: VerbContext, { user }: VerbInput<typeof SWITCH>): Promise<void> {
  const config = await ctx.session.config();
  const host = await authHost(ctx, config, 'switch accounts on');
  const accounts = accountsOn(config, host);
  const owner = ctx.session.env.COLLAB_TOKEN
    ? envTokenHost({ config, env: ctx.session.env, givenHost: ctx.session.givenHost })
    : undefined;
  if (owner?.host === host.key) {
    throw new CollabError('usage', `${host.key} is sent COLLAB_TOKEN (${owner.because}), whichever account is active`, {
      hint: 'unset COLLAB_TOKEN to use the accounts of the config file',
    });
  }
  const active = accounts.find((a) => a.active);
  let target: string;
  if (user !== undefined) target = accountNamed(accounts, user, host).user;
  else {
    const others = accounts.filter((a) => !a.active);
    if (others.length === 0)
      throw new CollabError('usage', `${host.key} has one account (${active?.user}): nothing to switch to`, {
        hint: `add one with \`collab auth login --host ${host.key}\``,
      });
    if (others.length === 1) target = (others[0] as (typeof others)[0]).user;
    else {
      const names = others.map((a) => a.user).join(', ');
      const prompts = await ctx.prompter.prompts(
        `${host.key} has ${others.length} other accounts (${names}): name one with --user`,
      );
      target = await prompts.select({
        message: `Account to use on ${host.key}:`,
        choices: others.map((a) => ({ name: a.user, value: a.user })),
      });
    }
  }
  if (target === active?.user) {
    await ctx.presenter.action({ unchanged: `${target} is already the active account on ${host.key}; nothing to do` });
    return;
  }
  await config.setHost(host.key, (current) => activateAccount(current ?? {}, target));
  ctx.terminal.info(`switched the active account on ${host.key} to ${target}`);
}
