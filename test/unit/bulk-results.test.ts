import { describe, expect, it } from 'vitest';
import { failure, failuresError, type Outcome } from '../../src/bulk/results.js';
import { CollabError } from '../../src/errors.js';

const same = (text: string) => text;
const ok: Outcome = { result: { target: 1, status: 'ok', error: null, response: {} }, message: '' };

describe('the error a run over many targets ends with', () => {
  it('warns before its advice to feed failures back when one cannot tell whether its request took effect', () => {
    const unsure = new CollabError('server', 'cannot tell whether the request took effect (POST /projects/2/hooks)', {
      request: { method: 'POST', path: '/projects/2/hooks' },
      unsure: true,
    });
    const plain = new CollabError('server', '503 Service Unavailable', {
      request: { method: 'GET', path: '/projects/3' },
    });
    const error = failuresError([ok, failure(2, unsure, same), failure(3, plain, same)]);
    expect(error?.message).toBe('1 ok, 2 failed');
    expect(error?.hint).toMatch(
      /^1 of them cannot tell whether their request took effect \(their error says so\): check those before sending them again, which may do it twice; each failed target is a result with status failed; feed those back/,
    );
  });

  it('advises feeding failures back, with no warning, when every failure is sure', () => {
    const plain = new CollabError('server', '503 Service Unavailable', {
      request: { method: 'GET', path: '/projects/3' },
    });
    const error = failuresError([ok, failure(3, plain, same)]);
    expect(error?.hint).toMatch(/^each failed target is a result with status failed; feed those back/);
  });
});
