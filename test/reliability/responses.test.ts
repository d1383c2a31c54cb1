import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * What the service (or a proxy in front of it) answers that cannot be
 * read (an HTML page, truncated JSON, wrong types, an empty 200, a 200 with plain text) ends in
 * exit 1 and one line naming the URL and what was wrong; a timeout names the host and the setting.
 */

interface Scripted {
  type: string;
  body: string;
}

const ANSWERS: Record<string, Scripted> = {
  html: {
    type: 'text/html; charset=utf-8',
    body: '<!DOCTYPE html>\n<html><head><title>Sign in - Corporate SSO</title></head><body>Please log in</body></html>',
  },
  truncatedList: { type: 'application/json', body: '[{"id":1,"name":"a","path_with_namespace":"g/a"},{"id":2,"na' },
  truncatedObject: { type: 'application/json', body: '{"id":1,"name":"a","path_with_namespace":"g/a"' },
  objectForList: { type: 'application/json', body: '{"message":"everything is fine"}' },
  scalarsInList: { type: 'application/json', body: '[{"id":1,"name":"a"},2,"three"]' },
  listForObject: { type: 'application/json', body: '[{"id":1,"name":"a"}]' },
  empty: { type: 'application/json', body: '' },
  text: { type: 'text/plain', body: 'Service OK' },
};

let server: Server;
let origin: string;
let answer: Scripted = ANSWERS.html as Scripted;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function against(name: keyof typeof ANSWERS, args: string[]) {
  answer = ANSWERS[name] as Scripted;
  const dir = tempConfigDir();
  return runMain(args, {
    PATH: process.env.PATH,
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: origin,
    COLLAB_TOKEN: 'glpat-raw-server-token',
  });
}

/** Exit 1, one line, naming the full URL of the request, and saying what came instead. */
function expectMalformed(
  result: { exitCode: number; stdout: string; stderr: string },
  path: string,
  what: RegExp,
): void {
  expect(result.exitCode).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const url = `${origin}/api/v4${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The URL is named in full: a command's own query (per_page, page...) may follow the path.
  expect(lines[0]).toMatch(new RegExp(`^error: malformed response from GET ${url}(\\?[^ ]*)?: `));
  expect(lines[0]).toMatch(what);
  expect(result.stderr).not.toContain('glpat-raw-server-token');
}

describe('malformed answers end in exit 1 and a message naming the URL and what was wrong', () => {
  const cases: Array<[keyof typeof ANSWERS, string[], string, RegExp]> = [
    [
      'html',
      ['api', 'projects', '--paginate'],
      '/projects?per_page=100&page=1',
      /an HTML page \(text\/html\) instead of a JSON array; is a proxy or login page in the way\?$/,
    ],
    ['html', ['projects', 'list'], '/projects', /an HTML page \(text\/html\) instead of a JSON array/],
    [
      'html',
      ['projects', 'view', '7'],
      '/projects/7',
      /an HTML page \(text\/html\) instead of JSON; is a proxy or login page in the way\?$/,
    ],
    ['html', ['api', 'user'], '/user', /an HTML page \(text\/html\) instead of an API response/],
    [
      'truncatedList',
      ['projects', 'list', '--all', '-o', 'ndjson'],
      '/projects',
      /a JSON array that is malformed or truncated \(application\/json, 60 bytes\)$/,
    ],
    ['truncatedList', ['api', 'projects', '--paginate'], '/projects?per_page=100&page=1', /malformed or truncated/],
    [
      'truncatedObject',
      ['projects', 'view', 'g/a'],
      '/projects/g%2Fa',
      /invalid JSON \(application\/json, 46 bytes, apparently truncated\)$/,
    ],
    [
      'truncatedObject',
      ['api', 'projects/1'],
      '/projects/1',
      /invalid JSON \(application\/json, 46 bytes, apparently truncated\)$/,
    ],
    [
      'objectForList',
      ['projects', 'list'],
      '/projects',
      /a JSON object where a JSON array was expected \(\{"message":"everything is fine"\}\)$/,
    ],
    [
      'objectForList',
      ['hooks', 'list', '--project', '7'],
      '/projects/7/hooks',
      /a JSON object where a JSON array was expected/,
    ],
    ['scalarsInList', ['projects', 'list', '-o', 'ndjson'], '/projects', /item 2 of the list is 2, not a JSON object$/],
    [
      'scalarsInList',
      ['api', 'projects', '--paginate'],
      '/projects?per_page=100&page=1',
      /item 2 of the list is 2, not a JSON object$/,
    ],
    [
      'listForObject',
      ['projects', 'view', '7', '--json'],
      '/projects/7',
      /a JSON array where a JSON object was expected$/,
    ],
    [
      'listForObject',
      ['groups', 'view', 'acme', '--json'],
      '/groups/acme',
      /a JSON array where a JSON object was expected$/,
    ],
    ['empty', ['projects', 'view', '7'], '/projects/7', /an empty body with status 200 where JSON was expected$/],
    [
      'empty',
      ['projects', 'list'],
      '/projects',
      /an empty body \(application\/json\) where a JSON array was expected$/,
    ],
    ['text', ['projects', 'view', '7'], '/projects/7', /text instead of JSON \(text\/plain, 10 bytes: "Service OK"\)$/],
    [
      'text',
      ['projects', 'list'],
      '/projects',
      /text instead of a JSON array \(text\/plain, 10 bytes: "Service OK"\)$/,
    ],
  ];

  it.each(cases)('%s: collab %j', async (name, args, path, what) => {
    expectMalformed(await against(name, args), path, what);
  });

  it('passes a plain-text answer of `collab api` through untouched (raw file endpoints answer text)', async () => {
    const result = await against('text', ['api', 'projects/7/repository/files/README/raw']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('Service OK\n');
  });

  it('does not retry a malformed answer', async () => {
    seen.length = 0;
    await against('html', ['projects', 'view', '7']);
    expect(seen).toEqual(['GET /api/v4/projects/7']);
  });
});

describe('timeouts', () => {
  const { sandbox } = useSandbox({ seed: 5, latency: 2500 });

  it('name the host and the setting to change', async () => {
    const dir = tempConfigDir();
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.admin,
    };
    expect((await runMain(['config', 'set', 'timeout', '1'], env)).exitCode).toBe(0);
    expect((await runMain(['config', 'set', 'retries', '1'], env)).exitCode).toBe(0);
    const result = await runMain(['api', 'user', '--verbose'], env);
    const host = new URL(sandbox.url).host;
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    // Headers that never came are one wait: sending again would only wait as long again.
    expect(result.stderr).not.toContain('retry');
    const tail = result.stderr.trimEnd().split('\n').slice(-2);
    expect(tail).toEqual([
      `error: timed out after 1s waiting for ${host} (GET /user)`,
      'hint: raise the limit with `collab config set timeout <seconds>` (now 1)',
    ]);
  });
});
