import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { setArchived } from './archive.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const UNARCHIVE = verb({
  name: 'unarchive',
  summary: 'Unarchive a project; unarchiving an active project changes nothing',
  args: { project: PROJECT },
  mutating: true,
  examples: ['collab projects unarchive acme/web/storefront'],
});

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  await setArchived(ctx, opts.project, false);
}
