import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import type { Project, User } from '../../src/sandbox/model.js';
import { newGroup, newProject } from '../../src/sandbox/seed.js';
import type { Store } from '../../src/sandbox/store.js';
import { useSandbox } from '../helpers/cli.js';
import { until } from '../helpers/processes.js';
import { getJson } from '../helpers/sandbox-api.js';
import { addSandboxUser } from '../helpers/sandbox-users.js';

/**
 * collab users memberships and collab users offboard. Each test offboards a user of its own,
 * made here, so the tests pass in any order on a file's one sandbox.
 */

let made = 0;
function makeUser(store: Store, name: string): User {
  made++;
  return addSandboxUser(store, `${name}${made}`, { name: `Leaver ${made}` });
}

function makeGroups(store: Store, count: number): ReturnType<typeof newGroup>[] {
  return Array.from({ length: count }, () => {
    const group = newGroup(store, {
      name: `Team ${++made}`,
      path: `team-${made}`,
      visibility: 'private',
      description: '',
      parent_id: null,
    });
    store.addGroup(group);
    return group;
  });
}

/** A user's direct memberships as the service lists them to an administrator (all on one page). */
function membershipsOf(
  sandbox: Sandbox,
  user: User,
): Promise<Array<{ source_id: number; source_name: string; source_type: string; access_level: number }>> {
  return getJson(sandbox, `/users/${user.id}/memberships?per_page=100`);
}

describe('collab users offboard', () => {
  const { collab, sandbox } = useSandbox({ seed: 20 });
  const projectAt = (path: string) => sandbox.store.findProject(path) as Project;

  it('shows the plan, refuses the groups where the user is the last owner, removes the rest (exit 3 for the refusal)', async () => {
    const store = sandbox.store;
    const leaver = makeUser(store, 'leaver');
    const [sole, shared] = makeGroups(store, 2) as [ReturnType<typeof newGroup>, ReturnType<typeof newGroup>];
    sole.members.set(leaver.id, 50);
    shared.members.set(leaver.id, 50);
    shared.members.set(store.userByName('olivia')?.id as number, 50);
    projectAt('acme/web/storefront').members.set(leaver.id, 30);
    // Their own project: its Owner member for good (GitLab keeps a personal namespace's holder).
    const own = newProject(store, {
      name: 'scratch',
      path: 'scratch',
      namespace_id: leaver.namespace_id,
      visibility: 'private',
      description: null,
      creator_id: leaver.id,
    });
    store.addProject(own);

    sandbox.resetStats();
    const listed = await collab(['users', 'memberships', leaver.username, '--json']);
    expect(listed.json<Array<{ source_type: string }>>().map((m) => m.source_type)).toEqual([
      'Namespace',
      'Namespace',
      'Project',
      'Project',
    ]);
    // JSON carries the service's objects as they came: no project or group is read for its path.
    const sourceReads = () =>
      sandbox.requestLog.filter((entry) => /^\/api\/v4\/(projects|groups)\/\d+(\?|$)/.test(entry.path)).length;
    expect(sourceReads()).toBe(0);
    // For people, each by full path and ID (the service's list names a project alone): one read each.
    const storefront = projectAt('acme/web/storefront');
    const table = await collab(['users', 'memberships', leaver.username]);
    expect(sourceReads()).toBe(4);
    expect(table.stdout).toContain(`Project\t${storefront.id}\tacme/web/storefront\t30\n`);
    expect(table.stdout).toContain(`Project\t${own.id}\t${leaver.username}/scratch\t50\n`);

    const result = await collab(['users', 'offboard', leaver.username, '--yes', '--json']);
    expect(result.stderr).toContain(`${leaver.username} (ID ${leaver.id}) has 4 direct memberships:`);
    // Their own personal project: one line with the count, not a line each (--verbose lists them).
    expect(result.stderr).toContain(
      '  kept: 1 of their own personal project (the holder of a personal namespace stays its member; --verbose lists them)\n',
    );
    expect(result.stderr).not.toContain('scratch');
    expect(result.stderr).toMatch(
      new RegExp(`group +${sole.id} +${sole.path} +owner +refused: the last owner of the group`),
    );
    expect(result.stderr).toMatch(/project +\d+ +acme\/web\/storefront +developer\n/);
    // Removals first, by full path, then the refusal; the personal project kept is a count in the summary.
    expect(result.json()).toEqual([
      {
        target: `group ${shared.path}`,
        status: 'ok',
        error: null,
        response: { source_id: shared.id, source_name: shared.name, source_type: 'Namespace', access_level: 50 },
      },
      expect.objectContaining({
        target: 'project acme/web/storefront',
        status: 'ok',
        response: expect.objectContaining({ source_name: 'storefront', access_level: 30 }),
      }),
      {
        target: `group ${sole.path}`,
        status: 'failed',
        error: `${leaver.username} is the last owner of the group: add another owner first`,
        response: null,
      },
    ]);
    expect(result.stderr).toContain('error: 2 ok, 1 failed, 1 kept (their own personal project)');
    expect(result.exitCode).toBe(3);
    // Running it again cannot help until someone else owns the group: the hint says so.
    expect(result.stderr).toContain(
      'hint: add another owner to the refused group first (`collab groups members add <group> --user <username> --access owner`), then run the same command again\n',
    );
    expect(await membershipsOf(sandbox, leaver)).toEqual([
      { source_id: sole.id, source_name: sole.name, source_type: 'Namespace', access_level: 50 },
      { source_id: own.id, source_name: 'scratch', source_type: 'Project', access_level: 50 },
    ]);
    // The refused group was never asked.
    expect(
      sandbox.requestLog.some(
        (entry) => entry.method === 'DELETE' && entry.path.includes(`/groups/${sole.id}/members/${leaver.id}`),
      ),
    ).toBe(false);
  });

  it('a dry run shows the plan and sends nothing', async () => {
    const leaver = makeUser(sandbox.store, 'dry');
    projectAt('acme/platform/api').members.set(leaver.id, 20);
    const result = await collab(['users', 'offboard', leaver.username, '--dry-run']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '' });
    expect(result.stderr).toMatch(
      /project +\d+ +acme\/platform\/api +reporter\ndry run: nothing was sent; 1 would be removed\n$/,
    );
    expect(await membershipsOf(sandbox, leaver)).toHaveLength(1);
  });

  it('a dry run with -o json or ndjson writes the plan on stdout as data; --verbose lists each personal project', async () => {
    const store = sandbox.store;
    const leaver = makeUser(store, 'plan');
    const api = projectAt('acme/platform/api');
    api.members.set(leaver.id, 20);
    const own = ['one', 'two'].map((name) => {
      const project = newProject(store, {
        name,
        path: name,
        namespace_id: leaver.namespace_id,
        visibility: 'private',
        description: null,
        creator_id: leaver.id,
      });
      store.addProject(project);
      return project;
    });
    const json = await collab(['users', 'offboard', leaver.username, '--dry-run', '-o', 'json']);
    expect(json.exitCode).toBe(0);
    expect(json.json()).toEqual([
      { type: 'project', id: api.id, path: 'acme/platform/api', access_level: 20, action: 'remove', reason: null },
      ...own.map((project) => ({
        type: 'project',
        id: project.id,
        path: `${leaver.username}/${project.path}`,
        access_level: 50,
        action: 'kept',
        reason: expect.stringContaining('their own personal project'),
      })),
    ]);
    const ndjson = await collab(['users', 'offboard', leaver.username, '--dry-run', '-o', 'ndjson']);
    expect(ndjson.lines<{ path: string }>().map((step) => step.path)).toEqual([
      'acme/platform/api',
      `${leaver.username}/one`,
      `${leaver.username}/two`,
    ]);
    expect(ndjson.stderr).toContain('  kept: 2 of their own personal projects');
    const verbose = await collab(['users', 'offboard', leaver.username, '--dry-run', '--verbose']);
    expect(verbose.stderr).toMatch(
      new RegExp(`project +${own[1]?.id} +${leaver.username}/two +owner +kept: their own personal project`),
    );
    expect(verbose.stderr).not.toContain('of their own personal projects (');
    expect(await membershipsOf(sandbox, leaver)).toHaveLength(3);
  });

  it('asks for the count, and without a terminal needs --yes (exit 2, nothing removed)', async () => {
    const leaver = makeUser(sandbox.store, 'ask');
    projectAt('acme/platform/api').members.set(leaver.id, 20);
    const result = await collab(['users', 'offboard', leaver.username]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('pass --yes');
    expect(await membershipsOf(sandbox, leaver)).toHaveLength(1);
  });

  it('an unknown user is exit 4; a caller who is no administrator exit 3', async () => {
    expect((await collab(['users', 'offboard', 'nobody-at-all', '--yes'])).exitCode).toBe(4);
    const leaver = makeUser(sandbox.store, 'nonadmin');
    const refused = await collab(['users', 'offboard', leaver.username, '--yes'], { as: 'owner' });
    expect(refused.exitCode).toBe(3);
    expect((await collab(['users', 'memberships', String(leaver.id)], { as: 'owner' })).exitCode).toBe(3);
  });
});

