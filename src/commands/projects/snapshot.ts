import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { getSnapshot } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { checkWritable, isSpecialFile, isWriteError, unwritableFile } from '../../util/unwritable.js';
import type { VerbInput } from '../verb.js';
import { SNAPSHOT_PARAMS } from '../../params/project-reads.js';
import { nonEmpty } from '../../params/parsers.js';
import { bool, option } from '../flags.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const SNAPSHOT = verb({
  name: 'snapshot',
  summary: 'Download an uncompressed tar of a project’s repository (administrators)',
  description: 'The archive is streamed to the file (or to standard output with --file -) as it arrives.',
  args: { project: PROJECT },
  flags: {
    file: option('--file <path|->', 'where to write the tar archive; - for standard output', nonEmpty, {
      required: true,
    }),
    wiki: bool('--wiki', (SNAPSHOT_PARAMS[0] as (typeof SNAPSHOT_PARAMS)[number]).description),
  },
  examples: [
    'collab projects snapshot acme/web/storefront --file storefront.tar',
    'collab projects snapshot 42 --wiki --file - | tar -t',
  ],
});

interface SnapshotOptions {
  project: string | number;
  /** A path, or '-' for standard output. */
  file: string;
  wiki: boolean;
}

/** Once a run: where the archive goes is usable. */
export async function parse({ project, file, wiki }: VerbInput<typeof SNAPSHOT>): Promise<SnapshotOptions> {
  // Where the archive goes must be usable before anything is downloaded.
  if (file !== '-') await checkWritable(file);
  return { project, file, wiki };
}

/** Streams the archive as it arrives: nothing is held in memory beyond the chunk in flight. */
export async function run(ctx: VerbContext, opts: SnapshotOptions): Promise<void> {
  // Refused before any request: a tar archive is no text for a terminal.
  if (opts.file === '-')
    await ctx.presenter.bytes({
      refuse: { what: 'a tar archive', hint: 'redirect standard output (> repo.tar, | tar -t) or give --file <path>' },
    });
  const client = await ctx.session.client();
  const response = await client.stream(getSnapshot(opts.project, opts.wiki)).catch((error: unknown) => {
    throw isCollabError(error) && error.status === 403
      ? withHint(error, 'the snapshot of a repository is for administrators only')
      : error;
  });
  let bytes = 0;
  const count = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  const what = opts.wiki ? 'wiki' : 'repository';
  if (opts.file === '-') {
    await ctx.presenter.bytes({ source: count(response.body) });
    ctx.terminal.info(`wrote the ${what} snapshot of ${opts.project} (${bytes} bytes) to standard output`);
    return;
  }
  const special = await isSpecialFile(opts.file);
  try {
    await pipeline(response.body, count, createWriteStream(opts.file));
  } catch (error) {
    // A cut-off archive is worse than none; a device or a FIFO is no archive, and stays.
    if (!special) await unlink(opts.file).catch(() => undefined);
    if (isCollabError(error)) throw error;
    if (isWriteError(error) && (error as NodeJS.ErrnoException).path === opts.file)
      throw unwritableFile(`cannot write ${opts.file}`, error);
    throw new CollabError(
      'network',
      `the snapshot download of ${opts.project} broke off after ${bytes} bytes: ${(error as Error).message}`,
    );
  }
  ctx.terminal.info(`wrote the ${what} snapshot of ${opts.project} (${bytes} bytes) to ${opts.file}`);
}
