import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { queryComplexity } from '../../src/graphql/complexity.js';
import type { Sandbox, SandboxRole } from '../../src/sandbox/index.js';
import type { Group, Project } from '../../src/sandbox/model.js';
import { initialAccess, writableRefsOf } from '../../src/sandbox/protected-refs.js';
import { useSandbox } from '../helpers/cli.js';
import { type Answer, callSandbox, type Json } from '../helpers/sandbox-api.js';

/**
 * POST /api/graphql: the same store and rights as REST, GitLab's limits and error shapes
 * (src/sandbox/graphql.ts says where each comes from).
 */
const { sandbox, call } = useSandbox({ seed: 150 });
const plain = useSandbox({ seed: 3, graphql: false });

function graphql(
  on: Sandbox,
  query: string,
  options: { as?: SandboxRole | null | { token: string }; variables?: Record<string, unknown> } = {},
): Promise<Answer> {
  return callSandbox(on, 'POST', `${on.url}/api/graphql`, {
    as: options.as === undefined ? 'admin' : options.as,
    json: { query, ...(options.variables ? { variables: options.variables } : {}) },
  });
}

/** Every project of the first 100 (by id, descending, as Query.projects orders them) gets data in each section. */
function furnish(projects: readonly Project[]): void {
  const store = sandbox.store;
  const dana = [...store.users.values()].find((u) => u.username === 'dana');
  projects.forEach((project, i) => {
    for (let v = 0; v < i % 4; v++)
      store.variables.push({
        owner: { kind: 'project', id: project.id },
        key: `VAR_${v}`,
        value: `value ${i}.${v}`,
        variable_type: v === 2 ? 'file' : 'env_var',
        protected: v === 1,
        masked: false,
        hidden: false,
        raw: v === 0,
        environment_scope: v === 1 ? 'production' : '*',
        description: v === 0 ? null : `var ${v}`,
      });
    for (let l = 0; l < i % 3; l++) {
      const id = store.nextId('label');
      store.labels.set(id, {
        id,
        owner: { kind: 'project', id: project.id },
        name: `label-${l}`,
        color: l === 0 ? '#FF0000' : '#00AAFF',
        description: l === 0 ? null : 'second',
        priority: null,
      });
    }
    if (i % 2 === 0) {
      const refs = writableRefsOf(store, project.id);
      refs.branches.set(`stable-${i}`, {
        id: store.nextId('protected_branch'),
        name: `stable-${i}`,
        push: initialAccess(store, refs, 'push', 0, {}),
        merge: initialAccess(store, refs, 'merge', 30, {}),
        unprotect: initialAccess(store, refs, 'unprotect', 40, {}),
        allow_force_push: i % 4 === 0,
        code_owner_approval_required: false,
      });
    }
    if (dana && i % 5 === 0) {
      project.members.set(dana.id, 30);
      project.memberDetails.set(dana.id, {
        created_at: project.created_at,
        created_by: null,
        expires_at: '2031-01-31',
      });
    }
  });
}

