import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

describe('collab api', () => {
  const { collab, sandbox } = useSandbox({ seed: 12 });

  it('GETs a path and prints the JSON', async () => {
    const result = await collab(['api', 'user']);
    expect(result.exitCode).toBe(0);
    expect(result.json<{ username: string }>().username).toBe('root');
  });

  it('maps a 404 to exit 4 with the service message and the request', async () => {
    const result = await collab(['api', 'projects/grp%2Fnope']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe('error: 404 Project Not Found (GET /projects/grp%2Fnope)\n');
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
    expect(sandbox.store.projects.get(created.id)?.name).toBe('lower-case-method');
    const head = await collab(['api', '--method', 'Head', 'version', '-i']);
    expect(head.exitCode).toBe(0);
    expect(head.stdout).toMatch(/^HTTP 200\n/);
  });

  it('refuses an unknown method before sending, naming the accepted ones', async () => {
    const before = sandbox.stats.requests;
    const result = await collab(['api', '-X', 'fetch', 'user']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: invalid value "fetch" for --method: expected one of GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses bad input before sending', async () => {
    const result = await collab(['api', 'user', '-F', 'novalue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/invalid field "novalue" for -F: expected key=value/);
  });
});

describe('collab api --paginate past the 50,000 offset limit of GET /projects', () => {
  const { collab, sandbox } = useSandbox({ seed: 50_100 });

  it('closes the JSON array at the 405 and says how to read the rest', { timeout: 120_000 }, async () => {
    // simple=true keeps 50,000 projects to some 45 MB of output.
    const result = await collab(['api', 'projects?simple=true', '--paginate']);
    expect(result.exitCode).toBe(5);
    const projects = result.json<Array<{ id: number }>>();
    expect(projects).toHaveLength(50_000);
    expect(new Set(projects.map((p) => p.id)).size).toBe(50_000);
    expect(result.stderr.split('\n')).toEqual([
      'error: 405 Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination. (GET /projects?simple=true&per_page=100&page=501)',
      "hint: stdout holds only the first 50000 items; offset pages end there, so add pagination=keyset&order_by=id: collab api 'projects?simple=true&pagination=keyset&order_by=id&sort=asc' --paginate, or use `collab projects list --all`",
      '',
    ]);
  });

  it('reads every project by the keyset path the hint gives', { timeout: 120_000 }, async () => {
    const result = await collab(['api', 'projects?simple=true&pagination=keyset&order_by=id&sort=asc', '--paginate']);
    expect(result.exitCode).toBe(0);
    const ids = result.json<Array<{ id: number }>>().map((p) => p.id);
    expect(ids).toHaveLength(sandbox.store.projects.size);
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
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page');
      if (page === '1') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-page': '1', 'x-per-page': '100', 'x-next-page': '2' });
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
    return runMain(args, { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, COLLAB_HOST: origin, COLLAB_TOKEN: 'glpat-raw-server-token' });
  };

  it('closes the array of the items read and keeps the service error and its exit code', async () => {
    failure = { status: 403, type: 'application/json', body: '{"message":"403 Forbidden"}' };
    const result = await run(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(3);
    expect(result.json<Array<{ id: number }>>().map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(result.stderr).toMatch(/^error: 403 Forbidden \(GET \/projects\?per_page=100&page=2\)\nhint: stdout holds only the first 100 items(; .*)?\n$/);
  });

  it('closes the array when a later page is not JSON', async () => {
    failure = { status: 200, type: 'text/html', body: '<html>Sign in</html>' };
    const result = await run(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(1);
    expect(result.json()).toHaveLength(100);
    expect(result.stderr).toMatch(/^error: malformed response from GET .*page=2: an HTML page .*\nhint: stdout holds only the first 100 items\n$/);
  });

  it('prints nothing when the first page fails', async () => {
    failure = { status: 403, type: 'application/json', body: '{"message":"403 Forbidden"}' };
    const result = await run(['api', 'groups?page=2', '--paginate']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('stdout holds');
  });
});
