import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as HttpsServer } from 'node:https';
import { type AddressInfo, connect as connectTcp, type Socket } from 'node:net';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { failure } from '../helpers/failure.js';

/**
 * What a hostile or broken server does to the HTTP
 * layer. Credentials and bodies never follow a redirect to another origin, and methods change as
 * browsers and curl change them; a body too large or too slow, and headers that never come, end the
 * request at once (one request, not six); an unknown host and an untrusted certificate fail fast
 * with a hint; a host without a scheme is a usage error.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A server on 127.0.0.1 that records every request and answers with the test's handler. */
async function hostile(): Promise<{
  origin: string;
  seen: Seen[];
  handle: (handler: Handler) => void;
  server: Server;
}> {
  const seen: Seen[] = [];
  let handler: Handler = (_req, res) => res.end();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, server, handle: (h) => (handler = h) };
}

function close(server: Server | HttpsServer): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

let home: Awaited<ReturnType<typeof hostile>>;
let elsewhere: Awaited<ReturnType<typeof hostile>>;

beforeAll(async () => {
  home = await hostile();
  elsewhere = await hostile();
});
afterAll(async () => {
  await close(home.server);
  await close(elsewhere.server);
});

function reset(): void {
  home.seen.length = 0;
  elsewhere.seen.length = 0;
}

async function collab(args: string[], settings: Record<string, string> = {}) {
  const dir = tempConfigDir();
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: home.origin,
    COLLAB_TOKEN: 'glpat-hostile-secret',
  };
  for (const [key, value] of Object.entries(settings))
    expect((await runMain(['config', 'set', key, value], env)).exitCode).toBe(0);
  return runMain(args, env);
}

const CREDENTIALS = [
  '-H',
  'Authorization: Bearer user-secret',
  '-H',
  'JOB-TOKEN: job-secret',
  '-H',
  'Cookie: session=cookie-secret',
  '-H',
  'Proxy-Authorization: Basic proxy-secret',
  '-H',
  'Deploy-Token: deploy-secret',
  '-H',
  'X-Gitlab-Static-Object-Token: static-secret',
];
/** Their names as the server reads them, the token's own among them. */
const CREDENTIAL_NAMES = [
  'authorization',
  'job-token',
  'cookie',
  'proxy-authorization',
  'deploy-token',
  'x-gitlab-static-object-token',
  'private-token',
];

describe('redirects', () => {
  it('sends no credential header of the user to another origin', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(302, { location: `${elsewhere.origin}/api/v4/user` }).end());
    elsewhere.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'));
    const result = await collab(['api', 'user', ...CREDENTIALS]);
    expect(result.exitCode).toBe(0);
    expect(home.seen[0]?.headers.authorization).toBe('Bearer user-secret');
    expect(elsewhere.seen).toHaveLength(1);
    const headers = elsewhere.seen[0]?.headers ?? {};
    for (const name of CREDENTIAL_NAMES) expect(headers[name]).toBeUndefined();
  });

  it('keeps credentials away even when a second redirect leads back to the first origin', async () => {
    reset();
    home.handle((req, res) => {
      if (req.url === '/api/v4/user') res.writeHead(302, { location: `${elsewhere.origin}/bounce` }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
    });
    elsewhere.handle((_req, res) => res.writeHead(302, { location: `${home.origin}/api/v4/back` }).end());
    const result = await collab(['api', 'user', ...CREDENTIALS]);
    expect(result.exitCode).toBe(0);
    const back = home.seen.find((s) => s.url === '/api/v4/back');
    expect(back?.headers.authorization).toBeUndefined();
    expect(back?.headers.cookie).toBeUndefined();
  });

  it('does not send a request body to another origin (307 keeps the body, so it is not followed)', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(307, { location: `${elsewhere.origin}/api/v4/projects` }).end());
    const result = await collab(['api', '-X', 'POST', 'projects', '-f', 'password=body-secret', ...CREDENTIALS]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `redirected POST /projects to another origin (${elsewhere.origin}); not sending the request body there`,
    );
    expect(elsewhere.seen).toHaveLength(0);
  });

  it.each([
    [303, 'POST', 'GET'],
    [303, 'PUT', 'GET'],
    [301, 'POST', 'GET'],
    [302, 'POST', 'GET'],
    [302, 'PUT', 'PUT'],
    [307, 'POST', 'POST'],
    [308, 'PATCH', 'PATCH'],
  ])('a %i after %s is followed with %s, the body only when the method stays', async (status, method, expected) => {
    reset();
    home.handle((req, res) => {
      if (req.url === '/api/v4/projects') res.writeHead(status, { location: '/api/v4/moved' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
    });
    const result = await collab([
      'api',
      '-X',
      method,
      'projects',
      '-f',
      'name=demo',
      '-H',
      'Authorization: Bearer user-secret',
    ]);
    expect(result.exitCode).toBe(0);
    expect(home.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `${method} /api/v4/projects`,
      `${expected} /api/v4/moved`,
    ]);
    const followed = home.seen[1] as Seen;
    expect(followed.body).toBe(expected === method ? '{"name":"demo"}' : '');
    expect(followed.headers['content-type']).toBe(expected === method ? 'application/json' : undefined);
    // The same origin keeps the credentials.
    expect(followed.headers.authorization).toBe('Bearer user-secret');
    expect(followed.headers['private-token']).toBe('glpat-hostile-secret');
  });

  it('a Location that is no URL is a malformed answer, exit 1, not a bug', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(302, { location: 'http://[::1' }).end());
    const result = await collab(['api', 'user']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('which is not a URL');
    expect(result.stderr).not.toContain('bug');
  });
});