const BATCH = `
query Batch($after: String) {
  projects(first: 100, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id
      fullPath
      ciVariables(first: 100) {
        pageInfo { hasNextPage }
        nodes { key value variableType protected masked raw environmentScope hidden description }
      }
      labels(first: 100) { pageInfo { hasNextPage } nodes { title color description } }
      branchRules(first: 100) {
        pageInfo { hasNextPage }
        nodes {
          name
          branchProtection {
            allowForcePush
            codeOwnerApprovalRequired
            mergeAccessLevels { nodes { accessLevel accessLevelDescription } }
            pushAccessLevels { nodes { accessLevel accessLevelDescription } }
          }
        }
      }
      projectMembers(relations: [DIRECT], first: 100) {
        pageInfo { hasNextPage }
        nodes { user { username } accessLevel { integerValue } expiresAt }
      }
    }
  }
}`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What REST answers for one project, in the GraphQL answer's terms (sorted where the orders differ). */
async function restView(id: number): Promise<Json> {
  const get = async (path: string) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(200);
    return answer.body as Json[];
  };
  const variables = (await get(`/projects/${id}/variables?per_page=100`))
    .map((v) => ({
      key: v.key,
      value: v.value,
      variableType: String(v.variable_type).toUpperCase(),
      protected: v.protected,
      masked: v.masked,
      raw: v.raw,
      environmentScope: v.environment_scope,
      hidden: v.hidden,
      description: v.description,
    }))
    .sort((a, b) => byText(`${a.key}@${a.environmentScope}`, `${b.key}@${b.environmentScope}`));
  const labels = (await get(`/projects/${id}/labels?include_ancestor_groups=false&per_page=100`)).map((l) => ({
    title: l.name,
    color: l.color,
    description: l.description,
  }));
  const entries = (list: Json[]) =>
    list.map((a) => ({ accessLevel: a.access_level, accessLevelDescription: a.access_level_description }));
  const branches = (await get(`/projects/${id}/protected_branches?per_page=100`))
    .map((b) => ({
      name: b.name,
      branchProtection: {
        allowForcePush: b.allow_force_push,
        codeOwnerApprovalRequired: b.code_owner_approval_required,
        mergeAccessLevels: { nodes: entries(b.merge_access_levels) },
        pushAccessLevels: { nodes: entries(b.push_access_levels) },
      },
    }))
    .sort((a, b) => byText(a.name, b.name));
  const members = (await get(`/projects/${id}/members?per_page=100`))
    .map((m) => ({
      user: { username: m.username },
      accessLevel: { integerValue: m.access_level },
      expiresAt: m.expires_at,
    }))
    .sort((a, b) => byText(a.user.username, b.user.username));
  return { variables, labels, branches, members };
}

function graphqlView(node: Json): Json {
  return {
    variables: [...node.ciVariables.nodes].sort((a: Json, b: Json) =>
      byText(`${a.key}@${a.environmentScope}`, `${b.key}@${b.environmentScope}`),
    ),
    labels: node.labels.nodes,
    // GitLab's "All branches" rule protects nothing: REST lists no such branch.
    branches: node.branchRules.nodes
      .filter((rule: Json) => rule.branchProtection !== null)
      .sort((a: Json, b: Json) => byText(a.name, b.name)),
    members: [...node.projectMembers.nodes].sort((a: Json, b: Json) => byText(a.user.username, b.user.username)),
  };
}

describe('sandbox: /api/graphql reads what REST reads', () => {
  it('a batch of 100 projects answers, section by section, what REST answers for each', async () => {
    const first100 = [...sandbox.store.allProjects()].sort((a, b) => b.id - a.id).slice(0, 100);
    furnish(first100);
    const answer = await graphql(sandbox, BATCH);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const nodes: Json[] = answer.body.data.projects.nodes;
    expect(nodes.map((n) => n.id)).toEqual(first100.map((p) => `gid://gitlab/Project/${p.id}`));
    expect(answer.body.data.projects.pageInfo.hasNextPage).toBe(true);
    for (const [i, node] of nodes.entries()) {
      const project = first100[i] as Project;
      expect(graphqlView(node), node.fullPath).toEqual(await restView(project.id));
    }
    // The furnished data is there, not only empty lists on both sides.
    expect(nodes.reduce((n, node) => n + node.ciVariables.nodes.length, 0)).toBe(150);
    // The furnished labels; a project right under acme also holds acme's own (LabelsFinder), on both sides.
    const furnished = (node: Json) => node.labels.nodes.filter((label: Json) => label.title.startsWith('label-'));
    expect(nodes.reduce((n, node) => n + furnished(node).length, 0)).toBe(99);
  });

  it('the next batch starts after the end cursor, with the 50 projects left', async () => {
    const page1 = await graphql(sandbox, BATCH);
    const page2 = await graphql(sandbox, BATCH, { variables: { after: page1.body.data.projects.pageInfo.endCursor } });
    const ids = [...page1.body.data.projects.nodes, ...page2.body.data.projects.nodes].map((n: Json) => n.id);
    expect(page2.body.data.projects.nodes).toHaveLength(50);
    expect(page2.body.data.projects.pageInfo.hasNextPage).toBe(false);
    expect(new Set(ids).size).toBe(150);
  });

  it('pages a nested connection beyond 100 items with its cursor', async () => {
    const storefront = sandbox.store.findProject('acme/web/storefront') as Project;
    for (let l = 0; l < 150; l++) {
      const id = sandbox.store.nextId('label');
      sandbox.store.labels.set(id, {
        id,
        owner: { kind: 'project', id: storefront.id },
        name: `bulk-${String(l).padStart(3, '0')}`,
        color: '#112233',
        description: null,
        priority: null,
      });
    }
    const query = `query($after: String) { project(fullPath: "acme/web/storefront") {
      labels(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { title } } } }`;
    const one = (await graphql(sandbox, query)).body.data.project.labels;
    expect(one.nodes).toHaveLength(100);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = (await graphql(sandbox, query, { variables: { after: one.pageInfo.endCursor } })).body.data.project
      .labels;
    expect(two.pageInfo.hasNextPage).toBe(false);
    const titles = [...one.nodes, ...two.nodes].map((n: Json) => n.title);
    const rest = [
      ...(await call('GET', `/projects/${storefront.id}/labels?include_ancestor_groups=false&per_page=100`)).body,
      ...(await call('GET', `/projects/${storefront.id}/labels?include_ancestor_groups=false&per_page=100&page=2`))
        .body,
    ].map((l: Json) => l.name);
    expect(titles).toHaveLength(151);
    expect(titles).toEqual(rest);
  });
});

