import { join } from 'node:path';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { EVERY_ACME_PROJECT, useDesiredWorlds } from '../helpers/desired.js';

/**
 * A saved plan's stale check (src/desired/preflight.ts) reads the live state through GraphQL as
 * plan does (src/desired/graphql.ts): many projects a query, REST for what GraphQL cannot confirm,
 * the same refusals either way, and REST wherever the instance has no GraphQL, said once.
 */
const world = useDesiredWorlds();
const large = useDesiredWorlds({ seed: 150 });
const withoutGraphql = useDesiredWorlds({ graphql: false });

/** The requests of a log by kind: method and path, IDs and encoded paths as placeholders, queries left out. */
function byKind(log: readonly { method: string; path: string }[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const r of log) {
    const path = r.path
      .replace(/\?.*/, '')
      .replace(/\/projects\/[^/]*%2F[^/]*/, '/projects/:path')
      .replace(/\/\d+(?=\/|$)/g, '/:id');
    counts.set(`${r.method} ${path}`, (counts.get(`${r.method} ${path}`) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));

/** Makes the saved plan of `text` in a world of its own and applies it, with these flags; the apply and its requests. */
async function applySaved(w: Awaited<ReturnType<typeof world>>, text: string, flags: readonly string[] = []) {
  const out = join(w.dir, 'plan.json');
  expect((await w.collab(['plan', '-f', w.file(text), '--out', out])).exitCode).toBe(8);
  w.sandbox.resetStats();
  const applied = await w.collab(['apply', '-f', out, '-o', 'ndjson', ...flags]);
  return { applied, requests: byKind(w.sandbox.requestLog) };
}

describe('collab apply -f plan.json: the stale check through GraphQL', () => {
  it('a saved plan of 69 projects: 2 queries and no GET of a project, where --no-graphql reads 69 and 273 sections', async () => {
    const through = await applySaved(await large(), EVERY_ACME_PROJECT);
    const rest = await applySaved(await large(), EVERY_ACME_PROJECT, ['--no-graphql']);
    // What each sends: 273 changes (3 projects' main is protected as the file wants already).
    const writes = {
      'POST /api/v4/projects/:id/labels': 69,
      'POST /api/v4/projects/:id/members': 69,
      'POST /api/v4/projects/:id/protected_branches': 66,
      'POST /api/v4/projects/:id/variables': 69,
    };
    // 66 projects ask all four sections, 3 all but protected branches: 2 queries (50, then 16 and 3)
    // each asking the four. GraphQL found every project and confirmed each change: no project read.
    expect(through.requests).toEqual({ 'POST /api/graphql': 2, ...writes });
    expect(rest.requests).toEqual({
      'GET /api/v4/projects/:id/labels': 69,
      'GET /api/v4/projects/:id/members': 69,
      'GET /api/v4/projects/:id/protected_branches': 66,
      'GET /api/v4/projects/:id/variables': 69,
      'GET /api/v4/projects/:path': 69,
      ...writes,
    });
    expect(through.applied.exitCode).toBe(0);
    expect([through.applied.exitCode, through.applied.stdout]).toEqual([rest.applied.exitCode, rest.applied.stdout]);
    expect(warnings(through.applied.stderr)).toEqual([]);
  });

  it('updates: variables and members confirmed through GraphQL, labels and branches (fields it lacks) read again by REST', async () => {
    const w = await world();
    expect((await w.collab(['apply', '-f', w.file(policy(BEFORE)), '--yes'])).exitCode).toBe(0);
    const { applied, requests } = await applySaved(w, policy(AFTER));
    expect(applied.exitCode).toBe(0);
    // GraphQL's Label has no priority, a branch rule no access entry IDs: those changes were planned
    // from fields GraphQL does not show, and REST (the project found first) says whether they moved.
    expect(requests).toEqual({
      'GET /api/v4/projects/:id/labels': 4,
      'GET /api/v4/projects/:id/protected_branches': 4,
      'GET /api/v4/projects/:path': 4,
      'POST /api/graphql': 1,
      ...UPDATES,
    });
  });

  it('a stale plan is refused as by REST (the graphql setting false): the same results, errors and exit code', async () => {
    const runs = [];
    for (const setting of ['true', 'false']) {
      const w = await world();
      expect((await w.collab(['config', 'set', 'graphql', setting])).exitCode).toBe(0);
      expect((await w.collab(['apply', '-f', w.file(policy(BEFORE)), '--yes'])).exitCode).toBe(0);
      const out = join(w.dir, 'plan.json');
      expect((await w.collab(['plan', '-f', w.file(policy(AFTER)), '--out', out])).exitCode).toBe(8);
      // Others change three of the four projects after the plan was made, each in another section.
      const rui = await w.idOf('users', 'rui');
      const at = (path: string) => `/projects/${encodeURIComponent(path)}`;
      for (const [method, path, json] of [
        ['PUT', `${at('acme/web/storefront')}/variables/COLLAB_STAGE`, { protected: true }],
        ['PUT', `${at('acme/platform/api')}/labels/tidy`, { description: 'moved' }],
        ['PUT', `${at('acme/platform/infra/terraform')}/members/${rui}`, { access_level: 40 }],
      ] as const)
        expect((await w.call(method, path, { json })).status).toBe(200);
      w.sandbox.resetStats();
      const applied = await w.collab(['apply', '-f', out, '-o', 'ndjson']);
      const queries = w.sandbox.requestLog.filter((r) => r.path === '/api/graphql').length;
      // Each world's directory is its own: the hint names the file by it.
      const stderr = applied.stderr.replaceAll(w.dir, '<dir>');
      runs.push({ exitCode: applied.exitCode, stdout: applied.stdout, stderr, queries });
    }
    const [through, rest] = runs;
    expect([through?.queries, rest?.queries]).toEqual([1, 0]);
    expect(through?.exitCode).toBe(5);
    const results = through?.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { target: string; status: string; error: string | null });
    expect(results?.map((r) => [r.target, r.status])).toEqual([
      ['acme/platform/api', 'failed'],
      ['acme/platform/infra/terraform', 'failed'],
      ['acme/web/storefront', 'failed'],
      ['globex/handbook', 'ok'],
    ]);
    expect(results?.[2]?.error).toMatch(/^stale: project:acme\/web\/storefront variables COLLAB_STAGE /);
    expect({ ...through, queries: 0 }).toEqual({ ...rest, queries: 0 });
  });

  it('a variable changed since the plan: refused as stale from the REST read, the project read for it alone', async () => {
    const w = await world();
    expect((await w.collab(['apply', '-f', w.file(variables(BEFORE)), '--yes'])).exitCode).toBe(0);
    const out = join(w.dir, 'plan.json');
    expect((await w.collab(['plan', '-f', w.file(variables(AFTER)), '--out', out])).exitCode).toBe(8);
    const at = `/projects/${encodeURIComponent('acme/platform/api')}`;
    expect((await w.call('PUT', `${at}/variables/COLLAB_STAGE`, { json: { protected: true } })).status).toBe(200);
    w.sandbox.resetStats();
    const applied = await w.collab(['apply', '-f', out, '-o', 'ndjson']);
    expect(applied.exitCode).toBe(5);
    const results = applied.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { target: string; status: string; error: string | null });
    expect(results.map((r) => [r.target, r.status])).toEqual([
      ['acme/platform/api', 'failed'],
      ['acme/platform/infra/terraform', 'ok'],
      ['acme/web/storefront', 'ok'],
      ['globex/handbook', 'ok'],
    ]);
    expect(results[0]?.error).toMatch(
      /^stale: project:acme\/platform\/api variables COLLAB_STAGE .*now has .*"protected":true/,
    );
    // One query for the four; the one that moved read again by REST, the others not read at all.
    expect(byKind(w.sandbox.requestLog)).toEqual({
      'GET /api/v4/projects/:id/variables': 1,
      'GET /api/v4/projects/:path': 1,
      'POST /api/graphql': 1,
      'PUT /api/v4/projects/:id/variables/COLLAB_STAGE': 3,
    });
  });

  it('a project GraphQL no longer finds (the caller cannot see it): exit 2 naming it, nothing sent', async () => {
    const w = await world();
    const out = join(w.dir, 'plan.json');
    const path = w.file(`version: 1
projects:
  initech/tps-reports:
    variables:
      - key: COLLAB_STAGE
        value: staging
  acme/web/storefront:
    variables:
      - key: COLLAB_STAGE
        value: staging
`);
    expect((await w.collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    w.sandbox.resetStats();
    // Olivia owns acme but cannot see initech's private project: the plan was made by the administrator.
    const applied = await w.collab(['apply', '-f', out], { as: 'owner' });
    expect(applied.exitCode).toBe(2);
    // GraphQL does not find it either: REST is asked, and decides.
    expect(applied.stderr).toBe(
      `warning: GraphQL left a target out: reading variables by REST\nproject initech/tps-reports cannot be found (removed, moved, or no longer visible to you)\nerror: a target of the plan cannot be reached; nothing was sent\nhint: check the token's access, or make a new plan (\`collab plan -f ${path} --out <file>\`)\n`,
    );
    expect(w.writes()).toEqual([]);
  });

  it('a label subscribed to (and counted) since the plan: not stale, the plan applied, both ways', async () => {
    for (const flags of [[], ['--no-graphql']]) {
      const w = await world();
      const only = `version: 1
projects:
  acme/web/storefront:
    labels:
      - name: tidy
        color: "${BEFORE.color}"
`;
      expect((await w.collab(['apply', '-f', w.file(only), '--yes'])).exitCode).toBe(0);
      const out = join(w.dir, 'plan.json');
      expect(
        (await w.collab(['plan', '-f', w.file(only.replace(BEFORE.color, AFTER.color)), '--out', out])).exitCode,
      ).toBe(8);
      // The caller subscribes, and issues come to carry the label: REST's label says so since.
      const labelsPath = `/api/v4/projects/${await w.idOf('projects', 'acme/web/storefront')}/labels`;
      const now = (await w.getJson(
        `/projects/acme%2Fweb%2Fstorefront/labels?include_ancestor_groups=false&per_page=100`,
      )) as Array<Record<string, unknown>>;
      const subscribed = now.map((label) => ({ ...label, subscribed: true, open_issues_count: 3 }));
      const agent = new MockAgent();
      agent.enableNetConnect(new URL(w.sandbox.url).host);
      agent
        .get(new URL(w.sandbox.url).origin)
        .intercept({ path: (at) => at.startsWith(`${labelsPath}?`), method: 'GET' })
        .reply(200, subscribed, { headers: { 'content-type': 'application/json' } })
        .persist();
      w.sandbox.resetStats();
      const applied = await w.collab(['apply', '-f', out, ...flags], { dispatcher: agent });
      expect([flags, applied.exitCode, applied.stderr]).toEqual([flags, 0, expect.not.stringContaining('stale')]);
      expect(byKind(w.writes())).toEqual({ 'PUT /api/v4/projects/:id/labels/tidy': 1 });
    }
  });

  it('an instance whose /api/graphql is 404: one query, every section by REST, one line on stderr says so', async () => {
    const w = await withoutGraphql();
    expect((await w.collab(['apply', '-f', w.file(policy(BEFORE)), '--yes', '--no-graphql'])).exitCode).toBe(0);
    const { applied, requests } = await applySaved(w, policy(AFTER));
    expect(applied.exitCode).toBe(0);
    expect(warnings(applied.stderr)).toEqual([
      'warning: GraphQL is not available on this instance (POST /api/graphql: 404): reading variables, labels, members, protected_branches by REST',
    ]);
    expect(requests).toEqual({
      'GET /api/v4/projects/:id/labels': 4,
      'GET /api/v4/projects/:id/members': 4,
      'GET /api/v4/projects/:id/protected_branches': 4,
      'GET /api/v4/projects/:id/variables': 4,
      'GET /api/v4/projects/:path': 4,
      'POST /api/graphql': 1,
      ...UPDATES,
    });
  });
});

/** The same four sections on four projects of the seed, before and after (every item updated). */
const BEFORE = { value: 'staging', color: '#00FF00', merge: 'maintainer', level: 'reporter' };
const AFTER = { value: 'production', color: '#FF0000', merge: 'developer', level: 'developer' };

/** What applying AFTER over BEFORE sends. */
const UPDATES = {
  'PATCH /api/v4/projects/:id/protected_branches/main': 4,
  'PUT /api/v4/projects/:id/labels/tidy': 4,
  'PUT /api/v4/projects/:id/members/:id': 4,
  'PUT /api/v4/projects/:id/variables/COLLAB_STAGE': 4,
};

/** The variable of `policy` alone, on the same four projects. */
function variables(at: typeof BEFORE): string {
  return policy(at).replace(/ {4}(?:labels|protected_branches|members):\n(?: {6}.*\n)*/g, '');
}

function policy(at: typeof BEFORE): string {
  return `version: 1
projects:
${['acme/web/storefront', 'acme/platform/api', 'acme/platform/infra/terraform', 'globex/handbook']
  .map(
    (path) => `  ${path}:
    variables:
      - key: COLLAB_STAGE
        value: ${at.value}
    labels:
      - name: tidy
        color: "${at.color}"
    protected_branches:
      - name: main
        push_access_level: maintainer
        merge_access_level: ${at.merge}
    members:
      - username: rui
        access_level: ${at.level}
`,
  )
  .join('')}`;
}
