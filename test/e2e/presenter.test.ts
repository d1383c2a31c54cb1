import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * The presenter alone knows the output format (src/output/presenter.ts): a verb says what it
 * shows, and the format, from a flag or from the config file, decides how.
 */
describe('the output format, wherever it was chosen', () => {
  const { collab, getJson } = useSandbox({ seed: 32 });

  it('`config set output json` applies to a deletion as -o json does: groups delete prints its outcome', async () => {
    // A config directory of this test's own: the setting reaches no other test.
    const dir = mkdtempSync(join(tmpdir(), 'collab-presenter-'));
    const env = { COLLAB_CONFIG_DIR: dir, HOME: dir };
    try {
      expect((await collab(['config', 'set', 'output', 'json'], { env })).exitCode).toBe(0);
      const created = await collab(
        ['groups', 'create', '--name', 'Leaving', '--path', 'leaving-presenter', '--parent', 'acme'],
        { env },
      );
      expect(JSON.parse(created.stdout)).toMatchObject({ full_path: 'acme/leaving-presenter' });
      const result = await collab(['groups', 'delete', 'acme/leaving-presenter', '--yes'], { env });
      expect(result.exitCode).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        full_path: 'acme/leaving-presenter',
        status: expect.any(String),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an action result is a line for people on a table, the object for programs', async () => {
    const stars = (await getJson('/projects/acme%2Fweb%2Fstorefront')).star_count as number;
    const table = await collab(['projects', 'star', 'acme/web/storefront']);
    expect(table.stdout).toBe('');
    expect(table.stderr).toBe(`starred project acme/web/storefront (${stars + 1} stars)\n`);
    const json = await collab(['projects', 'unstar', 'acme/web/storefront', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ path_with_namespace: 'acme/web/storefront' });
  });

  it("a value with the service's shape: languages are a map in JSON, rows elsewhere, in the same order", async () => {
    const json = JSON.parse(
      (await collab(['projects', 'languages', 'acme/web/storefront', '--json'])).stdout,
    ) as Record<string, number>;
    const rows = (await collab(['projects', 'languages', 'acme/web/storefront', '-o', 'ndjson'])).lines<{
      language: string;
      percent: number;
    }>();
    expect(rows).toHaveLength(1);
    expect(Object.entries(json)).toEqual(rows.map((row) => [row.language, row.percent]));
  });

  it('over many targets each target shows through its own presenter: the service value is the response', async () => {
    const result = await collab(['projects', 'languages', '-', '-o', 'ndjson'], { input: 'acme/web/storefront\n' });
    const [only] = result.lines<{ status: string; response: Record<string, number> }>();
    expect(only?.status).toBe('ok');
    expect(Array.isArray(only?.response)).toBe(false);
    expect(Object.keys(only?.response ?? {})).toHaveLength(1);
  });
});
