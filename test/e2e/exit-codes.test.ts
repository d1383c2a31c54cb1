import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * docs/exit-codes.md's codes for a run over many targets, which scripts rely on, held to what such
 * a run exits with: each documented code is read from the doc's table, not restated here.
 */
const DOC = readFileSync(new URL('../../docs/exit-codes.md', import.meta.url), 'utf8');
const SECTION = DOC.slice(Math.max(0, DOC.indexOf('## A run over many targets')));

/** The code the doc gives a run whose failures are all of `cause` (`all 404: 4`). */
const documented = (cause: string): number | undefined => {
  const found = new RegExp(`all ${cause}: (\\d+)`).exec(SECTION);
  return found ? Number(found[1]) : undefined;
};

/** The code the doc gives a run whose failures have different codes. */
const documentedMixed = (): number | undefined => {
  const found = /\| with different codes[^|]*\| (\d+) \|/.exec(SECTION);
  return found ? Number(found[1]) : undefined;
};

const lines = (...items: string[]) => `${items.join('\n')}\n`;

describe('docs/exit-codes.md: a run over many targets', () => {
  const { collab } = useSandbox({ seed: 30 });

  it('some targets not found, another starred: the code the doc gives all 404', async () => {
    const run = await collab(['projects', 'star', '-'], {
      input: lines('acme/web/storefront', 'nope/a', 'nope/b'),
      as: 'developer',
    });
    expect(documented('404')).toBeDefined();
    expect(run.exitCode).toBe(documented('404'));
  });

  it('every target refused 403: the code the doc gives all 401 or 403', async () => {
    const run = await collab(['groups', 'update', '-', '--description', 'Managed'], {
      input: lines('acme/web', 'acme/platform'),
      as: 'maintainer',
    });
    expect(documented('401 or 403')).toBeDefined();
    expect(run.exitCode).toBe(documented('401 or 403'));
  });

  it('every target refused 400: the code the doc gives all 400, 405, 409 or 422', async () => {
    const run = await collab(
      ['schedules', 'create', '--project', '-', '--description', 'n', '--ref', 'nope', '--cron', '0 2 * * *'],
      { input: lines('acme/web/storefront', 'acme/platform/api'), as: 'owner' },
    );
    expect(documented('400, 405, 409 or 422')).toBeDefined();
    expect(run.exitCode).toBe(documented('400, 405, 409 or 422'));
  });

  it('only unreadable lines of standard input failed: the code the doc gives them', async () => {
    const run = await collab(['projects', 'star', '-'], {
      input: lines('acme/web/storefront', '{"id": 5,'),
      as: 'developer',
    });
    expect(documented('unreadable lines of standard input')).toBeDefined();
    expect(run.exitCode).toBe(documented('unreadable lines of standard input'));
  });

  it('failures with different codes (an unreadable line, a 404): the code the doc gives a mix', async () => {
    const run = await collab(['projects', 'star', '-'], {
      input: lines('acme/web/storefront', '{"id": 5,', 'nope/a'),
      as: 'developer',
    });
    expect(documentedMixed()).toBeDefined();
    expect(run.exitCode).toBe(documentedMixed());
  });
});
