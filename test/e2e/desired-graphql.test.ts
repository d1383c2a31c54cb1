import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SECTIONS } from '../../src/desired/sections/index.js';
import { EVERY_ACME_PROJECT, useDesiredWorlds } from '../helpers/desired.js';
import type { Project, User } from '../../src/sandbox/model.js';
import { writableRefsOf } from '../../src/sandbox/protected-refs.js';
import { type CallOptions, callSandbox } from '../helpers/sandbox-api.js';

/**
 * The desired state read through GraphQL (src/desired/graphql.ts) and by REST: the same plan
 * either way, and REST wherever GraphQL cannot be trusted, said once on stderr.
 */
const world = useDesiredWorlds();
/** An instance without GraphQL (an old or restricted one): /api/graphql answers 404. */
const withoutGraphql = useDesiredWorlds({ graphql: false });

/** Every section with a GraphQL read, on groups and projects: what differs is planned, what does not is read once. */
const FILE = `version: 1
groups:
  acme:
    variables:
      - key: REGION
        value: eu-west-1
    labels:
      - name: bug
        color: "#D9534F"
    members:
      - username: dana
        access_level: developer
projects:
  acme/web/storefront:
    variables:
      - key: APP_ENV
        value: staging
    labels:
      - name: checkout
        color: orange
    protected_branches:
      - name: main
        push_access_level: maintainer
        merge_access_level: maintainer
    members:
      - username: dana
        access_level: developer
`;

/** A MockAgent that answers POST /api/graphql itself and lets every other request through to the sandbox. */
function graphqlAnswering(url: string, answer: unknown): MockAgent {
  const agent = new MockAgent();
  agent.enableNetConnect(new URL(url).host);
  agent
    .get(new URL(url).origin)
    .intercept({ path: '/api/graphql', method: 'POST' })
    .reply(200, answer as object, { headers: { 'content-type': 'application/json' } })
    .persist();
  return agent;
}

/** A plan's JSON but its `reads` (the requests it took, which is what GraphQL changes). */
const unread = (json: string) => json.replace(/"reads":\d+,/, '"reads":0,');

const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));

