import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember } from '../../src/api/members.js';
import { HttpClient } from '../../src/http/client.js';
import { type Sandbox, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { callSandbox, type Ids, type Json, listIds } from '../helpers/sandbox-api.js';

/**
 * The members endpoints alone, over HTTP, with GitLab's statuses and bodies. The request forms
 * are python-gitlab's, as python-gitlab 3.12 (Debian's python3-gitlab) sent them to the sandbox
 * through a logging proxy: `project.members.list()`, `.members.create({'user_id': .., 'access_level': ..})`
 * (a JSON body; its CLI sends the same values as strings), `project.members_all.list()`,
 * `member.save()` (PUT with the changed attributes only), `.members.list(user_ids=[6])`
 * (`user_ids%5B%5D=6`), `group.members.delete(id)`, each on the numeric ID python-gitlab takes
 * from the object it fetched, with its PRIVATE-TOKEN header and `Content-Type: application/json`
 * on every request, GETs and DELETEs with an empty body included.
 */

// Each test its own sandbox: memberships made by one are no other's.
let sandbox: Sandbox;
let ids: Ids;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, seed: 10 });
  ids = await listIds(sandbox);
});
afterEach(() => sandbox?.close());

/** As python-gitlab sends it: its User-Agent, and a JSON content type on every request. */
const call = (method: string, path: string, options: { as?: SandboxRole; json?: unknown } = {}) =>
  callSandbox(sandbox, method, path, {
    as: options.as,
    json: options.json,
    headers: { 'user-agent': 'python-gitlab/3.12.0', 'content-type': 'application/json' },
  });

const user = (username: string) => ids.user(username);
const project = (path: string) => ids.project(path);
const group = (path: string) => ids.group(path);
const usernames = (answer: { body: Json }) => (answer.body as Array<{ username: string }>).map((m) => m.username);