describe('sandbox: /api/graphql branch rules as GitLab orders them', () => {
  it('"All branches" first, with no protection; then the default branch\'s; then the others by name', async () => {
    const project = sandbox.store.allProjects()[0] as Project;
    const refs = writableRefsOf(sandbox.store, project.id);
    const main = String(project.attrs.default_branch ?? 'main');
    for (const name of ['aaa-first', main, 'zzz-last'])
      if (!refs.branches.has(name))
        refs.branches.set(name, {
          id: sandbox.store.nextId('protected_branch'),
          name,
          push: [],
          merge: [],
          unprotect: [],
          allow_force_push: false,
          code_owner_approval_required: false,
        });
    const path = sandbox.store.projectFullPath(project);
    const answer = await graphql(
      sandbox,
      `{ project(fullPath: "${path}") { branchRules(first: 100) { nodes { name isProtected isDefault branchProtection { allowForcePush } } } } }`,
    );
    const rules = answer.body.data.project.branchRules.nodes as Json[];
    expect(rules[0]).toEqual({ name: 'All branches', isProtected: false, isDefault: false, branchProtection: null });
    expect(rules[1]).toMatchObject({ name: main, isDefault: true, isProtected: true });
    const rest = rules.slice(2).map((rule) => rule.name as string);
    expect(rest).toEqual([...rest].sort(byText));
    expect(rest).toContain('aaa-first');
  });
});

describe("sandbox: /api/graphql a project's labels as GitLab's LabelsFinder finds them", () => {
  it("holds the project's group's own labels, not those above it, unless includeAncestorGroups: REST's list, told apart by their IDs", async () => {
    const web = sandbox.store.findGroup('acme/web');
    expect(
      (await call('POST', `/groups/${web?.id}/labels`, { json: { name: 'triage', color: '#336699' } })).status,
    ).toBe(201);
    const labels = async (ancestors: boolean) =>
      (
        await graphql(
          sandbox,
          `{ project(fullPath: "acme/web/storefront") { labels(includeAncestorGroups: ${ancestors}) { nodes { id title } } } }`,
        )
      ).body.data.project.labels.nodes as Json[];
    const own = await labels(false);
    const storefront = sandbox.store.findProject('acme/web/storefront');
    const rest = (await call('GET', `/projects/${storefront?.id}/labels?include_ancestor_groups=false`)).body as Json[];
    expect(own.map((label) => label.title)).toEqual(rest.map((label) => label.name));
    expect(own.map((label) => String(label.id).replace(/\/\d+$/, ''))).toEqual(
      rest.map((label) => `gid://gitlab/${label.is_project_label ? 'ProjectLabel' : 'GroupLabel'}`),
    );
    expect(own.map((label) => label.title)).toContain('triage');
    expect((await labels(true)).map((label) => label.title)).toEqual(
      ((await call('GET', `/projects/${storefront?.id}/labels`)).body as Json[]).map((label) => label.name),
    );
  });
});

