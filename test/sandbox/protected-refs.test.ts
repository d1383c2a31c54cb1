import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import type { Json } from '../helpers/sandbox-api.js';

/**
 * Protected branches and tags alone, over HTTP, with GitLab's statuses and bodies. The request
 * forms are python-gitlab's, as python-gitlab 3.12 (Debian's python3-gitlab) sent them to the
 * sandbox through a logging proxy: `project.protectedbranches.list()`, `.get('release/*')`
 * (`release%2F%2A`), `.create({'name': 'hotfix/*', 'push_access_level': 30, 'merge_access_level': 40,
 * 'allow_force_push': True})` (a JSON body), `branch.delete()`, and the same on `protectedtags`
 * with `create_access_level`; every request with `Content-Type: application/json`, each on the
 * numeric ID python-gitlab takes from the project it fetched. (python-gitlab 3.12 has no update
 * of a protected branch: PATCH is sent as GitLab's page writes it.)
 */
const { call: raw, idOf } = useSandbox({ seed: 10 });

const call = (
  method: string,
  path: string,
  options: { as?: 'admin' | 'maintainer' | 'developer' | 'reporter' | 'external'; json?: unknown } = {},
) =>
  raw(method, path, {
    ...options,
    headers: { 'user-agent': 'python-gitlab/3.12.0', 'content-type': 'application/json' },
  });

const names = (answer: { body: Json }) => (answer.body as Array<{ name: string }>).map((item) => item.name);
const levels = (entries: Json[]) => entries.map((entry) => [entry.access_level, entry.access_level_description]);

