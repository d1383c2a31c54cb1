import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import type { Json } from '../helpers/sandbox-api.js';

/**
 * Project and group CI/CD variables over HTTP, with GitLab's statuses and bodies. The request forms are
 * python-gitlab 3.12's (Debian's python3-gitlab), as it sent them to the sandbox: `project.variables.list()`,
 * `.create({'key', 'value', 'environment_scope'})`, `.get('KEY')`, `variable.save()` (PUT with `key` and the
 * changed `value`), `.update('KEY', {'value'})`, `.get('KEY', filter={'environment_scope': 'production'})`
 * (`filter%5Benvironment_scope%5D=production`), `variable.delete()`; each with its PRIVATE-TOKEN header and
 * `Content-Type: application/json`, GETs and DELETEs included.
 */
const { sandbox, call: raw, idOf } = useSandbox({ seed: 10 });
const call = (method: string, path: string, options: { as?: SandboxRole; json?: unknown } = {}) =>
  raw(method, path, {
    as: options.as,
    json: options.json,
    headers: { 'user-agent': 'python-gitlab/3.12.0', 'content-type': 'application/json' },
  });

let storefront: number;
let acme: number;
beforeEach(async () => {
  storefront = await idOf('projects', 'acme/web/storefront');
  acme = await idOf('groups', 'acme');
});
const keys = (answer: { body: Json }) =>
  (answer.body as Array<{ key: string; environment_scope: string }>).map((v) => `${v.key}@${v.environment_scope}`);

