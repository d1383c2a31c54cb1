import { type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { minLength, string } from 'zod/mini';
import type { UploadFile } from '../../api/form.js';
import { updateGroup } from '../../api/groups.js';
import { updateProject } from '../../api/projects.js';
import { CollabError } from '../../errors.js';
import { avatarProblem, avatarType } from '../../params/avatar.js';
import { unreadableFile, unreadableReason } from '../../util/unreadable.js';
import type { OnTarget, Section } from './section.js';

/**
 * `avatar`: a file (relative to collab.yaml) uploaded as the project's or group's avatar. The
 * service shows only the URL it keeps it at, which ends with the file's name: the same name is the
 * same avatar.
 */

type AvatarSpec = OnTarget & { op: 'avatar'; body: { avatar: string } };

/** The file to upload, checked as `--avatar` checks it (src/params/avatar.ts): a type or size the service refuses is a usage error before anything is sent. */
async function avatarFile(path: string, dir: string | undefined): Promise<UploadFile> {
  const contentType = avatarType(path);
  const refuse = (problem: string) =>
    new CollabError('usage', `avatar ${path}: ${problem}`, {
      hint: 'avatar: is an image file, relative to the desired-state file',
    });
  if (contentType === undefined) throw refuse(avatarProblem(path, 0) as string);
  const file = { filename: basename(path), contentType };
  if (dir === undefined) return { ...file, data: Buffer.alloc(0) };
  let data: Buffer;
  try {
    data = await readFile(resolve(dir, path));
  } catch (error) {
    // A path is read from the desired-state file's directory, not the current one: the hint says so.
    const denied = (error as NodeJS.ErrnoException).code === 'EACCES';
    throw unreadableFile(
      `cannot read the avatar file ${path}`,
      error,
      denied ? undefined : 'avatar: is a path relative to the desired-state file',
    );
  }
  const problem = avatarProblem(path, data.length);
  if (problem) throw refuse(problem);
  return { ...file, data };
}

export const avatar: Section<AvatarSpec> = {
  name: 'avatar',
  kinds: ['project', 'group'],
  schema: () => string().check(minLength(1)),
  // What is there that no read can make an image (a directory) is refused as --avatar refuses it.
  // A missing file is not: it may be put beside collab.yaml after the plan, and is said when sent.
  fileProblem: (value, dir) => {
    if (typeof value !== 'string' || avatarType(value) === undefined) return undefined;
    let info: Stats;
    try {
      info = statSync(resolve(dir, value));
    } catch {
      return undefined;
    }
    return info.isFile() ? undefined : `cannot read the avatar file ${value}: ${unreadableReason(info)}`;
  },
  diff: ({ value, live, creating, emit }) => {
    if (typeof value !== 'string') return;
    const url = live.resource?.avatar_url;
    if (typeof url === 'string' && url.endsWith(`/${basename(value)}`)) return;
    emit('avatar', creating || url == null ? 'create' : 'update', url ?? null, value, {
      op: 'avatar',
      body: { avatar: value },
    });
  },
  // The file is not downloaded: its name is written, the file to be put beside collab.yaml before it is changed.
  export: ({ live }) =>
    typeof live.resource?.avatar_url === 'string'
      ? basename(new URL(live.resource.avatar_url, 'http://x').pathname)
      : undefined,
  liveFields: (_key, live) => ({ avatar_url: live.resource?.avatar_url ?? null }),
  ops: ['avatar'],
  send: async (spec, resolver) => {
    const file = await avatarFile(spec.body.avatar, resolver.dir);
    return [spec.kind === 'project' ? updateProject(spec.ref, {}, file) : updateGroup(spec.ref, {}, file)];
  },
};
