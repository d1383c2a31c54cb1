import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { getGroupAvatar, type GroupRef } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { nonEmpty } from '../../params/parsers.js';
import { checkWritable, isSpecialFile, isWriteError, unwritableFile } from '../../util/unwritable.js';
import { option } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const GET_AVATAR = verb({
  name: 'avatar',
  summary: 'Download a group’s avatar image',
  args: { group: GROUP },
  flags: {
    file: option('--file <path|->', 'where to save the image, or - for standard output', nonEmpty, { required: true }),
  },
  examples: ['collab groups avatar acme --file acme.png', 'collab groups avatar acme --file - > acme.png'],
});

interface AvatarOptions {
  group: GroupRef;
  /** A file path, or '-' for standard output. */
  file: string;
}

/** Once a run, before any request: where the image goes can be written. */
export async function parse(opts: AvatarOptions): Promise<AvatarOptions> {
  if (opts.file !== '-') await checkWritable(opts.file);
  return opts;
}

/** Streams the avatar to its destination; a file appears only when complete (written aside, then renamed). */
export async function run(ctx: VerbContext, opts: AvatarOptions): Promise<void> {
  // Refused first, before any request: an image is no text for a terminal.
  if (opts.file === '-')
    await ctx.presenter.bytes({
      refuse: { what: 'an image', hint: 'redirect standard output to a file, or give --file <path>' },
    });
  const client = await ctx.session.client();
  const response = await client.stream(getGroupAvatar(opts.group));
  let bytes = 0;
  const counter = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  if (opts.file === '-') {
    await ctx.presenter.bytes({ source: counter(response.body) });
  } else {
    // A device or a FIFO (/dev/null, a pipe's end) takes the bytes as they come; a file appears
    // only when complete: written aside, then renamed.
    const inPlace = await isSpecialFile(opts.file);
    const target = inPlace ? opts.file : `${opts.file}.partial-${process.pid}`;
    try {
      await pipeline(response.body, counter, createWriteStream(target, { flags: inPlace ? 'w' : 'wx' }), {
        signal: ctx.session.signal,
      });
      if (!inPlace) await rename(target, opts.file);
    } catch (error) {
      if (!inPlace) await rm(target, { force: true });
      if ((error as Error).name === 'AbortError') throw new CollabError('interrupted', 'interrupted');
      if (isWriteError(error)) throw unwritableFile(`cannot write ${opts.file}`, error);
      throw error;
    }
  }
  ctx.terminal.info(
    `saved the avatar of group ${opts.group} to ${opts.file === '-' ? 'standard output' : opts.file} (${bytes} bytes)`,
  );
}
