import { beforeEach, describe, expect, it } from 'vitest';
import { createHook } from '../../src/api/hooks.js';
import { createPushRule } from '../../src/api/push-rules.js';
import { shareWithGroup } from '../../src/api/shares.js';
import { HttpClient } from '../../src/http/client.js';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { type Ids, listIds } from '../helpers/sandbox-api.js';

/** The sandbox's hooks, push rules and shares alone, over HTTP, with GitLab's answers. */
describe('sandbox: hooks, push rules, shares', () => {
  const { sandbox, call: raw } = useSandbox({ seed: 12 });
  const call = (method: string, path: string, json?: unknown, as: SandboxRole = 'admin') =>
    raw(method, path, { json, as });
  let ids: Ids;
  beforeEach(async () => {
    ids = await listIds(sandbox);
  });

  const storefront = '/projects/acme%2Fweb%2Fstorefront';

  describe('hooks', () => {
    it('needs a url, checks it, and applies the defaults', async () => {
      expect(await call('POST', `${storefront}/hooks`, {})).toMatchObject({
        status: 400,
        body: { error: 'url is missing' },
      });
      expect(await call('POST', `${storefront}/hooks`, { url: 'ftp://example.com/x' })).toMatchObject({
        status: 422,
        body: { message: 'Invalid url given' },
      });
      const created = await call('POST', `${storefront}/hooks`, {
        url: 'https://ci.example.com/a',
        issues_events: true,
        token: 'hook-secret-1',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        url: 'https://ci.example.com/a',
        push_events: true,
        issues_events: true,
        note_events: false,
        enable_ssl_verification: true,
        push_events_branch_filter: null,
      });
      expect(created.body).not.toHaveProperty('token');
      expect(created.body).not.toHaveProperty('subgroup_events');
      expect(created.text).not.toContain('hook-secret-1');
      // The API never shows a hook's token.
      expect(sandbox.store.hooks.get(created.body?.id as number)?.token).toBe('hook-secret-1');
    });

    it('wants the url on PUT, and forgets the token when the url changes without one', async () => {
      const { body } = await call('POST', `${storefront}/hooks`, {
        url: 'https://ci.example.com/b',
        token: 'hook-secret-2',
      });
      const id = body?.id as number;
      expect(await call('PUT', `${storefront}/hooks/${id}`, { note_events: true })).toMatchObject({
        status: 400,
        body: { error: 'url is missing' },
      });
      expect(
        (await call('PUT', `${storefront}/hooks/${id}`, { url: 'https://ci.example.com/b', note_events: true })).body,
      ).toMatchObject({ note_events: true, push_events: true });
      // The API never shows a hook's token.
      expect(sandbox.store.hooks.get(id)?.token).toBe('hook-secret-2');
      await call('PUT', `${storefront}/hooks/${id}`, { url: 'https://ci.example.com/moved' });
      expect(sandbox.store.hooks.get(id)?.token).toBeNull();
    });

    it('answers 404 Not found for a hook that is gone, and keeps hooks of other owners apart', async () => {
      const { body } = await call('POST', `${storefront}/hooks`, { url: 'https://ci.example.com/c' });
      const id = body?.id as number;
      expect((await call('GET', `/projects/acme%2Fplatform%2Fapi/hooks/${id}`)).status).toBe(404);
      expect((await call('DELETE', `${storefront}/hooks/${id}`)).status).toBe(204);
      expect(await call('DELETE', `${storefront}/hooks/${id}`)).toMatchObject({
        status: 404,
        body: { message: '404 Not found' },
      });
    });

    it('answers an empty url with the model’s 422 Invalid url given, on POST and PUT', async () => {
      const { body } = await call('POST', `${storefront}/hooks`, { url: 'https://ci.example.com/e' });
      const answers = [
        await call('POST', `${storefront}/hooks`, { url: '' }),
        await call('PUT', `${storefront}/hooks/${body?.id}`, { url: '' }),
      ].map(({ status, body }) => [status, body]);
      expect(answers).toEqual([
        [422, { message: 'Invalid url given' }],
        [422, { message: 'Invalid url given' }],
      ]);
    });

    it('answers a group hook that is not there with ActiveRecord’s 404 Not found on GET, PUT and DELETE', async () => {
      const answers = [];
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const { status, body } = await call(
          method,
          '/groups/acme/hooks/999999',
          method === 'PUT' ? { url: 'https://ci.example.com/d' } : undefined,
        );
        answers.push([method, status, body]);
      }
      expect(answers).toEqual(['GET', 'PUT', 'DELETE'].map((method) => [method, 404, { message: '404 Not found' }]));
    });

    it('has subgroup_events on group hooks, and lets only owners manage them', async () => {
      const created = await call('POST', '/groups/acme/hooks', {
        url: 'https://audit.example.com/h',
        subgroup_events: true,
        push_events_branch_filter: 'main',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ group_id: ids.group('acme'), subgroup_events: true });
      expect(created.body).not.toHaveProperty('push_events_branch_filter');
      expect((await call('GET', '/groups/acme/hooks', undefined, 'maintainer')).status).toBe(403);
      expect((await call('GET', '/groups/acme/hooks', undefined, 'owner')).status).toBe(200);
      expect((await call('GET', `${storefront}/hooks`, undefined, 'developer')).status).toBe(403);
      expect((await call('GET', `${storefront}/hooks`, undefined, 'maintainer')).status).toBe(200);
      expect((await call('GET', '/projects/initech%2Ftps-reports/hooks', undefined, 'developer')).status).toBe(404);
    });

    it("recognises a hook whose creation answer was lost (createHook's recover)", async () => {
      const owner = { kind: 'project' as const, ref: 'acme/web/storefront' };
      const client = new HttpClient({ baseUrl: sandbox.url, token: sandbox.tokens.admin });
      try {
        const started = Date.now();
        const request = createHook(owner, { url: 'https://lost.example.com/hook' }, started);
        expect(await request.recover?.(client)).toBeUndefined();
        await call('POST', `${storefront}/hooks`, { url: 'https://lost.example.com/hook' });
        const found = (await request.recover?.(client)) as { id: number; url: string };
        expect(found.url).toBe('https://lost.example.com/hook');
        expect((await call('GET', `${storefront}/hooks/${found.id}`)).body).toMatchObject({
          url: 'https://lost.example.com/hook',
        });
      } finally {
        await client.close();
      }
    });
  });

  describe('push rules', () => {
    it('answers null for a project without a rule and 404 for a group', async () => {
      expect(await call('GET', '/projects/acme%2Fplatform%2Fapi/push_rule')).toMatchObject({
        status: 200,
        text: 'null',
      });
      expect((await call('GET', '/groups/globex/push_rule')).status).toBe(404);
    });

    it('has one rule per owner: POST twice is 422, PUT without one is 404', async () => {
      expect(await call('PUT', '/projects/acme%2Fplatform%2Fapi/push_rule', { deny_delete_tag: true })).toMatchObject({
        status: 404,
        body: { message: '404 Push Rule Not Found' },
      });
      const created = await call('POST', '/projects/acme%2Fplatform%2Fapi/push_rule', {
        deny_delete_tag: true,
        max_file_size: 20,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        deny_delete_tag: true,
        max_file_size: 20,
        member_check: false,
        commit_message_regex: null,
      });
      expect(await call('POST', '/projects/acme%2Fplatform%2Fapi/push_rule', { member_check: true })).toMatchObject({
        status: 422,
        body: { message: 'Project push rule exists' },
      });
      expect(await call('POST', '/groups/globex/push_rule', { member_check: true })).toMatchObject({ status: 201 });
      expect(await call('POST', '/groups/globex/push_rule', { member_check: true })).toMatchObject({
        status: 422,
        body: { message: 'Group push rule exists, try updating' },
      });
      expect(
        (await call('PUT', '/projects/acme%2Fplatform%2Fapi/push_rule', { member_check: true })).body,
      ).toMatchObject({ deny_delete_tag: true, member_check: true });
      expect((await call('DELETE', '/groups/globex/push_rule')).status).toBe(204);
      expect((await call('DELETE', '/groups/globex/push_rule')).status).toBe(404);
    });

    it('wants at least one field and RE2-valid regexes', async () => {
      expect((await call('POST', '/projects/acme%2Fweb%2Fdesign-system/push_rule', {})).body?.error).toMatch(
        /at least one parameter must be provided/,
      );
      const bad = await call('POST', '/projects/acme%2Fweb%2Fdesign-system/push_rule', {
        branch_name_regex: '(?<=x)y',
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        message: { branch_name_regex: [expect.stringMatching(/not valid RE2 syntax: look-behind/)] },
      });
      expect(await call('GET', '/projects/acme%2Fweb%2Fdesign-system/push_rule')).toMatchObject({
        status: 200,
        text: 'null',
      });
    });

    it('needs the Owner role on groups', async () => {
      expect((await call('GET', '/groups/acme/push_rule', undefined, 'maintainer')).status).toBe(403);
    });

    it("recognises a rule whose creation answer was lost (createPushRule's recover)", async () => {
      const owner = { kind: 'group' as const, ref: 'globex' };
      const client = new HttpClient({ baseUrl: sandbox.url, token: sandbox.tokens.admin });
      try {
        const request = createPushRule(owner, { prevent_secrets: true });
        expect(await request.recover?.(client)).toBeUndefined();
        await call('POST', '/groups/globex/push_rule', { prevent_secrets: true });
        expect(await request.recover?.(client)).toMatchObject({ prevent_secrets: true });
      } finally {
        await client.close();
      }
    });
  });

  describe('shares', () => {
    const globexId = () => ids.group('globex');

    it('shares a project with a group: 201 link, 409 twice, 204 and 404 on removal', async () => {
      const path = '/projects/acme%2Fplatform%2Fapi/share';
      expect(await call('POST', path, { group_id: globexId(), group_access: 35 })).toMatchObject({
        status: 400,
        body: { error: 'group_access does not have a valid value' },
      });
      expect(await call('POST', path, { group_access: 30 })).toMatchObject({
        status: 400,
        body: { error: 'group_id is missing' },
      });
      const created = await call('POST', path, { group_id: globexId(), group_access: 30, expires_at: '2099-12-31' });
      expect(created).toMatchObject({
        status: 201,
        body: { group_id: globexId(), group_access: 30, expires_at: '2099-12-31' },
      });
      expect((await call('GET', '/projects/acme%2Fplatform%2Fapi')).body.shared_with_groups).toEqual([
        {
          group_id: globexId(),
          group_name: 'Globex',
          group_full_path: 'globex',
          group_access_level: 30,
          expires_at: '2099-12-31',
        },
      ]);
      expect(await call('POST', path, { group_id: globexId(), group_access: 20 })).toMatchObject({
        status: 409,
        body: { message: 'Group already shared with this group' },
      });
      expect((await call('POST', path, { group_id: ids.group('acme'), group_access: 20 })).status).toBe(409);
      expect((await call('DELETE', `${path}/${globexId()}`)).status).toBe(204);
      expect(await call('DELETE', `${path}/${globexId()}`)).toMatchObject({
        status: 404,
        body: { message: '404 Group Link Not Found' },
      });
      expect((await call('POST', path, { group_id: globexId(), group_access: 30 }, 'developer')).status).toBe(403);
    });

    it('shares a group with a group: 201 with the group, shared_with_groups included', async () => {
      const initech = ids.group('initech');
      const shared = await call('POST', '/groups/acme%2Fplatform/share', { group_id: initech, group_access: 20 });
      expect(shared.status).toBe(201);
      expect(shared.body?.full_path).toBe('acme/platform');
      expect(shared.body?.shared_with_groups).toEqual([
        {
          group_id: initech,
          group_name: 'Initech',
          group_full_path: 'initech',
          group_access_level: 20,
          expires_at: null,
        },
      ]);
      expect(
        (await call('POST', '/groups/acme%2Fplatform/share', { group_id: initech, group_access: 20 })).status,
      ).toBe(409);
      expect((await call('DELETE', `/groups/acme%2Fplatform/share/${initech}`)).status).toBe(204);
    });

    // lib/api/projects.rb @00d599a4 and lib/api/groups.rb @2189ef3a (pavankalisetti009/gitlab): Grape's
    // parameters first; then the services' GroupLinkable refusal, 404 Not Found.
    it('answers a Developer’s project share without group_id 400 group_id is missing, before the role', async () => {
      const answer = await call('POST', '/projects/acme%2Fplatform%2Fapi/share', { group_access: 30 }, 'developer');
      expect([answer.status, answer.body]).toEqual([400, { error: 'group_id is missing' }]);
    });

    it('answers a project share with a group not there 404 Not Found, as the service words it', async () => {
      const answer = await call('POST', '/projects/acme%2Fplatform%2Fapi/share', {
        group_id: 999999,
        group_access: 30,
      });
      expect([answer.status, answer.body]).toEqual([404, { message: 'Not Found' }]);
    });

    it('answers a Maintainer’s group share 404 Not Found, the service’s refusal, not 403', async () => {
      const answer = await call(
        'POST',
        '/groups/acme%2Fplatform/share',
        { group_id: ids.group('globex'), group_access: 20 },
        'maintainer',
      );
      expect([answer.status, answer.body]).toEqual([404, { message: 'Not Found' }]);
    });

    it('answers a Maintainer’s group share without group_access 400 group_access is missing', async () => {
      const answer = await call(
        'POST',
        '/groups/acme%2Fplatform/share',
        { group_id: ids.group('globex') },
        'maintainer',
      );
      expect([answer.status, answer.body]).toEqual([400, { error: 'group_access is missing' }]);
    });

    it('answers DELETE of a group share not there 404 Group Link Not Found', async () => {
      const answer = await call('DELETE', `/groups/acme%2Fplatform/share/${ids.group('initech')}`);
      expect([answer.status, answer.body]).toEqual([404, { message: '404 Group Link Not Found' }]);
    });

    it("recognises a share whose answer was lost (shareWithGroup's recover)", async () => {
      const owner = { kind: 'group' as const, ref: 'globex/research' };
      const client = new HttpClient({ baseUrl: sandbox.url, token: sandbox.tokens.admin });
      const initech = ids.group('initech');
      try {
        const request = shareWithGroup(owner, { group_id: initech, group_access: 10 });
        expect(await request.recover?.(client)).toBeUndefined();
        await call('POST', '/groups/globex%2Fresearch/share', { group_id: initech, group_access: 10 });
        expect(await request.recover?.(client)).toMatchObject({
          full_path: 'globex/research',
          shared_with_groups: [expect.objectContaining({ group_id: initech })],
        });
      } finally {
        await client.close();
      }
    });
  });
});