describe("sandbox: /api/graphql a group's projects as GitLab's Namespaces::ProjectsFinder finds them", () => {
  it("its own and its subgroups', archived and marked for deletion too unless asked, never those shared into it: REST's with_shared=false", async () => {
    const globex = sandbox.store.findGroup('globex') as Group;
    const paths = async (args: string) =>
      (
        await graphql(
          sandbox,
          `{ group(fullPath: "globex") { projects(includeSubgroups: true, first: 100${args}) { nodes { fullPath } } } }`,
        )
      ).body.data.group.projects.nodes.map((node: Json) => node.fullPath as string);
    const rest = async (query: string) =>
      ((await call('GET', `/groups/${globex.id}/projects?include_subgroups=true&per_page=100${query}`)).body as Json[])
        .map((project) => project.path_with_namespace as string)
        .sort(byText);
    const own = await rest('&with_shared=false');
    // A project shared with globex: REST lists it unless with_shared=false, GraphQL never.
    const shared = await call('POST', '/projects/acme%2Fweb%2Fstorefront/share', {
      json: { group_id: globex.id, group_access: 30 },
    });
    expect(shared.status).toBe(201);
    expect(await rest('')).toContain('acme/web/storefront');
    expect(own.some((path) => path.startsWith('acme/'))).toBe(false);
    const [archived, marked] = own as [string, string];
    expect((await call('POST', `/projects/${encodeURIComponent(archived)}/archive`)).status).toBe(201);
    expect((await call('DELETE', `/projects/${encodeURIComponent(marked)}`)).status).toBe(202);
    expect((await paths('')).sort(byText)).toEqual(await rest('&with_shared=false'));
    expect((await paths('')).sort(byText)).toEqual(own);
    expect(await paths(', includeArchived: false')).not.toContain(archived);
    const living = await paths(', notAimedForDeletion: true');
    expect(living).not.toContain(marked);
    expect(living).toContain(archived);
  });
});