describe('the verbose log', () => {
  it('shows no credential header of the user', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'));
    const result = await collab(['api', 'user', '--verbose', ...CREDENTIALS]);
    expect(result.exitCode).toBe(0);
    expect(home.seen[0]?.headers['deploy-token']).toBe('deploy-secret');
    expect(result.stderr).not.toMatch(/-secret|session=/);
    expect(result.stderr).toContain('> Deploy-Token: [redacted]');
  });
});

describe('limits', () => {
  const MiB = 1024 * 1024;

  it.each([
    ['declared', true],
    ['chunked', false],
  ])('a body past max_body (%s) is refused after one request, exit 1, naming the setting', async (_name, declared) => {
    reset();
    home.handle((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(2 * MiB + 2) } : {}),
      });
      res.write('"');
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const more = (): void => {
        while (sent < 2 * MiB) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"');
      };
      more();
    });
    const result = await collab(['api', 'user'], { max_body: '1' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('past the limit of 1 MiB for one response; stopped reading it');
    expect(result.stderr).toContain('collab config set max_body <MiB>');
    expect(home.seen).toHaveLength(1);
  });

  it('a body that trickles ends at body_timeout, once, not retried', async () => {
    reset();
    const timers: NodeJS.Timeout[] = [];
    home.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      // A byte every 20 ms: never idle long enough for the idle timeout, never done.
      const timer = setInterval(() => res.write(' '), 20);
      timers.push(timer);
      res.on('close', () => clearInterval(timer));
    });
    const client = new HttpClient({
      baseUrl: home.origin,
      token: 'glpat-hostile-secret',
      retryBaseMs: 1,
      bodyDeadlineMs: 200,
    });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    await client.close();
    for (const timer of timers) clearInterval(timer);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(
      /^the answer to GET \/projects did not arrive in full within 0\.2 s \(\d+ bytes came\); stopped reading it$/,
    );
    expect(error.hint).toBe('raise the limit with `collab config set body_timeout <seconds>` (now 0.2 s)');
    expect(home.seen).toHaveLength(1);
  });

  it('a body that stops coming is one wait, not retried', async () => {
    reset();
    home.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
    });
    const client = new HttpClient({
      baseUrl: home.origin,
      token: 'glpat-hostile-secret',
      retryBaseMs: 1,
      timeoutMs: 200,
    });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    await client.close();
    expect(error.kind).toBe('timeout');
    expect(home.seen).toHaveLength(1);
  });

  it('headers that never come are one wait, not six', async () => {
    reset();
    home.handle(() => {
      // Never answers.
    });
    const client = new HttpClient({
      baseUrl: home.origin,
      token: 'glpat-hostile-secret',
      retryBaseMs: 1,
      timeoutMs: 200,
    });
    const error = await failure(client.request({ method: 'GET', path: '/projects' }));
    await client.close();
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^timed out after 0\.2s waiting for 127\.0\.0\.1:\d+ \(GET \/projects\)$/);
    expect(home.seen).toHaveLength(1);
  });

  it('a body within the limits is read as before, and max_body and body_timeout are settings', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'));
    const result = await collab(['api', 'user'], { max_body: '1', body_timeout: '5' });
    expect(result).toMatchObject({ exitCode: 0, stdout: '{"id":1}\n' });
    const refused = await collab(['config', 'set', 'max_body', '0']);
    expect(refused.exitCode).toBe(2);
  });
});

