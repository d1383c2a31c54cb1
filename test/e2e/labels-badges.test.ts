import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab labels and collab badges against the sandbox, on projects and groups. */
describe('collab labels', () => {
  const { collab, getJson } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const labelsOf = async (
    kind: 'project' | 'group',
    ref: string,
    query = '',
  ): Promise<Array<Record<string, unknown>>> => getJson(`/${kind}s/${encodeURIComponent(ref)}/labels${query}`);

  it('refuses to delete a label named .., which would be a DELETE of the project', async () => {
    const result = await collab(['labels', 'delete', '..', '--project', project, '--yes']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: "\.\." cannot be named in a request's path/);
    expect((await getJson(`/projects/${encodeURIComponent(project)}`)).marked_for_deletion_on).toBeNull();
  });

  it('a view on a terminal says (none) for a description left empty, as for a priority; piped, the value itself', async () => {
    expect((await collab(['labels', 'create', 'plain', '--project', project, '--color', 'red'])).exitCode).toBe(0);
    const view = await collab(['labels', 'view', 'plain', '--project', project], { tty: true });
    expect(view.stdout).toMatch(/^Description {2}\(none\)$/m);
    const piped = await collab(['labels', 'view', 'plain', '--project', project]);
    expect(piped.stdout).toMatch(/^Description\t$/m);
  });

  it("lists a project's labels with its groups' (FROM), or its own alone", async () => {
    const table = await collab(['labels', 'list', '--project', project], { tty: true });
    expect(table.stdout).toMatch(/bug .*group/);
    expect(table.stdout).toMatch(/checkout .*project/);
    const own = await collab(['labels', 'ls', '--project', project, '--own', '--json']);
    expect(own.json<Array<{ name: string }>>().map((l) => l.name)).toEqual(['checkout']);
    expect((await collab(['labels', 'list', '--project', project, '--json'])).json()).toEqual(
      await labelsOf('project', project),
    );
  });

  it("--own leaves out the parent group's labels, which GitLab lists with a project's own", async () => {
    const made = await collab(['labels', 'create', 'web-team', '--group', 'acme/web', '--color', '#123456']);
    expect(made.exitCode, made.stderr).toBe(0);
    const own = await collab(['labels', 'list', '--project', project, '--own', '--json']);
    expect(own.json<Array<{ name: string }>>().map((l) => l.name)).toEqual(['checkout']);
  });

  it('create, rename and recolor, drop the priority, delete', async () => {
    const created = await collab([
      'labels',
      'create',
      'wontfix',
      '--project',
      project,
      '--color',
      'gray',
      '--priority',
      '3',
      '--description',
      'Not planned',
    ]);
    expect(created).toMatchObject({ exitCode: 0, stderr: 'created label wontfix on project acme/web/storefront\n' });
    expect(
      (
        await collab([
          'labels',
          'edit',
          'wontfix',
          '--project',
          project,
          '--new-name',
          'declined',
          '--color',
          '#123456',
          '--priority',
          'none',
        ])
      ).exitCode,
    ).toBe(0);
    expect(
      (await labelsOf('project', project, '?include_ancestor_groups=false')).find((l) => l.name === 'declined'),
    ).toMatchObject({ color: '#123456', priority: null, description: 'Not planned' });
    expect((await collab(['labels', 'rm', 'declined', '--project', project, '--yes'])).exitCode).toBe(0);
    expect((await labelsOf('project', project)).map((l) => l.name)).toEqual(['bug', 'checkout', 'feature']);
    expect(
      (await collab(['labels', 'create', 'chore', '--group', 'acme', '--color', 'teal'], { as: 'reporter' })).exitCode,
    ).toBe(0);
    expect((await labelsOf('group', 'acme')).find((l) => l.name === 'chore')).toMatchObject({ color: '#008080' });
  });

  it('error paths: a taken name exit 5 naming update, unknown exit 4, --priority on a group exit 2', async () => {
    const duplicate = await collab(['labels', 'create', 'bug', '--project', project, '--color', 'red']);
    expect(duplicate.exitCode).toBe(5);
    expect(duplicate.stderr).toMatch(/^hint: .*`collab labels update bug --project acme\/web\/storefront`/m);
    expect((await collab(['labels', 'view', 'nope', '--project', project])).exitCode).toBe(4);
    expect((await collab(['labels', 'update', 'bug', '--project', project, '--color', 'red'])).exitCode).toBe(4);
    expect(
      (await collab(['labels', 'create', 'x', '--group', 'acme', '--color', 'red', '--priority', '1'])).exitCode,
    ).toBe(2);
    expect((await collab(['labels', 'create', 'x', '--project', project])).exitCode).toBe(2);
    const external = await collab(['labels', 'create', 'x', '--project', project, '--color', 'red'], {
      as: 'external',
    });
    expect(external.exitCode).toBe(3);
    expect(external.stderr).toMatch(
      /^hint: only members with the Planner role or above, and administrators may do this: it needs the Planner role/m,
    );
  });
});

describe('collab badges', () => {
  const { collab, getJson } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const badgesOf = async (kind: 'project' | 'group', ref: string): Promise<Array<Record<string, unknown>>> =>
    getJson(`/${kind}s/${encodeURIComponent(ref)}/badges`);

  it('create with placeholders, list with the group’s badge, view rendered, update, delete', async () => {
    const created = await collab([
      'badges',
      'create',
      '--project',
      project,
      '--name',
      'cov',
      '--link',
      'https://x.example/%{project_path}',
      '--image',
      'https://x.example/%{default_branch}.svg',
      '--json',
    ]);
    expect(created.exitCode).toBe(0);
    const badge = created.json<{ id: number }>();
    expect(badge).toMatchObject({
      kind: 'project',
      rendered_link_url: 'https://x.example/acme/web/storefront',
      rendered_image_url: 'https://x.example/main.svg',
    });
    const listed = await collab(['badges', 'list', '--project', project, '--json']);
    expect(listed.json()).toEqual(await badgesOf('project', project));
    expect(listed.json<Array<{ kind: string }>>().map((b) => b.kind)).toEqual(['group', 'project']);
    const view = await collab(['badges', 'view', String(badge.id), '--project', project]);
    expect(view.stdout).toMatch(/^Rendered link\thttps:\/\/x.example\/acme\/web\/storefront$/m);
    expect(
      (await collab(['badges', 'update', String(badge.id), '--project', project, '--name', 'coverage'])).exitCode,
    ).toBe(0);
    expect((await badgesOf('project', project)).find((b) => b.id === badge.id)).toMatchObject({ name: 'coverage' });
    expect((await collab(['badges', 'delete', String(badge.id), '--project', project, '--yes'])).exitCode).toBe(0);
    expect((await badgesOf('project', project)).map((b) => b.kind)).toEqual(['group']);
  });

  it("error paths: a group's badge through a project, a Developer, an unknown badge, a missing --image", async () => {
    const [groupBadge] = await badgesOf('group', 'acme');
    const through = await collab(['badges', 'delete', String(groupBadge?.id), '--project', project, '--yes']);
    expect(through.exitCode).toBe(3);
    expect(through.stderr).toMatch(/^hint: badge \d+ belongs to a group above the project: use --group <group>/m);
    const developer = await collab(
      ['badges', 'create', '--project', project, '--link', 'https://x/l', '--image', 'https://x/i'],
      { as: 'developer' },
    );
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    expect((await collab(['badges', 'view', '999', '--project', project])).exitCode).toBe(4);
    expect((await collab(['badges', 'create', '--project', project, '--link', 'https://x/l'])).exitCode).toBe(2);
  });

  it("an unknown badge's 404 names the project's list, on view and on update", async () => {
    for (const args of [
      ['badges', 'view', '999', '--project', project],
      ['badges', 'update', '999', '--project', project, '--name', 'x'],
    ]) {
      const missing = await collab(args);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr.split('\n')[1]).toBe(
        `hint: project ${project} has no badge 999: \`collab badges list --project ${project}\` lists them`,
      );
    }
  });
});