describe('sandbox: /api/graphql reads a group as REST does', () => {
  const GROUP = `{ group(fullPath: "acme") {
    ciVariables { nodes { key value environmentScope } }
    labels { nodes { title color } }
    groupMembers(relations: [DIRECT]) { nodes { user { username } accessLevel { integerValue stringValue } } }
  } }`;

  it("answers the group's variables, labels and direct members as its REST lists", async () => {
    const acme = sandbox.store.findGroup('acme');
    const group = (await graphql(sandbox, GROUP)).body.data.group;
    const variables = (await call('GET', `/groups/${acme?.id}/variables`)).body as Json[];
    expect(group.ciVariables.nodes).toEqual(
      variables.map((v) => ({ key: v.key, value: v.value, environmentScope: v.environment_scope })),
    );
    const labels = (await call('GET', `/groups/${acme?.id}/labels?per_page=100`)).body as Json[];
    expect(group.labels.nodes).toEqual(labels.map((l) => ({ title: l.name, color: l.color })));
    const members = (await call('GET', `/groups/${acme?.id}/members`)).body as Json[];
    const pairs = (list: Array<[string, number]>) => list.sort((x, y) => byText(x[0], y[0]));
    expect(pairs(group.groupMembers.nodes.map((m: Json) => [m.user.username, m.accessLevel.integerValue]))).toEqual(
      pairs(members.map((m) => [m.username, m.access_level])),
    );
    // The seed's, so that both sides are not merely empty.
    expect(group.ciVariables.nodes).toEqual([{ key: 'DEPLOY_REGION', value: 'eu-west-1', environmentScope: '*' }]);
    expect(group.labels.nodes).toEqual([
      { title: 'bug', color: '#d9534f' },
      { title: 'feature', color: '#5cb85c' },
    ]);
  });

  it('lists variables and members newest first by their numeric IDs (no order asked), where REST lists them oldest first', async () => {
    const globex = sandbox.store.findGroup('globex');
    for (const key of ['ZED', 'ALPHA'])
      expect((await call('POST', `/groups/${globex?.id}/variables`, { json: { key, value: 'x' } })).status).toBe(201);
    const users = [...sandbox.store.users.values()].filter((u) => !u.bot && !globex?.members.has(u.id) && !u.is_admin);
    const [older, newer] = [users.at(-1), users.at(-2)];
    for (const user of [older, newer])
      expect(
        (await call('POST', `/groups/${globex?.id}/members`, { json: { user_id: user?.id, access_level: 10 } })).status,
      ).toBe(201);
    const group = (
      await graphql(
        sandbox,
        `{ group(fullPath: "globex") {
          ciVariables { nodes { id key } }
          groupMembers(relations: [DIRECT]) { nodes { id user { username } expiresAt } }
        } }`,
      )
    ).body.data.group;
    const restVariables = (await call('GET', `/groups/${globex?.id}/variables`)).body as Json[];
    expect(group.ciVariables.nodes.map((v: Json) => v.key)).toEqual(restVariables.map((v) => v.key).reverse());
    expect(group.ciVariables.nodes[0].id).toMatch(/^gid:\/\/gitlab\/Ci::GroupVariable\/\d+$/);
    const restMembers = (await call('GET', `/groups/${globex?.id}/members`)).body as Json[];
    expect(group.groupMembers.nodes.map((m: Json) => m.user.username)).toEqual(
      restMembers.map((m) => m.username).reverse(),
    );
    expect(group.groupMembers.nodes.slice(0, 2).map((m: Json) => m.user.username)).toEqual([
      newer?.username,
      older?.username,
    ]);
    expect(group.groupMembers.nodes[0].id).toMatch(/^gid:\/\/gitlab\/GroupMember\/\d+$/);
  });

  it("answers a membership's expiry as its date, as GitLab's Time answers a date column (Date#iso8601)", async () => {
    const globex = sandbox.store.findGroup('globex');
    const [member] = (await call('GET', `/groups/${globex?.id}/members`)).body as Json[];
    const put = await call('PUT', `/groups/${globex?.id}/members/${member?.id}`, {
      json: { access_level: member?.access_level, expires_at: '2031-01-31' },
    });
    expect(put.status).toBe(200);
    const group = (
      await graphql(
        sandbox,
        `{ group(fullPath: "globex") { groupMembers(relations: [DIRECT]) { nodes { user { username } expiresAt } } } }`,
      )
    ).body.data.group;
    expect(group.groupMembers.nodes.find((m: Json) => m.user.username === member?.username)?.expiresAt).toBe(
      '2031-01-31',
    );
  });

  it("keeps a group's CI/CD variables from a Maintainer: Owners administer them", async () => {
    const answer = await graphql(sandbox, '{ group(fullPath: "acme") { ciVariables { nodes { key } } } }', {
      as: 'maintainer',
    });
    expect(answer.body).toEqual({ data: { group: { ciVariables: null } } });
  });
});

