import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { uploadFile } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { newFormData } from '../../http/undici.js';
import type { Column } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import type { UPLOAD } from './verbs-extra.js';

const UPLOAD_COLUMNS: readonly Column[] = [
  { header: 'ALT', path: 'alt' },
  { header: 'URL', path: 'url' },
  { header: 'MARKDOWN', path: 'markdown' },
];

interface UploadResult {
  alt: string;
  url: string;
  full_path: string;
  markdown: string;
}

type UploadOptions = VerbInput<typeof UPLOAD>;

/** Once a run: the file is there and is a file (it is read as it is sent). */
export async function parse({ project, file }: UploadOptions): Promise<UploadOptions> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new CollabError(
      'usage',
      `cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : (error.code ?? error.message)}`,
    );
  });
  if (!info.isFile()) throw new CollabError('usage', `cannot upload ${file}: not a regular file`);
  return { project, file };
}

export async function run(ctx: VerbContext, opts: UploadOptions): Promise<void> {
  // The file is read as it is sent, not loaded first.
  const form = await newFormData();
  form.append('file', await openAsBlob(opts.file), basename(opts.file));
  const response = await ctx.session.mutate<UploadResult>(uploadFile(opts.project, form));
  if (!response) return;
  // What people upload for: the Markdown to paste.
  await ctx.presenter.action({ text: response.data.markdown, value: response.data, columns: UPLOAD_COLUMNS });
}