/**
 * A tunnelling proxy on 127.0.0.1, as corporate ones are: CONNECT host:port, then the bytes both
 * ways; or, given `refuse`, that status to every CONNECT. Its URL carries credentials.
 */
async function tunnellingProxy(refuse?: number) {
  const tunnels: Array<{ target: string; auth: string | undefined }> = [];
  const proxy = createServer();
  proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push({ target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    if (refuse) return client.end(`HTTP/1.1 ${refuse} Refused\r\n\r\n`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connectTcp(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => undefined);
      client.pipe(upstream).on('error', () => undefined);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://proxy-user:proxy-secret@127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return { url, tunnels, close: () => close(proxy) };
}

function proxiedEnv(proxyUrl: string): Record<string, string | undefined> {
  const dir = tempConfigDir();
  return {
    PATH: process.env.PATH,
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: home.origin,
    COLLAB_TOKEN: 'glpat-hostile-secret',
    HTTP_PROXY: proxyUrl,
  };
}

describe('through a proxy (HTTP_PROXY)', () => {
  it('reaches the host, with the proxy credentials to the proxy alone and the token to the host alone', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'));
    const proxy = await tunnellingProxy();
    try {
      // In a process of its own, as collab runs: a test file that loads undici whole (MockAgent)
      // gives this process's dispatchers what the build's are not given unless collab does it.
      const result = await runMain(['api', 'user', '--verbose'], proxiedEnv(proxy.url), { spawn: true });
      expect(result).toMatchObject({ exitCode: 0, stdout: '{"id":1}\n' });
      expect(proxy.tunnels).toEqual([
        {
          target: new URL(home.origin).host,
          auth: `Basic ${Buffer.from('proxy-user:proxy-secret').toString('base64')}`,
        },
      ]);
      expect(home.seen[0]?.headers['private-token']).toBe('glpat-hostile-secret');
      expect(home.seen[0]?.headers['proxy-authorization']).toBeUndefined();
      expect(result.stderr).not.toMatch(/proxy-secret|glpat-hostile-secret/);
    } finally {
      await proxy.close();
    }
  });

  it('a proxy that refuses the tunnel (407) is a network error at once, not an interruption', async () => {
    reset();
    const proxy = await tunnellingProxy(407);
    try {
      const result = await runMain(['api', 'user'], proxiedEnv(proxy.url));
      expect(result.exitCode).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: cannot reach ${new URL(home.origin).host}: the proxy refused to connect to it (407) (GET /user)`,
      );
      expect(result.stderr).toMatch(/^hint: the proxy asks for credentials/m);
      expect(result.stderr).not.toContain('proxy-secret');
      expect(proxy.tunnels).toHaveLength(1);
      expect(home.seen).toHaveLength(0);
    } finally {
      await proxy.close();
    }
  });
});

describe('network errors fail fast with a hint', () => {
  it.each(['ENOTFOUND', 'EAI_AGAIN'])(
    'an unknown host (%s) is not retried, and the hint names where the host came from',
    async (code) => {
      const agent = new MockAgent();
      agent.disableNetConnect();
      let calls = 0;
      agent
        .get('https://nowhere.example')
        .intercept({ path: () => true, method: () => true })
        .reply(() => {
          calls++;
          throw Object.assign(new Error(`getaddrinfo ${code} nowhere.example`), { code });
        })
        .persist();
      const client = new HttpClient({
        baseUrl: 'https://nowhere.example',
        token: 'glpat-hostile-secret',
        retryBaseMs: 1,
        dispatcher: agent,
      });
      const error = await failure(client.request({ method: 'GET', path: '/user' }));
      await agent.close();
      expect(error.kind).toBe('network');
      expect(error.hint).toContain('check the host name');
      expect(calls).toBe(1);
    },
  );

  it('says a plain HTTP service does not answer in TLS, and hints at its http:// address', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
    });
    let connections = 0;
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const dir = tempConfigDir();
      const env = {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: `https://${host}`,
        COLLAB_TOKEN: 'glpat-x',
      };
      const result = await runMain(['api', 'user'], env);
      expect(result.exitCode).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: cannot reach ${host}: it does not answer in TLS (https) (GET /user)`,
      );
      expect(result.stderr).toContain(`hint: if the service there is plain HTTP, give http://${host} as the host`);
      expect(result.stderr).not.toContain('certificate');
      // Said at once: a second handshake would meet the same plain HTTP.
      expect(connections).toBe(1);
    } finally {
      await close(server);
    }
  });

  describe('against a certificate the client does not trust', () => {
    let server: HttpsServer;
    let origin: string;
    let connections = 0;
    const fixtures = join(import.meta.dirname, '..', 'fixtures', 'tls');

    beforeAll(async () => {
      server = createTlsServer(
        { key: readFileSync(join(fixtures, 'key.pem')), cert: readFileSync(join(fixtures, 'cert.pem')) },
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
        },
      );
      server.on('connection', () => connections++);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => close(server));

    it('hints at https:// when the service hangs up on plain HTTP', async () => {
      const dir = tempConfigDir();
      const host = origin.replace('https://', '');
      const env = {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: `http://${host}`,
        COLLAB_TOKEN: 'glpat-x',
      };
      expect((await runMain(['config', 'set', 'retries', '0'], env)).exitCode).toBe(0);
      const result = await runMain(['api', 'user'], env);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`error: cannot reach ${host}: connection reset`);
      expect(result.stderr).toContain(`hint: if the service there speaks https, give https://${host} as the host`);
    });

    it('fails at once, hinting at ca_file and NODE_EXTRA_CA_CERTS; with the CA file it connects', async () => {
      connections = 0;
      const dir = tempConfigDir();
      const env = {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: origin,
        COLLAB_TOKEN: 'glpat-hostile-secret',
      };
      const result = await runMain(['api', 'user'], env);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('its TLS certificate is not accepted');
      expect(result.stderr).toContain(`collab config set ca_file <path> --host ${origin}`);
      expect(result.stderr).toContain('NODE_EXTRA_CA_CERTS');
      expect(connections).toBe(1);
      expect(
        (await runMain(['config', 'set', 'ca_file', join(fixtures, 'cert.pem'), '--host', origin], env)).exitCode,
      ).toBe(0);
      expect(await runMain(['api', 'user'], env)).toMatchObject({ exitCode: 0, stdout: '{"id":1}\n' });
    });
  });

  it.each([
    [
      '127.0.0.1:34505',
      'hint: --host https://127.0.0.1:34505 (or http://127.0.0.1:34505 for a service on this machine)',
    ],
    ['gitlab.example.com', 'hint: --host https://gitlab.example.com\n'],
    ['localhost:8080/gitlab', 'hint: --host https://localhost:8080/gitlab (or http://localhost:8080/gitlab'],
  ])('--host %s without a scheme is a usage error showing the URL', async (host, hint) => {
    reset();
    const dir = tempConfigDir();
    const result = await runMain(['api', 'user', '--host', host], {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_TOKEN: 'glpat-hostile-secret',
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: invalid host "${host}": give the URL with its scheme`);
    expect(result.stderr).toContain(hint);
  });
});

describe('api -H is checked before anything is sent', () => {
  it.each([
    ['X-A: one\r\nX-Injected: two', 'the value of header X-A holds a line break'],
    ['X-A: one\n', 'the value of header X-A holds a line break'],
    ['X-A: caf\u00e9', 'the value of header X-A holds a control or non-ASCII character'],
    ['X-A: a\u0007b', 'the value of header X-A holds a control or non-ASCII character'],
    ['Bad Name: x', 'invalid header name "Bad Name"'],
    ['X(A): x', 'invalid header name "X(A)"'],
    ['nocolon', 'invalid header "nocolon": expected Name: value'],
  ])('%j is a usage error, exit 2, nothing sent', async (header, message) => {
    reset();
    const result = await collab(['api', 'user', '-H', header]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect(home.seen).toHaveLength(0);
  });

  it('takes a well-formed header, spaces around the value dropped', async () => {
    reset();
    home.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const result = await collab(['api', 'user', '-H', 'X-Request-Id:  abc-123\t']);
    expect(result.exitCode).toBe(0);
    expect(home.seen[0]?.headers['x-request-id']).toBe('abc-123');
  });
});