describe('sandbox: share_with_group_lock as GitLab keeps it', () => {
  const { call } = useSandbox({ seed: 12 });
  const lock = (group: string, on: boolean) =>
    call('PUT', `/groups/${encodeURIComponent(group)}`, { json: { share_with_group_lock: on } });
  const lockOf = async (group: string) =>
    (await call('GET', `/groups/${encodeURIComponent(group)}`)).body.share_with_group_lock;

  it('turned on above turns it on below, which keeps it when the group above turns it off', async () => {
    await lock('acme', true);
    const below = await lockOf('acme/web');
    await lock('acme', false);
    expect([below, await lockOf('acme'), await lockOf('acme/web')]).toEqual([true, false, true]);
  });

  it('refuses a project’s share by its own group’s lock, and a group below a locked one cannot turn it off', async () => {
    await lock('acme', true);
    const turnedOff = await lock('acme/web', false);
    const globex = (await call('GET', '/groups/globex')).body.id;
    const share = await call('POST', `/projects/${encodeURIComponent('acme/web/storefront')}/share`, {
      json: { group_id: globex, group_access: 30 },
    });
    expect([turnedOff.status, turnedOff.body.share_with_group_lock]).toEqual([200, true]);
    expect([share.status, share.body]).toEqual([400, { message: 'The project sharing with group is disabled' }]);
  });
});

describe('sandbox: prevent_sharing_groups_outside_hierarchy', () => {
  const { call } = useSandbox({ seed: 12 });

  it('refuses a group below the root sharing with a group outside it (404 Not Found), and takes one inside', async () => {
    await call('PUT', '/groups/acme', { json: { prevent_sharing_groups_outside_hierarchy: true } });
    const id = async (path: string) => (await call('GET', `/groups/${encodeURIComponent(path)}`)).body.id;
    const outside = await call('POST', `/groups/${encodeURIComponent('acme/web')}/share`, {
      json: { group_id: await id('globex'), group_access: 30 },
    });
    const inside = await call('POST', `/groups/${encodeURIComponent('acme/web')}/share`, {
      json: { group_id: await id('acme/platform'), group_access: 30 },
    });
    expect([outside.status, outside.body, inside.status]).toEqual([404, { message: 'Not Found' }, 201]);
  });
});
