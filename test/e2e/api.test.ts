import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

describe('collab api', () => {
  const { collab, sandbox, getJson } = useSandbox({ seed: 12 });

  it('GETs a path and prints the JSON', async () => {
    const result = await collab(['api', 'user']);
    expect(result.exitCode).toBe(0);
    expect(result.json<{ username: string }>().username).toBe('root');
  });

  it('maps a 404 to exit 4 with the service message and the request', async () => {
    const result = await collab(['api', 'projects/grp%2Fnope']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      'error: 404 Project Not Found (GET /projects/grp%2Fnope)\nhint: no project with that path or ID, or not one this token can see: check it (`collab projects list --search <name>`)\n',
    );
    expect(result.stdout).toBe('');
  });

  it('rejects an unknown token with exit 3', async () => {
    const result = await collab(['api', 'user'], { env: { COLLAB_TOKEN: 'glpat-wrong' } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^error: 401 Unauthorized/);
  });

  it('refuses to run without a token, sending nothing', async () => {
    const result = await collab(['api', 'user'], { as: null });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/no token for http:\/\/127\.0\.0\.1:\d+/);
  });

  it('paginates into one JSON array', async () => {
    const result = await collab(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(0);
    const projects = result.json<Array<{ id: number }>>();
    expect(projects).toHaveLength(12);
    expect(new Set(projects.map((p) => p.id)).size).toBe(12);
  });

  it('--paginate sends a per_page of the path once, as the size of every page', async () => {
    const before = sandbox.requestLog.length;
    const result = await collab(['api', 'projects?per_page=5&simple=true', '--paginate']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.json()).toHaveLength(12);
    const sent = sandbox.requestLog.slice(before).map((request) => request.path);
    expect(sent[0]).toBe('/api/v4/projects?simple=true&per_page=5&page=1');
    for (const path of sent) expect(path.match(/per_page=/g)).toHaveLength(1);
  });

  it('--paginate refuses a page of the path or a field before sending (exit 2)', async () => {
    const before = sandbox.requestLog.length;
    for (const args of [
      ['api', 'projects?page=2', '--paginate'],
      ['api', 'projects', '-X', 'GET', '-f', 'page=2', '--paginate'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe(
        'error: --paginate reads every page from the first, so page=2 cannot be given\nhint: drop page=, or drop --paginate to read that one page\n',
      );
    }
    expect(sandbox.requestLog.length).toBe(before);
  });

  it('--paginate on a path that answers one object says to drop --paginate', async () => {
    const result = await collab(['api', 'user', '--paginate']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error: malformed response from GET .*: a JSON object where a JSON array was expected/,
    );
    expect(result.stderr).toMatch(/\nhint: GET \/user answers one object, not a list: drop --paginate\n$/);
  });

  it('shows status and headers with -i', async () => {
    const result = await collab(['api', 'version', '-i']);
    expect(result.stdout).toMatch(/^HTTP 200\n/);
    expect(result.stdout).toMatch(/content-type: application\/json/);
  });

  it('never shows the token with --verbose', async () => {
    const result = await collab(['api', 'user', '--verbose']);
    expect(result.stderr).toContain('private-token: [redacted]');
    expect(result.stderr + result.stdout).not.toContain('glpat-sandbox-admin-token');
  });

  it('takes the method in any case (-X post is POST)', async () => {
    const result = await collab(['api', '-X', 'post', 'projects', '-f', 'name=lower-case-method']);
    expect(result.exitCode).toBe(0);
    const created = result.json<{ id: number; name: string }>();
    expect(created.name).toBe('lower-case-method');
    expect((await getJson(`/projects/${created.id}`)).name).toBe('lower-case-method');
    const head = await collab(['api', '--method', 'Head', 'version', '-i']);
    expect(head.exitCode).toBe(0);
    expect(head.stdout).toMatch(/^HTTP 200\n/);
  });

  it('refuses a path holding a line break before sending, rather than send it without', async () => {
    const before = sandbox.stats.requests;
    const result = await collab(['api', 'projects/a\nb']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: the API path holds a control character (a line break, a tab)\nhint: percent-encode it (%0A, %09) if the path is to carry it, else remove it\n',
    );
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses two -F fields reading standard input, which is read once, before sending', async () => {
    const before = sandbox.stats.requests;
    const result = await collab(['api', 'projects', '-F', 'name=@-', '-F', 'description=@-'], { input: 'demo' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: -F name=@-, -F description=@- all read standard input, which is read once\nhint: give one of them @-, the others @file\n',
    );
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses an unknown method before sending, naming the accepted ones', async () => {
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'fetch', 'user']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: invalid value "fetch" for --method: expected one of GET, HEAD, POST, PUT, PATCH, DELETE',
    );
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses bad input before sending', async () => {
    const result = await collab(['api', 'user', '-F', 'novalue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/invalid field "novalue" for -F: expected key=value/);
  });

  it('-F key=@file of a missing file says no such file, with a hint, before sending', async () => {
    const missing = join(tempConfigDir(), 'nope.txt');
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'POST', 'projects', '-F', `description=@${missing}`]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${missing}: no such file\nhint: check the path: a relative one is read from the current directory\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('-F key=@file of a directory says it is a directory, with a hint, before sending', async () => {
    const dir = tempConfigDir();
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'POST', 'projects', '-F', `description=@${dir}`]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${dir}: it is a directory\nhint: give the path of a file in it\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('--input of a missing file says no such file, with a hint, before sending', async () => {
    const missing = join(tempConfigDir(), 'nope.json');
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'POST', 'projects', '--input', missing]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${missing}: no such file\nhint: check the path: a relative one is read from the current directory\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('--input of a directory says it is a directory, with a hint, before sending', async () => {
    const dir = tempConfigDir();
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'POST', 'projects', '--input', dir]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${dir}: it is a directory\nhint: give the path of a file in it\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });
});

describe('collab api --paginate past the offset window of GET /projects (a window of 500 over 600)', () => {
  const { collab } = useSandbox({ seed: 600, offsetWindow: 500 });

  it('closes the JSON array at the 405 and says how to read the rest', async () => {
    const result = await collab(['api', 'projects?simple=true', '--paginate']);
    expect(result.exitCode).toBe(5);
    const projects = result.json<Array<{ id: number }>>();
    expect(projects).toHaveLength(500);
    expect(new Set(projects.map((p) => p.id)).size).toBe(500);
    expect(result.stderr.split('\n')).toEqual([
      'error: 405 Offset pagination has a maximum allowed offset of 500 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination. (GET /projects?simple=true&per_page=100&page=6)',
      "hint: stdout holds only the first 500 items; offset pages end there, so add pagination=keyset&order_by=id: collab api 'projects?simple=true&pagination=keyset&order_by=id&sort=asc' --paginate, or use `collab projects list --all`",
      '',
    ]);
  });

  it('reads every project by the keyset path the hint gives', async () => {
    const result = await collab(['api', 'projects?simple=true&pagination=keyset&order_by=id&sort=asc', '--paginate']);
    expect(result.exitCode).toBe(0);
    const ids = result.json<Array<{ id: number }>>().map((p) => p.id);
    expect(ids).toHaveLength(600);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('collab api --paginate when a later page fails', () => {
  let server: Server;
  let origin: string;
  /** What every page after the first answers. */
  let failure = { status: 403, type: 'application/json', body: '{"message":"403 Forbidden"}' };
  const firstPage = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i + 1 })));

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      const url = new URL(req.url ?? '/', 'http://x');
      // Groups fail from their first page; projects after it.
      if (url.searchParams.get('page') === '1' && !url.pathname.endsWith('/groups')) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-page': '1',
          'x-per-page': '100',
          'x-next-page': '2',
        });
        res.end(firstPage);
        return;
      }
      res.writeHead(failure.status, { 'content-type': failure.type });
      res.end(failure.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (args: string[]) => {
    const dir = tempConfigDir();
    return runMain(args, {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: origin,
      COLLAB_TOKEN: 'glpat-raw-server-token',
    });
  };

  it('closes the array of the items read and keeps the service error and its exit code', async () => {
    failure = { status: 403, type: 'application/json', body: '{"message":"403 Forbidden"}' };
    const result = await run(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(3);
    expect(result.json<Array<{ id: number }>>().map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(result.stderr).toMatch(
      /^error: 403 Forbidden \(GET \/projects\?per_page=100&page=2\)\nhint: stdout holds only the first 100 items(; .*)?\n$/,
    );
  });

  it('closes the array when a later page is not JSON', async () => {
    failure = { status: 200, type: 'text/html', body: '<html>Sign in</html>' };
    const result = await run(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(1);
    expect(result.json()).toHaveLength(100);
    expect(result.stderr).toMatch(
      /^error: malformed response from GET .*page=2: an HTML page .*\nhint: stdout holds only the first 100 items\n$/,
    );
  });

  it('prints nothing when the first page fails', async () => {
    failure = { status: 403, type: 'application/json', body: '{"message":"403 Forbidden"}' };
    const result = await run(['api', 'groups', '--paginate']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('stdout holds');
  });
});

describe('collab api and the global output flags', () => {
  const { collab, sandbox, getJson } = useSandbox({ seed: 12 });

  it('-o ndjson writes each item of a JSON array on a line; --fields picks keys', async () => {
    const result = await collab(['api', 'groups', '-o', 'ndjson', '--fields', 'id,full_path']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Object.keys(line)).toEqual(['id', 'full_path']);
  });

  it('-o csv writes a header and a row per item; an object is one row', async () => {
    const list = await collab(['api', 'groups', '-o', 'csv', '--fields', 'id,full_path']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout.split('\r\n')[0]).toBe('id,full_path');
    const one = await collab([
      'api',
      'projects/acme%2Fweb%2Fstorefront',
      '-o',
      'csv',
      '--fields',
      'path_with_namespace',
    ]);
    expect(one.stdout).toBe('path_with_namespace\r\nacme/web/storefront\r\n');
  });

  it('--json --fields picks keys of an object; -o table shows its fields as a view', async () => {
    const json = await collab(['api', 'user', '--json', '--fields', 'username']);
    expect(json.json()).toEqual({ username: 'root' });
    const table = await collab(['api', 'user', '-o', 'table']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^username\troot$/m);
  });

  it('--paginate honours -o ndjson and --fields', async () => {
    const result = await collab(['api', 'projects', '--paginate', '-o', 'ndjson', '--fields', 'id']);
    expect(result.exitCode).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    // Every project the service lists to an administrator (one page of 100 holds them all).
    const all: Array<{ id: number }> = await getJson('/projects?per_page=100');
    expect(all.length).toBeLessThan(100);
    expect(ids.sort((a, b) => a - b)).toEqual(all.map((p) => p.id).sort((a, b) => a - b));
  });

  it('without -o, the body is printed as the service sent it', async () => {
    const result = await collab(['api', 'user']);
    expect(result.stdout.startsWith('{"id":')).toBe(true);
  });

  it('refuses what it cannot honour, before sending (exit 2)', async () => {
    const before = sandbox.stats.requests;
    const include = await collab(['api', 'user', '-i', '-o', 'csv']);
    expect(include.exitCode).toBe(2);
    expect(include.stderr).toContain('-i prints the answer as it came and cannot be combined with -o csv');
    const table = await collab(['api', 'groups', '--paginate', '-o', 'table']);
    expect(table.exitCode).toBe(2);
    expect(table.stderr).toContain('-o table with --paginate needs --fields');
    expect(sandbox.stats.requests).toBe(before);
  });

  it('--json with -o of another format is a usage error, for every command', async () => {
    for (const args of [
      ['api', 'user', '--json', '-o', 'csv'],
      ['projects', 'list', '-o', 'table', '--json'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/^error: --json and -o (csv|table) ask for two formats\n/);
    }
    expect((await collab(['projects', 'list', '-o', 'json', '--json', '--limit', '1'])).exitCode).toBe(0);
  });

  it.each([
    ['projects/acme/web/storefront', 'collab api projects/acme%2Fweb%2Fstorefront'],
    ['projects/acme/web/storefront/issues?state=opened', 'collab api projects/acme%2Fweb%2Fstorefront/issues'],
    ['groups/acme/web/projects', 'collab api groups/acme%2Fweb/projects'],
    ['/api/v4/projects/1', 'collab api projects/1'],
  ])('a 404 for %s hints at the path meant', async (path, hint) => {
    const result = await collab(['api', path]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`hint: `);
    expect(result.stderr).toContain(hint);
  });

  it('--dry-run redacts fields whose names are secrets, in a body and in a query', async () => {
    const body = await collab([
      'api',
      '-X',
      'POST',
      'projects/1/hooks',
      '-f',
      'url=https://example.com',
      '-f',
      'token=hook-secret',
      '-f',
      'push_events=true',
      '--dry-run',
    ]);
    expect(body.exitCode).toBe(0);
    expect(body.stdout).toContain('"token": "[redacted]"');
    expect(body.stdout).toContain('"url": "https://example.com"');
    const query = await collab([
      'api',
      'runners',
      '-X',
      'GET',
      '-f',
      'private_token=x1',
      '-f',
      'deploy_token=x2',
      '-f',
      'password=x3',
      '-f',
      'scope=active',
      '--dry-run',
    ]);
    expect(query.stdout).not.toMatch(/x1|x2|x3/);
    expect(query.stdout).toContain('scope=active');
  });
});

describe('collab api graphql', () => {
  const { collab } = useSandbox({ seed: 12 });
  const PAGED =
    'query($endCursor: String, $n: Int) { projects(first: $n, after: $endCursor) { nodes { fullPath } pageInfo { hasNextPage endCursor } } }';

  it('POSTs the query to /api/graphql and prints the answer', async () => {
    const result = await collab([
      'api',
      'graphql',
      '-f',
      'query={ project(fullPath: "acme/web/storefront") { name } }',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({ data: { project: { name: 'storefront' } } });
  });

  it('--paginate follows pageInfo through $endCursor, each answer an item of one JSON array', async () => {
    const result = await collab(['api', 'graphql', '-f', `query=${PAGED}`, '-F', 'n=5', '--paginate']);
    expect(result.exitCode).toBe(0);
    const pages = result.json<Array<{ data: { projects: { nodes: Array<{ fullPath: string }> } } }>>();
    expect(pages.map((page) => page.data.projects.nodes.length)).toEqual([5, 5, 2]);
    expect(new Set(pages.flatMap((page) => page.data.projects.nodes.map((node) => node.fullPath))).size).toBe(12);
  });

  it('an answer with errors is printed, and exits 5 with its first message', async () => {
    const result = await collab([
      'api',
      'graphql',
      '-f',
      'query={ project(fullPath: "acme/web/storefront") { nope } }',
    ]);
    expect(result.exitCode).toBe(5);
    expect(result.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    expect(result.stderr).toBe(
      'error: the GraphQL API refused the query: Cannot query field "nope" on type "Project". Did you mean "name"?\n',
    );
  });

  it.each([
    [['api', 'graphql'], 'error: collab api graphql needs the query as a field'],
    [['api', 'graphql', '-X', 'GET', '-f', 'query={ x }'], 'error: a GraphQL query is sent with POST, not GET'],
    [
      ['api', 'graphql', '-f', 'query={ x }', '--paginate'],
      'error: --paginate needs a query that takes $endCursor: String',
    ],
    [
      ['api', 'graphql', '--input', '-'],
      'error: --input for collab api graphql must be a JSON object with a query (and variables)',
    ],
  ])('%j is refused before anything is sent', async (args, message) => {
    const result = await collab(args, { input: '[1]' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });

  it('--dry-run shows the body, variables whose names are secrets redacted', async () => {
    const result = await collab([
      'api',
      'graphql',
      '-f',
      'query=query($token: String) { x }',
      '-f',
      'token=hunter2-secret',
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/graphql\n/);
    expect(JSON.parse(result.stdout.slice(result.stdout.indexOf('\n')))).toEqual({
      query: 'query($token: String) { x }',
      variables: { token: '[redacted]' },
    });
  });
});

describe('collab api graphql on an instance without GraphQL', () => {
  const { collab } = useSandbox({ seed: 2, graphql: false });

  it('exits 4 with a hint that the instance serves no GraphQL API', async () => {
    const result = await collab(['api', 'graphql', '-f', 'query={ project(fullPath: "a/b") { name } }']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('hint: this instance serves no GraphQL API at /api/graphql');
  });
});

describe('collab api graphql --paginate against a server whose cursor does not move', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{"projects":{"nodes":[{"id":1}],"pageInfo":{"hasNextPage":true,"endCursor":"c1"}}}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stops at the page that gives a cursor already followed, the array of pages read closed', async () => {
    const dir = tempConfigDir();
    const query =
      'query=query($endCursor: String) { projects(after: $endCursor) { nodes { id } pageInfo { hasNextPage endCursor } } }';
    const result = await runMain(['api', 'graphql', '-f', query, '--paginate'], {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: origin,
      COLLAB_TOKEN: 'glpat-raw-server-token',
    });
    expect(result.exitCode).toBe(1);
    expect(result.json()).toHaveLength(2);
    expect(result.stderr).toBe(
      'error: page 2 of the GraphQL answers has a next page but a cursor already followed; stopped rather than read a page again\nhint: stdout holds the first 2 pages\n',
    );
  });
});
