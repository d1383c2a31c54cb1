import { getStorage } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { ProjectInput } from '../resource-args.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const STORAGE = verb({
  name: 'storage',
  summary: 'Show where a project’s repository is stored (administrators)',
  args: { project: PROJECT },
  examples: ['collab projects storage acme/web/storefront'],
});

const STORAGE_COLUMNS: readonly Column[] = [
  { header: 'PROJECT', path: 'project_id' },
  { header: 'STORAGE', path: 'repository_storage' },
  { header: 'DISK PATH', path: 'disk_path' },
  { header: 'CREATED', path: 'created_at' },
];

type StorageOptions = ProjectInput;

export async function run(ctx: VerbContext, opts: StorageOptions): Promise<void> {
  const response = await ctx.session.request<unknown>(getStorage(opts.project)).catch((error: unknown) => {
    throw isCollabError(error) && error.status === 403
      ? withHint(error, 'the storage of a project is for administrators only')
      : error;
  });
  // JSON as the service sent it: an array per the API reference, one object in some GitLab versions.
  await ctx.presenter.value({
    rows: Array.isArray(response.data) ? response.data : [response.data],
    service: response.data,
    columns: STORAGE_COLUMNS,
  });
}
