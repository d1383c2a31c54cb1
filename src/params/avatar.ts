/**
 * Avatars of projects and groups: GitLab's Avatarable rule, the same for both (the API reference says
 * "image file"): these image types, at most 200 KiB. The one table of their content types, read by
 * `--avatar` (src/commands/avatar.ts), collab.yaml's `avatar:` (src/desired/sections/avatar.ts) and
 * the sandbox's checks.
 */
const AVATAR_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  webp: 'image/webp',
} as const;

export const AVATAR_EXTENSIONS = Object.keys(AVATAR_TYPES) as ReadonlyArray<keyof typeof AVATAR_TYPES>;
export const AVATAR_MAX_BYTES = 200 * 1024;

/** The content type of an avatar file, by its extension; undefined for a file the service refuses. */
export function avatarType(path: string): string | undefined {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(AVATAR_TYPES, extension) ? AVATAR_TYPES[extension as keyof typeof AVATAR_TYPES] : undefined;
}

/** What the service would refuse in an avatar file of `size` bytes, in words; undefined when it takes it. */
export function avatarProblem(path: string, size: number): string | undefined {
  if (avatarType(path) === undefined) return `expected an image file (${AVATAR_EXTENSIONS.join(', ')})`;
  if (size > AVATAR_MAX_BYTES) return `${size} bytes, at most ${AVATAR_MAX_BYTES} (200 KiB)`;
  return undefined;
}