describe('collab plan through GraphQL', () => {
  it('an instance whose /api/graphql is 404: every section read by REST, the plan as with --no-graphql, one line says so', async () => {
    const { collab, file, sandbox } = await withoutGraphql();
    const path = file(FILE);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    sandbox.resetStats();
    const fallen = await collab(['plan', '-f', path, '-o', 'json']);
    // The first query alone was sent: after its 404 no other is.
    expect(sandbox.requestLog.filter((r) => r.path === '/api/graphql').length).toBe(1);
    expect(fallen.exitCode).toBe(8);
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    expect(warnings(rest.stderr)).toEqual([]);
    expect(warnings(fallen.stderr)).toEqual([
      'warning: GraphQL is not available on this instance (POST /api/graphql: 404): reading variables, labels, members, protected_branches by REST',
    ]);
  });

  it('an answer with errors (a field this instance lacks): REST for those sections, the same plan, one line', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(FILE);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    const dispatcher = graphqlAnswering(sandbox.url, {
      errors: [
        { message: "Field 'ciVariables' doesn't exist on type 'Project'", locations: [{ line: 1, column: 90 }] },
      ],
    });
    const fallen = await collab(['plan', '-f', path, '-o', 'json'], { dispatcher });
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    expect(warnings(fallen.stderr)).toEqual([
      `warning: GraphQL answered an error (Field 'ciVariables' doesn't exist on type 'Project'): reading variables, labels, members, protected_branches by REST`,
    ]);
  });

  it('a token GraphQL refuses (401) and REST takes: every section by REST, one query, one line in its words', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(FILE);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    // GitLab's controller refuses a token it cannot use (a CI job token, a scope below read_api) so.
    let queries = 0;
    const dispatcher = new MockAgent();
    dispatcher.enableNetConnect(new URL(sandbox.url).host);
    dispatcher
      .get(new URL(sandbox.url).origin)
      .intercept({ path: '/api/graphql', method: 'POST' })
      .reply(() => {
        queries += 1;
        return {
          statusCode: 401,
          data: { errors: [{ message: 'Invalid token' }] },
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .persist();
    const fallen = await collab(['plan', '-f', path, '-o', 'json'], { dispatcher });
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    // The group's batch and the projects' would each meet the same refusal: the first alone is sent.
    expect(queries).toBe(1);
    expect(warnings(fallen.stderr)).toEqual([
      'warning: GraphQL refused the token (401 Invalid token): reading variables, labels, members, protected_branches by REST',
    ]);
  });

  it("an error on one project's field (a job token scope the caller may not administer): that section of that project by REST, no other", async () => {
    const { collab, file, sandbox } = await world();
    // Max maintains acme's projects; globex/research/atlas is public to him, his to read, not to administer.
    const path = file(`version: 1
projects:
  acme/web/storefront:
    variables:
      - key: APP_ENV
        value: staging
    job_token_scope:
      enabled: true
  globex/research/atlas:
    labels:
      - name: bug
        color: red
    job_token_scope:
      enabled: true
`);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql'], { as: 'maintainer' });
    sandbox.resetStats();
    const partial = await collab(['plan', '-f', path, '-o', 'json'], { as: 'maintainer' });
    // GitLab answers the batch 200 with data and, for atlas's ciJobTokenScope alone, an error and null.
    expect(warnings(partial.stderr)).toEqual([
      "warning: GraphQL answered an error (The resource that you are attempting to access does not exist or you don't have permission to perform this action): reading job_token_scope by REST",
    ]);
    const atlas = sandbox.store.allProjects().find((p) => p.path === 'atlas')?.id;
    expect(sandbox.requestLog.filter((r) => /^\/api\/v4\/projects\/\d+\//.test(r.path)).map((r) => r.path)).toEqual([
      `/api/v4/projects/${atlas}/job_token_scope`,
    ]);
    // REST refuses it as it refuses it without GraphQL: the same error, the same exit code.
    expect(partial.exitCode).toBe(rest.exitCode);
    expect(partial.stderr.split('\n').filter((line) => !line.startsWith('warning:'))).toEqual(rest.stderr.split('\n'));
  });

  it("a caller below Maintainer, to whom GitLab's branch rules are an empty list: protected branches by REST, its 403 either way", async () => {
    const w = await world();
    // GitLab drops each rule a caller may not read from the connection, and says nothing.
    const rules = await callSandbox(w.sandbox, 'POST', `${w.sandbox.url}/api/graphql`, {
      as: 'developer',
      json: { query: '{ project(fullPath: "acme/web/storefront") { branchRules { nodes { name } } } }' },
    });
    expect(rules.body).toEqual({ data: { project: { branchRules: { nodes: [] } } } });
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    protected_branches:
      enforce: true
      items: []
`);
    const through = await w.collab(['plan', '-f', path], { as: 'developer' });
    const rest = await w.collab(['plan', '-f', path, '--no-graphql'], { as: 'developer' });
    expect([through.exitCode, through.stdout]).toEqual([rest.exitCode, rest.stdout]);
    expect(rest.exitCode).toBe(3);
    expect(through.stderr).toContain('403 Forbidden (GET /projects/1/protected_branches');
  });

  it("a user's push entry (Premium: no level, which GraphQL's Int! refuses): protected branches by REST, the same plan", async () => {
    const { collab, file, sandbox, getJson } = await world();
    const storefront = sandbox.store.findProject('acme/web/storefront') as Project;
    const dana = [...sandbox.store.users.values()].find((user) => user.username === 'dana') as User;
    // The routes make roles and deploy keys; GitLab Premium keeps a user's entry as this.
    writableRefsOf(sandbox.store, storefront.id)
      .branches.get('main')
      ?.push.push({ id: sandbox.store.nextId('ref_access'), access_level: null, user_id: dana.id });
    sandbox.store.touch();
    const main = await getJson(`/projects/${storefront.id}/protected_branches/main`);
    expect(main.push_access_levels.at(-1)).toMatchObject({ access_level: null, user_id: dana.id, group_id: null });
    const path = file(`version: 1
projects:
  acme/web/storefront:
    protected_branches:
      - name: main
        push_access_level: maintainer
`);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    sandbox.resetStats();
    const through = await collab(['plan', '-f', path, '-o', 'json']);
    expect([through.exitCode, unread(through.stdout)]).toEqual([rest.exitCode, unread(rest.stdout)]);
    expect(rest.exitCode).toBe(0);
    expect(warnings(through.stderr)).toEqual([
      'warning: GraphQL answered an error (Cannot return null for non-nullable field PushAccessLevel.accessLevel.): reading protected_branches by REST',
    ]);
    expect(sandbox.requestLog.filter((r) => r.path.includes('/protected_branches')).map((r) => r.path)).toEqual([
      `/api/v4/projects/${storefront.id}/protected_branches?per_page=100&page=1`,
    ]);
  });

  it("paths in another case than GitLab's (Acme/Web/Storefront): read through GraphQL as in its own, nothing said", async () => {
    const { collab, file, sandbox } = await world();
    const reads = () =>
      sandbox.requestLog
        .map((r) => `${r.method} ${r.path}`)
        .filter((r) => !/^GET \/api\/v4\/(projects|groups)\/[^/]+$/.test(r))
        .sort();
    sandbox.resetStats();
    const own = await collab(['plan', '-f', file(FILE), '-o', 'json']);
    const ownReads = reads();
    const path = file(FILE.replace('  acme:', '  ACME:').replace('acme/web/storefront:', 'Acme/Web/Storefront:'));
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '-o', 'json']);
    expect(unread(plan.stdout)).toBe(unread(rest.stdout));
    expect(warnings(plan.stderr)).toEqual(warnings(own.stderr));
    // GitLab finds a path whatever its case and answers its own: the same queries and REST reads.
    expect(reads()).toEqual(ownReads);
  });

  it('an error of 100,000 characters over lines: one warning line of at most 1,200 characters', async () => {
    const { collab, file, sandbox } = await world();
    const message = `Field 'ciVariables' is not here\n${'x'.repeat(100_000)}`;
    const dispatcher = graphqlAnswering(sandbox.url, { errors: [{ message }] });
    const fallen = await collab(['plan', '-f', file(FILE), '-o', 'json'], { dispatcher });
    const [line, ...others] = warnings(fallen.stderr);
    expect(others).toEqual([]);
    expect(line).toContain("answered an error (Field 'ciVariables' is not here x");
    expect(line?.length).toBeLessThanOrEqual(1200);
  });

  it('an answer that leaves a connection out: that section by REST, the same plan, one line', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(FILE);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    // The project comes back without its connections, the group not at all.
    const dispatcher = graphqlAnswering(sandbox.url, {
      data: {
        projects: { nodes: [{ fullPath: 'acme/web/storefront' }], pageInfo: { hasNextPage: false } },
        group: null,
      },
    });
    const fallen = await collab(['plan', '-f', path, '-o', 'json'], { dispatcher });
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    expect(warnings(fallen.stderr)).toEqual([
      'warning: GraphQL left a target out: reading variables, labels, members by REST',
      'warning: GraphQL answered what collab cannot read as the REST API would: reading variables, labels, members, protected_branches by REST',
    ]);
  });

  /** Answers a project's variables page after page without end: `cursor(n)` is the nth page's cursor. */
  function endlessPages(url: string, nodes: unknown[], cursor: (n: number) => string): MockAgent {
    const agent = new MockAgent();
    agent.enableNetConnect(new URL(url).host);
    let n = 0;
    const variables = () => ({
      nodes: n === 1 ? VARIABLE : nodes,
      pageInfo: { hasNextPage: true, endCursor: cursor(n) },
    });
    agent
      .get(new URL(url).origin)
      .intercept({ path: '/api/graphql', method: 'POST' })
      .reply(() => {
        n += 1;
        const data = {
          projects: {
            nodes: [{ fullPath: 'acme/web/storefront', variables: variables() }],
            pageInfo: { hasNextPage: false },
          },
          project: { variables: variables() },
        };
        return {
          statusCode: 200,
          data: { data },
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .persist();
    return agent;
  }
  const VARIABLE = [
    {
      key: 'V0',
      value: 'v0',
      variableType: 'ENV_VAR',
      protected: false,
      masked: false,
      hidden: false,
      raw: false,
      environmentScope: '*',
      description: null,
    },
  ];
  const VARIABLES_ONLY = `version: 1
projects:
  acme/web/storefront:
    variables:
      - key: APP_ENV
        value: staging
`;

  it('pages that hand back a cursor given before: variables by REST, the same plan, one line', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(VARIABLES_ONLY);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    const fallen = await collab(['plan', '-f', path, '-o', 'json'], {
      dispatcher: endlessPages(sandbox.url, VARIABLE, () => 'c1'),
    });
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    expect(warnings(fallen.stderr)).toEqual([
      'warning: GraphQL answered pages that do not end (a cursor again, or an empty page with more after it): reading variables by REST',
    ]);
  });

  it('empty pages that each say more follow, under new cursors: variables by REST, the same plan', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(VARIABLES_ONLY);
    const rest = await collab(['plan', '-f', path, '-o', 'json', '--no-graphql']);
    const fallen = await collab(['plan', '-f', path, '-o', 'json'], {
      dispatcher: endlessPages(sandbox.url, [], (n) => `c${n}`),
    });
    expect(unread(fallen.stdout)).toBe(unread(rest.stdout));
    expect(warnings(fallen.stderr)).toHaveLength(1);
  });

  it('the graphql setting false: REST, and nothing said', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(FILE);
    expect((await collab(['config', 'set', 'graphql', 'false'])).exitCode).toBe(0);
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '-o', 'json']);
    expect(warnings(plan.stderr)).toEqual([]);
    expect(sandbox.requestLog.filter((r) => r.path.startsWith('/api/graphql'))).toEqual([]);
  });
});

/** Every section with a GraphQL read, enforced where a list can be, over groups and projects the seed has. */
const POLICY = `version: 1
groups:
  acme:
    variables:
      enforce: true
      items:
        - key: REGION
          value: eu-west-1
    labels:
      - name: bug
        color: "#D9534F"
    members:
      - username: dana
        access_level: developer
projects:
${['acme/web/storefront', 'acme/platform/api', 'acme/platform/infra/terraform', 'globex/handbook']
  .map(
    (path) => `  ${path}:
    variables:
      - key: APP_ENV
        value: staging
      - key: APP_ENV
        environment_scope: production
        value: prod
        protected: true
    labels:
      enforce: true
      items:
        - name: triage
          color: red
        - name: chore
          color: "#00FF00"
          description: Housekeeping
    protected_branches:
      enforce: true
      items:
        - name: main
          push_access_level: maintainer
          merge_access_level: developer
    members:
      - username: rui
        access_level: reporter
        expires_at: "2031-01-31"
    job_token_scope:
      enabled: true
      projects:
        enforce: true
        items:
          - path: ${path === 'acme/platform/api' ? 'acme/web/storefront' : 'acme/platform/api'}
      groups:
        enforce: true
        items:
          - path: acme
`,
  )
  .join('')}`;

type Edit = { owner: string; kind: 'projects' | 'groups'; what: number; name: number; value: number; level: number };

/** One edit through the API as another user would make it (refused ones, a name taken or gone, are edits too). */
function editRequest(edit: Edit): { method: string; path: string; options: CallOptions } {
  const at = `/${edit.kind}/${encodeURIComponent(edit.owner)}`;
  const key = ['APP_ENV', 'REGION', 'EXTRA'][edit.name % 3] as string;
  const value = ['staging', 'prod', 'eu-west-1', 'other'][edit.value % 4] as string;
  const scope = edit.value % 2 === 0 ? '*' : 'production';
  // A group's and its projects' label names apart: a project's label a group above has is refused by the plan.
  const label = (edit.kind === 'groups' ? ['bug', 'docs', 'extra'] : ['triage', 'chore', 'extra'])[
    edit.name % 3
  ] as string;
  const color = ['#FF0000', '#00FF00', '#D9534F', '#123456'][edit.value % 4] as string;
  const branch = ['main', 'release/*', 'develop'][edit.name % 3] as string;
  const user = ['dana', 'rui', 'max'][edit.name % 3] as string;
  const level = [10, 20, 30, 40][edit.level % 4] as number;
  const expiry = edit.value % 2 === 0 ? null : '2031-01-31';
  switch (edit.what % 10) {
    case 0:
      return { method: 'POST', path: `${at}/variables`, options: { json: { key, value, environment_scope: scope } } };
    case 1:
      return {
        method: 'PUT',
        path: `${at}/variables/${key}?filter[environment_scope]=${encodeURIComponent(scope)}`,
        options: { json: { value, protected: edit.level % 2 === 0 } },
      };
    case 2:
      return {
        method: 'DELETE',
        path: `${at}/variables/${key}?filter[environment_scope]=${encodeURIComponent(scope)}`,
        options: {},
      };
    case 3:
      return { method: 'POST', path: `${at}/labels`, options: { json: { name: label, color } } };
    case 4:
      return {
        method: 'PUT',
        path: `${at}/labels/${label}`,
        options: { json: { color, description: edit.level % 2 ? 'edited' : '' } },
      };
    case 5:
      return { method: 'DELETE', path: `${at}/labels/${label}`, options: {} };
    case 6:
      return edit.kind === 'projects'
        ? {
            method: 'POST',
            path: `${at}/protected_branches`,
            options: {
              json: {
                name: branch,
                push_access_level: [0, 30, 40][edit.level % 3],
                merge_access_level: [30, 40][edit.value % 2],
              },
            },
          }
        : { method: 'POST', path: `${at}/members`, options: { json: { username: user, access_level: level } } };
    case 7:
      return edit.kind === 'projects'
        ? { method: 'DELETE', path: `${at}/protected_branches/${encodeURIComponent(branch)}`, options: {} }
        : { method: 'DELETE', path: `${at}/labels/${label}`, options: {} };
    case 8:
      return {
        method: 'POST',
        path: `${at}/members`,
        options: { json: { username: user, access_level: level, ...(expiry ? { expires_at: expiry } : {}) } },
      };
    default:
      return {
        method: 'PUT',
        path: `${at}/members/USER`,
        options: { json: { access_level: level, expires_at: expiry ?? '' } },
      };
  }
}

const EDITS = fc
  .sample(
    fc.record({
      target: fc.integer({ min: 0, max: 4 }),
      what: fc.nat(),
      name: fc.nat(),
      value: fc.nat(),
      level: fc.nat(),
    }),
    { seed: 41, numRuns: 100 },
  )
  .map(
    ({ target, ...rest }): Edit => ({
      ...rest,
      kind: target === 0 ? 'groups' : 'projects',
      owner: ['acme', 'acme/web/storefront', 'acme/platform/api', 'acme/platform/infra/terraform', 'globex/handbook'][
        target
      ] as string,
    }),
  );

describe('collab plan: the same plan through GraphQL and by REST', () => {
  /**
   * Plans both ways, as text and as JSON; GraphQL is used (nothing fell back) and the plans are the
   * same to the byte. A plan is made from REST's read of each section that changes, so the same
   * plans alone would not show GraphQL seeing a change REST does not: the sections read again by
   * REST must be exactly those the plan changes.
   */
  async function samePlans(w: Awaited<ReturnType<typeof world>>, path: string, queries: number) {
    const plans = [];
    for (const format of ['text', 'json'] as const) {
      const output = format === 'json' ? ['-o', 'json'] : [];
      w.sandbox.resetStats();
      const through = await w.collab(['plan', '-f', path, ...output]);
      const sent = w.sandbox.requestLog.filter((r) => r.path === '/api/graphql').length;
      const reread = await sectionReads(w);
      const rest = await w.collab(['plan', '-f', path, ...output, '--no-graphql']);
      expect(warnings(through.stderr)).toEqual([]);
      expect(sent).toBe(queries);
      expect(through.exitCode).toBe(rest.exitCode);
      expect(format === 'json' ? unread(through.stdout) : through.stdout).toBe(
        format === 'json' ? unread(rest.stdout) : rest.stdout,
      );
      if (format === 'json') {
        const { changes } = JSON.parse(rest.stdout) as { changes: Array<{ address: Record<string, string> }> };
        const changing = new Set(changes.map(({ address: a }) => `${a.kind} ${a.path} ${a.section}`));
        expect(reread).toEqual([...changing].sort());
      }
      plans.push(through);
    }
    return plans;
  }

  /** The sections the log read by REST (GET …/:id/<section>…), as `kind path section`, each once. */
  async function sectionReads(w: Awaited<ReturnType<typeof world>>): Promise<string[]> {
    const sections = new Set(SECTIONS.map((section) => section.name));
    const read = new Set<string>();
    for (const r of w.sandbox.requestLog) {
      const match = /^\/api\/v4\/(projects|groups)\/(\d+)\/(\w+)/.exec(r.path);
      if (r.method !== 'GET' || !match || !sections.has(match[3] as string)) continue;
      const [, kind, id, section] = match;
      const owner = await w.getJson(`/${kind}/${id}`);
      read.add(
        `${kind === 'projects' ? 'project' : 'group'} ${kind === 'projects' ? owner.path_with_namespace : owner.full_path} ${section}`,
      );
    }
    return [...read].sort();
  }

  it('the seeded world', async () => {
    const w = await world();
    // One query for the four projects, one for the group.
    const [text] = await samePlans(w, w.file(POLICY), 2);
    expect(text?.exitCode).toBe(8);
  });

  it('the world after a hundred random edits through the API (seeded)', async () => {
    const w = await world();
    const path = w.file(POLICY);
    const users = new Map<string, number>();
    for (const name of ['dana', 'rui', 'max']) users.set(name, await w.idOf('users', name));
    const answered = new Map<number, number>();
    for (const edit of EDITS) {
      const request = editRequest(edit);
      const user = ['dana', 'rui', 'max'][edit.name % 3] as string;
      const answer = await w.call(
        request.method,
        request.path.replace('USER', String(users.get(user))),
        request.options,
      );
      answered.set(answer.status, (answered.get(answer.status) ?? 0) + 1);
    }
    // Most edits land; some are refused (a name taken, a thing already gone), as a person's would be.
    expect([...answered.keys()].sort()).toEqual([200, 201, 204, 400, 404, 409]);
    const [text] = await samePlans(w, path, 2);
    expect(text?.exitCode).toBe(8);
  });

  it('job token scopes set through the API and in line with the file: no change either way, and none read by REST', async () => {
    const w = await world();
    const api = await w.idOf('projects', 'acme/platform/api');
    const storefront = await w.idOf('projects', 'acme/web/storefront');
    // By ID: an allowlist's POST takes no path (src/api/job-token-scope.ts).
    const ids: Record<string, number> = { 'acme/web/storefront': storefront, 'acme/platform/api': api };
    const scope = (path: string) => `/projects/${ids[path]}/job_token_scope`;
    const acme = await w.idOf('groups', 'acme');
    expect((await w.call('PATCH', scope('acme/web/storefront'), { json: { enabled: false } })).status).toBe(204);
    for (const [path, target] of [
      ['acme/web/storefront', api],
      ['acme/platform/api', storefront],
    ] as const)
      expect((await w.call('POST', `${scope(path)}/allowlist`, { json: { target_project_id: target } })).status).toBe(
        201,
      );
    expect(
      (await w.call('POST', `${scope('acme/platform/api')}/groups_allowlist`, { json: { target_group_id: acme } }))
        .status,
    ).toBe(201);
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    job_token_scope:
      enabled: false
      projects:
        enforce: true
        items:
          - path: acme/platform/api
      groups:
        enforce: true
        items: []
  acme/platform/api:
    job_token_scope:
      enabled: true
      projects:
        enforce: true
        items:
          - path: acme/web/storefront
      groups:
        - path: acme
`);
    const [text] = await samePlans(w, path, 1);
    expect(text?.exitCode).toBe(0);
    w.sandbox.resetStats();
    expect((await w.collab(['plan', '-f', path])).exitCode).toBe(0);
    expect(w.sandbox.requestLog.filter((r) => r.path.includes('/job_token_scope'))).toEqual([]);
    const exported = await w.collab(['export', 'acme']);
    expect(exported.stdout).toContain('job_token_scope:\n      enabled: false');
    expect(exported.stdout).toBe((await w.collab(['export', 'acme', '--no-graphql'])).stdout);
  });

  it("a project's enforced labels beside its group's own: the group's are not the project's, no change either way", async () => {
    const w = await world();
    // acme/web is storefront's group: GitLab lists its labels with storefront's, even without its ancestors'.
    const created = await w.call('POST', '/groups/acme%2Fweb/labels', { json: { name: 'triage', color: '#336699' } });
    expect(created.status).toBe(201);
    const own = await w.getJson('/projects/acme%2Fweb%2Fstorefront/labels?include_ancestor_groups=false');
    expect(own.map((label: { name: string }) => label.name)).toEqual(['checkout', 'triage']);
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    labels:
      enforce: true
      items:
        - name: checkout
          color: "#f0ad4e"
`);
    const [text] = await samePlans(w, path, 1);
    expect(text?.exitCode).toBe(0);
  });

  it("a deploy key's push entry (GraphQL gives the key's plain ID, not a global one): read through GraphQL, no change either way", async () => {
    const w = await world();
    const at = '/projects/acme%2Fweb%2Fstorefront';
    const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
    const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
    const line = `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ci`;
    const key = await w.call('POST', `${at}/deploy_keys`, { json: { title: 'ci', key: line, can_push: true } });
    expect(key.status).toBe(201);
    const patched = await w.call('PATCH', `${at}/protected_branches/main`, {
      json: { allowed_to_push: [{ deploy_key_id: key.body.id }] },
    });
    expect(patched.status).toBe(200);
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    protected_branches:
      - name: main
        push_access_level: maintainer
`);
    const [text] = await samePlans(w, path, 1);
    expect(text?.exitCode).toBe(0);
  });

  it('a connection of more than 100 nodes: the rest read by cursor, the same plan', async () => {
    const w = await world();
    for (let i = 0; i < 130; i++)
      await w.call('POST', '/projects/acme%2Fweb%2Fstorefront/variables', { json: { key: `V${i}`, value: `v${i}` } });
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    variables:
      enforce: true
      items:
        - key: V1
          value: v1
`);
    // The project's query, then the page after its first 100 variables.
    await samePlans(w, path, 2);
  });
});

describe('collab plan and export through GraphQL: connections past a page', () => {
  const ITEMS = 150;
  const names = Array.from({ length: ITEMS }, (_, i) => `item-${String(i).padStart(3, '0')}`);

  it('a project with 150 variables and 150 labels as the file wants: all read in 3 queries, neither read by REST', async () => {
    const w = await world();
    const acme = await w.idOf('groups', 'acme');
    expect((await w.call('POST', '/projects', { json: { path: 'wide', namespace_id: acme } })).status).toBe(201);
    const at = '/projects/acme%2Fwide';
    const before = {
      variables: (await w.getJson(`${at}/variables?per_page=100`)).length,
      // Its own: the list holds acme's too (GitLab's LabelsFinder takes a project's group).
      labels: (await w.getJson(`${at}/labels?include_ancestor_groups=false&per_page=100`)).filter(
        (label: { is_project_label: boolean }) => label.is_project_label,
      ).length,
    };
    for (const name of names) {
      expect(
        (await w.call('POST', `${at}/variables`, { json: { key: name.toUpperCase().replace('-', '_'), value: name } }))
          .status,
      ).toBe(201);
      expect((await w.call('POST', `${at}/labels`, { json: { name, color: '#123456' } })).status).toBe(201);
    }
    expect(before).toEqual({ variables: 0, labels: 0 });
    const path = w.file(`version: 1
projects:
  acme/wide:
    variables:
      enforce: true
      items:
${names.map((name) => `        - key: ${name.toUpperCase().replace('-', '_')}\n          value: ${name}\n`).join('')}    labels:
      enforce: true
      items:
${names.map((name) => `        - name: ${name}\n          color: "#123456"\n`).join('')}`);
    w.sandbox.resetStats();
    const plan = await w.collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
    expect(warnings(plan.stderr)).toEqual([]);
    // Had a page been left unread, its 50 items would look missing, and the section be read again by REST.
    expect(w.sandbox.requestLog.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual([
      'GET /api/v4/projects/acme%2Fwide',
      'POST /api/graphql',
      'POST /api/graphql',
      'POST /api/graphql',
    ]);
  });

  it("a group's 150 labels exported through GraphQL: all 150, as by REST, and no REST read of them", async () => {
    const w = await world();
    for (const name of names)
      expect((await w.call('POST', '/groups/acme/labels', { json: { name, color: '#123456' } })).status).toBe(201);
    w.sandbox.resetStats();
    const through = await w.collab(['export', 'acme']);
    const restReads = w.sandbox.requestLog.filter((r) => /^\/api\/v4\/groups\/\d+\/labels/.test(r.path));
    const rest = await w.collab(['export', 'acme', '--no-graphql']);
    expect(through.exitCode).toBe(0);
    expect(restReads).toEqual([]);
    expect(through.stdout).toBe(rest.stdout);
    const exported = parse(through.stdout).groups.acme.labels as Array<{ name: string }>;
    expect(exported.map((label) => label.name).filter((name) => name.startsWith('item-'))).toEqual(names);
  });

  it('members who joined out of user order exported through GraphQL: in the order they joined, as by REST', async () => {
    const w = await world();
    const at = `/projects/${encodeURIComponent('acme/web/storefront')}`;
    // rui's user is newer than max's: GitLab answers the memberships newest first, the REST API oldest first.
    // Each at the role they hold in acme, the least GitLab lets a project give them.
    for (const [name, level] of [
      ['rui', 20],
      ['max', 40],
    ] as const)
      expect(
        (await w.call('POST', `${at}/members`, { json: { user_id: await w.idOf('users', name), access_level: level } }))
          .status,
      ).toBe(201);
    w.sandbox.resetStats();
    const through = await w.collab(['export', 'acme/web/storefront']);
    const restReads = w.sandbox.requestLog.filter((r) => /^\/api\/v4\/projects\/\d+\/members/.test(r.path));
    const rest = await w.collab(['export', 'acme/web/storefront', '--no-graphql']);
    expect(warnings(through.stderr)).toEqual([]);
    expect(restReads).toEqual([]);
    expect(through.stdout).toBe(rest.stdout);
    const exported = parse(through.stdout).projects['acme/web/storefront'].members as Array<{ username: string }>;
    expect(exported.map((member) => member.username).slice(-2)).toEqual(['rui', 'max']);
  });
});

describe('collab plan through GraphQL: requests', () => {
  const large = useDesiredWorlds({ seed: 150 });

  it("69 projects in line: 2 queries of GraphQL beside the group's read and its project list, where REST sends 276", async () => {
    const { collab, file, sandbox, getJson } = await large();
    const path = file(EVERY_ACME_PROJECT);
    const applied = await collab(['apply', '-f', path, '--yes', '--journal', `${path}.journal`]);
    expect(
      applied.stdout
        .split('\n')
        .filter((l) => /fail|error/i.test(l))
        .slice(0, 5),
    ).toEqual([]);
    expect(applied.exitCode).toBe(0);
    const projects = await getJson('/groups/acme/projects?include_subgroups=true&with_shared=false&per_page=100');
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(0);
    const sent = sandbox.requestLog.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`);
    expect(projects.length).toBe(69);
    // 69 projects: two queries (50 and 19), where REST reads each of the four sections of each project.
    expect(sent).toEqual([
      'GET /api/v4/groups/acme',
      'GET /api/v4/groups/acme/projects',
      'POST /api/graphql',
      'POST /api/graphql',
    ]);
    sandbox.resetStats();
    expect((await collab(['plan', '-f', path, '--no-graphql'])).exitCode).toBe(0);
    expect(sandbox.requestLog.length).toBe(2 + 69 * 4);
  });
});

