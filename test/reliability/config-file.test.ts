import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runMain, tempConfigDir } from '../helpers/cli.js';

/**
 * The config file under pressure: logins at the same time keep every host (a lock, and each change
 * made to the file as it is then), a directory that cannot be written is an error naming the file
 * and the reason (exit 1), the directory is made 0700, and a file readable by others is warned
 * about once a run.
 */

/**
 * Services that know any token as the user `u<port>`: what `auth login` checks a token against.
 * The answers to GET /user wait until all the logins of a trial have asked (a barrier), then go
 * out together: the three runs then write the file within a millisecond or so of each other,
 * which is when a write that did not hold the lock, or applied its change to the file as it was
 * read before the request, would lose another's host.
 */
const servers: Server[] = [];
const hosts: string[] = [];
const held: Array<() => void> = [];
/** How many GET /user wait for each other (the concurrent case's logins); one alone is answered at once. */
let together = 1;
beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const server = createServer((req, res) => {
      const port = (server.address() as AddressInfo).port;
      if (req.url !== '/api/v4/user') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"404 Not Found"}');
        return;
      }
      held.push(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: port, username: `u${port}` }));
      });
      if (held.length >= together) for (const answer of held.splice(0)) answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    hosts.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const login = (dir: string, host: string) =>
  execa('node', [BIN, 'auth', 'login', '--with-token', '--host', host], {
    input: `glpat-${host.slice(-5)}\n`,
    env: { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir, NO_COLOR: '1', CI: 'true' },
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });

describe('concurrent `auth login`', () => {
  // Answered together, a trial without the lock loses a host 9 times in 10 (measured on a build
  // without it); answered as they came, 2 in 10, which took ten trials of three processes.
  it('three logins at once to three hosts keep all three, three times out of three', async () => {
    together = hosts.length;
    try {
      for (let trial = 0; trial < 3; trial++) {
        const dir = tempConfigDir();
        const results = await Promise.all(hosts.map((host) => login(dir, host)));
        for (const result of results) expect(result.exitCode, String(result.stderr)).toBe(0);
        const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
          host: string;
          hosts: Record<string, { user: string; token: string }>;
        };
        expect(Object.keys(config.hosts).sort(), `trial ${trial}`).toEqual([...hosts].sort());
        for (const host of hosts) expect(config.hosts[host]?.token).toBe(`glpat-${host.slice(-5)}`);
        expect(hosts).toContain(config.host);
      }
    } finally {
      together = 1;
    }
  }, 120_000);
});

describe('the config directory', () => {
  const inProcess = (dir: string, host: string) =>
    runMain(
      ['auth', 'login', '--with-token', '--host', host],
      { HOME: dir, COLLAB_CONFIG_DIR: dir },
      { input: 'glpat-secret\n' },
    );

  it('is created 0700, the file 0600', async () => {
    const dir = join(tempConfigDir(), 'new', 'collab');
    const result = await inProcess(dir, hosts[0] as string);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('where a file stands in its way: exit 1 naming the path and the reason, no "bug in collab"', async () => {
    const parent = tempConfigDir();
    writeFileSync(join(parent, 'file'), '');
    const dir = join(parent, 'file', 'collab');
    const result = await inProcess(dir, hosts[0] as string);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^error: cannot create the config directory ${dir.replace(/[/.]/g, '\\$&')}: .*not a directory`, 'm'),
    );
    expect(result.stderr).toContain('hint: ');
    expect(result.stderr).not.toMatch(/bug in collab|glpat-secret/);
  });

  it('read-only: exit 1 naming the file and the reason', async (ctx) => {
    ctx.skip(process.getuid?.() === 0, 'root reads a read-only directory');
    const dir = tempConfigDir();
    chmodSync(dir, 0o500);
    try {
      const result = await inProcess(dir, hosts[0] as string);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(
        `error: cannot write the config file ${join(dir, 'config.json')}: permission denied`,
      );
      expect(result.stderr).not.toContain('bug in collab');
    } finally {
      chmodSync(dir, 0o700);
    }
  });

  it('a file readable by others is warned about once a run, even over many targets', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ host: hosts[0], concurrency: 4, hosts: { [hosts[0] as string]: { token: 'glpat-x' } } }),
      { mode: 0o644 },
    );
    chmodSync(join(dir, 'config.json'), 0o644);
    const result = await runMain(
      ['projects', 'star', '-', '--dry-run', '--concurrency', '6'],
      { HOME: dir, COLLAB_CONFIG_DIR: dir },
      { input: '1\n2\n3\n4\n5\n6\n' },
    );
    expect(result.stderr.match(/readable by others/g)).toHaveLength(1);
  });
});
