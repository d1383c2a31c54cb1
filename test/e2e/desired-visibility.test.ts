import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * GitLab keeps nothing more visible than the group that holds it (Project#visibility_level_allowed_by_group,
 * Group#visibility_level_allowed_by_parent, _by_sub_groups, _by_projects): a file that makes a
 * group and what it holds less visible, or more, applies in one run, in the order that allows it.
 * In the seed, acme/web is public and holds public, internal and private projects; acme/platform is
 * internal and holds acme/platform/infra, private.
 */
const world = useDesiredWorlds();

describe('collab.yaml: visibility across a group and what it holds', () => {
  it('a group made private with all its projects applies in one run, and plans nothing after', async () => {
    const { collab, file, served } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    settings:\n      visibility: private\n    projects:\n      settings:\n        visibility: private\n',
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    expect((await served.group('acme/web')).visibility).toBe('private');
    const projects = await served.projectsUnder('acme/web');
    expect(new Set(projects.map((project) => project.visibility))).toEqual(new Set(['private']));
    const again = await collab(['plan', '-f', path]);
    expect(again.exitCode, again.stderr).toBe(0);
  });

  it('a group and its subgroup made private, then internal again with a new project, apply in one run each', async () => {
    const { collab, file, served } = await world();
    // The subgroup is listed first: its change would go out first were the order the file's.
    const down = file(
      'version: 1\ngroups:\n  acme/platform/infra:\n    settings:\n      visibility: private\n  acme/platform:\n    settings:\n      visibility: private\nprojects:\n  acme/platform/**:\n    settings:\n      visibility: private\n',
      'down.yaml',
    );
    const lowered = await collab(['apply', '-f', down, '--yes']);
    expect(lowered.exitCode, lowered.stdout + lowered.stderr).toBe(0);
    expect((await served.group('acme/platform')).visibility).toBe('private');
    const up = file(
      'version: 1\ngroups:\n  acme/platform/infra:\n    settings:\n      visibility: internal\n  acme/platform:\n    settings:\n      visibility: internal\nprojects:\n  acme/platform/infra/fresh:\n    create: true\n    settings:\n      visibility: internal\n',
      'up.yaml',
    );
    const raised = await collab(['apply', '-f', up, '--yes']);
    expect(raised.exitCode, raised.stdout + raised.stderr).toBe(0);
    expect((await served.group('acme/platform/infra')).visibility).toBe('internal');
    expect((await served.project('acme/platform/infra/fresh')).visibility).toBe('internal');
  });

  it('a project made more visible than its group is refused at plan with exit 2, before any write', async () => {
    const { collab, file, writes, sandbox } = await world();
    const path = file('version: 1\nprojects:\n  acme/platform/api:\n    settings:\n      visibility: public\n');
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(
        'error: settings: project acme/platform/api would be public, more visible than group acme/platform (internal), which GitLab refuses (400)',
      );
      expect(result.stderr).toContain(
        'hint: give acme/platform/api internal visibility or less, or make acme/platform public too',
      );
    }
    expect(writes()).toEqual([]);
  });

  it('a group made less visible than a project it holds is refused, naming the project and counting the rest', async () => {
    const { collab, file } = await world();
    const plan = await collab([
      'plan',
      '-f',
      file('version: 1\ngroups:\n  acme/web:\n    settings:\n      visibility: private\n'),
    ]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /^error: settings: group acme\/web would be private while its project acme\/web\/\S+ \(and \d+ more\) stays (public|internal), which GitLab refuses \(400\)$/m,
    );
  });

  it('a project made more visible with its group in the same file plans; a new project is held to its group too', async () => {
    const { collab, file } = await world();
    const both = file(
      'version: 1\ngroups:\n  acme/platform/infra:\n    settings:\n      visibility: internal\nprojects:\n  acme/platform/infra/terraform:\n    settings:\n      visibility: internal\n',
    );
    const plan = await collab(['plan', '-f', both]);
    expect(plan.exitCode, plan.stderr).toBe(8);
    const created = file(
      'version: 1\nprojects:\n  acme/platform/infra/fresh:\n    create: true\n    settings:\n      visibility: internal\n',
      'created.yaml',
    );
    const refused = await collab(['plan', '-f', created]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'settings: project acme/platform/infra/fresh would be internal, more visible than group acme/platform/infra (private)',
    );
  });

  it('a group’s view asked for by settings, shares and members of the same plan is read once', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/design-system:\n    settings:\n      visibility: public\n    shares:\n      - group_id: globex\n        group_access: developer\n    members:\n      - { username: xena, access_level: developer }\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    const views = sandbox.requestLog.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/v4/groups/acme%2Fweb?'),
    );
    expect(views).toHaveLength(1);
  });

  it('the caller asked for by members, schedules and settings of the same plan is read once (GET /user)', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      "version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      visibility: private\n    members:\n      enforce: true\n      items:\n        - { username: max, access_level: maintainer }\n    pipeline_schedules:\n      - { description: nightly, ref: main, cron: '0 2 * * *' }\n",
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '--no-graphql'], { as: 'maintainer' });
    expect(plan.exitCode, plan.stderr).toBe(3);
    expect(sandbox.requestLog.filter((r) => r.method === 'GET' && /^\/api\/v4\/user(\?|$)/.test(r.path))).toHaveLength(
      1,
    );
  });
});

/**
 * A project's PUT that renames it or sets its visibility is its owners' (rename_project,
 * change_visibility_level: owner_access), and GitLab refuses the whole PUT to a Maintainer (403):
 * the plan says so first, where the project's view shows the caller's role.
 */
describe('collab.yaml: what only a project’s owners change', () => {
  const P = 'acme/web/storefront';
  const settings = (lines: string) => `version: 1\nprojects:\n  ${P}:\n    settings:\n${lines}`;

  it('a maintainer’s plan making the project private is refused at plan with the Owner hint, nothing sent', async () => {
    const { collab, file, writes } = await world();
    const path = file(settings('      visibility: private\n      description: new\n'));
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args, { as: 'maintainer' });
      expect([result.exitCode, result.stderr.split('\n').slice(0, 2)], args[0]).toEqual([
        3,
        [
          `error: settings: project ${P}: its visibility may be changed by its owners alone (rename_project, change_visibility_level), and GitLab refuses the change to you (403)`,
          'hint: only owners and administrators may do this: it needs the Owner role (you are Maintainer); ask one of them',
        ],
      ]);
    }
    expect(writes()).toEqual([]);
  });

  it('a maintainer’s plan of a description alone, and an owner’s of a new name, plan their changes', async () => {
    const { collab, file } = await world();
    const described = await collab(['plan', '-f', file(settings('      description: new\n'))], { as: 'maintainer' });
    expect(described.exitCode, described.stderr).toBe(8);
    const renamed = await collab(['plan', '-f', file(settings('      name: Store Front\n'))], { as: 'owner' });
    expect(renamed.exitCode, renamed.stderr).toBe(8);
  });
});
