import { getStorage } from '../../api/project-extras.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import type { CommandInput } from '../spec.js';
import { adminOnly, projectArg } from './extra-common.js';

const STORAGE_COLUMNS: readonly Column[] = [
  { header: 'PROJECT', path: 'project_id' },
  { header: 'STORAGE', path: 'repository_storage' },
  { header: 'DISK PATH', path: 'disk_path' },
  { header: 'CREATED', path: 'created_at' },
];

export interface StorageOptions {
  project: string | number;
}

export function options({ args }: CommandInput): StorageOptions {
  return { project: projectArg(args) };
}

export async function run(ctx: Context, opts: StorageOptions): Promise<void> {
  const response = await ctx.request<unknown>(getStorage(opts.project)).catch((error: unknown) => adminOnly(error, 'the storage of a project'));
  if ((await ctx.outputOptions()).format === 'json') {
    // As the service sent it: an array per the spec, one object in some GitLab versions.
    await ctx.printResource(response.data, { columns: STORAGE_COLUMNS });
    return;
  }
  await ctx.printItems(Array.isArray(response.data) ? response.data : [response.data], STORAGE_COLUMNS);
}
