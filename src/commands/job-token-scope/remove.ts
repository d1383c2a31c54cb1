import { notInAllowlist, removeFromAllowlist } from '../../api/job-token-scope.js';
import type { VerbContext } from '../../context.js';
import { deleteOwned } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { entryId, sourceId } from './add.js';
import { ENTRY } from './shared.js';
import { ownProjectProblem } from './entry.js';
import { ownerVerb } from '../owner.js';

export const REMOVE = ownerVerb({
  kinds: ['project'],
  name: 'remove',
  summary: 'Take a project or a group off the allowlist (one not on it is not an error)',
  description: 'On a terminal you confirm by typing the path; scripts pass --yes.',
  flags: { entry: ENTRY },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: ['collab job-token-scope remove --project acme/web/storefront --target-project acme/platform/api --yes'],
});

type RemoveEntryOptions = VerbInput<typeof REMOVE>;

/** As every owned thing's delete: the path typed on a terminal, --yes elsewhere; an entry not there is done. */
export async function run(ctx: VerbContext, opts: RemoveEntryOptions): Promise<void> {
  const { entry } = opts;
  const own = ownProjectProblem(opts.owner, entry);
  if (own) throw own;
  await deleteOwned(ctx, {
    owner: opts.owner,
    what: `${entry.kind} ${entry.ref}`,
    list: 'job token allowlist',
    typed: String(entry.ref),
    yes: opts.yes,
    strict: false,
    request: removeFromAllowlist(await sourceId(ctx, opts.owner.ref), entry.kind, await entryId(ctx, entry)),
    absent: notInAllowlist,
  });
}
