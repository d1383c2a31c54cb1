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
    // At 60 columns the result wraps in its cell: nothing of the body is cut away.
    const shown = await collab(
      ['projects', 'update', '-', '--merge-method', 'ff', '--squash-option', 'always', '--dry-run'],
      { input: TARGETS, tty: true, env: { COLLAB_FORCE_TTY: '60', NO_COLOR: '1' } },
    );
    // The path breaks after a slash, beside the method; the result narrows so that each target shows whole.
    // A path no line holds breaks after an encoded slash, not mid-name.
    expect(shown.stdout.split('\n').slice(3, 10)).toEqual([
      '│ acme/platform/api   │ dry-run   │ PUT /projects/         │',
      '│                     │           │ acme%2Fplatform%2Fapi  │',
      '│                     │           │ merge_method=ff        │',
      '│                     │           │ squash_option=always   │',
      '│ acme/web/storefront │ dry-run   │ PUT /projects/         │',
      '│                     │           │ acme%2Fweb%2F          │',
      '│                     │           │ storefront             │',
    ]);
    expect(shown.stdout.split('\n').every((row) => displayWidth(row) <= 60)).toBe(true);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('an update names what it changed, and a re-run is unchanged', async () => {
    await collab(['projects', 'update', 'acme/platform/api', '--merge-method', 'merge']);
    await collab(['projects', 'update', 'acme/web/storefront', '--merge-method', 'rebase_merge']);
    const first = await collab(['projects', 'update', '-', '--merge-method', 'ff'], { input: TARGETS });
    expect([first.exitCode, first.stdout, first.stderr]).toEqual([
      0,
      'acme/platform/api\tok\tmerge_method: merge -> ff\nacme/web/storefront\tok\tmerge_method: rebase_merge -> ff\n',
      '2 ok\n',
    ]);
    const again = await collab(['projects', 'update', '-', '--merge-method', 'ff'], { input: TARGETS });
    expect([again.exitCode, again.stdout, again.stderr]).toEqual([
      0,
      'acme/platform/api\tunchanged\tmerge_method already ff\nacme/web/storefront\tunchanged\tmerge_method already ff\n',
      '2 unchanged\n',
    ]);
  });

  it('labels update names the field it changed, and a re-run is unchanged', async () => {
    for (const project of ['acme/platform/api', 'acme/web/storefront'])
      expect((await collab(['labels', 'create', 'urgent', '--project', project, '--color', '#ff0000'])).exitCode).toBe(
        0,
      );
    const first = await collab(['labels', 'update', 'urgent', '--project', '-', '--description', 'Needs eyes'], {
      input: TARGETS,
    });
    expect([first.exitCode, first.stdout]).toEqual([
      0,
      'acme/platform/api\tok\tdescription: (none) -> Needs eyes\nacme/web/storefront\tok\tdescription: (none) -> Needs eyes\n',
    ]);
    const again = await collab(['labels', 'update', 'urgent', '--project', '-', '--description', 'Needs eyes'], {
      input: TARGETS,
    });
    expect([again.exitCode, again.stdout, again.stderr]).toEqual([
      0,
      'acme/platform/api\tunchanged\tdescription already Needs eyes\nacme/web/storefront\tunchanged\tdescription already Needs eyes\n',
      '2 unchanged\n',
    ]);
  });

  it('an update reads what it changes once a target: a GET before its PUT', async () => {
    const before = sandbox.requestLog.length;
    await collab(['projects', 'update', '-', '--description', 'D', '--concurrency', '1'], { input: TARGETS });
    expect(sandbox.requestLog.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v4/projects/acme%2Fplatform%2Fapi',
      'PUT /api/v4/projects/acme%2Fplatform%2Fapi',
      'GET /api/v4/projects/acme%2Fweb%2Fstorefront',
      'PUT /api/v4/projects/acme%2Fweb%2Fstorefront',
    ]);
  });

  it("push-rule set reads the rule once: its own read is the update's before", async () => {
    await collab(['push-rule', 'set', '--project', 'acme/platform/api', '--max-file-size', '5']);
    const before = sandbox.requestLog.length;
    const set = await collab(['push-rule', 'set', '--project', '-', '--max-file-size', '10'], {
      input: 'acme/platform/api\n',
    });
    expect([set.exitCode, set.stdout]).toEqual([0, 'acme/platform/api\tok\tmax_file_size: 5 -> 10\n']);
    expect(sandbox.requestLog.slice(before).map((r) => r.method)).toEqual(['GET', 'PUT']);
  });

  it('groups update names what changed (its answer lists projects as its read does)', async () => {
    const input = 'acme/web\n';
    await collab(['groups', 'update', 'acme/web', '--description', 'Web team']);
    const first = await collab(['groups', 'update', '-', '--description', 'Managed here'], { input });
    expect(first.stdout).toBe('acme/web\tok\tdescription: Web team -> Managed here\n');
    const again = await collab(['groups', 'update', '-', '--description', 'Managed here'], { input });
    expect(again.stdout).toBe('acme/web\tunchanged\tdescription already Managed here\n');
  });

  it('on 60 columns, too narrow for its targets beside their results, a run shows a block a target; piped, the same lines as before', async () => {
    const targets =
      'acme/platform/infra/jolly-beacon-29\nacme/platform/infra/amber-beacon-20\nacme/platform/infra/lucid-atlas-11\n';
    const narrow = await collab(['projects', 'star', '-'], {
      input: targets,
      tty: true,
      env: { COLLAB_FORCE_TTY: '60', NO_COLOR: '1' },
    });
    expect(narrow.exitCode, narrow.stderr).toBe(0);
    const lines = narrow.stdout.trimEnd().split('\n');
    expect(lines.filter((_line, i) => i === 0 || lines[i - 1] === '')).toEqual([
      'acme/platform/infra/jolly-beacon-29  ok',
      'acme/platform/infra/amber-beacon-20  ok',
      'acme/platform/infra/lucid-atlas-11   ok',
    ]);
    // The result under its target, indented, wrapped across the width.
    expect(lines.slice(1, 3)).toEqual(['    starred project acme/platform/infra/jolly-beacon-29 (16', '    stars)']);
    expect(lines.every((line) => displayWidth(line) <= 60)).toBe(true);
    // On a terminal wide enough for every target, the table.
    const wide = await collab(['projects', 'unstar', '-'], { input: targets, tty: true });
    expect(wide.stdout).toMatch(/^│ acme\/platform\/infra\/jolly-beacon-29 │ ok +│ unstarred project/m);
    const piped = await collab(['projects', 'star', '-'], { input: targets });
    expect(piped.stdout).toMatch(
      /^acme\/platform\/infra\/jolly-beacon-29\tok\tstarred project acme\/platform\/infra\/jolly-beacon-29 \(\d+ stars?\)\n/,
    );
  });
});
