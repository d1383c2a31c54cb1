import { constants, openAsBlob } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { uploadFile } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
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

/**
 * Once a run: the file is there, is a file and may be read (it is read as it is sent, so what would
 * fail the read then is said now, before any request).
 */
export async function parse({ project, file }: UploadOptions): Promise<UploadOptions> {
  const unreadable = (problem: unknown) => unreadableFile(`cannot read ${file}`, problem);
  const info = await stat(file).catch((error: unknown) => {
    throw unreadable(error);
  });
  if (!info.isFile()) throw unreadable(info);
  // stat needs no right to read the file: one of mode 000 is refused here.
  await access(file, constants.R_OK).catch((error: unknown) => {
    throw unreadable(error);
  });
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
