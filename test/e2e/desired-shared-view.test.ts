import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** A plan a reviewer can read: a change the same on many targets shown once, on a terminal and before apply's question. */
const world = useDesiredWorlds();

const POLICY = `version: 1
groups:
  acme:
    projects:
      labels: [{ name: security, color: '#d9534f' }]
projects:
  acme/web/storefront:
    settings: { merge_method: ff }
`;

/** What seed 30's acme holds: 16 projects, each without the label. */
const VIEW = [
  '+ label security {"name":"security","color":"#d9534f"}',
  '  on 16 projects below acme',
  '~ project acme/web/storefront',
  '    ~ merge_method: merge -> ff',
  '',
  'section   add  change  remove',
  'labels     16       0       0',
  'settings    0       1       0',
  '',
].join('\n');

describe('identical changes shown once', () => {
  it('collab plan on a terminal of 60 columns: the label once, counted below acme', async () => {
    const { collab, file } = await world();
    const plan = await collab(['plan', '-f', file(POLICY)], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect([plan.exitCode, plan.stdout]).toEqual([8, VIEW]);
  });

  it('in a pipe, one line; --verbose lists the 16 paths under it', async () => {
    const { collab, file } = await world();
    const path = file(POLICY);
    const piped = await collab(['plan', '-f', path]);
    expect(piped.stdout.split('\n')[0]).toBe(
      '+ label security {"name":"security","color":"#d9534f"}  on 16 projects below acme',
    );
    const verbose = await collab(['plan', '-f', path, '--verbose']);
    const lines = verbose.stdout.split('\n');
    expect(lines.slice(1, 18).filter((line) => /^ {4}acme\//.test(line))).toHaveLength(16);
    expect(lines[17]).toBe('~ project acme/web/storefront');
  });

  it('-o ndjson stays one record per target', async () => {
    const { collab, file } = await world();
    const plan = await collab(['plan', '-f', file(POLICY), '-o', 'ndjson']);
    const records = plan.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { section: string; target: string });
    expect(records.filter((r) => r.section === 'labels')).toHaveLength(16);
    expect(new Set(records.map((r) => r.target)).size).toBe(16);
  });

  it('apply shows the same view before its question', async () => {
    const { collab, file, writes } = await world();
    const declined = await collab(['apply', '-f', file(POLICY)], {
      tty: true,
      stdinTTY: true,
      input: 'no\n',
      env: { COLLAB_FORCE_TTY: '60' },
    });
    expect(declined.exitCode).toBe(2);
    expect(declined.stderr.startsWith(VIEW)).toBe(true);
    expect(declined.stderr).toContain('Type yes (or 17) to apply 17 changes to 16 targets');
    expect(writes()).toEqual([]);
  });
});
