import { describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import type { Project } from '../../src/sandbox/model.js';

/**
 * Users, rights and visibility (issue 3, item 3): anonymous callers see public projects in the
 * simple view, external users do not see internal ones, an unknown token is a 401 everywhere,
 * and a mutation needs its role (a developer may not add a project hook; a maintainer or the
 * group's owner may).
 */

const { sandbox, call: raw } = useSandbox({ seed: 60 });

async function call(method: string, path: string, as: SandboxRole | null | string, body?: unknown): Promise<{ status: number; data: unknown; text: string }> {
  const answer = await raw(method, path, { as: as === null || as in sandbox.tokens ? (as as SandboxRole | null) : { token: as }, json: body, redirect: 'follow' });
  return { status: answer.status, data: typeof answer.body === 'string' ? undefined : answer.body, text: answer.text };
}

/** Every page of GET /projects as this caller. */
async function listProjects(as: SandboxRole | null): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const { status, data } = await call('GET', `/projects?per_page=100&page=${page}&order_by=id&sort=asc`, as);
    expect(status).toBe(200);
    const items = data as Array<Record<string, unknown>>;
    out.push(...items);
    if (items.length < 100) return out;
  }
}

const project = (path: string) => sandbox.store.findProject(path) as Project;
const idsWhere = (keep: (p: Project) => boolean) =>
  sandbox.store
    .allProjects()
    .filter(keep)
    .map((p) => p.id);

describe('visibility', () => {
  it('anonymous callers list public projects only, in the simple view', async () => {
    const items = await listProjects(null);
    expect(items.map((p) => p.id)).toEqual(idsWhere((p) => p.visibility === 'public'));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).not.toHaveProperty('permissions');
      expect(item).not.toHaveProperty('visibility');
      expect(item).toHaveProperty('path_with_namespace');
    }
  });

  it('anonymous callers get 404 for internal and private projects, and the project for public ones', async () => {
    expect((await call('GET', `/projects/${project('acme/platform/api').id}`, null)).status).toBe(404);
    expect((await call('GET', `/projects/${encodeURIComponent('initech/tps-reports')}`, null)).status).toBe(404);
    const pub = await call('GET', `/projects/${encodeURIComponent('acme/web/storefront')}`, null);
    expect(pub.status).toBe(200);
    expect((pub.data as { path_with_namespace: string }).path_with_namespace).toBe('acme/web/storefront');
  });

  it('external users do not see internal projects they are not members of', async () => {
    const items = await listProjects('external');
    const visible = new Set(items.map((p) => p.id as number));
    const internal = idsWhere((p) => p.visibility === 'internal');
    expect(internal.length).toBeGreaterThan(0);
    for (const id of internal) expect(visible.has(id)).toBe(false);
    expect([...visible].sort((a, b) => a - b)).toEqual(idsWhere((p) => p.visibility === 'public'));
    expect((await call('GET', `/projects/${project('acme/platform/api').id}`, 'external')).status).toBe(404);
  });

  it('regular users see internal projects, and private ones only where they are members', async () => {
    const items = await listProjects('developer');
    const visible = new Set(items.map((p) => p.id as number));
    expect(visible.has(project('acme/platform/api').id)).toBe(true);
    expect(visible.has(project('acme/platform/infra/terraform').id)).toBe(true);
    expect(visible.has(project('initech/tps-reports').id)).toBe(false);
    expect((await call('GET', `/projects/${project('initech/tps-reports').id}`, 'developer')).status).toBe(404);
    expect((await call('GET', `/projects/${project('initech/tps-reports').id}`, 'admin')).status).toBe(200);
  });

  it('administrators see every project', async () => {
    const items = await listProjects('admin');
    expect(items.map((p) => p.id)).toEqual(idsWhere(() => true));
  });
});

