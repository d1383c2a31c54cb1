import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessLevel,
  booleanValue,
  commaList,
  date,
  dateTime,
  duration,
  groupRef,
  integer,
  integerList,
  keyValue,
  nonEmpty,
  parseArg,
  projectRef,
  ruled,
} from '../../src/params/parsers.js';
import { HOOK_URL } from '../../src/params/hooks.js';
import { CollabError } from '../../src/errors.js';

/** A parser's failure: a usage error whose one-line message names the flag. */
function refusal(run: () => unknown): CollabError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CollabError);
    expect((error as CollabError).kind).toBe('usage');
    expect((error as CollabError).message).not.toContain('\n');
    return error as CollabError;
  }
  throw new Error('expected the value to be refused');
}

describe('integer', () => {
  it('reads whole numbers in range', () => {
    expect(integer(1, 100)('42', '--per-page')).toBe(42);
    expect(integer()('-7', '--n')).toBe(-7);
    expect(integer(0)(' 3 ', '--n')).toBe(3);
  });

  it.each(['', 'abc', '1.5', '1e3', '0x10', '12abc', '99999999999999999999', 'Infinity', 'NaN', '١٢'])(
    'refuses %j as a whole number',
    (value) => {
      expect(refusal(() => integer(1, 100)(value, '--per-page')).message).toMatch(
        /^invalid value ".*" for --per-page: expected a whole number from 1 to 100$/,
      );
    },
  );

  it('refuses out of range with the range', () => {
    expect(refusal(() => integer(1, 100)('0', '--per-page')).message).toBe(
      'invalid value "0" for --per-page: expected a whole number from 1 to 100',
    );
    expect(refusal(() => integer(1)('-1', '--page')).message).toBe(
      'invalid value "-1" for --page: expected a whole number from 1',
    );
  });

  it('shortens a huge value and hides control characters in the message', () => {
    const message = refusal(() => integer(1)(`${'9'.repeat(500)}\n\u001b[31m`, '--limit')).message;
    expect(message.length).toBeLessThan(140);
    expect(message).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('date and dateTime', () => {
  it('accepts real dates', () => {
    expect(date('2024-02-29', '--expires')).toBe('2024-02-29');
    expect(date('2026-12-31', '--expires')).toBe('2026-12-31');
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '26-01-01',
    '2026-1-1',
    '2026/01/01',
    'tomorrow',
    '',
  ])('refuses %j as a date', (value) => {
    expect(refusal(() => date(value, '--expires')).message).toMatch(
      /^--expires: invalid date ".*": must be a (real calendar )?date as YYYY-MM-DD$/,
    );
  });

  it('accepts ISO date-times and refuses impossible ones', () => {
    expect(dateTime('2026-01-31T12:00:00Z', '--created-at')).toBe('2026-01-31T12:00:00Z');
    expect(dateTime('2026-01-31T12:00:00.123+02:00', '--created-at')).toBe('2026-01-31T12:00:00.123+02:00');
    expect(dateTime('2026-01-31', '--created-at')).toBe('2026-01-31');
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-01-31T24:00:00Z',
      '2026-01-31T12:60:00Z',
      '2026-01-31T12:00:61Z',
      'now',
      '2026-01-31X',
    ])
      refusal(() => dateTime(bad, '--created-at'));
  });
});

describe('duration', () => {
  it('reads durations to milliseconds', () => {
    expect(duration('90', '--timeout')).toBe(90_000);
    expect(duration('90s', '--timeout')).toBe(90_000);
    expect(duration('10m', '--timeout')).toBe(600_000);
    expect(duration('1h30m', '--timeout')).toBe(5_400_000);
    expect(duration('250ms', '--timeout')).toBe(250);
  });

  it.each(['', 'm', '10x', '-5s', '0s', '1d', 'h1'])('refuses %j as a duration', (value) => {
    refusal(() => duration(value, '--timeout'));
  });
});

describe('accessLevel', () => {
  it('reads names and numbers', () => {
    expect(accessLevel('developer', '--access')).toBe(30);
    expect(accessLevel('Owner', '--access')).toBe(50);
    expect(accessLevel('40', '--access')).toBe(40);
  });

  it('reads planner, by name in any case and by number, as 15', () => {
    expect(accessLevel('planner', '--access')).toBe(15);
    expect(accessLevel('Planner', '--access')).toBe(15);
    expect(accessLevel('15', '--access')).toBe(15);
  });

  it.each(['35', 'admin', '', '-10', '30.0', '1e1'])('refuses %j and lists the levels', (value) => {
    expect(refusal(() => accessLevel(value, '--access')).message).toMatch(
      /invalid access level .*: must be a role: .*developer/,
    );
  });
});

describe('project and group references', () => {
  it('keeps numeric IDs numeric and paths as paths', () => {
    expect(projectRef('42', '<project>')).toBe(42);
    expect(projectRef('grp/sub/app', '<project>')).toBe('grp/sub/app');
    expect(projectRef('/grp/app/', '<project>')).toBe('grp/app');
    expect(groupRef('my_group.x-y', '<group>')).toBe('my_group.x-y');
  });

  it.each([
    '../../users',
    '..',
    'grp/../admin',
    './x',
    'grp//app',
    'grp/app.git',
    '',
    ' ',
    '0',
    '-1',
    '99999999999999999999',
    'grp/ap p',
    'grp/äpp',
    'grp?x=1',
    'grp#x',
    'grp%2Fapp',
    '.hidden',
    'a\\b',
  ])('refuses %j before anything is sent', (value) => {
    expect(refusal(() => projectRef(value, '<project>')).message).toMatch(
      /for <project>: expected a project ID or full path( such as grp\/sub\/app)?$/,
    );
  });

  it('never lets a path segment climb out of the API path, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (value) => {
        let ref: unknown;
        try {
          ref = projectRef(value, '<project>');
        } catch (error) {
          expect((error as CollabError).kind).toBe('usage');
          return;
        }
        if (typeof ref === 'number') expect(Number.isSafeInteger(ref) && ref > 0).toBe(true);
        else
          for (const segment of String(ref).split('/'))
            expect(segment === '' || segment === '.' || segment === '..' || /[?#%\\\s]/.test(segment)).toBe(false);
      }),
      { seed: 3, numRuns: 2000 },
    );
  });

  it('reports a missing positional argument', () => {
    expect(refusal(() => parseArg(projectRef, undefined, 'project')).message).toBe('missing argument <project>');
  });
});