describe('collab export through GraphQL', () => {
  it('acme and globex: the same file as by REST, 374 requests where REST sends 467', async () => {
    const { collab, sandbox } = await world();
    sandbox.resetStats();
    const through = await collab(['export', 'acme', 'globex']);
    const queries = sandbox.requestLog.filter((r) => r.path === '/api/graphql').length;
    const all = sandbox.requestLog.length;
    sandbox.resetStats();
    const rest = await collab(['export', 'acme', 'globex', '--no-graphql']);
    expect(warnings(through.stderr)).toEqual(warnings(rest.stderr));
    expect(through.stdout).toBe(rest.stdout);
    // Members of every group and project, groups' labels and the projects' job token scopes (3 GETs
    // each by REST), through GraphQL: one query a group, one for the projects.
    expect([queries, all, sandbox.requestLog.length]).toEqual([7, 374, 467]);
  });

  it('the REST reads go out beside the queries, not after them: the same file, --concurrency 1 and 8', async () => {
    const { collab, sandbox } = await world();
    const rest = await collab(['export', 'acme', 'globex', '--no-graphql']);
    for (const concurrency of ['1', '8']) {
      sandbox.resetStats();
      const through = await collab(['export', 'acme', 'globex', '--concurrency', concurrency]);
      expect(through.stdout).toBe(rest.stdout);
      const log = sandbox.requestLog.map((r) => r.path);
      // A section's REST read (by the target's ID, as the lists of the groups are not) before GraphQL's last query.
      const section = log.findIndex((path) => /^\/api\/v4\/(?:projects|groups)\/\d+\//.test(path));
      expect([concurrency, section < log.lastIndexOf('/api/graphql')]).toEqual([concurrency, true]);
    }
  });
});