describe('authentication', () => {
  it.each(['/user', '/version', '/projects', `/projects/1`])('answers 401 for an unknown token on %s, even where anonymous callers may read', async (path) => {
    const answer = await call('GET', path, 'glpat-not-a-real-token');
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ message: '401 Unauthorized' });
  });

  it('accepts the token as a Bearer authorization too', async () => {
    const response = await fetch(`${sandbox.url}/api/v4/user`, { headers: { authorization: `Bearer ${sandbox.tokens.reporter}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { username: string }).username).toBe('rui');
  });

  it('answers 401 to anonymous callers of /user', async () => {
    expect((await call('GET', '/user', null)).status).toBe(401);
  });
});

describe('roles on a mutation (project hooks need maintainer)', () => {
  const path = () => `/projects/${project('acme/web/storefront').id}/hooks`;
  const hooksOf = () => [...sandbox.store.hooks.values()].filter((h) => h.owner.kind === 'project' && h.owner.id === project('acme/web/storefront').id);

  it('refuses a developer and a reporter with 403, changing nothing', async () => {
    const before = hooksOf().length;
    for (const role of ['developer', 'reporter'] as const) {
      const answer = await call('POST', path(), role, { url: `https://hooks.example/${role}` });
      expect(answer.status).toBe(403);
      expect((answer.data as { message: string }).message).toMatch(/^403 Forbidden/);
    }
    expect(hooksOf()).toHaveLength(before);
  });

  it('refuses anonymous callers with 401 and external users with 403 or 404', async () => {
    expect((await call('POST', path(), null, { url: 'https://hooks.example/anon' })).status).toBe(401);
    expect([403, 404]).toContain((await call('POST', path(), 'external', { url: 'https://hooks.example/x' })).status);
  });

  it('lets the maintainer, the group owner and an administrator add one', async () => {
    const before = hooksOf().length;
    for (const role of ['maintainer', 'owner', 'admin'] as const) {
      const answer = await call('POST', path(), role, { url: `https://hooks.example/${role}` });
      expect(answer.status).toBe(201);
    }
    expect(hooksOf().map((h) => h.url).slice(before)).toEqual(['https://hooks.example/maintainer', 'https://hooks.example/owner', 'https://hooks.example/admin']);
  });

  it('hides a private project from a non-member mutation with 404', async () => {
    const answer = await call('POST', `/projects/${project('initech/tps-reports').id}/hooks`, 'owner', { url: 'https://hooks.example/z' });
    expect(answer.status).toBe(404);
  });
});

describe('creating projects: one rule for new projects and forks (GitLab\'s create_projects)', () => {
  const xena = () => [...sandbox.store.users.values()].find((u) => u.username === 'xena');
  const globex = () => sandbox.store.findGroup('globex');

  it('an external user may create projects only in a group that grants a role: not in their own namespace', async () => {
    expect((await call('GET', '/user', 'external')).data).toMatchObject({ external: true, can_create_project: false });
    expect(await call('POST', '/projects', 'external', { name: 'mine' })).toMatchObject({
      status: 400,
      data: { message: { limit_reached: ['Personal project creation is not allowed. Please contact your administrator with questions'] } },
    });
    const own = xena()?.namespace_id;
    expect(await call('POST', '/projects', 'external', { name: 'mine', namespace_id: own })).toMatchObject({ status: 400, data: { message: { namespace: ['is not valid'] } } });
    expect(await call('POST', `/projects/${project('globex/handbook').id}/fork`, 'external')).toMatchObject({ status: 404 });

    expect(await call('POST', '/projects', 'external', { name: 'theirs', namespace_id: globex()?.id })).toMatchObject({ status: 400, data: { message: { namespace: ['is not valid'] } } });
    globex()?.members.set(xena()?.id as number, 30);
    try {
      expect(await call('POST', '/projects', 'external', { name: 'theirs', namespace_id: globex()?.id })).toMatchObject({ status: 201, data: { path_with_namespace: 'globex/theirs' } });
      const fork = await call('POST', `/projects/${project('acme/web/storefront').id}/fork`, 'external', { namespace_id: globex()?.id, path: 'storefront-fork', name: 'storefront fork' });
      expect(fork).toMatchObject({ status: 201, data: { path_with_namespace: 'globex/storefront-fork' } });
    } finally {
      globex()?.members.delete(xena()?.id as number);
    }
  });

  it('others create in their own namespace, and in a group as its project_creation_level allows', async () => {
    expect((await call('GET', '/user', 'developer')).data).toMatchObject({ can_create_project: true });
    expect(await call('POST', '/projects', 'developer', { name: 'own-thing' })).toMatchObject({ status: 201, data: { path_with_namespace: 'dana/own-thing' } });
    expect(await call('POST', '/projects', 'reporter', { name: 'in-acme', namespace_id: sandbox.store.findGroup('acme')?.id })).toMatchObject({ status: 400, data: { message: { namespace: ['is not valid'] } } });
    expect(await call('POST', '/projects', 'developer', { name: 'in-acme', namespace_id: sandbox.store.findGroup('acme')?.id })).toMatchObject({ status: 201 });
  });
});
