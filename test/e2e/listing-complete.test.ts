import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';

/**
 * A listing never loops and never writes an item twice, against a server that ignores what it
 * does not know. This one serves GET /projects as offset pages in id order, refuses offsets past
 * its limit as the service does (405; 500 here, as a self-managed instance may set it, GitLab's
 * default being 50,000), and ignores id_before/id_after, so that the window `--all` starts past
 * the limit gets the first page again: the listing must stop, not request it forever.
 */
const LIMIT = 500;
const TOTAL = 600;
let server: Server;
let host: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.search);
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? '20'));
    const page = Number(url.searchParams.get('page') ?? '1');
    const offset = (page - 1) * perPage;
    if (offset >= LIMIT) {
      res.writeHead(405, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: `Offset pagination has a maximum allowed offset of ${LIMIT} for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.`,
        }),
      );
      return;
    }
    const asc = url.searchParams.get('sort') === 'asc';
    const ids = Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - offset)) }, (_, i) =>
      asc ? offset + i + 1 : TOTAL - offset - i,
    );
    const next = offset + perPage < TOTAL;
    const link = new URL(`${host}${url.pathname}${url.search}`);
    link.searchParams.set('page', String(page + 1));
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-per-page': String(perPage),
      'x-next-page': next ? String(page + 1) : '',
      ...(next ? { link: `<${link}>; rel="next"` } : {}),
    });
    res.end(JSON.stringify(ids.map((id) => ({ id, path_with_namespace: `g/p${id}` }))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('projects list --all against a server that ignores id_before', () => {
  it('stops after the first window, writes each project once, and exits non-zero saying why', async () => {
    const r = await runMain(['projects', 'list', '--all', '-o', 'ndjson', '--fields', 'id'], {
      PATH: process.env.PATH,
      COLLAB_CONFIG_DIR: tempConfigDir(),
      COLLAB_HOST: host,
      COLLAB_TOKEN: 'glpat-test',
    });
    const ids = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(Array.from({ length: LIMIT }, (_, i) => TOTAL - i));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^error: the listing stopped after 500 items, each written once: page 1 answered ids the listing had passed \(id_before=101 was ignored\)\n/,
    );
    // The second window's first page only: it repeats the first window's, so nothing is fetched beside it.
    expect(requests.filter((q) => q.includes('id_before=')).length).toBe(1);
  });
});
