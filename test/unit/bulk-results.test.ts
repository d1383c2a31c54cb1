import { describe, expect, it } from 'vitest';
import { failure, failuresError, type Outcome } from '../../src/bulk/results.js';
import { parseTargets } from '../../src/bulk/targets.js';
import { CollabError } from '../../src/errors.js';

const same = (text: string) => text;
const ok: Outcome = { result: { target: 1, status: 'ok', error: null, response: {} }, message: '' };
const SENT = Date.parse('2026-12-03T12:00:00.000Z');
const unsure = () =>
  new CollabError('server', 'cannot tell whether the request took effect (POST /projects/2/hooks): after 502', {
    request: { method: 'POST', path: '/projects/2/hooks' },
    unsure: true,
  });

describe('a failed target of a run over many', () => {
  it('is unknown, its send time first, when its error cannot tell whether its change took effect', () => {
    const { result, message } = failure(2, unsure(), same, SENT);
    expect(result).toEqual({
      target: 2,
      status: 'unknown',
      error:
        'sent 2026-12-03T12:00:00.000Z; cannot tell whether the request took effect (POST /projects/2/hooks): after 502',
      sent_at: '2026-12-03T12:00:00.000Z',
      response: null,
    });
    expect(message).toBe(result.error);
  });

  it('is failed when no change of it went out, however unsure its error', () => {
    expect(failure(2, unsure(), same).result.status).toBe('failed');
  });

  it('ends the run with advice to feed back the unknown ones too, which look before sending', () => {
    const plain = new CollabError('server', '503 Service Unavailable', {
      request: { method: 'GET', path: '/projects/3' },
    });
    const error = failuresError([ok, failure(2, unsure(), same, SENT), failure(3, plain, same)]);
    expect(error?.message).toBe('1 ok, 1 failed, 1 unknown');
    expect(error?.hint).toMatch(/^feed the failed and unknown results back on standard input .*\$2 == "unknown"/);
  });
});

describe('an unknown result fed back', () => {
  const { result } = failure(2, unsure(), same, SENT);

  it('is read with its send time from the piped text', () => {
    const [line] = parseTargets(`2\tunknown\t${result.error}\n`, 'project');
    expect(line).toMatchObject({ ref: 2, unknownSince: SENT });
  });

  it('is read with its send time from ndjson', () => {
    const [line] = parseTargets(`${JSON.stringify(result)}\n`, 'project');
    expect(line).toMatchObject({ ref: 2, unknownSince: SENT });
  });

  it('is read with its send time from csv, whose header has no sent_at', () => {
    const [line] = parseTargets(`target,status,error,response\n2,unknown,"${result.error}",\n`, 'project');
    expect(line).toMatchObject({ ref: 2, unknownSince: SENT });
  });

  it('is read without a send time when its status is failed', () => {
    const [line] = parseTargets(`2\tfailed\t${result.error}\n`, 'project');
    expect(line?.unknownSince).toBeUndefined();
  });
});
