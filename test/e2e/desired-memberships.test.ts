import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * What GitLab's member model refuses, planned before any write (app/models/member.rb @800235cc): a
 * role below one the user holds directly in a group above (higher_access_level_than_group; the plan
 * reads each group above once), and an expiry in the past (future_date), which for a membership or
 * share the file lists means it has ended. In the seed, dana is a Developer of acme.
 */
const world = useDesiredWorlds();

describe('collab.yaml: members below a role inherited from a group above', () => {
  it('a project role below the group’s is refused before any write, by the plan and by apply', async () => {
    const { collab, file, writes, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: dana, access_level: reporter }\n',
    );
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(
        /^error: members: dana on project acme\/web\/storefront would be reporter, below the developer role they hold in group acme above it, which GitLab refuses \(400\)$/m,
      );
    }
    expect(writes()).toEqual([]);
  });

  it('a role the file gives a group above counts too: a Maintainer of acme/web may not be a Developer below', async () => {
    const { collab, file } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    members:\n      - { username: xena, access_level: maintainer }\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: developer }\n',
    );
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(/below the maintainer role they hold in group acme\/web above it/);
  });

  it('a change of expiry alone on a member below a role the group later gave is refused too', async () => {
    const { collab, file, call, idOf } = await world();
    const xena = await idOf('users', 'xena');
    const project = `/projects/${encodeURIComponent('acme/web/storefront')}/members`;
    expect((await call('POST', project, { json: { user_id: xena, access_level: 30 } })).status).toBe(201);
    // Raised in the group after: the project's Developer membership stays below it.
    expect((await call('POST', '/groups/acme/members', { json: { user_id: xena, access_level: 40 } })).status).toBe(
      201,
    );
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: developer, expires_at: "2099-01-31" }\n',
    );
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /xena on project acme\/web\/storefront would be developer, below the maintainer role they hold in group acme/,
    );
  });

  it('a role at or above the group’s is planned and applied; each group above is read once for all projects', async () => {
    const { collab, file, sandbox, served } = await world();
    const under = (await served.projectsUnder('acme/web')).length;
    expect(under).toBeGreaterThan(1);
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    projects:\n      members:\n        - { username: dana, access_level: maintainer }\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    const above = sandbox.requestLog.map((r) => r.path).filter((p) => /^\/api\/v4\/groups\/[^/]+\/members/.test(p));
    expect(above.sort()).toEqual([
      '/api/v4/groups/acme%2Fweb/members?per_page=100&page=1',
      '/api/v4/groups/acme/members?per_page=100&page=1',
    ]);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
  });
});

describe('collab.yaml: a group made less visible that lifts its membership_lock', () => {
  it('lifts the lock before its projects get their members, and lowers its visibility after them', async () => {
    const { collab, file, call, writes, sandbox } = await world();
    expect((await call('PUT', '/groups/acme%2Fweb', { json: { membership_lock: true } })).status).toBe(200);
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/web:',
        '    settings: { visibility: internal, membership_lock: false }',
        '    projects:',
        '      settings: { visibility: internal }',
        'projects:',
        '  acme/web/storefront:',
        '    members:',
        '      - { username: xena, access_level: developer }',
        '',
      ].join('\n'),
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const sent = writes().map((w) => `${w.method} ${w.path.replace(/\/\d+/g, '/:id')} ${(w.bodyKeys ?? []).join(',')}`);
    expect(sent[0]).toBe('PUT /api/v4/groups/:id membership_lock');
    expect(sent.at(-1)).toBe('PUT /api/v4/groups/:id visibility');
    expect(sent).toContain('POST /api/v4/projects/:id/members username,access_level');
    // One result line for the group, both its changes in it.
    expect(applied.stdout).toMatch(/^acme\/web\tok\tmembership_lock: true -> false; visibility: public -> internal$/m);
  });
});

describe('collab.yaml: a group’s last owner', () => {
  it('an enforced list that would remove a top-level group’s only owner is refused at plan, nothing sent', async () => {
    const { collab, file, sandbox, writes } = await world();
    // globex's one owner in the seed is olivia.
    const path = file(
      'version: 1\ngroups:\n  globex:\n    members:\n      enforce: true\n      items:\n        - { username: xena, access_level: developer }\n',
    );
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stdout).toBe(2);
      expect(result.stderr).toMatch(
        /^error: members: group globex would be left without an owner \(olivia is its last\), which GitLab refuses \(403\)$/m,
      );
    }
    expect(writes()).toEqual([]);
  });
});

describe('collab.yaml: members named in another case', () => {
  it('an enforced list naming every member of acme in capitals changes nothing and removes no one', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const live = (await getJson('/groups/acme/members?per_page=100')) as Array<{
      username: string;
      access_level: number;
    }>;
    const items = live.map(
      (m) => `        - { username: ${m.username.toUpperCase()}, access_level: ${m.access_level} }`,
    );
    const path = file(
      `version: 1\ngroups:\n  acme:\n    members:\n      enforce: true\n      items:\n${items.join('\n')}\n`,
    );
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stdout).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('a member and a share listed twice in two cases are refused as listed twice, before any request', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: developer }\n      - { username: Xena, access_level: maintainer }\n    shares:\n      - { group_id: initech, group_access: reporter }\n      - { group_id: INITECH, group_access: developer }\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(/member xena is listed twice/);
    expect(plan.stderr).toMatch(/share initech is listed twice/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a role below the one a group above gives, named in capitals, is refused at plan as in its own case', async () => {
    const { collab, file } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: DANA, access_level: reporter }\n',
    );
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stdout).toBe(2);
    expect(plan.stderr).toMatch(/DANA on project acme\/web\/storefront would be reporter, below the developer role/);
  });
});

