import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { uploadFile } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { newFormData } from '../../http/undici.js';
import type { Column } from '../../output/format.js';
import { unreadableFile } from '../../util/unreadable.js';
import type { VerbInput } from '../verb.js';
import { arg, asText } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const UPLOAD = verb({
  name: 'upload',
  summary: 'Upload a file to a project and print the Markdown that links to it',
  description:
    'Prints the Markdown to paste in a description or comment; -o json prints the whole upload result (alt, url, full_path, markdown).',
  args: { project: PROJECT, file: arg({ name: 'file', description: 'the file to upload' }, asText) },
  mutating: true,
  examples: [
    'collab projects upload acme/web/storefront screenshot.png',
    'collab projects upload 42 report.pdf --json | jq -r .url',
  ],
});

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
  const info = await stat(file).catch((error: unknown) => {
    throw unreadableFile(`cannot read ${file}`, error);
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
