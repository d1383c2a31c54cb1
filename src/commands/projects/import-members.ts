import { importProjectMembers, type MemberImportResult } from '../../api/members.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { projectRef } from '../../params/parsers.js';
import { option } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const IMPORT_MEMBERS = verb({
  name: 'import-members',
  summary: 'Copy the members of another project into a project (maintainers of the target)',
  description: 'Members that cannot be imported are listed with the reason; the exit code is then 5.',
  args: { project: PROJECT },
  flags: {
    from: option('--from <project>', 'the project whose members are copied: numeric ID or full path', projectRef, {
      required: true,
    }),
  },
  mutating: true,
  examples: ['collab projects import-members acme/web/storefront --from acme/web/design-system'],
});

const FAILURE_COLUMNS: readonly Column[] = [
  { header: 'USER', path: 'username' },
  { header: 'REASON', path: 'reason' },
];

interface ImportMembersOptions {
  project: string | number;
  from: string | number;
}

export function parse({ project, from }: VerbInput<typeof IMPORT_MEMBERS>): ImportMembersOptions {
  if (String(from).toLowerCase() === String(project).toLowerCase())
    throw new CollabError('usage', 'a project cannot import its own members', {
      hint: 'give another project to --from',
    });
  return { project, from };
}

/**
 * The service answers 200 even when some members failed, with {"status": "error", "message":
 * {user: reason}}: those are listed (table) or passed through (-o json), and the exit code is 5.
 */
export async function run(ctx: VerbContext, opts: ImportMembersOptions): Promise<void> {
  const response = await ctx.session.mutate<MemberImportResult>(importProjectMembers(opts.project, opts.from));
  if (!response) return;
  const result = response.data;
  const failures =
    result.status === 'error' && result.message && typeof result.message === 'object'
      ? Object.entries(result.message).map(([username, reason]) => ({ username, reason: String(reason) }))
      : [];
  await ctx.presenter.value({ rows: failures, service: result, columns: FAILURE_COLUMNS, quietWhenEmpty: true });
  if (result.status === 'success') {
    ctx.terminal.info(`imported the members of ${opts.from} into ${opts.project}`);
    return;
  }
  if (failures.length === 0)
    throw new CollabError(
      'rejected',
      `the member import into ${opts.project} failed: ${typeof result.message === 'string' ? result.message : 'the service gave no reason'}`,
    );
  const total = result.total_members_count;
  const counted = typeof total === 'number' ? `${failures.length} of ${total}` : String(failures.length);
  throw new CollabError('partial', `${counted} members of ${opts.from} could not be imported into ${opts.project}`, {
    hint: 'each failure is listed with its reason; the other members were imported',
  });
}
