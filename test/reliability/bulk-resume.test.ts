import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { TextSink } from '../../src/util/text-sink.js';
import { until } from '../helpers/processes.js';
import { getJson } from '../helpers/sandbox-api.js';
import { runOn } from '../helpers/terminal.js';

/**
 * An interrupted run over many targets resumes without doubles. In front of the sandbox, a proxy
 * that passes every request on but, once told to, keeps the answers of hook creations to itself:
 * the service made the hook, the answer never comes (as with a slow service and Ctrl-C). Those
 * targets are listed `unknown` with the time their request went out; fed back, the rerun asks the
 * request's `recover` first and creates nothing twice.
 */

let sandbox: Sandbox;
let proxy: Server;
let proxyUrl: string;
const held: ServerResponse[] = [];
let answered = 0;
let holdAfter = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 30 });
  proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: sandbox.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const creation = req.method === 'POST' && /\/hooks$/.test(req.url ?? '');
        if (creation && answered >= holdAfter) {
          answer.resume(); // made; the answer stays here
          held.push(res);
          return;
        }
        if (creation) answered++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.socket?.destroy();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await sandbox.close();
});

async function run(args: readonly string[], host: string, input: string, interrupt?: (abort: () => void) => void) {
  const stdout = new TextSink();
  const stderr = new TextSink();
  const controller = new AbortController();
  interrupt?.(() => controller.abort());
  const { exitCode } = await runOn(
    args,
    { stdout, stderr, input },
    { COLLAB_HOST: host, COLLAB_TOKEN: sandbox.tokens.admin, CI: 'true' },
    controller.signal,
  );
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

describe('Ctrl-C with creations on the wire, then the list fed back', () => {
  it('lists those sent and not answered as unknown; the rerun checks them first: one hook per project', async () => {
    const ids = (await getJson(sandbox, '/projects?order_by=id&sort=asc&per_page=12')).map(
      (project: { id: number }) => project.id,
    );
    const url = 'https://ci.example.com/resumed';
    const args = ['hooks', 'create', '--project', '-', '--url', url, '--concurrency', '4', '-o', 'ndjson'];
    answered = 0;
    holdAfter = 4;
    // Counted from now: another case of this file may have held answers before this one (CI shuffles them).
    const before = held.length;
    const first = await run(args, proxyUrl, `${ids.join('\n')}\n`, (abort) => {
      void until(() => held.length >= before + 4, 'four requests held').then(abort);
    });
    expect(first.exitCode).toBe(130);
    const lines = first.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('error: interrupted');
    const header = lines.findIndex((line) =>
      line.includes('To finish, run the same command with these on standard input:'),
    );
    expect(header, first.stderr).toBeGreaterThanOrEqual(0);
    expect(lines[header]).toContain('not done: 8 of 12 targets (4 unknown: a request was sent and not answered');
    const listed = lines.slice(header + 1, -1);
    const unknown = listed.filter((line) => /^\d+\tunknown\t\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(line));
    expect(unknown).toHaveLength(4);
    expect(listed).toHaveLength(8);
    // The service made the four hooks whose answers were kept from collab.
    const hooksOf = async (id: number): Promise<Array<{ id: number; url: string }>> =>
      (await getJson(sandbox, `/projects/${id}/hooks`)).filter((hook: { url: string }) => hook.url === url);
    for (const line of unknown) expect(await hooksOf(Number(line.split('\t')[0]))).toHaveLength(1);

    holdAfter = Number.POSITIVE_INFINITY;
    const second = await run(args, sandbox.url, `${listed.join('\n')}\n`);
    expect(second.exitCode, second.stderr).toBe(0);
    const results = second.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { target: number; status: string; response: { id: number } });
    expect(results.map((result) => result.target)).toEqual(listed.map((line) => Number(line.split('\t')[0])));
    for (const result of results) expect(result.status).toBe('ok');
    for (const id of ids) expect(await hooksOf(id), `project ${id}`).toHaveLength(1);
    // The recovered targets' results are the hooks the first run made.
    for (const line of unknown) {
      const id = Number(line.split('\t')[0]);
      expect(results.find((result) => result.target === id)?.response.id).toBe((await hooksOf(id))[0]?.id);
    }
  });
});

describe('the targets not done, listed to feed back', () => {
  it('keep a long path whole: a stderr line is cut, a target to feed back never is', async () => {
    const ids = (await getJson(sandbox, '/projects?order_by=id&sort=asc&per_page=4')).map(
      (project: { id: number }) => project.id,
    );
    // 20 levels of 60 characters: past the 1,000 of a cut line, and one word of over 200.
    const long = Array.from({ length: 20 }, (_, level) => `level-${level}-${'x'.repeat(52)}`).join('/');
    const args = ['hooks', 'create', '--project', '-', '--url', 'https://ci.example.com/long', '--concurrency', '4'];
    answered = 0;
    holdAfter = 0;
    const before = held.length;
    const first = await run(args, proxyUrl, `${[...ids, long].join('\n')}\n`, (abort) => {
      void until(() => held.length >= before + 4, 'four requests held').then(abort);
    });
    holdAfter = Number.POSITIVE_INFINITY;
    expect(first.exitCode).toBe(130);
    expect(first.stderr.split('\n')).toContain(long);
  });
});