describe('collab users offboard, interrupted and run again', () => {
  // Each request takes 10 ms, so the run is still removing when the test interrupts it.
  const { collab, sandbox } = useSandbox({ seed: 60, latency: 10 });

  it('a user in 50 projects and 10 groups: nothing is removed twice, and everything is gone after the second run', async () => {
    const store = sandbox.store;
    const leaver = makeUser(store, 'many');
    for (const project of store.allProjects().slice(0, 50)) project.members.set(leaver.id, 30);
    for (const group of makeGroups(store, 10)) group.members.set(leaver.id, 20);
    expect(await membershipsOf(sandbox, leaver)).toHaveLength(60);
    // A group's removal carries ?skip_subresources=true.
    const removals = () =>
      sandbox.requestLog.filter(
        (entry) => entry.method === 'DELETE' && new RegExp(`/members/${leaver.id}(\\?|$)`).test(entry.path),
      );

    const interrupt = new AbortController();
    const first = collab(['users', 'offboard', leaver.username, '--yes', '--concurrency', '4', '--json'], {
      signal: interrupt.signal,
    });
    await until(() => removals().length >= 10, 'ten removals to reach the service');
    interrupt.abort();
    const stopped = await first;
    expect(stopped.exitCode).toBe(130);
    expect(stopped.stderr).toMatch(/not done: \d+ of 60 memberships/);
    const left = (await membershipsOf(sandbox, leaver)).length;
    // How many removals were answered before Ctrl-C depends on timing: not all, and at least the ten
    // that reached the service less the four in flight (the sandbox drops a request its client left).
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(60 - (10 - 4));
    // Every removal that was answered has its result.
    expect(stopped.json<unknown[]>()).toHaveLength(60 - left);

    const second = await collab(['users', 'offboard', leaver.username, '--yes', '--concurrency', '4', '--json']);
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toContain(`has ${left} direct memberships`);
    expect(second.json<Array<{ status: string }>>().every((result) => result.status === 'ok')).toBe(true);
    expect(await membershipsOf(sandbox, leaver)).toEqual([]);
    const removed = removals()
      .filter((entry) => entry.status === 204)
      .map((entry) => entry.path);
    expect(removed).toHaveLength(60);
    expect(new Set(removed).size).toBe(60);
  });
});