describe('sandbox: variables as python-gitlab drives them', () => {
  it('answers an empty key with both of the model’s errors under key (400), as it strips one of spaces', async () => {
    const answers = [];
    for (const key of ['', '   ']) {
      const { status, body } = await call('POST', `/projects/${storefront}/variables`, { json: { key, value: 'v' } });
      answers.push([status, body]);
    }
    const blank = [400, { message: { key: ["can't be blank", "can contain only letters, digits and '_'."] } }];
    expect(answers).toEqual([blank, blank]);
  });

  it('lists the seed, creates, reads, saves, updates and deletes a project variable', async () => {
    const listed = await call('GET', `/projects/${storefront}/variables`);
    expect(keys(listed)).toEqual(['STRIPE_API_KEY@*', 'APP_ENV@*', 'APP_ENV@production']);
    expect(listed.headers.get('x-total')).toBe('3');
    const created = await call('POST', `/projects/${storefront}/variables`, {
      json: { key: 'NEW_VAR', value: 'hello world', environment_scope: 'staging' },
    });
    // GitLab's documented example, field for field.
    expect(created).toMatchObject({ status: 201 });
    expect(created.body).toEqual({
      variable_type: 'env_var',
      key: 'NEW_VAR',
      value: 'hello world',
      protected: false,
      masked: false,
      hidden: false,
      raw: false,
      environment_scope: 'staging',
      description: null,
    });
    expect((await call('GET', `/projects/${storefront}/variables/NEW_VAR`)).body).toMatchObject({
      value: 'hello world',
    });
    expect(
      (await call('PUT', `/projects/${storefront}/variables/NEW_VAR`, { json: { key: 'NEW_VAR', value: 'changed' } }))
        .body,
    ).toMatchObject({ value: 'changed', environment_scope: 'staging' });
    expect(
      (await call('PUT', `/projects/${storefront}/variables/NEW_VAR`, { json: { value: 'again', protected: true } }))
        .body,
    ).toMatchObject({ value: 'again', protected: true });
    expect((await call('DELETE', `/projects/${storefront}/variables/NEW_VAR`)).status).toBe(204);
    expect(await call('GET', `/projects/${storefront}/variables/NEW_VAR`)).toMatchObject({
      status: 404,
      body: { message: '404 Variable Not Found' },
    });
  });

  it('one key in two scopes: 409 without filter[environment_scope], each reached with it', async () => {
    expect(await call('GET', `/projects/${storefront}/variables/APP_ENV`)).toMatchObject({
      status: 409,
      body: {
        message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'",
      },
    });
    expect(
      (await call('GET', `/projects/${storefront}/variables/APP_ENV?filter%5Benvironment_scope%5D=production`)).body,
    ).toMatchObject({ value: 'production' });
    const put = await call(
      'PUT',
      `/projects/${storefront}/variables/APP_ENV?filter%5Benvironment_scope%5D=production`,
      { json: { value: 'prod-2' } },
    );
    expect(put.body).toMatchObject({ value: 'prod-2', environment_scope: 'production' });
    expect((await call('DELETE', `/projects/${storefront}/variables/APP_ENV?filter[environment_scope]=*`)).status).toBe(
      204,
    );
    expect(keys(await call('GET', `/projects/${storefront}/variables`))).toEqual([
      'STRIPE_API_KEY@*',
      'APP_ENV@production',
    ]);
    // One left: no filter needed.
    expect((await call('GET', `/projects/${storefront}/variables/APP_ENV`)).body).toMatchObject({ value: 'prod-2' });
  });

  it('group variables: file type, protected, created and deleted by the group Owner', async () => {
    const created = await call('POST', `/groups/${acme}/variables`, {
      as: 'owner',
      json: { key: 'G', value: 'v', protected: true, variable_type: 'file' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { key: 'G', variable_type: 'file', protected: true, environment_scope: '*' },
    });
    expect(keys(await call('GET', `/groups/${acme}/variables`, { as: 'owner' }))).toEqual(['DEPLOY_REGION@*', 'G@*']);
    expect((await call('DELETE', `/groups/${acme}/variables/G`, { as: 'owner' })).status).toBe(204);
  });
});

describe('sandbox: variable rules', () => {
  it('400 for a duplicate key in a scope, a bad key, a value that cannot be masked, a missing value', async () => {
    const post = (json: unknown) => call('POST', `/projects/${storefront}/variables`, { json });
    expect(await post({ key: 'APP_ENV', value: 'x' })).toMatchObject({
      status: 400,
      body: { message: { key: ['(APP_ENV) has already been taken'] } },
    });
    expect((await post({ key: 'APP_ENV', value: 'x', environment_scope: 'review/*' })).status).toBe(201);
    expect(await post({ key: 'BAD-KEY', value: 'x' })).toMatchObject({
      status: 400,
      body: { message: { key: ["can contain only letters, digits and '_'."] } },
    });
    expect(await post({ key: 'M', value: 'short', masked: true })).toMatchObject({
      status: 400,
      body: { message: { value: ['is invalid'] } },
    });
    expect(await post({ key: 'M', value: 'has spaces in it', masked: true })).toMatchObject({
      status: 400,
      body: { message: { value: ['is invalid'] } },
    });
    // A raw masked value may hold any character but whitespace.
    expect((await post({ key: 'M', value: 'p@$$w0rd!#', masked: true, raw: true })).status).toBe(201);
    expect((await post({ key: 'N', value: 'a+b/c=d@e:f.g~h-i_j', masked: true })).status).toBe(201);
    expect(await post({ key: 'V' })).toMatchObject({ status: 400, body: { error: 'value is missing' } });
    expect(await post({ key: 'V', value: 'x', variable_type: 'yaml' })).toMatchObject({
      status: 400,
      body: { error: 'variable_type does not have a valid value' },
    });
    // Masking an existing value that cannot be masked is refused too, given or kept.
    expect(
      await call('PUT', `/projects/${storefront}/variables/APP_ENV?filter[environment_scope]=*`, {
        json: { value: 'staging', masked: true },
      }),
    ).toMatchObject({ status: 400, body: { message: { value: ['is invalid'] } } });
    expect(
      await call('PUT', `/projects/${storefront}/variables/APP_ENV?filter[environment_scope]=*`, {
        json: { masked: true },
      }),
    ).toMatchObject({ status: 400, body: { message: { value: ['is invalid'] } } });
  });

  it("400 for an environment scope outside GitLab's characters and a description over 255 characters", async () => {
    const post = (json: unknown) => call('POST', `/projects/${storefront}/variables`, { json });
    expect(await post({ key: 'S', value: 'x', environment_scope: 'prod,staging' })).toMatchObject({
      status: 400,
      body: {
        message: {
          environment_scope: ["can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces"],
        },
      },
    });
    expect(
      (await post({ key: 'S', value: 'x', environment_scope: `review/$${'{'}CI_COMMIT_REF_SLUG} *` })).status,
    ).toBe(201);
    expect(await post({ key: 'D', value: 'x', description: 'd'.repeat(256) })).toMatchObject({
      status: 400,
      body: { message: { description: ['is too long (maximum is 255 characters)'] } },
    });
    expect((await post({ key: 'D', value: 'x', description: 'd'.repeat(255) })).status).toBe(201);
    expect(
      await call('PUT', `/projects/${storefront}/variables/D`, { json: { environment_scope: 'a:b' } }),
    ).toMatchObject({ status: 400 });
  });

  it('PUT without a value keeps the value and changes the other fields', async () => {
    const updated = await call('PUT', `/projects/${storefront}/variables/APP_ENV?filter[environment_scope]=*`, {
      json: { protected: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { key: 'APP_ENV', value: 'staging', protected: true } });
    expect(
      (await call('GET', `/projects/${storefront}/variables/APP_ENV?filter[environment_scope]=*`)).body,
    ).toMatchObject({ value: 'staging', protected: true });
  });

  it('masked_and_hidden: masked, and the value never answered again', async () => {
    const created = await call('POST', `/projects/${storefront}/variables`, {
      json: { key: 'SECRET', value: 'abcdefgh12', masked_and_hidden: true },
    });
    expect(created.body).toMatchObject({ masked: true, hidden: true, value: null });
    expect((await call('GET', `/projects/${storefront}/variables/SECRET`)).body).toMatchObject({
      value: null,
      hidden: true,
    });
    expect(
      (await call('PUT', `/projects/${storefront}/variables/SECRET`, { json: { value: 'zyxwvuts98', masked: true } }))
        .body,
    ).toMatchObject({ masked: true, value: null });
  });

  it('a hidden variable cannot be unmasked: 400 on base, and it stays as it was', async () => {
    await call('POST', `/projects/${storefront}/variables`, {
      json: { key: 'SECRET', value: 'abcdefgh12', masked_and_hidden: true },
    });
    expect(
      await call('PUT', `/projects/${storefront}/variables/SECRET`, { json: { value: 'zyxwvuts98', masked: false } }),
    ).toMatchObject({
      status: 400,
      body: { message: { base: ['The visibility setting cannot be changed for masked and hidden variables.'] } },
    });
    expect(sandbox.store.variables.find((v) => v.key === 'SECRET')).toMatchObject({
      value: 'abcdefgh12',
      masked: true,
      hidden: true,
    });
  });

  it('Maintainer for a project and Owner for a group, lists included (a Developer gets 403); 401 without a token', async () => {
    expect(await call('GET', `/projects/${storefront}/variables`, { as: 'developer' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect((await call('GET', `/projects/${storefront}/variables`, { as: 'maintainer' })).status).toBe(200);
    expect((await call('GET', `/groups/${acme}/variables`, { as: 'maintainer' })).status).toBe(403);
    expect((await raw('GET', `/groups/${acme}/variables`, { as: null })).status).toBe(401);
    expect((await call('GET', '/projects/999999/variables')).status).toBe(404);
  });

  it('a removed project takes its variables with it', async () => {
    expect(sandbox.url).toMatch(/^http/);
    const made = await call('POST', '/projects', { json: { name: 'tmp-vars' } });
    await call('POST', `/projects/${made.body.id}/variables`, { json: { key: 'K', value: 'v' } });
    await call(
      'DELETE',
      `/projects/${made.body.id}?permanently_remove=true&full_path=${encodeURIComponent(made.body.path_with_namespace)}`,
    );
    const again = await call('POST', '/projects', { json: { name: 'tmp-vars-2' } });
    expect(keys(await call('GET', `/projects/${again.body.id}/variables`))).toEqual([]);
  });
});
