import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { UploadFile } from '../api/form.js';
import { CollabError } from '../errors.js';
import { avatarProblem, avatarType } from '../params/avatar.js';
import { unreadableFile } from '../util/unreadable.js';

/**
 * Reads the image of --avatar (projects and groups create/update) for upload. A file the service
 * would refuse (another type, over the size limit) or cannot be read is a usage error, before
 * anything is sent.
 */
export async function readAvatar(path: string): Promise<UploadFile> {
  const contentType = avatarType(path);
  if (contentType === undefined) {
    throw new CollabError('usage', `invalid value "${path}" for --avatar: ${avatarProblem(path, 0)}`);
  }
  const unreadable = (error: unknown) => unreadableFile(`cannot read ${path} for --avatar`, error);
  const info = await stat(path).catch((error: unknown) => {
    throw unreadable(error);
  });
  // A directory, socket or device: said as a read of it would be.
  if (!info.isFile()) throw unreadable(info);
  const size = info.size;
  // The type is one the service takes, so what is left to refuse is the size.
  const problem = avatarProblem(path, size);
  if (problem) throw new CollabError('usage', `${path} is too big for --avatar: ${problem}`);
  // stat needs no right to read the file: one of mode 000 is refused here.
  try {
    return { filename: basename(path), contentType, data: await readFile(path) };
  } catch (error) {
    throw unreadable(error);
  }
}
