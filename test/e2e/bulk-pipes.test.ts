import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Collab's own output chains into `-` targets whatever its format: the default piped
 * text (tab-separated, the first column the ID, or a result's target), csv (header skipped, the
 * id or path column read), and a run's failed results fed back as the hint says.
 */

interface Result {
  target: string | number;
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: responses are the service's JSON, read loosely
  response: any;
}

describe('pipes chain into - targets', () => {
  const { collab } = useSandbox({ seed: 30 });

  it("reads the default piped output's first column: groups projects | projects star -", async () => {
    const listed = await collab(['groups', 'projects', 'acme', '--limit', '2']);
    expect(listed.stdout.split('\n')[0]).toMatch(/^\d+\tacme\//);
    const ids = listed.stdout
      .trim()
      .split('\n')
      .map((line) => Number(line.split('\t')[0]));
    const starred = await collab(['projects', 'star', '-', '-o', 'ndjson'], { input: listed.stdout, as: 'developer' });
    expect(starred.stderr).toBe('2 ok\n');
    expect(starred.lines<Result>().map((r) => [r.target, r.status])).toEqual(ids.map((id) => [id, 'ok']));
    // The default output of that run (target first) chains on too.
    const piped = await collab(['projects', 'unstar', '-'], { input: listed.stdout, as: 'developer' });
    expect(piped.exitCode).toBe(0);
    const again = await collab(['projects', 'star', '-', '-o', 'ndjson'], { input: piped.stdout, as: 'developer' });
    expect(again.lines<Result>().map((r) => [r.target, r.status])).toEqual(ids.map((id) => [id, 'ok']));
  });

  it('reads csv: the header skipped, the id column (or the path, or a result’s target) read, quoted cells whole', async () => {
    const listed = await collab(['groups', 'projects', 'acme', '--limit', '2', '-o', 'csv']);
    expect(listed.stdout.startsWith('id,')).toBe(true);
    const result = await collab(['projects', 'view', '-', '-o', 'ndjson'], { input: listed.stdout });
    expect(result.exitCode).toBe(0);
    expect(result.lines<Result>().map((r) => r.status)).toEqual(['ok', 'ok']);

    const paths = await collab(['projects', 'view', '-', '-o', 'ndjson'], {
      input: 'name,path_with_namespace\r\n"web, the shop",acme/web/storefront\r\n',
    });
    expect(paths.lines<Result>().map((r) => [r.target, r.response.id])).toEqual([['acme/web/storefront', 1]]);

    const results = await collab(['projects', 'view', '-', '-o', 'csv', '--fields', 'target,status,response'], {
      input: '2\nnope/x\n',
    });
    const fed = await collab(['projects', 'view', '-', '-o', 'ndjson'], { input: results.stdout });
    expect(fed.lines<Result>().map((r) => [r.target, r.status])).toEqual([
      [2, 'ok'],
      ['nope/x', 'failed'],
    ]);
  });

  it('the failure hint’s filter on the default output feeds back exactly the failed targets', async () => {
    const first = await collab(['projects', 'view', '-'], { input: 'acme/web/storefront\nnope/a\nnope/b\n' });
    expect(first.exitCode).toBe(4);
    expect(first.stderr).toContain(`awk -F'\\t' '$2 == "failed"'`);
    // What that awk keeps: the lines whose second tab-separated field is "failed".
    const failed = first.stdout
      .split('\n')
      .filter((line) => line.split('\t')[1] === 'failed')
      .join('\n');
    const again = await collab(['projects', 'view', '-', '-o', 'ndjson'], { input: failed });
    expect(again.lines<Result>().map((r) => r.target)).toEqual(['nope/a', 'nope/b']);
  });

  it("--fields over many targets names the resource's fields (a result's own stay reachable)", async () => {
    const result = await collab(['projects', 'view', '-', '--fields', 'id,path_with_namespace'], { input: '1\n2\n' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('1\tacme/web/storefront\n2\tacme/platform/api\n');
    const mixed = await collab(['projects', 'view', '-', '--fields', 'target,status,id', '-o', 'ndjson'], {
      input: '1\n',
    });
    expect(mixed.lines()).toEqual([{ target: 1, status: 'ok', response: { id: 1 } }]);
    const bad = await collab(['projects', 'view', '-', '--fields', 'nope'], { input: '1\n2\n' });
    expect(bad.stderr.match(/no item has/g)).toHaveLength(1);
  });
});
