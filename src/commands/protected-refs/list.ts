import { protectedRefsPath } from '../../api/protected-refs.js';
import { ROLES } from '../../api/roles.js';
import type { VerbContext } from '../../context.js';
import { PROTECTED_BRANCHES_LISTED } from '../../params/protected-refs.js';
import type { VerbInput } from '../verb.js';
import { COLUMNS_OF, command, type RefKind } from './shared.js';
import { ownerVerb } from '../owner.js';

export const listVerb = (kind: RefKind) =>
  ownerVerb({
    kinds: ['project'],
    fixed: { kind },
    name: 'list',
    summary:
      kind === 'branch'
        ? 'List the project’s protected branches and who may push and merge'
        : 'List the project’s protected tags and who may create them',
    list: true,
    examples: [
      `${command(kind)} list --project acme/web/storefront`,
      `${command(kind)} list --project acme/web/storefront --json`,
    ],
  });

/** The declared input is the options: no parse. */
type ListRefsOptions = VerbInput<ReturnType<typeof listVerb>>;

export async function run(ctx: VerbContext, opts: ListRefsOptions): Promise<void> {
  const shown = await ctx.presenter.list(
    await ctx.session.pages(protectedRefsPath(opts.owner.ref, opts.kind), {}, opts.list, {
      requires: ROLES.maintainers,
    }),
    { columns: COLUMNS_OF[opts.kind].columns },
  );
  // The service's list stops there: asked for more, the reader is told the list may not be whole.
  const askedMore = opts.list.all === true || (opts.list.limit ?? 0) > PROTECTED_BRANCHES_LISTED;
  if (opts.kind === 'branch' && shown === PROTECTED_BRANCHES_LISTED && askedMore)
    ctx.terminal.warn(
      `${opts.owner.ref} may have more protected branches: GitLab lists at most ${PROTECTED_BRANCHES_LISTED} of a project (\`${command(opts.kind)} view <name> --project ${opts.owner.ref}\` finds any)`,
    );
}