describe('other parsers', () => {
  it('commaList and integerList', () => {
    expect(commaList(' a, b ,,c ', '--topics')).toEqual(['a', 'b', 'c']);
    refusal(() => commaList(' , ', '--topics'));
    expect(integerList('1,2, 3', '--skip-groups')).toEqual([1, 2, 3]);
    refusal(() => integerList('1,x', '--skip-groups'));
    refusal(() => integerList('1,99999999999999999999', '--skip-groups'));
  });

  it('keyValue', () => {
    expect(keyValue('a=b=c', '--custom-attribute')).toEqual(['a', 'b=c']);
    refusal(() => keyValue('=b', '--custom-attribute'));
    refusal(() => keyValue('novalue', '--custom-attribute'));
  });

  it("ruled(HOOK_URL.rule): a hook's http or https URL with a host", () => {
    const url = ruled(HOOK_URL.rule);
    expect(url('https://hooks.example/x?y=1', '--url')).toBe('https://hooks.example/x?y=1');
    for (const bad of ['ftp://x', 'javascript:alert(1)', 'hooks.example', '', 'http//x', 'https://'])
      refusal(() => url(bad, '--url'));
  });

  it('booleanValue and nonEmpty', () => {
    expect(booleanValue('YES', '--x')).toBe(true);
    expect(booleanValue('off', '--x')).toBe(false);
    refusal(() => booleanValue('maybe', '--x'));
    refusal(() => nonEmpty('  ', '--name'));
    expect(nonEmpty('x', '--name')).toBe('x');
  });
});
