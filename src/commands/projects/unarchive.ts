import type { ProjectRef } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { setArchived } from './archive.js';

export { options } from './archive.js';

export async function run(ctx: Context, opts: { project: ProjectRef }): Promise<void> {
  await setArchived(ctx, opts.project, false);
}
