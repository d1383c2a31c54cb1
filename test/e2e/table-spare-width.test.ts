import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * A terminal table keeps spare width in its text columns for the longer values of pages to come,
 * and none where the first page is the whole list: the limit reached, or no page after it.
 */

/**
 * The width of the `name` column (PATH unless given; between its borders, less the padding) and the
 * widest value of its first `count` rows (the first page's).
 */
function pathColumn(
  stdout: string,
  count = Number.POSITIVE_INFINITY,
  name = 'PATH',
): { width: number; widest: number } {
  const lines = stdout.split('\n');
  const header = lines.find((line) => line.includes(name)) as string;
  const cells = header.split('│');
  const index = cells.findIndex((cell) => cell.trim() === name);
  const rows = lines
    .filter((line) => line.startsWith('│') && line !== header)
    .slice(0, count)
    .map((line) => line.split('│'));
  return {
    width: displayWidth(cells[index] as string) - 2,
    widest: Math.max(...rows.map((row) => displayWidth((row[index] as string).trim()))),
  };
}

describe('terminal table: spare width only where more pages may come', () => {
  const { collab } = useSandbox();

  it('a list cut by --limit on its first page: PATH as wide as its widest value', async () => {
    const result = await collab(['projects', 'list', '--limit', '3'], { tty: true, env: { COLLAB_FORCE_TTY: '120' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const { width, widest } = pathColumn(result.stdout);
    expect(width).toBe(widest);
  });

  it('a list whose first page has no next one: PATH as wide as its widest value', async () => {
    const result = await collab(['projects', 'list', '--all', '--per-page', '100'], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '120' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const { width, widest } = pathColumn(result.stdout);
    expect(width).toBe(widest);
  });

  it('a list held until its last page to be sorted by full path: FULL PATH as wide as its widest value', async () => {
    const result = await collab(['groups', 'subgroups', 'acme'], { tty: true, env: { COLLAB_FORCE_TTY: '120' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const { width, widest } = pathColumn(result.stdout, Number.POSITIVE_INFINITY, 'FULL PATH');
    expect(width).toBe(widest);
  });

  it('a list with pages to come: PATH wider than its first page needs', async () => {
    const result = await collab(['projects', 'list', '--all', '--per-page', '5'], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '120' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const { width, widest } = pathColumn(result.stdout, 5);
    expect(width).toBeGreaterThan(widest);
  });
});
