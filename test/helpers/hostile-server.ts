import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/runtime.js';
import { runMain, tempConfigDir } from './cli.js';

/**
 * A service that answers whatever a test puts in `answers`: the first entry whose pattern matches
 * `METHOD /path?query` (the API root left out) gives the status and the JSON body. Started on
 * 127.0.0.1 for one test file; `collab(args)` runs collab in this process against it.
 */
export interface Answer {
  status?: number;
  /** The JSON body, as a value (or as text, `raw`, for what JSON.stringify cannot write: 5,000 levels deep). */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Never answer (the request hangs until the client gives up). */
  hang?: boolean;
}

export function useHostileServer() {
  const answers: Array<[RegExp, Answer | (() => Answer)]> = [];
  const state: { server?: Server; origin: string } = { origin: '' };
  beforeAll(async () => {
    const server = createServer((req, res) => {
      req.resume();
      const what = `${req.method} ${(req.url ?? '').replace(/^\/api\/v4/, '')}`;
      const found = answers.find(([pattern]) => pattern.test(what))?.[1];
      const answer =
        typeof found === 'function' ? found() : (found ?? { status: 404, body: { message: '404 Not Found' } });
      if (answer.hang) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.raw ?? JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.server = server;
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        if (!state.server) return resolve();
        state.server.close(() => resolve());
        state.server.closeAllConnections();
      }),
  );
  const collab = (
    args: readonly string[],
    options: {
      tty?: boolean;
      input?: string;
      env?: Record<string, string>;
      timeout?: number;
      signal?: AbortSignal;
      clock?: Clock;
    } = {},
  ) => {
    const dir = tempConfigDir();
    return runMain(
      args,
      {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: state.origin,
        COLLAB_TOKEN: 'glpat-hostile-test-token',
      },
      options,
    );
  };
  /** Answers from now on (the latest given first). */
  const answer = (pattern: RegExp, value: Answer | (() => Answer)) => {
    answers.unshift([pattern, value]);
  };
  return {
    collab,
    answer,
    get origin() {
      return state.origin;
    },
  };
}

/** A project as the service sends one, with the given fields over a plain one. */
export function project(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    name: 'web',
    path: 'web',
    path_with_namespace: 'acme/web',
    description: 'the web site',
    visibility: 'private',
    star_count: 1,
    forks_count: 0,
    default_branch: 'main',
    web_url: 'http://127.0.0.1/acme/web',
    created_at: '2024-01-02T03:04:05.000Z',
    last_activity_at: '2024-01-02T03:04:05.000Z',
    ...fields,
  };
}

/** A note on issue 1, with the given fields over a plain one. */
export function note(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 11,
    body: 'looks good',
    author: { id: 1, username: 'dana', name: 'Dana Developer' },
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    system: false,
    confidential: false,
    noteable_type: 'Issue',
    noteable_iid: 1,
    ...fields,
  };
}