describe('sandbox: members as python-gitlab asks for them', () => {
  it('project.members.create / list / get / save, then members_all.list', async () => {
    const id = project('acme/web/design-system');
    expect((await call('GET', `/projects/${id}/members`)).body).toEqual([]);
    const created = await call('POST', `/projects/${id}/members`, {
      json: { user_id: user('xena'), access_level: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: user('xena'),
      username: 'xena',
      name: 'Xena External',
      state: 'active',
      access_level: 30,
      expires_at: null,
      created_by: { username: 'root' },
    });
    expect(created.body.avatar_url).toBeNull();
    expect(created.body.web_url).toBe(`${sandbox.url}/xena`);
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    // An administrator sees the email; a maintainer does not.
    expect(created.body.email).toBe('xena@example.com');
    const listed = await call('GET', `/projects/${id}/members`, { as: 'maintainer' });
    expect(usernames(listed)).toEqual(['xena']);
    expect(listed.body[0]).not.toHaveProperty('email');
    expect(listed.headers.get('x-total')).toBe('1');
    expect((await call('GET', `/projects/${id}/members/${user('xena')}`)).body).toMatchObject({
      username: 'xena',
      access_level: 30,
    });
    // member.save() sends only what changed.
    const saved = await call('PUT', `/projects/${id}/members/${user('xena')}`, {
      json: { access_level: 40, expires_at: '2099-12-31' },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { access_level: 40, expires_at: '2099-12-31', created_by: { username: 'root' } },
    });
    // members_all: the project's own, and those of acme above it, each once at the highest level.
    const all = await call('GET', `/projects/${id}/members/all`);
    expect(usernames(all).sort()).toEqual(['dana', 'max', 'olivia', 'rui', 'xena']);
    expect(all.body.find((m: Json) => m.username === 'olivia').access_level).toBe(50);
    expect((await call('GET', `/projects/${id}/members/all/${user('max')}`)).body).toMatchObject({
      username: 'max',
      access_level: 40,
    });
    expect(await call('GET', `/projects/${id}/members/${user('max')}`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
  });

  it('reads the CLI form (values as JSON strings) and a comma list of user ids', async () => {
    const id = project('acme/platform/api');
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { user_id: String(user('xena')), access_level: '20' } }))
        .body,
    ).toMatchObject({ access_level: 20 });
    const many = await call('POST', `/projects/${id}/members`, {
      json: { user_id: `${user('xena')},${user('dana')}`, access_level: 30 },
    });
    expect(many).toMatchObject({ status: 201, body: { status: 'success' } });
    for (const name of ['dana', 'xena'])
      expect((await call('GET', `/projects/${id}/members/${user(name)}`)).body).toMatchObject({
        username: name,
        access_level: 30,
      });
  });

  it('adds by username, and filters by query and user_ids (python-gitlab sends user_ids[]=)', async () => {
    const id = project('globex/handbook');
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { username: 'rui', access_level: 10 } })).status,
    ).toBe(201);
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { username: 'dana', access_level: 10 } })).status,
    ).toBe(201);
    expect(usernames(await call('GET', `/projects/${id}/members?query=RU`))).toEqual(['rui']);
    expect(usernames(await call('GET', `/projects/${id}/members?user_ids%5B%5D=${user('dana')}`))).toEqual(['dana']);
    expect(usernames(await call('GET', `/projects/${id}/members?user_ids=${user('dana')},${user('rui')}`))).toEqual([
      'rui',
      'dana',
    ]);
  });

  it('group.members.delete(id) answers 204 and takes the memberships below unless skip_subresources', async () => {
    const acme = group('acme');
    const api = project('acme/platform/api');
    await call('POST', `/groups/${group('acme/platform')}/members`, {
      json: { user_id: user('xena'), access_level: 10 },
    });
    await call('POST', `/projects/${api}/members`, { json: { user_id: user('rui'), access_level: 30 } });
    expect((await call('DELETE', `/groups/${acme}/members/${user('rui')}?skip_subresources=true`)).status).toBe(204);
    expect((await call('GET', `/projects/${api}/members/${user('rui')}`)).status).toBe(200);
    await call('POST', `/groups/${acme}/members`, { json: { user_id: user('xena'), access_level: 10 } });
    expect((await call('DELETE', `/groups/${acme}/members/${user('xena')}`)).status).toBe(204);
    expect((await call('GET', `/groups/${group('acme/platform')}/members/${user('xena')}`)).status).toBe(404);
    expect((await call('GET', `/projects/${api}/members/${user('xena')}`)).status).toBe(404);
    expect(await call('DELETE', `/groups/${acme}/members/${user('xena')}`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
  });
});