describe('collab.yaml: memberships and shares whose expiry has passed', () => {
  it('a member whose expires_at has passed is not added again: one warning names the targets, no change', async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    projects:\n      members:\n        - { username: xena, access_level: developer, expires_at: "2020-01-31" }\n',
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const warnings = applied.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: members: xena's membership ended on 2020-01-31; it is not made again: project acme\/web\/\S+, project acme\/web\/\S+, project acme\/web\/\S+ and \d+ more$/,
    );
    expect(writes()).toEqual([]);
  });

  it('a share whose expires_at has passed is not made again, with a warning', async () => {
    const { collab, file, writes, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    shares:\n      - { group_id: globex, group_access: reporter, expires_at: "2020-01-31" }\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.stderr).toMatch(
      /^warning: shares: the share with globex ended on 2020-01-31; it is not made again: project acme\/web\/storefront$/m,
    );
    expect(writes()).toEqual([]);
  });
});

describe('collab.yaml: members of a project whose group has membership_lock on', () => {
  const addXena =
    'projects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: developer }\n';

  it('a new member is refused at plan with exit 2, by GraphQL and by REST, before any write', async () => {
    const { collab, file, call, writes, sandbox } = await world();
    await call('PUT', '/groups/acme%2Fweb', { json: { membership_lock: true } });
    const path = file(`version: 1\n${addXena}`);
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['plan', '-f', path, '--no-graphql'],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(
        'error: members: xena on project acme/web/storefront: group acme/web has membership_lock on, which keeps new members out of its projects (GitLab answers 405)',
      );
      expect(result.stderr).toContain('hint: add xena to group acme/web instead, or turn membership_lock off');
    }
    expect(writes()).toEqual([]);
  });

  it('the file turning membership_lock off in the group plans and applies the new member', async () => {
    const { collab, file, call, getJson } = await world();
    await call('PUT', '/groups/acme%2Fweb', { json: { membership_lock: true } });
    const path = file(`version: 1\ngroups:\n  acme/web:\n    settings:\n      membership_lock: false\n${addXena}`);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const members = await getJson(`/projects/${encodeURIComponent('acme/web/storefront')}/members`);
    expect(members.map((m: { username: string }) => m.username)).toContain('xena');
  });

  it('the file turning membership_lock on refuses a new member of the same apply', async () => {
    const { collab, file } = await world();
    const path = file(`version: 1\ngroups:\n  acme/web:\n    settings:\n      membership_lock: true\n${addXena}`);
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain('group acme/web has membership_lock on');
  });

  it('a lock on a group above does not reach the project (no cascade); a role change under the lock plans', async () => {
    const { collab, file, call, idOf } = await world();
    await call('PUT', '/groups/acme', { json: { membership_lock: true } });
    const above = await collab(['plan', '-f', file(`version: 1\n${addXena}`)]);
    expect(above.exitCode, above.stderr).toBe(8);
    const xena = await idOf('users', 'xena');
    await call('POST', `/projects/${encodeURIComponent('acme/web/storefront')}/members`, {
      json: { user_id: xena, access_level: 30 },
    });
    await call('PUT', '/groups/acme%2Fweb', { json: { membership_lock: true } });
    const raise = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: maintainer }\n',
      'raise.yaml',
    );
    const applied = await collab(['apply', '-f', raise, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
  });
});

describe('collab.yaml: the planner role (15, GitLab 17.7)', () => {
  it('a member with access_level planner is planned as planner, applied as 15, and then plans nothing', async () => {
    const { collab, file, getJson, writes, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: planner }\n',
    );
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).toContain('+ member xena {"access_level":15}');
    const applied = await collab(['apply', '-f', path, '--yes', '--no-graphql']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const members: Array<{ username: string; access_level: number }> = await getJson(
      '/projects/acme%2Fweb%2Fstorefront/members?per_page=100',
    );
    expect(members.find((m) => m.username === 'xena')).toMatchObject({ access_level: 15 });
    sandbox.resetStats();
    const again = await collab(['plan', '-f', path, '--no-graphql']);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('export writes a level-15 member as planner', async () => {
    const { collab, call, idOf } = await world();
    const xena = await idOf('users', 'xena');
    const members = `/projects/${encodeURIComponent('acme/web/storefront')}/members`;
    expect((await call('POST', members, { json: { user_id: xena, access_level: 15 } })).status).toBe(201);
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'members']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/username: xena\n\s+access_level: planner\n/);
  });

  // Minimal Access (5) is a group's role only (doc/api/members.md, Roles).
  it("export writes a group's minimal-access member as minimal, and the plan of it changes nothing", async () => {
    const { collab, call, idOf, file, writes, sandbox } = await world();
    const xena = await idOf('users', 'xena');
    expect((await call('POST', '/groups/globex/members', { json: { user_id: xena, access_level: 5 } })).status).toBe(
      201,
    );
    const exported = await collab(['export', 'globex', '--sections', 'members']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/username: xena\n\s+access_level: minimal\n/);
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(exported.stdout), '--no-graphql']);
    expect(plan.exitCode, plan.stdout + plan.stderr).toBe(0);
    expect(writes()).toEqual([]);
  });

  it("a project's member with minimal access is refused by the file's check, before any request", async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    members:\n      - { username: xena, access_level: minimal }\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain('access_level: invalid access level "minimal": must be a role: guest (10)');
    expect(sandbox.requestLog).toEqual([]);
  });
});
