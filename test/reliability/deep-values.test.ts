import { describe, expect, it } from 'vitest';
import { useHostileServer } from '../helpers/hostile-server.js';

/**
 * A value nested 5,000 levels deep (JSON.stringify runs out of stack on it)
 * with `-o csv` or `--fields` is an error naming that value, exit 1, not "Maximum call stack
 * size exceeded ... a bug in collab". ndjson without --fields writes the service's bytes as they are.
 */

const { collab, answer } = useHostileServer();

const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const ITEM = `{"id":7,"path_with_namespace":"acme/web","deep":${DEEP}}`;

describe('a value nested 5,000 levels deep', () => {
  it.each([
    ['csv', ['-o', 'csv'], false, 'the field "deep"'],
    ['--fields, piped', ['--fields', 'id,deep'], false, 'the field "deep"'],
    ['--fields on a terminal', ['--fields', 'id,deep'], true, 'the field "deep"'],
    ['--fields as json', ['--fields', 'id,deep', '-o', 'json'], false, 'an item'],
    ['--fields as ndjson', ['--fields', 'id,deep', '-o', 'ndjson'], false, 'an item'],
    ['--fields as csv', ['--fields', 'id,deep', '-o', 'csv'], false, 'the field "deep"'],
  ] as const)('%s: an error naming it, exit 1', async (_name, flags, tty, what) => {
    answer(/^GET \/projects\?/, { raw: `[${ITEM}]` });
    const result = await collab(['projects', 'list', ...flags], { tty });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`error: ${what} is nested too deeply to write as text\n`);
    expect(result.stderr).not.toMatch(/call stack|a bug in collab/);
  });

  it('a view as json: the same error', async () => {
    answer(/^GET \/projects\/7(\?|$)/, { raw: ITEM });
    const result = await collab(['projects', 'view', '7', '-o', 'json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^error: the item is nested too deeply to write as text\n/);
  });

  it('ndjson without --fields: the bytes as the service sent them', async () => {
    answer(/^GET \/projects\?/, { raw: `[${ITEM}]` });
    const result = await collab(['projects', 'list', '-o', 'ndjson']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${ITEM}\n`);
  });
});
