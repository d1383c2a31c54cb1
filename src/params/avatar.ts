/**
 * Avatars of projects and groups: GitLab's Avatarable rule, the same for both (the API reference says
 * "image file"): these image types, at most 200 KiB.
 */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const;
export const AVATAR_MAX_BYTES = 200 * 1024;
