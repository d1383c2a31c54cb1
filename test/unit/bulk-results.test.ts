import { describe, expect, it } from 'vitest';
import { failure, failureHints, failuresError, type Outcome, retriedStatuses } from '../../src/bulk/results.js';
import { statusFilter } from '../../src/output/stream-presenter.js';
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
    const outcomes = [ok, failure(2, unsure(), same, SENT), failure(3, plain, same)];
    const error = failuresError(outcomes, statusFilter('table', undefined, false, retriedStatuses(outcomes)));
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

describe("a failed target's hint", () => {
  const refused = (hint: string) => new CollabError('auth', '403 Forbidden', { status: 403, hint });
  const OWNERS = 'only owners and administrators may do this';

  it('is kept beside the result, redacted as its message is, and never in the result', () => {
    const redact = (text: string) => text.replaceAll('glpat-s3cret', '[redacted]');
    const outcome = failure('acme/web', refused('retry with glpat-s3cret\nor ask'), redact);
    expect(outcome.hint).toBe('retry with [redacted] or ask');
    expect(outcome.result).toEqual({ target: 'acme/web', status: 'failed', error: '403 Forbidden', response: null });
  });

  it('is not kept for an unknown target: the run says how to feed it back', () => {
    const hinted = new CollabError('server', 'cannot tell whether the request took effect', {
      hint: 'check whether it was done before running this again',
      unsure: true,
    });
    expect(failure(2, hinted, same, SENT).hint).toBeUndefined();
  });

  it('shared by many targets is one line, naming the first and counting the others', () => {
    const outcomes = ['acme/web', 'acme/platform', 'acme/platform/infra'].map((target) =>
      failure(target, refused(OWNERS), same),
    );
    expect(failureHints([ok, ...outcomes])).toEqual([`hint for acme/web and 2 others: ${OWNERS}`]);
  });

  it('of 3,001 targets failing alike is still one line', () => {
    const outcomes = Array.from({ length: 3001 }, (_, i) => failure(i + 1, refused(OWNERS), same));
    expect(failureHints(outcomes)).toEqual([`hint for 1 and 3,000 others: ${OWNERS}`]);
  });

  it('past three distinct hints, the rest are counted on one line', () => {
    const outcomes = [1, 2, 3, 4, 5, 5].map((n, i) => failure(i + 1, refused(`hint ${n}`), same));
    expect(failureHints(outcomes)).toEqual([
      'hint for 1: hint 1',
      'hint for 2: hint 2',
      'hint for 3: hint 3',
      'hint: 2 more hints, for 3 other targets (--verbose shows each)',
    ]);
  });

  it('with --verbose, every distinct hint has its line', () => {
    const outcomes = [1, 2, 3, 4].map((n) => failure(n, refused(`hint ${n}`), same));
    expect(failureHints(outcomes, true)).toHaveLength(4);
  });

  it('gives no line when no failure has a hint', () => {
    expect(failureHints([ok, failure(2, new CollabError('not-found', '404 Project Not Found'), same)])).toEqual([]);
  });
});
