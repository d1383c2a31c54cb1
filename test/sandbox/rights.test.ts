import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { type Ids, listIds } from '../helpers/sandbox-api.js';

/**
 * Users, rights and visibility: anonymous callers see public projects in the
 * simple view, external users do not see internal ones, an unknown token is a 401 everywhere,
 * and a mutation needs its role (a developer may not add a project hook; a maintainer or the
 * group's owner may).
 */

const { sandbox, call: raw } = useSandbox({ seed: 60 });

async function call(
  method: string,
  path: string,
  as: SandboxRole | null | string,
  body?: unknown,
): Promise<{ status: number; data: unknown; text: string }> {
  const answer = await raw(method, path, {
    as: as === null || as in sandbox.tokens ? (as as SandboxRole | null) : { token: as },
    json: body,
    redirect: 'follow',
  });
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

let known: Ids;
beforeEach(async () => {
  known = await listIds(sandbox);
});
/** The IDs of the projects an administrator lists (every one) that pass `keep`, ascending. */
const idsWhere = async (keep: (p: Record<string, unknown>) => boolean) =>
  (await listProjects('admin')).filter(keep).map((p) => p.id as number);

describe('visibility', () => {
  it('anonymous callers list public projects only, in the simple view', async () => {
    const items = await listProjects(null);
    expect(items.map((p) => p.id)).toEqual(await idsWhere((p) => p.visibility === 'public'));
    expect(items).toHaveLength(18);
    for (const item of items) {
      expect(item).not.toHaveProperty('permissions');
      expect(item).not.toHaveProperty('visibility');
      expect(item).toHaveProperty('path_with_namespace');
    }
  });

  it('anonymous callers get 404 for internal and private projects, and the project for public ones', async () => {
    expect((await call('GET', `/projects/${known.project('acme/platform/api')}`, null)).status).toBe(404);
    expect((await call('GET', `/projects/${encodeURIComponent('initech/tps-reports')}`, null)).status).toBe(404);
    const pub = await call('GET', `/projects/${encodeURIComponent('acme/web/storefront')}`, null);
    expect(pub.status).toBe(200);
    expect((pub.data as { path_with_namespace: string }).path_with_namespace).toBe('acme/web/storefront');
  });

  it('external users do not see internal projects they are not members of', async () => {
    const items = await listProjects('external');
    const visible = new Set(items.map((p) => p.id as number));
    const internal = await idsWhere((p) => p.visibility === 'internal');
    expect(internal).toHaveLength(21);
    for (const id of internal) expect(visible.has(id)).toBe(false);
    expect([...visible].sort((a, b) => a - b)).toEqual(await idsWhere((p) => p.visibility === 'public'));
    expect((await call('GET', `/projects/${known.project('acme/platform/api')}`, 'external')).status).toBe(404);
  });

  it('regular users see internal projects, and private ones only where they are members', async () => {
    const items = await listProjects('developer');
    const visible = new Set(items.map((p) => p.id as number));
    expect(visible.has(known.project('acme/platform/api'))).toBe(true);
    expect(visible.has(known.project('acme/platform/infra/terraform'))).toBe(true);
    expect(visible.has(known.project('initech/tps-reports'))).toBe(false);
    expect((await call('GET', `/projects/${known.project('initech/tps-reports')}`, 'developer')).status).toBe(404);
    expect((await call('GET', `/projects/${known.project('initech/tps-reports')}`, 'admin')).status).toBe(200);
  });

  it('administrators see every project', async () => {
    const items = await listProjects('admin');
    // Every project the service holds: only the store can say what a list leaves out.
    expect(items.map((p) => p.id)).toEqual(sandbox.store.allProjects().map((p) => p.id));
  });
});

describe('authentication', () => {
  it.each(['/user', '/version', '/projects', `/projects/1`])(
    'answers 401 for an unknown token on %s, even where anonymous callers may read',
    async (path) => {
      const answer = await call('GET', path, 'glpat-not-a-real-token');
      expect(answer.status).toBe(401);
      expect(answer.data).toEqual({ message: '401 Unauthorized' });
    },
  );

  it('accepts the token as a Bearer authorization too', async () => {
    const answer = await raw('GET', '/user', {
      as: null,
      headers: { authorization: `Bearer ${sandbox.tokens.reporter}` },
    });
    expect(answer).toMatchObject({ status: 200, body: { username: 'rui' } });
  });

  it('answers 401 to anonymous callers of /user', async () => {
    expect((await call('GET', '/user', null)).status).toBe(401);
  });
});

describe('roles on a mutation (project hooks need maintainer)', () => {
  const path = () => `/projects/${known.project('acme/web/storefront')}/hooks`;
  const hooksOf = async () => (await call('GET', `${path()}?per_page=100`, 'admin')).data as Array<{ url: string }>;

  it('refuses a developer and a reporter with 403, changing nothing', async () => {
    const before = (await hooksOf()).length;
    for (const role of ['developer', 'reporter'] as const) {
      const answer = await call('POST', path(), role, { url: `https://hooks.example/${role}` });
      expect(answer.status).toBe(403);
      expect((answer.data as { message: string }).message).toMatch(/^403 Forbidden/);
    }
    expect(await hooksOf()).toHaveLength(before);
  });

  it('refuses anonymous callers with 401 and external users with 403 or 404', async () => {
    expect((await call('POST', path(), null, { url: 'https://hooks.example/anon' })).status).toBe(401);
    expect([403, 404]).toContain((await call('POST', path(), 'external', { url: 'https://hooks.example/x' })).status);
  });

  it('lets the maintainer, the group owner and an administrator add one', async () => {
    const before = (await hooksOf()).length;
    for (const role of ['maintainer', 'owner', 'admin'] as const) {
      const answer = await call('POST', path(), role, { url: `https://hooks.example/${role}` });
      expect(answer.status).toBe(201);
    }
    expect((await hooksOf()).map((h) => h.url).slice(before)).toEqual([
      'https://hooks.example/maintainer',
      'https://hooks.example/owner',
      'https://hooks.example/admin',
    ]);
  });

  it('hides a private project from a non-member mutation with 404', async () => {
    const answer = await call('POST', `/projects/${known.project('initech/tps-reports')}/hooks`, 'owner', {
      url: 'https://hooks.example/z',
    });
    expect(answer.status).toBe(404);
  });
});

describe("creating projects: one rule for new projects and forks (GitLab's create_projects)", () => {
  it('an external user may create projects only in a group that grants a role: not in their own namespace', async () => {
    expect((await call('GET', '/user', 'external')).data).toMatchObject({ external: true, can_create_project: false });
    expect(await call('POST', '/projects', 'external', { name: 'mine' })).toMatchObject({
      status: 400,
      data: {
        message: {
          limit_reached: ['Personal project creation is not allowed. Please contact your administrator with questions'],
        },
      },
    });
    const own = ((await call('GET', '/namespaces/xena', 'admin')).data as { id: number }).id;
    expect(await call('POST', '/projects', 'external', { name: 'mine', namespace_id: own })).toMatchObject({
      status: 400,
      data: { message: { namespace: ['is not valid'] } },
    });
    expect(await call('POST', `/projects/${known.project('globex/handbook')}/fork`, 'external')).toMatchObject({
      status: 404,
    });

    expect(
      await call('POST', '/projects', 'external', { name: 'theirs', namespace_id: known.group('globex') }),
    ).toMatchObject({ status: 400, data: { message: { namespace: ['is not valid'] } } });
    expect(
      (
        await call('POST', `/groups/${known.group('globex')}/members`, 'admin', {
          user_id: known.user('xena'),
          access_level: 30,
        })
      ).status,
    ).toBe(201);
    expect(
      await call('POST', '/projects', 'external', { name: 'theirs', namespace_id: known.group('globex') }),
    ).toMatchObject({ status: 201, data: { path_with_namespace: 'globex/theirs' } });
    const fork = await call('POST', `/projects/${known.project('acme/web/storefront')}/fork`, 'external', {
      namespace_id: known.group('globex'),
      path: 'storefront-fork',
      name: 'storefront fork',
    });
    expect(fork).toMatchObject({ status: 201, data: { path_with_namespace: 'globex/storefront-fork' } });
  });

  it('others create in their own namespace, and in a group as its project_creation_level allows', async () => {
    expect((await call('GET', '/user', 'developer')).data).toMatchObject({ can_create_project: true });
    expect(await call('POST', '/projects', 'developer', { name: 'own-thing' })).toMatchObject({
      status: 201,
      data: { path_with_namespace: 'dana/own-thing' },
    });
    expect(
      await call('POST', '/projects', 'reporter', { name: 'in-acme', namespace_id: known.group('acme') }),
    ).toMatchObject({ status: 400, data: { message: { namespace: ['is not valid'] } } });
    expect(
      await call('POST', '/projects', 'developer', { name: 'in-acme', namespace_id: known.group('acme') }),
    ).toMatchObject({ status: 201 });
  });
});
