import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';

/**
 * A listing against a server whose Link headers or offsets cycle ends, with
 * exit 1 and no item written twice; a relative, protocol-relative or malformed Link is resolved
 * or refused (exit 1), never "Invalid URL".
 */

type Answer = (url: URL, origin: string) => { items: unknown[]; headers: Record<string, string> };

let server: Server;
let origin: string;
let answer: Answer = () => ({ items: [], headers: {} });
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    // The old code never stopped: the server ends every list after 60 requests so that it fails instead of hanging.
    const { items, headers } =
      requests > 60 ? { items: [], headers: {} } : answer(new URL(req.url ?? '/', origin), origin);
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(items));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function groups(from: number, count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `g${from + i}`,
    path: `g${from + i}`,
    full_path: `g${from + i}`,
  }));
}

async function collab(args: string[]) {
  requests = 0;
  const dir = tempConfigDir();
  return runMain(args, {
    PATH: process.env.PATH,
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: origin,
    COLLAB_TOKEN: 'glpat-cycle-secret',
  });
}

/** Offset pages that cycle: page 1 links to 2, page 2 back to 1 (and any page answers as 1 or 2). */
const offsetCycle: Answer = (url, base) => {
  const perPage = Number(url.searchParams.get('per_page') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 1);
  const which = ((page - 1) % 2) + 1;
  const next = which === 1 ? 2 : 1;
  const link = new URL(url.pathname, base);
  link.searchParams.set('per_page', String(perPage));
  link.searchParams.set('page', String(next));
  return {
    items: groups((which - 1) * perPage + 1, perPage),
    headers: {
      link: `<${link}>; rel="next"`,
      'x-next-page': String(next),
      'x-per-page': String(perPage),
      'x-page': String(page),
    },
  };
};

/** Keyset links that alternate between two cursors, each answer new items: only the addresses repeat. */
let served = 0;
const keysetCycle: Answer = (url, base) => {
  const cursor = url.searchParams.get('cursor') === 'a' ? 'b' : 'a';
  served++;
  return {
    items: groups(served * 1000, 5),
    headers: { link: `<${base}/api/v4/groups?pagination=keyset&cursor=${cursor}>; rel="next"` },
  };
};

function ids(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: number }).id);
}

describe('a listing that cycles ends (exit 1, each item once)', () => {
  it('groups list --all against offset pages that link back', async () => {
    answer = offsetCycle;
    const result = await collab(['groups', 'list', '--all', '-o', 'ndjson']);
    expect(result.exitCode).toBe(1);
    const written = ids(result.stdout);
    expect(written).toHaveLength(100);
    expect(new Set(written).size).toBe(written.length);
    expect(result.stderr).toMatch(/error: the listing stopped after \d+ items, each written once: /);
    expect(requests).toBeLessThan(20);
  });

  it('api --paginate against offset pages that link back', async () => {
    answer = offsetCycle;
    const result = await collab(['api', 'groups', '--paginate']);
    expect(result.exitCode).toBe(1);
    const written = (JSON.parse(result.stdout) as Array<{ id: number }>).map((g) => g.id);
    expect(new Set(written).size).toBe(written.length);
    expect(result.stderr).toContain('each written once');
    expect(requests).toBeLessThan(20);
  });

  it('api --paginate against keyset links that alternate between two addresses', async () => {
    answer = keysetCycle;
    served = 0;
    const result = await collab(['api', 'groups?pagination=keyset', '--paginate']);
    expect(result.exitCode).toBe(1);
    const written = (JSON.parse(result.stdout) as Array<{ id: number }>).map((g) => g.id);
    expect(new Set(written).size).toBe(written.length);
    expect(result.stderr).toContain('a link leads back to a page already followed');
    expect(requests).toBe(3);
  });
});

describe('Link URLs are resolved against the page, or refused (exit 1)', () => {
  /** Page 1 links to page 2 with the given Link target; page 2 ends the list. */
  const linking =
    (target: (base: string) => string): Answer =>
    (url, base): ReturnType<Answer> => {
      if (url.searchParams.get('cursor') === '2') return { items: groups(3, 2), headers: {} };
      return { items: groups(1, 2), headers: { link: `<${target(base)}>; rel="next"` } };
    };

  it.each([
    ['relative to the host', () => '/api/v4/groups?pagination=keyset&cursor=2'],
    ['relative to the page', () => 'groups?pagination=keyset&cursor=2'],
    ['a query alone', () => '?pagination=keyset&cursor=2'],
  ])('a link %s is followed', async (_name, target) => {
    answer = linking(target);
    const result = await collab(['api', 'groups?pagination=keyset', '--paginate']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect((JSON.parse(result.stdout) as Array<{ id: number }>).map((g) => g.id)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    [
      'protocol-relative, to another host',
      () => '//elsewhere.example/api/v4/groups?cursor=2',
      'leads to another origin (http://elsewhere.example)',
    ],
    [
      'absolute, to another port',
      (base: string) => `${base.replace(/:\d+$/, ':9')}/api/v4/groups?cursor=2`,
      'leads to another origin (http://127.0.0.1:9)',
    ],
    ['malformed', () => 'http://[::1/groups?cursor=2', '"http://[::1/groups?cursor=2" is not a URL'],
    ['out of the API root', () => '/users/sign_in?cursor=2', 'leads out of the API root (/users/sign_in)'],
  ])('a link %s is refused', async (_name, target, message) => {
    answer = linking(target);
    for (const args of [
      ['api', 'groups?pagination=keyset', '--paginate'],
      ['groups', 'list', '--all', '-o', 'ndjson'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`the Link header's next page ${message}`);
      expect(result.stderr).not.toMatch(/Invalid URL|bug/);
      expect(requests).toBe(1);
    }
  });
});
