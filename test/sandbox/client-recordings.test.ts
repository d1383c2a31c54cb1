import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Router } from '../../src/sandbox/http.js';
import { registerRoutes } from '../../src/sandbox/routes/index.js';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * Two real clients' requests, replayed: go-gitlab 0.73.1 (Debian's golang-github-xanzy-go-gitlab-dev,
 * the library under glab and terraform's GitLab provider) and the Ruby gitlab gem 4.17.0 (Debian's
 * ruby-gitlab), each driving every endpoint the sandbox serves. Recorded from a fresh
 * `collab sandbox --seed 12` through scripts/clients/record-proxy.mjs (scripts/clients/record.sh go|ruby,
 * drivers in scripts/clients/go and scripts/clients/ruby): each line has the request as the client sent
 * it (method, path, query, whose token, the headers that matter, body) and the status and keys answered.
 * Replayed in order against a sandbox of the same seed, each answer has the recorded status and keys.
 */

interface Recorded {
  method: string;
  path: string;
  query: string;
  as: SandboxRole | null;
  headers: Record<string, string>;
  /** A JSON body as a value; a form or multipart body as its text (bytes as latin1). */
  body: unknown;
  status: number;
  answer: { list: boolean; keys: string[] };
}

const CLIENTS = ['go', 'ruby'] as const;

function recording(client: (typeof CLIENTS)[number]): Recorded[] {
  const text = readFileSync(new URL(`../fixtures/clients/${client}.jsonl`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Recorded);
}

/**
 * The requests GitLab refuses too, each for its reason; every other recorded request is answered 2xx.
 * Keyed `client METHOD path`.
 */
const REFUSED: Record<string, string> = {
  'go GET /': 'go-gitlab reads the rate limit from the API root when it starts; GitLab has no route there (404)',
  'go PUT /projects/13': 'the driver asks for a default branch the repository lacks (400 on base)',
  'ruby PUT /projects/13': 'the driver asks for a default branch the repository lacks (400 on base)',
  'go POST /projects/acme%2Fweb%2Fstorefront/mirror/pull': 'the storefront is no pull mirror (400)',
  'ruby POST /projects/acme%2Fweb%2Fstorefront/mirror/pull': 'the storefront is no pull mirror (400)',
  'go GET /projects/acme%2Fweb%2Fstorefront/mirror/pull': 'the storefront is no pull mirror (400)',
  'ruby GET /projects/acme%2Fweb%2Fstorefront/mirror/pull': 'the storefront is no pull mirror (400)',
  'go GET /groups/acme/avatar': 'acme has no avatar (404)',
  'ruby GET /groups/acme/avatar': 'acme has no avatar (404)',
  'ruby DELETE /projects/acme%2Fweb%2Fstorefront/star':
    "the gem's unstar_project is API v3's DELETE /star; API v4 unstars with POST /unstar (405)",
};

function bodyOf(entry: Recorded): string | Buffer | undefined {
  if (entry.body === null) return undefined;
  if (typeof entry.body === 'string') return Buffer.from(entry.body, 'latin1');
  return JSON.stringify(entry.body);
}

describe('sandbox: go-gitlab and the Ruby gitlab gem, replayed', () => {
  const { sandbox } = useSandbox({ seed: 12 });

  for (const client of CLIENTS) {
    it(`answers every request of ${client}'s recording with its recorded status and keys`, async () => {
      const answered: string[] = [];
      for (const entry of recording(client)) {
        const token = entry.as ? sandbox.tokens[entry.as] : undefined;
        const url = `${sandbox.url}/api/v4${entry.path}${entry.query ? `?${entry.query}` : ''}`;
        const response = await fetch(url, {
          method: entry.method,
          headers: { ...entry.headers, ...(token ? { 'private-token': token } : {}) },
          body: bodyOf(entry) ?? null,
          redirect: 'manual',
        });
        const text = await response.text();
        let keys: string[] = [];
        let list = false;
        try {
          const value: unknown = JSON.parse(text);
          list = Array.isArray(value);
          const item = Array.isArray(value) ? value[0] : value;
          keys = item && typeof item === 'object' ? Object.keys(item).sort() : [];
        } catch {
          // A binary or empty answer (a snapshot, a 204) has no keys.
        }
        answered.push(`${entry.method} ${entry.path} ${response.status} ${list ? '[]' : '{}'} ${keys.join(',')}`);
        expect
          .soft(answered.at(-1))
          .toBe(
            `${entry.method} ${entry.path} ${entry.status} ${entry.answer.list ? '[]' : '{}'} ${entry.answer.keys.join(',')}`,
          );
      }
    });

    it(`answers ${client}'s requests 2xx but those GitLab refuses too`, () => {
      const refused = recording(client)
        .filter((entry) => entry.status >= 300)
        .map((entry) => `${client} ${entry.method} ${entry.path}`);
      expect([...new Set(refused)].sort()).toEqual(
        Object.keys(REFUSED)
          .filter((key) => key.startsWith(`${client} `))
          .sort(),
      );
    });
  }

  it('has every route the sandbox serves driven by one client at least', () => {
    const router = new Router();
    registerRoutes(router);
    const driven = new Set<string>();
    for (const client of CLIENTS)
      for (const entry of recording(client)) {
        const route = router.route(entry.method, entry.path);
        if (route) driven.add(route);
      }
    expect(
      router.list().filter((route) => !driven.has(route)),
      'routes no recording drives: add them to scripts/clients/go/main.go and ruby/drive.rb, then record again (scripts/clients/record.sh go|ruby)',
    ).toEqual([]);
  });
});
