import { isCollabError, withHint } from '../../errors.js';
import { checkExpiry } from '../../params/members.js';
import { describeOwner } from '../../api/owner.js';
import { resolveGroupId } from '../../api/resolve.js';
import { getOwner, type ShareParams, shareWithGroup } from '../../api/shares.js';
import type { VerbContext } from '../../context.js';
import { accessLevelName, accessLevelWords } from '../../params/access.js';
import type { VerbInput } from '../verb.js';
import { SHARE_COLUMNS, SHARE_DETAIL, sharesOf } from './share-rows.js';
import { accessLevel, date } from '../../params/parsers.js';
import { WITH } from './shared.js';
import { ownerVerb } from '../owner.js';
import { option } from '../flags.js';

export const ADD = ownerVerb({
  kinds: ['project', 'group'],
  name: 'add',
  summary: 'Share it with a group',
  flags: {
    withGroup: WITH,
    access: option(
      '--group-access <level>',
      `the most the group’s members get: ${accessLevelWords()} or 10..50`,
      accessLevel,
      { required: true, aliases: ['--access'] },
    ),
    expires: option('--expires-at <YYYY-MM-DD>', 'the share ends at the start of this day (a future date)', date, {
      aliases: ['--expires'],
    }),
  },
  mutating: true,
  examples: [
    'collab share add --project acme/web/storefront --group-id globex --group-access developer',
    'collab share add --group acme/web --group-id 11 --group-access reporter --expires-at 2030-01-31',
  ],
});

type AddShareOptions = VerbInput<typeof ADD>;

/**
 * GitLab's share services refuse with a bare 404 Not Found (GroupLinkable#execute,
 * app/services/concerns/group_linkable.rb): a group's share needs its Owner role, with no 403
 * before it, and a top-level group may keep its groups from sharing outside its hierarchy. The
 * group shared with was read just before, so it is there and visible: the hint names the rest.
 */
function refusalHint(error: unknown, kind: 'project' | 'group'): unknown {
  if (!isCollabError(error) || error.status !== 404 || error.message !== '404 Not Found') return error;
  return withHint(
    error,
    kind === 'group'
      ? 'sharing a group takes its Owner role, and its top-level group may allow sharing only within its hierarchy'
      : 'its top-level group may allow sharing only within its hierarchy, or the group is not yours to share with',
  );
}

export async function run(ctx: VerbContext, opts: AddShareOptions): Promise<void> {
  checkExpiry(opts.expires, '--expires-at', ctx.session.clock.now());
  // The API takes the group's integer ID: a path costs one GET to resolve (also under --dry-run,
  // so the printed request is the one that would be sent).
  const groupId = await resolveGroupId(ctx.session, opts.withGroup, '--group-id');
  const params: ShareParams = {
    group_id: groupId,
    group_access: opts.access,
    ...(opts.expires ? { expires_at: opts.expires } : {}),
  };
  const response = await ctx.session.mutate(shareWithGroup(opts.owner, params)).catch((error: unknown) => {
    throw refusalHint(error, opts.owner.kind);
  });
  if (!response) return;
  // Print the share as `share list` shows it: a group answers with itself (shared_with_groups
  // included), a project with a bare link, so the project is read back for the group's path.
  // The share is made by then: a failed read-back only makes the printout shorter.
  const record =
    opts.owner.kind === 'group'
      ? response.data
      : await ctx.session.request(getOwner(opts.owner)).then(
          (r) => r.data,
          (error: Error) => ctx.terminal.warn(`the share was made, but reading it back failed: ${error.message}`),
        );
  const share = sharesOf(record).find((s) => s.group_id === groupId);
  ctx.terminal.info(
    `shared ${describeOwner(opts.owner)} with group ${share?.group_full_path ?? groupId} as ${accessLevelName(opts.access)}${opts.expires ? ` until ${opts.expires}` : ''}`,
  );
  await ctx.presenter.resource(
    share ?? { group_id: groupId, group_access_level: opts.access, expires_at: opts.expires ?? null },
    { columns: SHARE_COLUMNS, detail: SHARE_DETAIL },
  );
}
