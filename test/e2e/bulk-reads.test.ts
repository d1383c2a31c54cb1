import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { displayWidth } from '../../src/output/text-width.js';

/**
 * A command that only reads, over many targets (docs/bulk.md): its table shows the targets' data,
 * one row an item, TARGET and STATUS first; the formats for programs keep one result a target.
 */
const TWO = 'acme/web/storefront\nacme/platform/api\n';
const WITH_FAILURE = 'acme/web/storefront\nnope/nope\nacme/platform/api\n';

/** At a terminal: one table, every line as wide as its top border, and no rule but the header's. */
function oneTable(stdout: string, width: number): string[] {
  const lines = stdout.trimEnd().split('\n');
  const table = lines.slice(lines.findIndex((line) => line.startsWith('┌')));
  const border = displayWidth(table[0] ?? '');
  expect(border).toBeLessThanOrEqual(width);
  for (const line of table) expect(displayWidth(line)).toBe(border);
  expect(table.filter((line) => line.startsWith('├'))).toHaveLength(1);
  return table;
}

/** A hint as one line, whatever the terminal wrapped. */
const hintOf = (stderr: string) => stderr.replace(/\n {2}/g, ' ');

describe('a command that only reads, over many targets', () => {
  const { collab } = useSandbox({ seed: 30 });

  const schedule = async () => {
    const made = await collab([
      'schedules',
      'create',
      '--project',
      'acme/web/storefront',
      '--description',
      'nightly',
      '--ref',
      'main',
      '--cron',
      '0 2 * * *',
    ]);
    expect(made.exitCode).toBe(0);
  };

  it('pipes a line an item, the target and its status first, then the columns of the list', async () => {
    await schedule();
    const listed = await collab(['schedules', 'list', '--project', '-'], { input: 'acme/web/storefront\n' });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toMatch(
      /^acme\/web\/storefront\tok\t1\tnightly\trefs\/heads\/main\t0 2 \* \* \*\tUTC\ttrue\t/,
    );
    expect(listed.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it("pipes a view's rows: approval-settings view gives each target's settings", async () => {
    const viewed = await collab(['approval-settings', 'view', '--project', '-'], { input: TWO });
    expect(viewed.exitCode).toBe(0);
    const lines = viewed.stdout.trimEnd().split('\n');
    const settings = (target: string) =>
      lines.filter((line) => line.startsWith(`${target}\tok\t`)).map((line) => line.split('\t')[2]);
    expect(settings('acme/web/storefront')).toContain('allow_author_approval');
    expect(settings('acme/platform/api')).toEqual(settings('acme/web/storefront'));
  });

  it("--fields names the items' fields beside the result's own", async () => {
    const listed = await collab(['labels', 'list', '--project', '-', '--fields', 'target,name'], {
      input: 'acme/web/storefront\n',
    });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.split('\n')).toContain('acme/web/storefront\tbug');
  });

  it("says a target's list cut short on stderr, named by its target, not among the data", async () => {
    const listed = await collab(['labels', 'list', '--project', '-', '--limit', '1'], {
      input: 'acme/web/storefront\n',
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).not.toContain('showing');
    expect(listed.stderr).toMatch(/^acme\/web\/storefront: showing 1 of \d+ labels/m);
  });

  it('at 80 columns is one table of the items, a failed target and one with none spanning the columns', async () => {
    await schedule();
    const shown = await collab(['schedules', 'list', '--project', '-'], {
      input: WITH_FAILURE,
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(shown.exitCode).toBe(4);
    const table = oneTable(shown.stdout, 80);
    expect(table[3]).toMatch(/^│ acme\/web\/storefront │ ok {5}│ {2}1 │ nightly/);
    expect(table[4]).toMatch(/^│ nope\/nope {11}│ failed │ 404 Project Not Found/);
    expect(table.some((line) => /^│ acme\/platform\/api {3}│ ok {5}│ no results +│$/.test(line))).toBe(true);
  });

  it('at 60 columns is one table, no line wider than the terminal', async () => {
    await schedule();
    const shown = await collab(['schedules', 'list', '--project', '-'], {
      input: WITH_FAILURE,
      tty: true,
      env: { COLLAB_FORCE_TTY: '60' },
    });
    const table = oneTable(shown.stdout, 60);
    expect(table.join('\n')).toContain('nightly');
  });
});

describe('results over many targets at a terminal', () => {
  const { collab } = useSandbox({ seed: 30 });

  it('are one table when later targets are longer: TARGET is sized for every target read', async () => {
    const shown = await collab(['projects', 'star', '-'], {
      input: 'acme/platform/api\nacme/web/storefront\nnope/nope\n',
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
      as: 'developer',
    });
    expect(shown.exitCode).toBe(4);
    const table = oneTable(shown.stdout, 80);
    expect(table.join('\n')).toContain('│ acme/web/storefront │');
  });
});

describe("a run's failure hint fits its output", () => {
  const { collab } = useSandbox({ seed: 30 });

  it('with --json it is a jq filter of the results whose status is failed', async () => {
    const run = await collab(['labels', 'list', '--project', '-', '--json'], { input: 'nope/nope\n' });
    expect(hintOf(run.stderr)).toContain(`jq -c '.[] | select(.status == "failed")'`);
    expect(run.stderr).not.toContain('awk');
  });

  it('with -o ndjson it is a jq filter of each line', async () => {
    const run = await collab(['labels', 'list', '--project', '-', '-o', 'ndjson'], { input: 'nope/nope\n' });
    expect(hintOf(run.stderr)).toContain(`jq -c 'select(.status == "failed")'`);
  });

  it('at a terminal it points to the results piped, not to a piped text it did not print', async () => {
    const run = await collab(['labels', 'list', '--project', '-'], {
      input: 'nope/nope\n',
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    const hint = hintOf(run.stderr);
    expect(hint).toContain(`piped or in a file, the results are lines that awk -F'\\t' '$2 == "failed"' selects`);
    expect(hint).not.toContain('from the piped text');
  });
});
