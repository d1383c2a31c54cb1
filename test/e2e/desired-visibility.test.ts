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
});