describe('sandbox: protected branches as python-gitlab asks for them', () => {
  it('lists the seeded protections with their access levels, paginated as every list', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    const listed = await call('GET', `/projects/${id}/protected_branches`);
    expect(listed.status).toBe(200);
    expect(names(listed)).toEqual(['main', 'release/*']);
    expect(listed.headers.get('x-total')).toBe('2');
    expect(listed.body[0]).toEqual({
      id: expect.any(Number),
      name: 'main',
      push_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers' }],
      merge_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers' }],
      unprotect_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers' }],
      allow_force_push: false,
      code_owner_approval_required: false,
    });
    const paged = await call('GET', `/projects/${id}/protected_branches?per_page=1&page=2`);
    expect(names(paged)).toEqual(['release/*']);
    expect(paged.headers.get('x-total-pages')).toBe('2');
    expect(paged.links.prev).toContain('page=1');
    expect(names(await call('GET', `/projects/${id}/protected_branches?search=rel`))).toEqual(['release/*']);
  });

  it('gets a wildcard by its encoded name, creates, refuses a second protection (409), unprotects', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    expect(
      (await call('GET', `/projects/${id}/protected_branches/release%2F%2A`)).body.merge_access_levels,
    ).toMatchObject([{ access_level: 30, access_level_description: 'Developers + Maintainers' }]);
    const created = await call('POST', `/projects/${id}/protected_branches`, {
      json: { name: 'hotfix/*', push_access_level: 30, merge_access_level: 40, allow_force_push: true },
    });
    expect(created.status).toBe(201);
    expect(levels(created.body.push_access_levels)).toEqual([[30, 'Developers + Maintainers']]);
    expect(levels(created.body.unprotect_access_levels)).toEqual([[40, 'Maintainers']]);
    expect(created.body.allow_force_push).toBe(true);
    expect(await call('POST', `/projects/${id}/protected_branches`, { json: { name: 'hotfix/*' } })).toMatchObject({
      status: 409,
      body: { message: "Protected branch 'hotfix/*' already exists" },
    });
    expect(await call('GET', `/projects/${id}/protected_branches/nope`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
    expect((await call('DELETE', `/projects/${id}/protected_branches/hotfix%2F%2A`)).status).toBe(204);
    expect((await call('GET', `/projects/${id}/protected_branches/hotfix%2F%2A`)).status).toBe(404);
    expect((await call('DELETE', `/projects/${id}/protected_branches/hotfix%2F%2A`)).status).toBe(404);
  });

  it('checks the parameters as Grape does: name required, levels among 0/30/40/60, no "no one" to unprotect', async () => {
    const id = await idOf('projects', 'acme/platform/api');
    expect(await call('POST', `/projects/${id}/protected_branches`, { json: { push_access_level: 30 } })).toMatchObject(
      { status: 400, body: { error: 'name is missing' } },
    );
    expect(
      await call('POST', `/projects/${id}/protected_branches`, { json: { name: 'x', push_access_level: 20 } }),
    ).toMatchObject({ status: 400, body: { error: 'push_access_level does not have a valid value' } });
    expect(
      await call('POST', `/projects/${id}/protected_branches`, { json: { name: 'x', unprotect_access_level: 0 } }),
    ).toMatchObject({ status: 400, body: { error: 'unprotect_access_level does not have a valid value' } });
    const admins = await call('POST', `/projects/${id}/protected_branches`, {
      json: { name: 'x', push_access_level: 0, merge_access_level: 60 },
    });
    expect(levels(admins.body.push_access_levels)).toEqual([[0, 'No one']]);
    expect(levels(admins.body.merge_access_levels)).toEqual([[60, 'Instance admins']]);
  });

  it('answers an empty name to protect with the model’s 422 Name can’t be blank, a branch as a tag', async () => {
    const id = await idOf('projects', 'acme/platform/api');
    const answers = [];
    for (const what of ['protected_branches', 'protected_tags']) {
      const { status, body } = await call('POST', `/projects/${id}/${what}`, { json: { name: '' } });
      answers.push([what, status, body]);
    }
    expect(answers).toEqual(
      ['protected_branches', 'protected_tags'].map((what) => [what, 422, { message: ["Name can't be blank"] }]),
    );
  });

  it('PATCH changes the booleans and the access entries: add, change by id, _destroy (the API page examples)', async () => {
    const id = await idOf('projects', 'acme/platform/api');
    const main = (await call('GET', `/projects/${id}/protected_branches/main`)).body;
    const pushId = main.push_access_levels[0].id;
    const changed = await call('PATCH', `/projects/${id}/protected_branches/main`, {
      json: {
        allow_force_push: true,
        code_owner_approval_required: true,
        allowed_to_push: [{ id: pushId, access_level: 0 }],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      allow_force_push: true,
      code_owner_approval_required: true,
      push_access_levels: [{ id: pushId, access_level: 0, access_level_description: 'No one' }],
    });
    const swapped = await call('PATCH', `/projects/${id}/protected_branches/main`, {
      json: { allowed_to_merge: [{ id: main.merge_access_levels[0].id, _destroy: true }, { access_level: 30 }] },
    });
    expect(levels(swapped.body.merge_access_levels)).toEqual([[30, 'Developers + Maintainers']]);
    expect((await call('GET', `/projects/${id}/protected_branches/main`)).body).toMatchObject({
      allow_force_push: true,
      merge_access_levels: [{ access_level: 30 }],
    });
    // A refused entry changes nothing of the rest.
    const refused = await call('PATCH', `/projects/${id}/protected_branches/main`, {
      json: { allowed_to_push: [{ access_level: 20 }], allowed_to_merge: [{ access_level: 40 }] },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { message: ['Push access levels access level is not included in the list'] },
    });
    expect(levels((await call('GET', `/projects/${id}/protected_branches/main`)).body.merge_access_levels)).toEqual([
      [30, 'Developers + Maintainers'],
    ]);
    expect(
      (await call('PATCH', `/projects/${id}/protected_branches/nope`, { json: { allow_force_push: true } })).status,
    ).toBe(404);
  });

  it("a deploy key's push entry answers Maintainer (40) with the key's ID and title, as the API page's example", async () => {
    const id = await idOf('projects', 'acme/platform/api');
    const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
    const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
    const line = `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ci`;
    const key = await call('POST', `/projects/${id}/deploy_keys`, { json: { title: 'ci', key: line, can_push: true } });
    expect(key.status).toBe(201);
    const changed = await call('PATCH', `/projects/${id}/protected_branches/main`, {
      json: { allowed_to_push: [{ deploy_key_id: key.body.id }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.push_access_levels.at(-1)).toEqual({
      id: expect.any(Number),
      access_level: 40,
      access_level_description: 'ci',
      deploy_key_id: key.body.id,
    });
  });

  it('reads allowed_to_push[][access_level] from a query, as the API page’s curl example sends it', async () => {
    const id = await idOf('projects', 'acme/platform/api');
    const created = await raw(
      'POST',
      `/projects/${id}/protected_branches?name=*-stable&allowed_to_push%5B%5D%5Baccess_level%5D=30&allowed_to_merge%5B%5D%5Baccess_level%5D=30&allowed_to_merge%5B%5D%5Baccess_level%5D=40`,
    );
    expect(created.status).toBe(201);
    expect(levels(created.body.push_access_levels)).toEqual([[30, 'Developers + Maintainers']]);
    expect(levels(created.body.merge_access_levels)).toEqual([
      [30, 'Developers + Maintainers'],
      [40, 'Maintainers'],
    ]);
  });

  it('is for Maintainers: a Developer gets 403, someone who cannot see the project 404', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    expect(await call('GET', `/projects/${id}/protected_branches`, { as: 'developer' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(
      (await call('POST', `/projects/${id}/protected_branches`, { as: 'developer', json: { name: 'x' } })).status,
    ).toBe(403);
    expect(names(await call('GET', `/projects/${id}/protected_branches`, { as: 'maintainer' }))).toEqual([
      'main',
      'release/*',
    ]);
    const hidden = await idOf('projects', 'initech/tps-reports');
    expect(await call('GET', `/projects/${hidden}/protected_branches`, { as: 'maintainer' })).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
  });
});

describe('sandbox: protected tags as python-gitlab asks for them', () => {
  it('lists, creates with create_access_level, gets, refuses a duplicate (422), unprotects', async () => {
    const api = await idOf('projects', 'acme/platform/api');
    const seeded = await call('GET', `/projects/${api}/protected_tags`);
    expect(seeded.body).toEqual([
      {
        name: 'v*',
        create_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers' }],
      },
    ]);
    expect(seeded.headers.get('x-total')).toBe('1');
    const id = await idOf('projects', 'acme/web/storefront');
    const created = await call('POST', `/projects/${id}/protected_tags`, {
      json: { name: 'rel-*', create_access_level: 30 },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        name: 'rel-*',
        create_access_levels: [{ access_level: 30, access_level_description: 'Developers + Maintainers' }],
      },
    });
    expect((await call('GET', `/projects/${id}/protected_tags/rel-%2A`)).body.name).toBe('rel-*');
    expect(await call('POST', `/projects/${id}/protected_tags`, { json: { name: 'rel-*' } })).toMatchObject({
      status: 422,
      body: { message: ['Name has already been taken'] },
    });
    expect(
      await call('POST', `/projects/${id}/protected_tags`, { json: { name: 'x', create_access_level: 60 } }),
    ).toMatchObject({ status: 400, body: { error: 'create_access_level does not have a valid value' } });
    expect((await call('DELETE', `/projects/${id}/protected_tags/rel-%2A`)).status).toBe(204);
    expect(await call('GET', `/projects/${id}/protected_tags/rel-%2A`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
    expect((await call('GET', `/projects/${id}/protected_tags`, { as: 'developer' })).status).toBe(403);
  });
});
