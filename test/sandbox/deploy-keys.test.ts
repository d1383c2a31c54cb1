import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Deploy keys alone, over HTTP, with GitLab's statuses and bodies. The request forms are
 * python-gitlab 3.12's (Debian's python3-gitlab), captured through a logging proxy:
 * `project.keys.list()`, `.keys.create({'title': .., 'key': .., 'can_push': True})` (a JSON body),
 * `key.save()` (PUT with the changed title only), `.keys.get(id)`, `.keys.enable(id)` (POST with
 * the JSON body `{}`), `gl.deploykeys.list()` and `.keys.delete(id)`, each with `Content-Type:
 * application/json`.
 */
const { call: raw, idOf } = useSandbox({ seed: 10 });

const call = (
  method: string,
  path: string,
  options: { as?: 'admin' | 'owner' | 'maintainer' | 'developer'; json?: unknown } = {},
) =>
  raw(method, path, {
    ...options,
    headers: { 'user-agent': 'python-gitlab/3.12.0', 'content-type': 'application/json' },
  });

/** A real ed25519 public key in OpenSSH's one-line form. */
function publicKeyLine(comment: string): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ${comment}`;
}

/** The key GitLab's deploy keys page shows in its examples, with the fingerprints it gives for it. */
const DOC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILkYXU2fVeO4/0rDCSsswP5iIX2+B6tv15YT3KObgyDl Key';

describe('sandbox: deploy keys as python-gitlab asks for them', () => {
  it('lists the seeded key, adds one with its fingerprints, renames it, gets it', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    const listed = await call('GET', `/projects/${id}/deploy_keys`);
    expect(listed.body).toEqual([expect.objectContaining({ title: 'CI deploy', can_push: true, expires_at: null })]);
    expect(listed.headers.get('x-total')).toBe('1');
    const created = await call('POST', `/projects/${id}/deploy_keys`, {
      json: { title: 'laptop', key: `${DOC_KEY}\n`, can_push: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'laptop',
      created_at: expect.any(String),
      expires_at: null,
      key: DOC_KEY,
      fingerprint: '40:8e:fa:df:70:f7:a7:06:1e:0d:6f:ae:f2:27:92:01',
      fingerprint_sha256: 'SHA256:Ojq2LZW43BFK/AMP81jBkDGn9YpPWYRNcViKBB44LPU',
      can_push: true,
    });
    const keyId = created.body.id;
    expect(
      (await call('PUT', `/projects/${id}/deploy_keys/${keyId}`, { json: { title: 'laptop 2' } })).body,
    ).toMatchObject({ title: 'laptop 2', can_push: true });
    expect((await call('GET', `/projects/${id}/deploy_keys/${keyId}`)).body).toMatchObject({
      id: keyId,
      title: 'laptop 2',
    });
    expect(await call('GET', `/projects/${id}/deploy_keys/999`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
    // The same key again answers the key the project has (201, nothing new).
    const again = await call('POST', `/projects/${id}/deploy_keys`, { json: { title: 'other', key: DOC_KEY } });
    expect(again).toMatchObject({ status: 201, body: { id: keyId, title: 'laptop 2' } });
    expect((await call('GET', `/projects/${id}/deploy_keys`)).headers.get('x-total')).toBe('2');
  });

  it('refuses a malformed key with the model’s errors (400), and a missing title', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    expect(
      await call('POST', `/projects/${id}/deploy_keys`, { json: { title: 'bad', key: 'ssh-rsa nope' } }),
    ).toMatchObject({
      status: 400,
      body: { message: { key: ['is invalid'], fingerprint_sha256: ['cannot be generated'] } },
    });
    expect(
      await call('POST', `/projects/${id}/deploy_keys`, {
        json: { title: 'bad', key: 'ssh-ed25519 AAAAC3NzaC1yc2EAAAADAQABAAAAgQ== x' },
      }),
    ).toMatchObject({ status: 400 });
    expect(await call('POST', `/projects/${id}/deploy_keys`, { json: { key: publicKeyLine('x') } })).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
  });

  it('shares one key between projects: enable, the same key added elsewhere, removed from the instance with its last project', async () => {
    const storefront = await idOf('projects', 'acme/web/storefront');
    const terraform = await idOf('projects', 'acme/platform/infra/terraform');
    const line = publicKeyLine('deploy@example.com');
    const key = (
      await call('POST', `/projects/${storefront}/deploy_keys`, {
        json: { title: 'shared', key: line, can_push: true },
      })
    ).body;
    const enabled = await call('POST', `/projects/${terraform}/deploy_keys/${key.id}/enable`, { json: {} });
    expect(enabled).toMatchObject({
      status: 201,
      body: { id: key.id, title: 'shared', fingerprint_sha256: key.fingerprint_sha256 },
    });
    expect((await call('GET', `/projects/${terraform}/deploy_keys/${key.id}`)).body.can_push).toBe(false);
    const all = await call('GET', '/deploy_keys');
    const listed = all.body.find((k: { id: number }) => k.id === key.id);
    expect(
      listed.projects_with_write_access.map((p: { path_with_namespace: string }) => p.path_with_namespace),
    ).toEqual(['acme/web/storefront']);
    expect(
      listed.projects_with_readonly_access.map((p: { path_with_namespace: string }) => p.path_with_namespace),
    ).toEqual(['acme/platform/infra/terraform']);
    expect((await call('DELETE', `/projects/${terraform}/deploy_keys/${key.id}`)).status).toBe(204);
    expect(await call('DELETE', `/projects/${terraform}/deploy_keys/${key.id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Deploy key Not Found' },
    });
    // Still on the storefront: the key stays; gone from its last project, it is gone.
    expect((await call('GET', '/deploy_keys')).body.some((k: { id: number }) => k.id === key.id)).toBe(true);
    expect((await call('DELETE', `/projects/${storefront}/deploy_keys/${key.id}`)).status).toBe(204);
    expect((await call('GET', '/deploy_keys')).body.some((k: { id: number }) => k.id === key.id)).toBe(false);
    expect(await call('POST', `/projects/${terraform}/deploy_keys/${key.id}/enable`, { json: {} })).toMatchObject({
      status: 404,
      body: { message: '404 Deploy key Not Found' },
    });
  });

  it('answers DELETE and enable of a key the project cannot have with 404 Deploy key Not Found', async () => {
    const storefront = await idOf('projects', 'acme/web/storefront');
    const answers = [
      await call('DELETE', `/projects/${storefront}/deploy_keys/999999`),
      await call('POST', `/projects/${storefront}/deploy_keys/999999/enable`, { json: {} }),
    ].map(({ status, body }) => [status, body]);
    expect(answers).toEqual([
      [404, { message: '404 Deploy key Not Found' }],
      [404, { message: '404 Deploy key Not Found' }],
    ]);
  });

  it('answers a PUT without title or can_push with 400 naming both, before it looks the key up', async () => {
    const storefront = await idOf('projects', 'acme/web/storefront');
    const answer = await call('PUT', `/projects/${storefront}/deploy_keys/999999`, { json: {} });
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: 'title, can_push are missing, at least one parameter must be provided' },
    ]);
  });

  it('a key from a project where the caller is no Maintainer is not theirs to enable', async () => {
    const api = await idOf('projects', 'acme/platform/api');
    const handbook = await idOf('projects', 'globex/handbook');
    const seeded = (await call('GET', `/projects/${api}/deploy_keys`)).body[0];
    // Olivia owns globex and acme: she may enable acme's key in globex's project.
    expect(
      (await call('POST', `/projects/${handbook}/deploy_keys/${seeded.id}/enable`, { as: 'owner', json: {} })).status,
    ).toBe(201);
    const line = publicKeyLine('globex');
    const globexKey = (
      await call('POST', `/projects/${handbook}/deploy_keys`, { as: 'owner', json: { title: 'globex', key: line } })
    ).body;
    // Max maintains acme's projects but is no member of globex: its key is out of his reach.
    expect(
      await call('POST', `/projects/${api}/deploy_keys/${globexKey.id}/enable`, { as: 'maintainer', json: {} }),
    ).toMatchObject({ status: 404 });
  });

  it('is for Maintainers; GET /deploy_keys for administrators', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    expect(await call('GET', `/projects/${id}/deploy_keys`, { as: 'developer' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect((await call('GET', `/projects/${id}/deploy_keys`, { as: 'maintainer' })).status).toBe(200);
    expect(await call('GET', '/deploy_keys', { as: 'owner' })).toMatchObject({ status: 403 });
    expect((await call('GET', '/deploy_keys?public=true')).body).toEqual([]);
  });
});
