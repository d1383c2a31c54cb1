import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { UploadFile } from '../api/form.js';
import { CollabError } from '../errors.js';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, avatarType } from '../params/avatar.js';

/**
 * Reads the image of --avatar (projects and groups create/update) for upload. A file the service
 * would refuse (another type, over the size limit) or cannot be read is a usage error, before
 * anything is sent.
 */
export async function readAvatar(path: string): Promise<UploadFile> {
  const contentType = avatarType(path);
  if (contentType === undefined) {
    throw new CollabError('usage', `invalid value "${path}" for --avatar: expected an image file (${AVATAR_EXTENSIONS.join(', ')})`);
  }
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    size = info.size;
  } catch (error) {
    throw new CollabError('usage', `cannot read ${path} for --avatar: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (size > AVATAR_MAX_BYTES) throw new CollabError('usage', `${path} is too big for --avatar: ${size} bytes, at most ${AVATAR_MAX_BYTES} (200 KiB)`);
  return { filename: basename(path), contentType, data: await readFile(path) };
}
