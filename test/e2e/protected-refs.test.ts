import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab protected-branches and protected-tags against the sandbox. */
describe('collab protected-branches and protected-tags', () => {
  const { collab, get, getJson } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const branchPath = (name: string, ref = project) =>
    `/projects/${encodeURIComponent(ref)}/protected_branches/${encodeURIComponent(name)}`;
  const roles = (levels: Array<{ access_level: number }>) => levels.map((level) => level.access_level);

  it('create with roles, list, view, update, delete: read back through the API', async () => {
    const created = await collab(
      [
        'protected-branches',
        'create',
        'hotfix/*',
        '--project',
        project,
        '--push',
        'no-one',
        '--merge',
        'developer',
        '--allow-force-push',
        '--json',
      ],
      { as: 'maintainer' },
    );
    expect(created.exitCode).toBe(0);
    expect(created.stderr).toBe(`protected branch hotfix/* of project ${project}\n`);
    // -o json carries what the service sent, as it sent it.
    expect(created.json()).toEqual(await getJson(branchPath('hotfix/*')));
    const served = await getJson(branchPath('hotfix/*'));
    expect([
      roles(served.push_access_levels),
      roles(served.merge_access_levels),
      roles(served.unprotect_access_levels),
      served.allow_force_push,
    ]).toEqual([[0], [30], [40], true]);

    const list = await collab(['protected-branches', 'ls', '--project', project]);
    expect(list.stdout).toBe(
      'main\tmaintainer\tmaintainer\tmaintainer\tfalse\nrelease/*\tmaintainer\tdeveloper\tmaintainer\tfalse\nhotfix/*\tno-one\tdeveloper\tmaintainer\ttrue\n',
    );
    const view = await collab(['protected-branches', 'show', 'hotfix/*', '--project', project], { tty: true });
    expect(view.stdout).toMatch(/Push\s+no-one\n/);
    expect(view.stdout).toMatch(/Force push\s+yes\n/);

    const updated = await collab(
      [
        'protected-branches',
        'edit',
        'hotfix/*',
        '--project',
        project,
        '--push',
        'maintainer',
        '--no-allow-force-push',
        '--code-owner-approval',
      ],
      { as: 'maintainer' },
    );
    expect(updated.exitCode, updated.stderr).toBe(0);
    const after = await getJson(branchPath('hotfix/*'));
    expect([
      roles(after.push_access_levels),
      roles(after.merge_access_levels),
      after.allow_force_push,
      after.code_owner_approval_required,
    ]).toEqual([[40], [30], false, true]);
    // Already so: nothing is sent.
    const again = await collab([
      'protected-branches',
      'update',
      'hotfix/*',
      '--project',
      project,
      '--push',
      'maintainer',
    ]);
    expect(again).toMatchObject({
      exitCode: 0,
      stderr: `protected branch hotfix/* of project ${project} is already so; nothing to do\n`,
    });

    const deleted = await collab(['protected-branches', 'rm', 'hotfix/*', '--project', project, '--yes'], {
      as: 'maintainer',
    });
    expect(deleted).toMatchObject({
      exitCode: 0,
      stderr: `deleted protected branch hotfix/* from project ${project}\n`,
    });
    expect((await get(branchPath('hotfix/*'))).status).toBe(404);
    const gone = await collab(['protected-branches', 'delete', 'hotfix/*', '--project', project, '--yes']);
    expect(gone).toMatchObject({
      exitCode: 0,
      stderr: `protected branch hotfix/* was already gone from project ${project}; nothing to do\n`,
    });
    expect(
      (await collab(['protected-branches', 'delete', 'hotfix/*', '--project', project, '--yes', '--strict'])).exitCode,
    ).toBe(4);
  });

  it('exits 4 for a branch that is not protected, or a project that does not exist', async () => {
    const unknown = await collab(['protected-branches', 'view', 'nope', '--project', project]);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toMatch(
      /^hint: project acme\/web\/storefront has no protected branch nope: `collab protected-branches list --project acme\/web\/storefront` lists them$/m,
    );
    expect(
      (await collab(['protected-branches', 'update', 'nope', '--project', project, '--push', 'developer'])).exitCode,
    ).toBe(4);
    const noProject = await collab(['protected-branches', 'view', 'main', '--project', 'acme/none']);
    expect(noProject.exitCode).toBe(4);
    expect(noProject.stderr).toMatch(/404 Project Not Found/);
  });

  it('exits 5 creating a protection that exists, hinting at update', async () => {
    const duplicate = await collab(['protected-branches', 'create', 'main', '--project', project]);
    expect(duplicate.exitCode).toBe(5);
    expect(duplicate.stderr).toContain(
      `hint: main is protected already: change it with \`collab protected-branches update 'main' --project ${project}\``,
    );
  });

  it('exits 3 for a Developer, naming the roles that may', async () => {
    for (const args of [
      ['protected-branches', 'list', '--project', project],
      ['protected-branches', 'create', 'x', '--project', project],
      ['protected-tags', 'list', '--project', project],
    ]) {
      const refused = await collab(args, { as: 'developer' });
      expect(refused.exitCode, args.join(' ')).toBe(3);
      expect(refused.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    }
  });

  it('exits 2 for a role the flag does not take, or nothing to change', async () => {
    for (const [args, message] of [
      [
        ['protected-branches', 'create', 'x', '--project', project, '--unprotect', 'no-one'],
        'invalid value "no-one" for --unprotect: expected one of developer, maintainer, admin',
      ],
      [
        ['protected-tags', 'create', 'x', '--project', project, '--create-access', 'admin'],
        'invalid value "admin" for --create-access: expected one of no-one, developer, maintainer',
      ],
      [['protected-branches', 'update', 'main', '--project', project], 'nothing to change'],
    ] as const) {
      const bad = await collab([...args]);
      expect(bad.exitCode, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain(`error: ${message}`);
    }
  });

  it('delete asks as hooks delete asks; --dry-run sends nothing', async () => {
    const refused = await collab(['protected-branches', 'delete', 'main', '--project', project]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('hint: pass --yes to delete protected branch main without confirmation');
    const dry = await collab([
      'protected-branches',
      'create',
      'dry/*',
      '--project',
      project,
      '--push',
      'developer',
      '--dry-run',
    ]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('"push_access_level": 30');
    expect((await get(branchPath('dry/*'))).status).toBe(404);
    expect((await get(branchPath('main'))).status).toBe(200);
  });

  it('runs over many projects: --project -', async () => {
    const run = await collab(['protected-branches', 'create', 'stable', '--project', '-', '--merge', 'developer'], {
      input: 'acme/web/storefront\nacme/platform/api\n',
    });
    expect(run.exitCode).toBe(0);
    for (const ref of ['acme/web/storefront', 'acme/platform/api'])
      expect(roles((await getJson(branchPath('stable', ref))).merge_access_levels)).toEqual([30]);
  });

  it('protected tags: create, list, view, duplicate (422) with its hint, delete', async () => {
    const created = await collab(
      ['protected-tags', 'create', 'rel-*', '--project', project, '--create-access', 'developer'],
      { as: 'maintainer' },
    );
    expect(created.exitCode).toBe(0);
    const served = await getJson(`/projects/${encodeURIComponent(project)}/protected_tags/rel-%2A`);
    expect(roles(served.create_access_levels)).toEqual([30]);
    expect((await collab(['protected-tags', 'list', '--project', 'acme/platform/api'])).stdout).toBe(
      'v*\tmaintainer\n',
    );
    expect((await collab(['protected-tags', 'view', 'rel-*', '--project', project, '--json'])).json()).toEqual(served);
    const duplicate = await collab(['protected-tags', 'create', 'rel-*', '--project', project]);
    expect(duplicate.exitCode).toBe(5);
    expect(duplicate.stderr).toContain('protected tags have no update');
    expect((await collab(['protected-tags', 'delete', 'rel-*', '--project', project, '--yes'])).exitCode).toBe(0);
    expect((await get(`/projects/${encodeURIComponent(project)}/protected_tags/rel-%2A`)).status).toBe(404);
    expect((await collab(['protected-tags', 'view', 'rel-*', '--project', project])).exitCode).toBe(4);
  });
});
