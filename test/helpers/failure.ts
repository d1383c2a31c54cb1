import { expect } from 'vitest';
import { CollabError } from '../../src/errors.js';

/** The CollabError a promise rejects with; the test fails if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<CollabError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CollabError);
    return error as CollabError;
  }
  throw new Error('expected the request to fail');
}