describe('sandbox: member errors and rights', () => {
  it('409 for a member already there, 404 for an unknown user, 400 for bad parameters', async () => {
    const id = project('acme/web/storefront');
    await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 10 } });
    expect(
      await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 10 } }),
    ).toMatchObject({ status: 409, body: { message: 'Member already exists' } });
    expect(await call('POST', `/projects/${id}/members`, { json: { user_id: 99999, access_level: 10 } })).toMatchObject(
      { status: 404, body: { message: '404 User Not Found' } },
    );
    expect(
      await call('POST', `/projects/${id}/members`, { json: { username: 'nobody-here', access_level: 10 } }),
    ).toMatchObject({ status: 404, body: { message: '404 User Not Found' } });
    expect(await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana') } })).toMatchObject({
      status: 400,
      body: { error: 'access_level is missing' },
    });
    expect(await call('POST', `/projects/${id}/members`, { json: { access_level: 30 } })).toMatchObject({
      status: 400,
      body: { error: 'user_id, username are missing, exactly one parameter must be provided' },
    });
    expect(
      await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 35 } }),
    ).toMatchObject({ status: 400, body: { message: { access_level: ['is not included in the list'] } } });
    expect(
      await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 5 } }),
    ).toMatchObject({ status: 400, body: { message: { access_level: ['is not included in the list'] } } });
    expect(
      await call('POST', `/projects/${id}/members`, {
        json: { user_id: user('dana'), access_level: 30, expires_at: '2001-01-01' },
      }),
    ).toMatchObject({ status: 400, body: { message: { expires_at: ['cannot be a date in the past'] } } });
    // Minimal access is a group's role.
    expect(
      (
        await call('POST', `/groups/${group('globex/research')}/members`, {
          json: { user_id: user('dana'), access_level: 5 },
        })
      ).body,
    ).toMatchObject({ access_level: 5 });
  });

  it('400 for a role below one the user holds in a group above, on add and on change', async () => {
    // dana is a Developer of acme: a project below it may give her Developer or more, not Reporter.
    const id = project('acme/web/design-system');
    const below = await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 20 } });
    expect(below).toMatchObject({
      status: 400,
      body: {
        message: {
          access_level: ['should be greater than or equal to Developer inherited membership from group Acme'],
        },
      },
    });
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 40 } })).status,
    ).toBe(201);
    const lowered = await call('PUT', `/projects/${id}/members/${user('dana')}`, { json: { access_level: 10 } });
    expect(lowered.status).toBe(400);
    // A subgroup's member alike: acme's Maintainer max may not be a Developer of acme/web.
    const subgroup = await call('POST', `/groups/${group('acme/web')}/members`, {
      json: { user_id: user('max'), access_level: 30 },
    });
    expect(subgroup.body.message.access_level).toEqual([
      'should be greater than or equal to Maintainer inherited membership from group Acme',
    ]);
  });

  it('405 for a new member of a project whose own group has membership_lock on; a role change and a group above’s lock pass', async () => {
    const id = project('acme/web/design-system');
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 30 } })).status,
    ).toBe(201);
    expect((await call('PUT', `/groups/${group('acme/web')}`, { json: { membership_lock: true } })).status).toBe(200);
    const locked = await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 30 } });
    expect(locked).toMatchObject({ status: 405, body: { message: '405 Method Not Allowed' } });
    const changed = await call('PUT', `/projects/${id}/members/${user('xena')}`, { json: { access_level: 40 } });
    expect(changed.status).toBe(200);
    // The lock does not cascade: acme's own lock leaves acme/web's projects open.
    await call('PUT', `/groups/${group('acme/web')}`, { json: { membership_lock: false } });
    await call('PUT', `/groups/${group('acme')}`, { json: { membership_lock: true } });
    expect(
      (await call('POST', `/projects/${id}/members`, { json: { user_id: user('dana'), access_level: 30 } })).status,
    ).toBe(201);
  });

  it('a project maintainer manages members up to maintainer; developers manage none', async () => {
    const id = project('acme/platform/api');
    expect(
      (
        await call('POST', `/projects/${id}/members`, {
          as: 'developer',
          json: { user_id: user('rui'), access_level: 10 },
        })
      ).status,
    ).toBe(403);
    expect(
      await call('POST', `/projects/${id}/members`, {
        as: 'maintainer',
        json: { user_id: user('root'), access_level: 50 },
      }),
    ).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect(
      (
        await call('POST', `/projects/${id}/members`, {
          as: 'maintainer',
          json: { user_id: user('root'), access_level: 40 },
        })
      ).status,
    ).toBe(201);
    await call('PUT', `/projects/${id}/members/${user('root')}`, { json: { access_level: 50 } });
    // An owner's membership is above a maintainer: neither changed nor removed by one.
    expect(
      (await call('PUT', `/projects/${id}/members/${user('root')}`, { as: 'maintainer', json: { access_level: 40 } }))
        .status,
    ).toBe(403);
    expect((await call('DELETE', `/projects/${id}/members/${user('root')}`, { as: 'maintainer' })).status).toBe(403);
    expect((await call('DELETE', `/projects/${id}/members/${user('root')}`, { as: 'owner' })).status).toBe(204);
  });

  it('group members are managed by owners; a member may leave', async () => {
    const research = group('globex/research');
    await call('POST', `/groups/${group('globex')}/members`, { json: { user_id: user('max'), access_level: 40 } });
    expect(
      (
        await call('POST', `/groups/${research}/members`, {
          as: 'maintainer',
          json: { user_id: user('rui'), access_level: 10 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/groups/${research}/members`, {
          as: 'owner',
          json: { user_id: user('rui'), access_level: 10 },
        })
      ).status,
    ).toBe(201);
    expect((await call('DELETE', `/groups/${research}/members/${user('rui')}`, { as: 'reporter' })).status).toBe(204);
  });

  it('the last owner of a group is neither removed nor demoted, even by an administrator (403)', async () => {
    const globex = group('globex');
    const olivia = user('olivia');
    expect(await call('DELETE', `/groups/${globex}/members/${olivia}`)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect((await call('PUT', `/groups/${globex}/members/${olivia}`, { json: { access_level: 40 } })).status).toBe(403);
    expect(
      (
        await call('PUT', `/groups/${globex}/members/${olivia}`, {
          json: { access_level: 50, expires_at: '2099-01-01' },
        })
      ).status,
    ).toBe(200);
    // A subgroup's owners include those of the groups above it.
    const research = group('globex/research');
    await call('POST', `/groups/${research}/members`, { json: { user_id: user('dana'), access_level: 50 } });
    expect((await call('DELETE', `/groups/${research}/members/${user('dana')}`)).status).toBe(204);
    await call('POST', `/groups/${globex}/members`, { json: { user_id: user('root'), access_level: 50 } });
    expect(
      (await call('PUT', `/groups/${globex}/members/${olivia}`, { json: { access_level: 40 } })).body,
    ).toMatchObject({ access_level: 40 });
    await call('PUT', `/groups/${globex}/members/${olivia}`, { json: { access_level: 50 } });
    await call('DELETE', `/groups/${globex}/members/${user('root')}`);
  });

  it('a member added reads a private project at once', async () => {
    const id = project('acme/platform/infra/terraform');
    expect((await call('GET', `/projects/${id}`, { as: 'external' })).status).toBe(404);
    await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 20 } });
    expect((await call('GET', `/projects/${id}`, { as: 'external' })).status).toBe(200);
    await call('DELETE', `/projects/${id}/members/${user('xena')}`);
    expect((await call('GET', `/projects/${id}`, { as: 'external' })).status).toBe(404);
  });

  it('GET /users/:id/memberships is for administrators, in GitLab’s shape', async () => {
    const olivia = user('olivia');
    expect((await call('GET', `/users/${olivia}/memberships`, { as: 'owner' })).status).toBe(403);
    expect(await call('GET', '/users/99999/memberships')).toMatchObject({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    const { body } = await call('GET', `/users/${olivia}/memberships?type=Namespace`);
    expect(body).toContainEqual({
      source_id: group('acme'),
      source_name: 'Acme',
      source_type: 'Namespace',
      access_level: 50,
    });
    expect(body.every((m: Json) => m.source_type === 'Namespace')).toBe(true);
    expect((await call('GET', `/users/${olivia}/memberships?type=Group`)).status).toBe(400);
    expect((await call('GET', '/users?username=OLIVIA')).body).toMatchObject([{ id: olivia, username: 'olivia' }]);
  });

  it("recognises a membership whose answer was lost (addMember's recover), and not one from before the request", async () => {
    const owner = { kind: 'project' as const, ref: 'acme/web/storefront' };
    const client = new HttpClient({ baseUrl: sandbox.url, token: sandbox.tokens.admin });
    try {
      const sentAt = Date.now();
      const byName = addMember(owner, { username: 'xena' }, { access_level: 20 }, sentAt);
      expect(await byName.recover?.(client)).toBeUndefined();
      await call('POST', `/projects/${project('acme/web/storefront')}/members`, {
        json: { user_id: user('xena'), access_level: 20 },
      });
      expect(await byName.recover?.(client)).toMatchObject({ username: 'xena', access_level: 20 });
      // A membership made before the request was sent is not its doing: sent again, it gets the service's 409.
      expect(
        await addMember(owner, { id: user('xena') }, { access_level: 20 }, Date.now() + 60_000).recover?.(client),
      ).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('a personal project lists the holder of its namespace as its Owner, who stays (403)', async () => {
    const dana = user('dana');
    const [own] = (await call('GET', `/users/${dana}/projects`)).body;
    const id = own?.id as number;
    expect(own?.namespace).toMatchObject({ kind: 'user', path: 'dana' });
    expect((await call('GET', `/projects/${id}/members`)).body).toMatchObject([
      { username: 'dana', access_level: 50, created_by: { username: 'dana' } },
    ]);
    expect(await call('POST', `/projects/${id}/members`, { json: { user_id: dana, access_level: 30 } })).toMatchObject({
      status: 409,
    });
    expect((await call('PUT', `/projects/${id}/members/${dana}`, { json: { access_level: 40 } })).status).toBe(403);
    expect((await call('DELETE', `/projects/${id}/members/${dana}`)).status).toBe(403);
    expect((await call('GET', `/users/${dana}/memberships?type=Project`)).body).toContainEqual({
      source_id: id,
      source_name: own?.name,
      source_type: 'Project',
      access_level: 50,
    });
  });
});

/**
 * What GitLab answers beyond doc/api/members.md @ec05f6eb, which names the parameters and the
 * success only: lib/api/members.rb and Members::CreateService (gitlabhq/gitlabhq's mirror of
 * gitlab-org/gitlab, with EE's check_membership_lock!). Several users at once answer 201 with
 * the service's result, success or not.
 */
describe('sandbox: members as GitLab’s services check them', () => {
  it('an access level outside GitLab’s roles is the member’s validation error, not a parameter error', async () => {
    const answer = await call('POST', `/groups/${group('globex/research')}/members`, {
      json: { user_id: user('dana'), access_level: 35 },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: { access_level: ['is not included in the list'] } } });
  });

  it('Planner (15) is a role a project member may have', async () => {
    const id = project('acme/web/storefront');
    const answer = await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 15 } });
    expect(answer).toMatchObject({ status: 201, body: { username: 'xena', access_level: 15 } });
  });

  it('adding a member already there is 409 before the member’s validations are looked at', async () => {
    const id = project('acme/web/storefront');
    await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 10 } });
    const again = await call('POST', `/projects/${id}/members`, {
      json: { user_id: user('xena'), access_level: 5, expires_at: '2001-01-01' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'Member already exists' } });
  });

  it('a developer adding a member already there gets 409, the membership being looked up before the rights', async () => {
    const id = project('acme/platform/api');
    await call('POST', `/projects/${id}/members`, { json: { user_id: user('xena'), access_level: 10 } });
    const answer = await call('POST', `/projects/${id}/members`, {
      as: 'developer',
      json: { user_id: user('xena'), access_level: 10 },
    });
    expect(answer).toMatchObject({ status: 409, body: { message: 'Member already exists' } });
  });

  it('PUT of a user who is no member is 404 even for a caller who may not manage members', async () => {
    const id = project('acme/platform/api');
    const answer = await call('PUT', `/projects/${id}/members/${user('xena')}`, {
      as: 'developer',
      json: { access_level: 30 },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: '404 Not found' } });
  });

  it('several users into a project whose group has membership_lock on: 201 with MembershipLockedError, nobody added', async () => {
    const id = project('acme/web/design-system');
    await call('PUT', `/groups/${group('acme/web')}`, { json: { membership_lock: true } });
    const answer = await call('POST', `/projects/${id}/members`, {
      json: { user_id: `${user('xena')},${user('rui')}`, access_level: 30 },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        status: 'error',
        message: 'Members::CreateService::MembershipLockedError',
        reason: 'membership_locked_error',
      },
    });
    expect(usernames(await call('GET', `/projects/${id}/members`))).toEqual([]);
  });

  it('several usernames into a locked project: the same refusal', async () => {
    const id = project('acme/web/design-system');
    await call('PUT', `/groups/${group('acme/web')}`, { json: { membership_lock: true } });
    const answer = await call('POST', `/projects/${id}/members`, { json: { username: 'xena,rui', access_level: 30 } });
    expect(answer.body).toEqual({
      status: 'error',
      message: 'Members::CreateService::MembershipLockedError',
      reason: 'membership_locked_error',
    });
  });

  it('several users, some refused by the member’s validations: each named in one sentence, the rest added', async () => {
    // dana is acme's Developer and max its Maintainer: Reporter below acme is below both.
    const id = project('acme/web/design-system');
    const answer = await call('POST', `/projects/${id}/members`, {
      json: { user_id: `${user('dana')},${user('xena')},${user('max')}`, access_level: 20 },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        status: 'error',
        message:
          'dana: Access level should be greater than or equal to Developer inherited membership from group Acme and ' +
          'max: Access level should be greater than or equal to Maintainer inherited membership from group Acme',
      },
    });
    expect(usernames(await call('GET', `/projects/${id}/members`))).toEqual(['xena']);
  });

  it('several users with an expiry in the past: every one named with all the model’s full messages', async () => {
    const id = project('acme/platform/api');
    // olivia, acme's Owner, fails a second validation too: her messages are joined first.
    const answer = await call('POST', `/projects/${id}/members`, {
      json: { username: 'xena,rui,olivia', access_level: 30, expires_at: '2001-01-01' },
    });
    expect(answer.body).toEqual({
      status: 'error',
      message:
        'xena: Expires at cannot be a date in the past, rui: Expires at cannot be a date in the past, ' +
        'and olivia: Access level should be greater than or equal to Owner inherited membership from group Acme ' +
        'and Expires at cannot be a date in the past',
    });
  });

  it('several unknown user IDs answer success and add nobody (unknown IDs are left out)', async () => {
    const id = project('acme/platform/api');
    const answer = await call('POST', `/projects/${id}/members`, {
      json: { user_id: '99998,99999', access_level: 30 },
    });
    expect(answer).toMatchObject({ status: 201, body: { status: 'success' } });
    expect((await call('GET', `/projects/${id}/members/99999`)).status).toBe(404);
  });

  it('several unknown usernames answer No users specified.', async () => {
    const id = project('acme/platform/api');
    const answer = await call('POST', `/projects/${id}/members`, {
      json: { username: 'nobody-a,nobody-b', access_level: 30 },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { status: 'error', message: 'No users specified.', reason: 'blank_invites_error' },
    });
  });

  it('several users from a developer: 201 naming each as not authorized, with http_status unauthorized', async () => {
    const id = project('acme/platform/api');
    const answer = await call('POST', `/projects/${id}/members`, {
      as: 'developer',
      json: { user_id: `${user('xena')},${user('rui')}`, access_level: 10 },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        status: 'error',
        message: 'xena: not authorized to create member and rui: not authorized to create member',
        http_status: 'unauthorized',
      },
    });
  });

  it('several users made Owners of a project by a maintainer: 403', async () => {
    const id = project('acme/platform/api');
    const answer = await call('POST', `/projects/${id}/members`, {
      as: 'maintainer',
      json: { user_id: `${user('xena')},${user('rui')}`, access_level: 50 },
    });
    expect(answer).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
  });

  it('several users, one already a member: that membership takes the role and the expiry given, or none', async () => {
    const id = project('acme/platform/api');
    await call('POST', `/projects/${id}/members`, {
      json: { user_id: user('xena'), access_level: 10, expires_at: '2099-01-01' },
    });
    await call('POST', `/projects/${id}/members`, {
      json: { user_id: `${user('xena')},${user('rui')}`, access_level: 20 },
    });
    expect((await call('GET', `/projects/${id}/members/${user('xena')}`)).body).toMatchObject({
      access_level: 20,
      expires_at: null,
    });
  });
});
