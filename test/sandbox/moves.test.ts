import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { type Answer, type Ids, listIds } from '../helpers/sandbox-api.js';

/**
 * After every kind of move, a project's (and a group's) old path answers 301 with a Location to
 * the new one, as the service does (spec 4). The requests are python-gitlab 3.12's own, captured
 * against this sandbox: `projects.get('acme/legacy-monolith')` is GET /projects/acme%2Flegacy-monolith
 * (and `requests` follows the 301 with the token, as fetch's 'follow' does here);
 * `group.transfer_project(4)` is POST /groups/11/projects/4 with the JSON body {};
 * `group.transfer(group_id=11)` is POST /groups/8/transfer with {"group_id": 11}; `group.path = ...;
 * group.save()` is PUT /groups/7 with {"path": "acme-corp"}.
 */
const { sandbox, call } = useSandbox({ seed: 12 });
const enc = encodeURIComponent;
let ids: Ids;
beforeEach(async () => {
  ids = await listIds(sandbox);
});
// The IDs before any move (a moved path is known by its old name here).
const projectId = (path: string) => ids.project(path);
const groupId = (path: string) => ids.group(path);

/** GET of the old path: 301 to the new one, which python-gitlab (requests) follows with its token. */
async function expectMoved(kind: 'projects' | 'groups', oldPath: string, newPath: string, rest = ''): Promise<Answer> {
  const moved = await call('GET', `/${kind}/${enc(oldPath)}${rest}`);
  expect(moved.status, `${oldPath} -> ${newPath}`).toBe(301);
  expect(moved.body).toEqual({ message: '301 Moved Permanently' });
  expect(moved.headers.get('location')).toBe(`${sandbox.url}/api/v4/${kind}/${enc(newPath)}${rest}`);
  const followed = await call('GET', `/${kind}/${enc(oldPath)}${rest}`, { redirect: 'follow' });
  expect(followed.status).toBe(200);
  return followed;
}

describe('a project moved answers 301 at its old path', () => {
  it('after PUT /projects/:id/transfer', async () => {
    const id = projectId('acme/legacy-monolith');
    expect((await call('PUT', `/projects/${id}/transfer`, { json: { namespace: 'globex' } })).status).toBe(200);
    const followed = await expectMoved('projects', 'acme/legacy-monolith', 'globex/legacy-monolith');
    expect(followed.body).toMatchObject({ id, path_with_namespace: 'globex/legacy-monolith' });
  });

  it('after a rename (PUT /projects/:id path=...)', async () => {
    const id = projectId('acme/legacy-monolith');
    expect((await call('PUT', `/projects/${id}`, { json: { path: 'monolith' } })).status).toBe(200);
    await expectMoved('projects', 'acme/legacy-monolith', 'acme/monolith', '/hooks');
  });

  it('after POST /groups/:id/projects/:project_id (a transfer into a group)', async () => {
    const id = projectId('acme/legacy-monolith');
    expect((await call('POST', `/groups/${groupId('globex')}/projects/${id}`, { json: {} })).status).toBe(201);
    const followed = await expectMoved('projects', 'acme/legacy-monolith', 'globex/legacy-monolith');
    expect(followed.body).toMatchObject({ id, namespace: { full_path: 'globex' } });
  });

  it('after POST /groups/:id/transfer, for every project and subgroup below the moved group', async () => {
    expect(
      (await call('POST', `/groups/${groupId('acme/platform')}/transfer`, { json: { group_id: groupId('globex') } }))
        .status,
    ).toBe(201);
    await expectMoved('projects', 'acme/platform/api', 'globex/platform/api');
    await expectMoved('projects', 'acme/platform/infra/terraform', 'globex/platform/infra/terraform');
    await expectMoved('groups', 'acme/platform', 'globex/platform');
    await expectMoved('groups', 'acme/platform/infra', 'globex/platform/infra', '/projects');
  });

  it('after a group path change (PUT /groups/:id path=...), for every project and subgroup below it', async () => {
    // Read first, so that the project's view is cached: the rename above it must make it stale.
    const id = projectId('acme/web/storefront');
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({ path_with_namespace: 'acme/web/storefront' });
    expect((await call('PUT', `/groups/${groupId('acme')}`, { json: { path: 'acme-corp' } })).status).toBe(200);
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({
      path_with_namespace: 'acme-corp/web/storefront',
      namespace: { full_path: 'acme-corp/web' },
    });
    await expectMoved('projects', 'acme/web/storefront', 'acme-corp/web/storefront');
    await expectMoved('projects', 'acme/legacy-monolith', 'acme-corp/legacy-monolith');
    await expectMoved('groups', 'acme', 'acme-corp');
    await expectMoved('groups', 'acme/platform/infra', 'acme-corp/platform/infra');
  });

  it('after moves one upon another, to where it is now; a path taken again answers for its new owner', async () => {
    const id = projectId('acme/legacy-monolith');
    await call('PUT', `/projects/${id}/transfer`, { json: { namespace: 'globex' } });
    await call('PUT', `/groups/${groupId('globex')}`, { json: { path: 'globex-inc' } });
    await expectMoved('projects', 'acme/legacy-monolith', 'globex-inc/legacy-monolith');
    await expectMoved('projects', 'globex/legacy-monolith', 'globex-inc/legacy-monolith');
    const again = await call('POST', '/projects', { json: { name: 'legacy-monolith', namespace_id: groupId('acme') } });
    expect(again.status).toBe(201);
    expect((await call('GET', `/projects/${enc('acme/legacy-monolith')}`)).body).toMatchObject({ id: again.body.id });
  });

  it('hides a moved project from who may not read it: 404, not its new path', async () => {
    const id = projectId('initech/tps-reports');
    await call('PUT', `/projects/${id}/transfer`, { json: { namespace: 'globex' } });
    expect((await call('GET', `/projects/${enc('initech/tps-reports')}`, { as: 'developer' })).status).toBe(404);
    expect((await call('GET', `/projects/${enc('initech/tps-reports')}`, { as: null })).status).toBe(404);
  });
});
