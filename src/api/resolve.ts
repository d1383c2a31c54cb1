import type { Context } from '../context.js';
import { CollabError } from '../errors.js';
import { apiPath } from '../http/path.js';

/**
 * Where the API wants an integer but people give paths: resolve a path to its ID with one GET.
 * Numeric references are returned as they are, without a request.
 */
export async function resolveGroupId(ctx: Context, ref: string | number, flag = '--group'): Promise<number> {
  if (typeof ref === 'number') return ref;
  const response = await ctx.request<{ id: number }>({ method: 'GET', path: apiPath`/groups/${ref}`, query: { with_projects: false }, expect: 'object' }).catch((error: unknown) => {
    if (error instanceof CollabError && error.kind === 'not-found') throw new CollabError('not-found', `group ${ref} not found (given to ${flag})`, { status: 404 });
    throw error;
  });
  return response.data.id;
}

export async function resolveProjectId(ctx: Context, ref: string | number, flag = '<project>'): Promise<number> {
  if (typeof ref === 'number') return ref;
  const response = await ctx.request<{ id: number }>({ method: 'GET', path: apiPath`/projects/${ref}`, expect: 'object' }).catch((error: unknown) => {
    if (error instanceof CollabError && error.kind === 'not-found') throw new CollabError('not-found', `project ${ref} not found (given to ${flag})`, { status: 404 });
    throw error;
  });
  return response.data.id;
}

/** A group or user namespace by ID or full path (GET /namespaces/:id). */
export async function resolveNamespaceId(ctx: Context, ref: string | number, flag = '--namespace'): Promise<number> {
  if (typeof ref === 'number') return ref;
  const response = await ctx.request<{ id: number }>({ method: 'GET', path: apiPath`/namespaces/${ref}`, expect: 'object' }).catch((error: unknown) => {
    if (error instanceof CollabError && error.kind === 'not-found') throw new CollabError('not-found', `namespace ${ref} not found (given to ${flag})`, { status: 404 });
    throw error;
  });
  return response.data.id;
}
