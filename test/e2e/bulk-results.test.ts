import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { displayWidth } from '../../src/output/text-width.js';

/** A run over many targets says what happened to each: a dry run's request. */
const TARGETS = 'acme/platform/api\nacme/web/storefront\n';

describe('bulk results that say what happened', () => {
  const { collab, sandbox } = useSandbox({ seed: 30 });

  it('a dry run row has status dry-run and shows the method, the path and the body, fitted to the width', async () => {
    const piped = await collab(
      ['projects', 'update', '-', '--merge-method', 'ff', '--squash-option', 'always', '--dry-run'],
      {
        input: TARGETS,
      },
    );
    expect([piped.exitCode, piped.stdout, piped.stderr]).toEqual([
      0,
      'acme/platform/api\tdry-run\tPUT /projects/acme%2Fplatform%2Fapi merge_method=ff squash_option=always\n' +
        'acme/web/storefront\tdry-run\tPUT /projects/acme%2Fweb%2Fstorefront merge_method=ff squash_option=always\n',
      '2 dry-run: nothing was sent\n',
    ]);
    for (const width of [60, 100]) {
      const shown = await collab(['projects', 'update', '-', '--merge-method', 'ff', '--dry-run'], {
        input: TARGETS,
        tty: true,
        env: { COLLAB_FORCE_TTY: String(width) },
      });
      const rows = shown.stdout.split('\n').filter(Boolean);
      // Cut with a mark where the cell ends; whole where the width allows (STATUS kept where there is room).
      expect(rows[3], shown.stdout).toMatch(/│ (dry-run +│ )?PUT \/projects\/acme%2F.*(…|merge_method=ff) *│$/);
      expect(
        rows.every((row) => displayWidth(row.replace(/\x1b\[[0-9;]*m/g, '')) <= width),
        shown.stdout,
      ).toBe(true);
    }
    expect(sandbox.stats.requests).toBe(0);
  });
});
