import { type Moderation, moderateUser } from '../../api/users.js';
import type { VerbContext } from '../../context.js';
import type { Column } from '../../output/format.js';
import { resolveUser } from '../members/shared.js';

/**
 * block, unblock, deactivate, activate, ban, unban: one request each (POST /users/:id/<action>),
 * whose 201 says what happened: `true` done, `null` already so, `false` nothing to undo. GitLab's
 * refusals (a user blocked through LDAP, a deactivation of someone active in the last 90 days...)
 * are its 403s, in its words.
 */
export const DONE: Record<Moderation, string> = {
  block: 'blocked',
  unblock: 'unblocked',
  deactivate: 'deactivated',
  activate: 'activated',
  ban: 'banned',
  unban: 'unbanned',
};

/** What the user is not, when the service had nothing to undo. */
const NOT: Partial<Record<Moderation, string>> = { unblock: 'blocked', activate: 'deactivated' };

const COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USER', path: 'user' },
  { header: 'STATE', path: 'state' },
  { header: 'CHANGED', path: 'changed' },
];

/** What an answer says happened: done, or why nothing changed. */
export function moderationText(action: Moderation, user: string, answer: unknown): { changed: boolean; text: string } {
  if (answer === true) return { changed: true, text: `${DONE[action]} ${user}` };
  if (answer === null) return { changed: false, text: `${user} is already ${DONE[action]}; nothing to do` };
  return { changed: false, text: `${user} is not ${NOT[action] ?? DONE[action]}; nothing to do` };
}

/** One moderation, for the verb's run. */
export async function moderate(action: Moderation, ctx: VerbContext, opts: { user: string }): Promise<void> {
  const user = await resolveUser(ctx, opts.user);
  const response = await ctx.session.mutate(moderateUser(user.id, action));
  if (!response) return;
  const { changed, text } = moderationText(action, opts.user, response.data);
  if (changed) ctx.terminal.info(text);
  else await ctx.presenter.action({ unchanged: text });
  await ctx.presenter.action({
    value: { id: user.id, user: opts.user, state: DONE[action], changed },
    columns: COLUMNS,
  });
}
