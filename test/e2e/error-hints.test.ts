import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';

/**
 * Errors a new administrator meets first, each with a way on: nothing listening at the host, and
 * a host whose API lives under a sub-path (the service's web front answers /api/v4 with a page).
 */

function envFor(host: string): Record<string, string | undefined> {
  const dir = tempConfigDir();
  return {
    PATH: process.env.PATH,
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: host,
    COLLAB_TOKEN: 'glpat-hint-secret',
  };
}

describe('connection refused', () => {
  it('says nothing answers there and where the host came from (exit 1)', async () => {
    // Port 1 on the loopback: nothing listens, the connection is refused at once. The retries'
    // waits run on the test's clock.
    const result = await runMain(['projects', 'list'], envFor('http://127.0.0.1:1'), { clock: virtualClock() });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('cannot reach 127.0.0.1:1: connection refused');
    expect(result.stderr).toContain(
      'hint: nothing answers at 127.0.0.1:1: check that the service is running there, and the host and port in --host, COLLAB_HOST or `collab config get host`',
    );
  });
});

describe('a host whose API is under a sub-path', () => {
  let server: Server;
  let origin: string;
  const asked: string[] = [];

  beforeAll(async () => {
    // GitLab installed under /gitlab: its API answers there; at the root, a web server's page.
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/gitlab/api/v4/projects'))
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      else if (req.url?.startsWith('/gitlab/api/v4/'))
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"404 Not Found"}');
      else
        res
          .writeHead(404, { 'content-type': 'text/html' })
          .end('<!DOCTYPE html><html><head><title>Not Found</title></head><body>nope</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the full URL and suggests the sub-path form of --host (exit 4)', async () => {
    const result = await runMain(['projects', 'list'], envFor(origin));
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`from ${origin}/api/v4/projects: no API answers at ${origin}/api/v4`);
    expect(result.stderr).toContain(
      `hint: if the service lives under a sub-path, give it in the host: --host ${origin}/<sub-path> (for example --host ${origin}/gitlab; collab adds /api/v4)`,
    );
    // The form suggested works.
    expect(await runMain(['projects', 'list'], envFor(`${origin}/gitlab`))).toMatchObject({ exitCode: 0 });
    expect(asked.at(-1)).toMatch(/^\/gitlab\/api\/v4\/projects\?/);
  });

  it('the API’s own 404 (a JSON error) is no hint about the host', async () => {
    const result = await runMain(['api', 'no-such-route'], envFor(`${origin}/gitlab`));
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('404 Not Found');
    expect(result.stderr).not.toContain('sub-path');
  });
});
