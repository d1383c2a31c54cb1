import type { FormData } from 'undici';
import { newFormData } from '../http/undici.js';

/** A file sent as multipart/form-data (a project's or a group's avatar). */
export interface UploadFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Parameters and files as multipart/form-data, with fields the way the service reads them:
 * `topics[]=a`, `container_expiration_policy_attributes[cadence]=7d`.
 */
export async function toFormData(
  params: Record<string, unknown>,
  files: Record<string, UploadFile> = {},
): Promise<FormData> {
  const form = await newFormData();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, String(item));
    else if (typeof value === 'object')
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) add(`${key}[${sub}]`, inner);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  for (const [key, file] of Object.entries(files))
    form.append(key, new Blob([file.data], { type: file.contentType }), file.filename);
  return form;
}
