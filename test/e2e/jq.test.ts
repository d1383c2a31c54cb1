import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

interface ProjectJson {
  id: number;
  name: string;
  path_with_namespace: string;
  star_count: number;
}

/** The lines of stdout (each output of the filter is one). */
const lines = (stdout: string) => stdout.split('\n').slice(0, -1);

describe('--jq', () => {
  const { collab, sandbox } = useSandbox({ seed: 30 });

  it('sees a list as the one array -o json prints (the README example)', async () => {
    const all = (await collab(['projects', 'list', '--all', '--json'])).json<ProjectJson[]>();
    const expected = all.filter((p) => p.star_count > 10).map((p) => p.path_with_namespace);
    expect(expected).toHaveLength(26);
    expect(expected.length).toBeLessThan(all.length);
    const result = await collab([
      'projects',
      'list',
      '--all',
      '--jq',
      '.[] | select(.star_count > 10) | .path_with_namespace',
    ]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
    const count = await collab(['projects', 'list', '--all', '--jq', 'length']);
    expect(count.stdout).toBe(`${all.length}\n`);
  });

  it('sees each object in turn with -o ndjson', async () => {
    const objects = (await collab(['projects', 'list', '--limit', '5', '-o', 'ndjson'])).lines<ProjectJson>();
    const result = await collab(['projects', 'list', '--limit', '5', '-o', 'ndjson', '--jq', '.id, (keys | length)']);
    expect(result.exitCode).toBe(0);
    expect(lines(result.stdout)).toEqual(objects.flatMap((p) => [String(p.id), String(Object.keys(p).length)]));
    // More than one page: every object, in order, once.
    const ids = (await collab(['projects', 'list', '--all', '--per-page', '7', '-o', 'ndjson', '--jq', '.id'])).stdout;
    const all = (await collab(['projects', 'list', '--all', '--json'])).json<ProjectJson[]>();
    expect(lines(ids)).toEqual(all.map((p) => String(p.id)));
  });

  it('applies --fields first', async () => {
    const list = await collab([
      'projects',
      'list',
      '--limit',
      '3',
      '--fields',
      'id,namespace.full_path',
      '--jq',
      '.[0] | keys, (.namespace | keys)',
    ]);
    expect(list.stdout).toBe('["id","namespace"]\n["full_path"]\n');
    const one = await collab(['projects', 'view', 'acme/web/storefront', '--fields', 'name', '--jq', '.']);
    expect(one.stdout).toBe('{"name":"storefront"}\n');
  });

  it('sees one resource as the object, and prints strings raw and other values as compact JSON, one a line', async () => {
    const view = await collab([
      'projects',
      'view',
      'acme/web/storefront',
      '--jq',
      '.path_with_namespace, .namespace.full_path, .id, .namespace, "two\\nlines", "", null',
    ]);
    expect(view.exitCode).toBe(0);
    const project = (await collab(['projects', 'view', 'acme/web/storefront', '--json'])).json<
      ProjectJson & { namespace: unknown }
    >();
    expect(view.stdout).toBe(
      `acme/web/storefront\nacme/web\n${project.id}\n${JSON.stringify(project.namespace)}\ntwo\nlines\n\nnull\n`,
    );
  });

  it('sees the response of api, and with --paginate the whole array', async () => {
    const user = await collab(['api', 'user', '--jq', '.username'], { as: 'developer' });
    expect(user.stdout).toBe('dana\n');
    const groups = (await collab(['api', 'groups', '--paginate'])).json<Array<{ full_path: string }>>();
    const paged = await collab([
      'api',
      'groups?per_page=2',
      '--paginate',
      '--jq',
      'length, (map(.full_path) | sort | .[0])',
    ]);
    expect(paged.exitCode).toBe(0);
    expect(lines(paged.stdout)).toEqual([String(groups.length), groups.map((g) => g.full_path).sort()[0]]);
  });

  it('filters the null of a missing push rule like any other JSON', async () => {
    const result = await collab(['push-rule', 'view', '--project', 'acme/web/storefront', '--jq', '. == null']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('true\n');
  });

  it('refuses -o table and -o csv, as usage errors', async () => {
    for (const format of ['table', 'csv']) {
      const result = await collab(['projects', 'list', '-o', format, '--jq', '.']);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`--jq filters JSON output and cannot be combined with -o ${format}`);
    }
  });

  it("reports a bad expression with jq's own message, exit 2, before any request", async () => {
    const before = sandbox.stats.requests;
    const syntax = await collab(['projects', 'list', '--jq', '.[] |||']);
    expect(syntax.exitCode).toBe(2);
    expect(syntax.stderr).toMatch(
      /^error: invalid --jq expression: syntax error, unexpected '\|'.* at <top-level>, line 1: \.\[\] \|\|\|\nhint: /,
    );
    const unknown = await collab(['api', 'user', '--jq', '.x | nosuchfunction']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('invalid --jq expression: nosuchfunction/0 is not defined');
    expect(sandbox.stats.requests).toBe(before);
    // Not even a host that answers nothing is tried: a request would have been exit 1.
    const offline = await collab(['projects', 'list', '--host', 'http://127.0.0.1:9', '--jq', '$undefined']);
    expect(offline.exitCode).toBe(2);
    expect(offline.stderr).toContain('$undefined is not defined');
  });

  it('stops at a runtime error (exit 1, not a usage error) after printing what came before it', async () => {
    const objects = (await collab(['projects', 'list', '--limit', '5', '-o', 'ndjson'])).lines<ProjectJson>();
    const third = (objects[2] as ProjectJson).id;
    const result = await collab([
      'projects',
      'list',
      '--limit',
      '5',
      '-o',
      'ndjson',
      '--jq',
      `if .id == ${third} then .name.x else .id end`,
    ]);
    expect(result.exitCode).toBe(1);
    expect(lines(result.stdout)).toEqual(objects.slice(0, 2).map((p) => String(p.id)));
    expect(result.stderr).toBe('error: --jq failed: Cannot index string with string "x"\n');
    const whole = await collab(['projects', 'list', '--limit', '5', '--jq', '.[] | .name.x']);
    expect(whole.exitCode).toBe(1);
    expect(whole.stdout).toBe('');
    expect(whole.stderr).toContain('--jq failed: Cannot index string with string "x"');
  });

  it("passes jq's own stderr (debug) through to stderr, not stdout", async () => {
    const result = await collab(['projects', 'view', 'acme/web/storefront', '--jq', '.name | debug']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('storefront\n');
    expect(result.stderr).toBe('["DEBUG:","storefront"]\n');
  });
});
