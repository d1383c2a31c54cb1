import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { addSandboxUser } from '../helpers/sandbox-users.js';

/** collab users block|unblock|deactivate|activate|ban|unban, and offboard's --block and --deactivate. */
describe('collab users: a leaver’s account', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const stateOf = async (username: string) => (await getJson(`/users?username=${username}`))[0].state;

  it('block, then block again (unchanged), unblock; deactivate and activate a dormant user; ban and unban', async () => {
    const blocked = await collab(['users', 'block', 'rui']);
    expect(blocked.exitCode, blocked.stderr).toBe(0);
    expect(blocked.stderr).toBe('blocked rui\n');
    expect(await stateOf('rui')).toBe('blocked');
    const again = await collab(['users', 'block', 'rui']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/rui is already blocked; nothing to do/);
    expect((await collab(['users', 'unblock', 'rui'])).exitCode).toBe(0);
    expect(await stateOf('rui')).toBe('active');
    expect((await collab(['users', 'deactivate', 'rui'])).exitCode).toBe(0);
    expect(await stateOf('rui')).toBe('deactivated');
    expect((await collab(['users', 'activate', 'rui'])).exitCode).toBe(0);
    expect((await collab(['users', 'ban', 'rui'])).exitCode).toBe(0);
    expect(await stateOf('rui')).toBe('banned');
    expect((await collab(['users', 'unban', 'rui'])).exitCode).toBe(0);
    expect(await stateOf('rui')).toBe('active');
  });

  it('GitLab’s refusals: a user blocked through LDAP, a deactivation of someone active lately; not an administrator', async () => {
    // Set-up: the API has no way to make an LDAP-blocked user or to record activity.
    addSandboxUser(sandbox.store, 'lena', { state: 'ldap_blocked' });
    addSandboxUser(sandbox.store, 'ali', { last_activity_on: sandbox.store.today() });
    const ldap = await collab(['users', 'block', 'lena']);
    expect(ldap.exitCode).toBe(3);
    expect(ldap.stderr).toMatch(/LDAP blocked users cannot be modified by the API/);
    const recent = await collab(['users', 'deactivate', 'ali']);
    expect(recent.exitCode).toBe(3);
    expect(recent.stderr).toMatch(/has been active in the past 90 days and cannot be deactivated/);
    const owner = await collab(['users', 'block', 'rui'], { as: 'owner' });
    expect(owner.exitCode).toBe(3);
    expect(owner.stderr).toMatch(/^hint: only administrators may do this/m);
    const unknown = await collab(['users', 'block', 'nobody']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toMatch(/^hint: check the username/m);
  });

  it('answers a block of a user ID that is no integer 400 id is invalid, before the administrator is asked', async () => {
    // lib/api/users.rb (pavankalisetti009/gitlab @076eb2c8): `requires :id, type: Integer`.
    const answer = await call('POST', '/users/rui/block', { as: 'owner' });
    expect([answer.status, answer.body]).toEqual([400, { error: 'id is invalid' }]);
  });

  it('offboard --block: the plan ends with the account, the dry run sends nothing, the run blocks after the memberships', async () => {
    sandbox.resetStats();
    const dry = await collab(['users', 'offboard', 'rui', '--block', '--dry-run', '--json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/^then: block rui \(ID \d+\)$/m);
    expect(dry.json<Array<{ type: string; action: string }>>().at(-1)).toMatchObject({ type: 'user', action: 'block' });
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);

    const run = await collab(['users', 'offboard', 'rui', '--block', '--yes', '--json']);
    expect(run.exitCode, run.stderr).toBe(0);
    const results = run.json<Array<{ target: string; status: string }>>();
    expect(results.at(-1)).toMatchObject({ target: expect.stringMatching(/^user \d+$/), status: 'ok' });
    expect(await stateOf('rui')).toBe('blocked');
    const writes = sandbox.requestLog.filter((r) => r.method !== 'GET');
    expect(writes.at(-1)?.path).toMatch(/\/users\/\d+\/block$/);
    expect(writes.slice(0, -1).every((r) => r.method === 'DELETE')).toBe(true);

    // Run again (as after an interruption): nothing left to remove, the account already blocked.
    const again = await collab(['users', 'offboard', 'rui', '--block', '--yes', '--json']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json<Array<{ status: string }>>().at(-1)).toMatchObject({ status: 'unchanged' });
  });

  it('offboard --deactivate of a user active lately: the service’s refusal, and the hint to --block', async () => {
    addSandboxUser(sandbox.store, 'ali', { last_activity_on: sandbox.store.today() });
    const refused = await collab(['users', 'offboard', 'ali', '--deactivate', '--yes']);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(
      /^hint: the service deactivates only a user inactive for 90 days: run it again with --block/m,
    );
    const both = await collab(['users', 'offboard', 'ali', '--deactivate', '--block', '--yes']);
    expect(both.exitCode).toBe(2);
  });
});
