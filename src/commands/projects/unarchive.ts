import type { VerbContext } from '../../context.js';
import type { ProjectInput } from '../resource-args.js';
import { setArchived } from './archive.js';

export async function run(ctx: VerbContext, opts: ProjectInput): Promise<void> {
  await setArchived(ctx, opts.project, false);
}
