import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * The Planner role (access level 15, GitLab 17.7; doc/api/members.md, Roles) by name, on every
 * verb that takes a role, against the sandbox. Each test starts from the seed (useSandbox resets
 * it before each case), so they pass in any order. In the seed xena is no member of
 * acme/web/storefront, nor of globex/research.
 */
describe('the planner role on the command line', () => {
  const { collab, getJson, call, idOf, sandbox } = useSandbox({ seed: 40 });
  const ref = 'acme/web/storefront';
  const path = `/projects/${encodeURIComponent(ref)}/members`;
  const member = async (username: string) => {
    const members: Array<{ username: string; access_level: number }> = await getJson(`${path}?per_page=100`);
    return members.find((m) => m.username === username);
  };

  it('members add --access planner shows 15 in the request a dry run prints', async () => {
    const result = await collab([
      'projects',
      'members',
      'add',
      ref,
      '--user',
      'xena',
      '--access',
      'planner',
      '--dry-run',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('"access_level": 15');
  });

  it('members add --access planner makes a level-15 member and says planner', async () => {
    const result = await collab(['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'planner']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`added xena to project ${ref} as planner\n`);
    expect(await member('xena')).toMatchObject({ access_level: 15 });
  });

  it('members update --access planner moves a member to 15', async () => {
    const xena = await idOf('users', 'xena');
    expect((await call('POST', path, { json: { user_id: xena, access_level: 30 } })).status).toBe(201);
    const result = await collab(['projects', 'members', 'update', ref, '--user', 'xena', '--access', 'planner']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await member('xena')).toMatchObject({ access_level: 15 });
  });

  it('members list names a level-15 member planner on a terminal', async () => {
    const xena = await idOf('users', 'xena');
    expect((await call('POST', path, { json: { user_id: xena, access_level: 15 } })).status).toBe(201);
    const list = await collab(['projects', 'members', 'list', ref], { tty: true, env: { COLLAB_FORCE_TTY: '100' } });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/│ xena +│.*│ planner +│/);
  });

  it('members list --json keeps the level-15 member’s access_level a number', async () => {
    const xena = await idOf('users', 'xena');
    expect((await call('POST', path, { json: { user_id: xena, access_level: 15 } })).status).toBe(201);
    const list = await collab(['projects', 'members', 'list', ref, '--json']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.json<Array<{ username: string; access_level: unknown }>>()).toContainEqual(
      expect.objectContaining({ username: 'xena', access_level: 15 }),
    );
  });

  it('groups members add --access planner makes a level-15 group member', async () => {
    const result = await collab([
      'groups',
      'members',
      'add',
      'globex/research',
      '--user',
      'xena',
      '--access',
      'planner',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const members: Array<{ username: string; access_level: number }> = await getJson(
      `/groups/${encodeURIComponent('globex/research')}/members?per_page=100`,
    );
    expect(members.find((m) => m.username === 'xena')).toMatchObject({ access_level: 15 });
  });

  it('share add --access planner shares a project at 15, as GitLab’s group_access takes it', async () => {
    const result = await collab(['share', 'add', '--project', ref, '--with', 'globex', '--access', 'planner']);
    expect(result.exitCode, result.stderr).toBe(0);
    const project: { shared_with_groups: Array<{ group_full_path: string; group_access_level: number }> } =
      await getJson(`/projects/${encodeURIComponent(ref)}`);
    expect(project.shared_with_groups).toContainEqual(
      expect.objectContaining({ group_full_path: 'globex', group_access_level: 15 }),
    );
  });

  it('access-report --min-access planner is taken, and a planner’s row says planner', async () => {
    const xena = await idOf('users', 'xena');
    expect((await call('POST', path, { json: { user_id: xena, access_level: 15 } })).status).toBe(201);
    const report = await collab(['access-report', 'acme', '--user', 'xena', '--min-access', 'planner', '-o', 'csv']);
    expect(report.exitCode, report.stderr).toBe(0);
    expect(report.stdout).toMatch(new RegExp(`^project,${ref},.*,15,planner,direct,`, 'm'));
  });

  it('groups ldap-links add --access planner links at 15, a role as group_access takes it', async () => {
    const result = await collab(
      ['groups', 'ldap-links', 'add', 'acme', '--cn', 'planners', '--provider', 'ldapmain', '--access', 'planner'],
      { as: 'owner' },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('linked LDAP group planners (ldapmain) to group acme as planner\n');
    expect(sandbox.store.findGroup('acme')?.ldap_links).toContainEqual(
      expect.objectContaining({ cn: 'planners', group_access: 15 }),
    );
  });
});
