import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Push mirrors' SSH side alone, over HTTP: the documented shape (doc/api/remote_mirrors.md @0286e4c6:
 * `auth_method`, `host_keys`) and GET .../public_key, which answers for a mirror that signs in by
 * SSH key over an ssh:// URL and is 404 for any other.
 */
const { call } = useSandbox({ seed: 12 });

/** An `ssh-rsa` line's exponent and modulus read from its wire format, as a key node:crypto takes. */
function rsaKey(line: string) {
  const blob = Buffer.from(line.split(' ')[1] as string, 'base64');
  const fields: Buffer[] = [];
  for (let at = 0; at < blob.length; ) {
    const length = blob.readUInt32BE(at);
    fields.push(blob.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  const [name, e, n] = fields as [Buffer, Buffer, Buffer];
  expect(name.toString()).toBe('ssh-rsa');
  const url = (b: Buffer) => b.toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', e: url(e), n: url(n.subarray(n[0] === 0 ? 1 : 0)) }, format: 'jwk' });
}
const mirrors = '/projects/acme%2Fweb%2Fstorefront/remote_mirrors';

describe('sandbox: remote mirrors signing in by SSH key', () => {
  it('answers GET .../public_key with an RSA key of 4096 bits for an ssh:// mirror of auth_method ssh_public_key', async () => {
    const made = await call('POST', mirrors, {
      json: { url: 'ssh://git@mirror.example.com/storefront.git', auth_method: 'ssh_public_key' },
    });
    expect(made).toMatchObject({ status: 201, body: { auth_method: 'ssh_public_key', host_keys: [] } });
    const answer = await call('GET', `${mirrors}/${made.body.id}/public_key`, { as: 'maintainer' });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['public_key']);
    expect(answer.body.public_key).toMatch(/^ssh-rsa [A-Za-z0-9+/]+=* git@127\.0\.0\.1$/);
    expect(rsaKey(answer.body.public_key).asymmetricKeyDetails).toEqual({
      modulusLength: 4096,
      publicExponent: 65537n,
    });
    // The key is kept: asked again, the same.
    expect((await call('GET', `${mirrors}/${made.body.id}/public_key`)).body).toEqual(answer.body);
  });

  it('answers GET .../public_key 404 for a password mirror and 401 below Maintainer', async () => {
    const made = await call('POST', mirrors, { json: { url: 'https://mirror.example.com/storefront.git' } });
    expect(made.body.auth_method).toBe('password');
    expect(await call('GET', `${mirrors}/${made.body.id}/public_key`)).toMatchObject({
      status: 404,
      body: { message: '404 Not Found' },
    });
    expect((await call('GET', `${mirrors}/${made.body.id}/public_key`, { as: 'developer' })).status).toBe(401);
  });

  it('makes the key when PUT turns a mirror to ssh_public_key', async () => {
    const made = await call('POST', mirrors, { json: { url: 'ssh://git@mirror.example.com/s.git' } });
    expect((await call('GET', `${mirrors}/${made.body.id}/public_key`)).status).toBe(404);
    expect(
      (await call('PUT', `${mirrors}/${made.body.id}`, { json: { auth_method: 'ssh_public_key' } })).body.auth_method,
    ).toBe('ssh_public_key');
    const answer = await call('GET', `${mirrors}/${made.body.id}/public_key`);
    expect(answer.status).toBe(200);
    expect(answer.body.public_key).toMatch(/^ssh-rsa /);
  });
});

describe('sandbox: a remote mirror that is not there', () => {
  it('answers each route of a mirror ID not found, or no number, 404 Not found as ActiveRecord’s find does', async () => {
    const answers = [];
    for (const id of ['9999', 'abc'])
      for (const [method, path] of [
        ['GET', `${mirrors}/${id}`],
        ['PUT', `${mirrors}/${id}`],
        ['DELETE', `${mirrors}/${id}`],
        ['POST', `${mirrors}/${id}/sync`],
        ['GET', `${mirrors}/${id}/public_key`],
      ] as const) {
        const answer = await call(method, path, method === 'PUT' ? { json: { enabled: true } } : {});
        answers.push([method, path, answer.status, answer.body]);
      }
    expect(answers).toEqual(answers.map(([method, path]) => [method, path, 404, { message: '404 Not found' }]));
  });
});
