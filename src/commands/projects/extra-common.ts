import { CollabError } from '../../errors.js';
import { parseArg, projectRef } from '../../params/parsers.js';

/** What the verbs of verbs-extra.ts share: the project argument, list flags, columns. */

export function projectArg(args: readonly string[], index = 0, name = 'project'): string | number {
  return parseArg<string | number>(projectRef, args[index], name);
}

export { listFlags } from '../common-options.js';

/** A 403 on an administrators-only endpoint, with a hint saying so. */
export function adminOnly(error: unknown, what: string): never {
  if (error instanceof CollabError && error.status === 403) {
    throw new CollabError('auth', error.message, { status: 403, ...(error.request ? { request: error.request } : {}), hint: `${what} is for administrators only` });
  }
  throw error;
}