describe('sandbox: /api/graphql rights', () => {
  const storefrontVariables = '{ project(fullPath: "acme/web/storefront") { ciVariables { nodes { key } } } }';

  it('a Developer reads the project but not its CI/CD variables (null, as REST answers 403)', async () => {
    const answer = await graphql(sandbox, storefrontVariables, { as: 'developer' });
    expect(answer.body).toEqual({ data: { project: { ciVariables: null } } });
    const storefront = sandbox.store.findProject('acme/web/storefront') as Project;
    expect((await call('GET', `/projects/${storefront.id}/variables`, { as: 'developer' })).status).toBe(403);
  });

  it("a Developer's branch rules are dropped from the connection, with no error, and adminProject says why; a Maintainer's are there", async () => {
    const query = `{ project(fullPath: "acme/web/storefront") { userPermissions { adminProject readProject }
      branchRules { nodes { name } pageInfo { hasNextPage } } } }`;
    const developer = await graphql(sandbox, query, { as: 'developer' });
    expect(developer.body).toEqual({
      data: {
        project: {
          userPermissions: { adminProject: false, readProject: true },
          branchRules: { nodes: [], pageInfo: { hasNextPage: false } },
        },
      },
    });
    const storefront = sandbox.store.findProject('acme/web/storefront') as Project;
    expect((await call('GET', `/projects/${storefront.id}/protected_branches`, { as: 'developer' })).status).toBe(403);
    const maintainer = (await graphql(sandbox, query, { as: 'maintainer' })).body.data.project;
    expect(maintainer.userPermissions).toEqual({ adminProject: true, readProject: true });
    const names = ((await call('GET', `/projects/${storefront.id}/protected_branches`)).body as Json[]).map(
      (branch) => branch.name,
    );
    expect(maintainer.branchRules.nodes.map((rule: Json) => rule.name)).toEqual(['All branches', ...names]);
  });

  it('a Maintainer reads the CI/CD variables', async () => {
    const answer = await graphql(sandbox, storefrontVariables, { as: 'maintainer' });
    expect(answer.body.data.project.ciVariables.nodes.map((n: Json) => n.key)).toEqual([
      'APP_ENV',
      'APP_ENV',
      'STRIPE_API_KEY',
    ]);
  });

  it('the job token scope: a Maintainer reads what the REST routes answer; a Developer gets null settings and an error', async () => {
    const storefront = sandbox.store.findProject('acme/web/storefront') as Project;
    const api = sandbox.store.findProject('acme/platform/api') as Project;
    const at = `/projects/${storefront.id}/job_token_scope`;
    expect((await call('PATCH', at, { json: { enabled: false } })).status).toBe(204);
    expect((await call('POST', `${at}/allowlist`, { json: { target_project_id: api.id } })).status).toBe(201);
    const query = `{ project(fullPath: "acme/web/storefront") { ciCdSettings { inboundJobTokenScopeEnabled }
      ciJobTokenScope { inboundAllowlistCount inboundAllowlist { nodes { id fullPath } } groupsAllowlist { nodes { id } } } } }`;
    const answer = await graphql(sandbox, query, { as: 'maintainer' });
    const rest = (await call('GET', `${at}/allowlist`, { as: 'maintainer' })).body;
    expect(answer.body).toEqual({
      data: {
        project: {
          ciCdSettings: { inboundJobTokenScopeEnabled: (await call('GET', at)).body.inbound_enabled },
          ciJobTokenScope: {
            // The project itself and acme/platform/api: GitLab lists the project first in its own.
            inboundAllowlistCount: 2,
            inboundAllowlist: { nodes: rest.map((p: Json) => ({ id: String(p.id), fullPath: p.path_with_namespace })) },
            groupsAllowlist: { nodes: [] },
          },
        },
      },
    });
    const developer = await graphql(sandbox, query, { as: 'developer' });
    expect(developer.body.data).toEqual({ project: { ciCdSettings: null, ciJobTokenScope: null } });
    expect(developer.body.errors.map((e: Json) => [e.message, e.path])).toEqual([
      [
        "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
        ['project', 'ciJobTokenScope'],
      ],
    ]);
    expect((await call('GET', at, { as: 'developer' })).status).toBe(403);
  });

  it('a non-member sees no private project, by path or in the list', async () => {
    const xena = sandbox.store.userByName('xena');
    const infra = sandbox.store
      .allProjects()
      .find(
        (p) =>
          p.visibility === 'private' &&
          xena !== undefined &&
          !p.members.has(xena.id) &&
          sandbox.store.projectFullPath(p).startsWith('acme/platform/infra/'),
      ) as Project;
    const path = sandbox.store.projectFullPath(infra);
    expect((await call('GET', `/projects/${infra.id}`, { as: 'external' })).status).toBe(404);
    const byPath = await graphql(sandbox, `{ project(fullPath: "${path}") { id } }`, { as: 'external' });
    expect(byPath.body).toEqual({ data: { project: null } });
    const listed = await graphql(sandbox, `{ projects(fullPaths: ["${path}"]) { nodes { id } } }`, { as: 'external' });
    expect(listed.body).toEqual({ data: { projects: { nodes: [] } } });
  });

  it('a token that names no user is 401 Invalid token, by PRIVATE-TOKEN or Bearer', async () => {
    const bad = await graphql(sandbox, '{ queryComplexity { score } }', { as: { token: 'glpat-nobody' } });
    expect(bad).toMatchObject({ status: 401, body: { errors: [{ message: 'Invalid token' }] } });
    const bearer = await fetch(`${sandbox.url}/api/graphql`, {
      method: 'POST',
      headers: { authorization: 'Bearer glpat-nobody', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ queryComplexity { score } }' }),
    });
    expect(bearer.status).toBe(401);
    const good = await fetch(`${sandbox.url}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.tokens.maintainer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ queryComplexity { score limit } }' }),
    });
    expect(await good.json()).toEqual({ data: { queryComplexity: { score: 3, limit: 250 } } });
  });
});

describe('sandbox: /api/graphql limits and errors, as GitLab answers them', () => {
  it('refuses a query above the complexity of 250 in graphql-ruby words, with status 200', async () => {
    const labels = (alias: string) => `${alias}: labels(first: 100) { nodes { id title color description textColor } }`;
    const nine = `{ projects(first: 100) { nodes { ${['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map(labels).join(' ')} } } }`;
    // labels: (nodes 1 + 5) + 1 = 7, doubled 14; nodes 1 + 9 * 14 = 127; projects (127 + 1) * 2
    expect(queryComplexity(parse(nine))).toBe(256);
    const answer = await graphql(sandbox, nine);
    expect(answer).toMatchObject({
      status: 200,
      body: { errors: [{ message: 'Query has complexity of 256, which exceeds max complexity of 250' }] },
    });
    expect(answer.body.data).toBeUndefined();
  });

  it('allows 200 to a request without a token', async () => {
    const query = `{ projects(first: 100) { nodes { ${['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((a) => `${a}: labels(first: 100) { nodes { id title color description textColor } }`).join(' ')} } } }`;
    expect(queryComplexity(parse(query))).toBe(200);
    expect((await graphql(sandbox, query, { as: null })).body.errors).toBeUndefined();
    const over = query.replace('textColor }', 'textColor title }');
    // one more field in one labels: 8, doubled 16; nodes 101; projects (101 + 1) * 2
    expect((await graphql(sandbox, over, { as: null })).body.errors[0].message).toBe(
      'Query has complexity of 204, which exceeds max complexity of 200',
    );
  });

  it('first: 101 is taken as the page size of 100, as graphql-ruby caps it: 100 nodes and a next page', async () => {
    const answer = await graphql(sandbox, '{ projects(first: 101) { pageInfo { hasNextPage } nodes { id } } }');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.projects.nodes).toHaveLength(100);
    expect(answer.body.data.projects.pageInfo.hasNextPage).toBe(true);
  });

  it('answers a field the schema lacks with a located error and status 200', async () => {
    const answer = await graphql(sandbox, '{ project(fullPath: "acme/web/storefront") { colour } }');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        errors: [{ message: 'Cannot query field "colour" on type "Project".', locations: [{ line: 1, column: 46 }] }],
      },
    });
  });

  it('refuses an unreadable cursor in GitLab words, with the path of the field', async () => {
    const answer = await graphql(sandbox, '{ projects(after: "not a cursor") { nodes { id } } }');
    expect(answer.body).toEqual({
      errors: [{ message: 'Please provide a valid cursor', locations: [{ line: 1, column: 3 }], path: ['projects'] }],
      data: { projects: null },
    });
  });

  it('resolves pipelineSchedules for one project a request, as GitLab limits it', async () => {
    const answer = await graphql(sandbox, '{ projects(first: 2) { nodes { pipelineSchedules { nodes { id } } } } }');
    expect(answer.body.errors).toEqual([
      {
        message: '"pipelineSchedules" field can be requested only for 1 Project(s) at a time.',
        locations: [{ line: 1, column: 32 }],
        path: ['projects', 'nodes', 1, 'pipelineSchedules'],
      },
    ]);
  });

  it('refuses a query over 10,000 characters with 422 Query too large', async () => {
    const answer = await graphql(sandbox, `{ queryComplexity { score } } ${'#'.repeat(10_000)}`);
    expect(answer).toMatchObject({ status: 422, body: { errors: [{ message: 'Query too large' }] } });
  });

  it('answers a batch (an array of queries) with an array of results', async () => {
    const answer = await callSandbox(sandbox, 'POST', `${sandbox.url}/api/graphql`, {
      json: [{ query: '{ queryComplexity { score } }' }, { query: '{ group(fullPath: "acme") { fullPath } }' }],
    });
    expect(answer.body).toEqual([
      { data: { queryComplexity: { score: 2 } } },
      { data: { group: { fullPath: 'acme' } } },
    ]);
  });
});

describe('sandbox --no-graphql', () => {
  it('answers /api/graphql 404, as an instance without GraphQL, while REST is served', async () => {
    const answer = await graphql(plain.sandbox, '{ queryComplexity { score } }');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await plain.call('GET', '/projects')).status).toBe(200);
  });
});
