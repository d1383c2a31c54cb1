import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Over many targets a typed verb reads its flags once (src/commands/verb-options.ts): its warnings print
 * once and its files are read once, whatever the number of targets; each target only binds.
 */
describe('- as the target: flags read once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'collab-bulk-once-'));
  const avatar = join(dir, 'logo.png');
  // The avatar goes away once the service has answered the first update: a verb that read it per
  // target would fail the targets after the first.
  const { collab } = useSandbox({
    seed: 31,
    log: (line) => (line.startsWith('PUT ') ? rmSync(avatar, { force: true }) : undefined),
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const targets = 'acme/web/storefront\nacme/web/design-system\nglobex/handbook\n';

  it('a deprecated flag warns once for three targets, not once more than there are targets', async () => {
    const result = await collab(['projects', 'update', '-', '--tag-list', 'bulk', '-o', 'ndjson'], { input: targets });
    expect(result.exitCode).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('deprecated'));
    expect(warnings).toEqual([
      'warning: --tag-list is deprecated: use --topics (deprecated since 14.0, removal in API v5)',
    ]);
    const results = result.lines<{ status: string; response: { topics: string[] } }>();
    expect(results.map((r) => [r.status, r.response.topics])).toEqual([
      ['ok', ['bulk']],
      ['ok', ['bulk']],
      ['ok', ['bulk']],
    ]);
  });

  it('--avatar is read once, before the first request, however many targets', async () => {
    writeFileSync(avatar, Buffer.from('89504e470d0a1a0a', 'hex'));
    const result = await collab(['projects', 'update', '-', '--avatar', avatar, '--concurrency', '1', '-o', 'ndjson'], {
      input: targets,
    });
    expect(result.stderr).toBe('3 ok\n');
    expect(result.lines<{ status: string }>().map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
  });
});

describe('--concurrency: one meaning per command', () => {
  const { collab } = useSandbox({ seed: 33 });

  it('on a list command it counts pages, with - as the target too (it is not refused as too many targets)', async () => {
    const result = await collab(['groups', 'projects', '-', '--concurrency', '20', '--limit', '1', '-o', 'ndjson'], {
      input: 'acme\nglobex\n',
    });
    expect(result.exitCode).toBe(0);
    expect(result.lines<{ status: string; response: unknown[] }>().map((r) => [r.status, r.response.length])).toEqual([
      ['ok', 1],
      ['ok', 1],
    ]);
  });
});
