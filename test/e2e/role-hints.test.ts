import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * A 403 names who may do what was refused, where the service's API reference says it
 * (src/api/roles.ts): a maintainer who tries to delete a group is told that owners and
 * administrators may, not only "403 Forbidden".
 */
describe('a 403 names the role the endpoint needs', () => {
  const { collab, call } = useSandbox();

  it('group removal and update: owners and administrators', async () => {
    const removed = await collab(['groups', 'delete', 'acme', '--yes'], { as: 'maintainer' });
    expect(removed.exitCode).toBe(3);
    expect(removed.stderr).toMatch(/^hint: only owners and administrators may do this/m);
    const updated = await collab(['groups', 'update', 'acme', '--description', 'x'], { as: 'maintainer' });
    expect(updated.exitCode).toBe(3);
    expect(updated.stderr).toMatch(/^hint: only owners and administrators may do this/m);
  });

  it('a project into a group: administrators only', async () => {
    const moved = await collab(['groups', 'transfer-project', 'acme', 'acme/web/storefront', '--yes'], { as: 'owner' });
    expect(moved.exitCode).toBe(3);
    expect(moved.stderr).toMatch(/^hint: only administrators may do this/m);
  });

  it('archive: owners and administrators', async () => {
    const archived = await collab(['projects', 'archive', 'acme/web/storefront'], { as: 'developer' });
    expect(archived.exitCode).toBe(3);
    expect(archived.stderr).toMatch(/^hint: only owners and administrators may do this/m);
  });

  it('project deletion by a maintainer: owners and administrators', async () => {
    const removed = await collab(['projects', 'delete', 'acme/web/storefront', '--yes'], { as: 'maintainer' });
    expect(removed.exitCode).toBe(3);
    expect(removed.stderr).toMatch(/^hint: only owners and administrators may do this: it needs the Owner role/m);
  });

  it('project update by a reporter: maintainers, owners and administrators (admin_project)', async () => {
    const updated = await collab(['projects', 'update', 'acme/web/storefront', '--description', 'x'], {
      as: 'reporter',
    });
    expect(updated.exitCode).toBe(3);
    expect(updated.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  it('a project renamed or made private by a maintainer: owners and administrators, nothing changed', async () => {
    for (const flags of [
      ['--name', 'Store Front'],
      ['--visibility', 'private'],
    ]) {
      const updated = await collab(['projects', 'update', 'acme/web/storefront', ...flags, '--description', 'x'], {
        as: 'maintainer',
      });
      expect([updated.exitCode, updated.stderr.split('\n')[1]], flags[0]).toEqual([
        3,
        'hint: only owners and administrators may do this: it needs the Owner role (you are Maintainer); ask one of them',
      ]);
    }
    const project = (await call('GET', `/projects/${encodeURIComponent('acme/web/storefront')}`)).body;
    expect([project.name, project.description]).not.toContain('x');
    expect(project.name).not.toBe('Store Front');
  });

  const P = 'acme/web/storefront';
  const MAINTAINER =
    'hint: only maintainers, owners and administrators may do this: it needs the Maintainer role (you are Developer); ask one of them';
  /** A write on each of the six nouns a Developer of the project may not make, and the schedule it needs. */
  const WRITES: ReadonlyArray<readonly [string, (schedule: number) => string[]]> = [
    ['approval-rules create', () => ['approval-rules', 'create', 'security', '--project', P, '--approvals', '1']],
    ['approval-settings update', () => ['approval-settings', 'update', '--project', P, '--retain-approvals-on-push']],
    ['schedules take-ownership', (id) => ['schedules', 'take-ownership', String(id), '--project', P]],
    ['schedules delete', (id) => ['schedules', 'delete', String(id), '--project', P, '--yes']],
    [
      'integrations set',
      () => ['integrations', 'set', 'emails_on_push', '--project', P, '--recipients', 'dev@example.com'],
    ],
    ['job-token-scope update', () => ['job-token-scope', 'update', '--project', P, '--no-enabled']],
    [
      'protected-environments create',
      () => ['protected-environments', 'create', 'production', '--project', P, '--deploy-role', 'maintainer'],
    ],
    ['mirrors create', () => ['mirrors', 'create', '--project', P, '--url', 'https://mirror.example/storefront.git']],
  ];

  it.each(WRITES)('a Developer’s %s: exit 3, the Maintainer role named, and theirs', async (_name, args) => {
    const made = await call('POST', `/projects/${encodeURIComponent(P)}/pipeline_schedules`, {
      json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
    });
    expect(made.status).toBe(201);
    const refused = await collab(args(made.body.id), { as: 'developer' });
    expect([refused.exitCode, refused.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
      3,
      MAINTAINER,
    ]);
  });

  it('where collab does not know the role held (a group), the role needed alone', async () => {
    const updated = await collab(['groups', 'update', 'acme', '--description', 'x'], { as: 'maintainer' });
    expect(updated.stderr.split('\n').find((line) => line.startsWith('hint:'))).toBe(
      'hint: only owners and administrators may do this: it needs the Owner role; ask one of them, or check your role',
    );
  });
});

describe('collab schedules play on a branch the caller may not update', () => {
  const { collab } = useSandbox({ seed: 12 });
  const P = 'acme/web/storefront';

  // The seed's main is for Maintainers to push and merge: a Developer has the role play needs, so
  // the hint says who may without telling them the role they hold is what they lack.
  it('a Developer on main: exit 3, the branch named as what refuses, not the Developer role', async () => {
    const args = ['schedules', 'create', '--project', P, '--description', 'n', '--ref', 'main', '--cron', '0 2 * * *'];
    const { id } = (await collab([...args, '--json'], { as: 'maintainer' })).json<{ id: number }>();
    const played = await collab(['schedules', 'play', String(id), '--project', P], { as: 'developer' });
    expect([played.exitCode, played.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
      3,
      'hint: only members with the Developer role or above who may push or merge to the schedule’s branch (or create its tag), and administrators may do this (you are Developer); ask one of them',
    ]);
  });
});

describe('collab plan reading pipeline schedules a role may not read', () => {
  const world = useDesiredWorlds();
  const P = 'acme/web/storefront';

  it('a Guest planning schedules where pipelines are not public gets the hint `collab schedules list` gives', async () => {
    const { collab, file, call } = await world();
    const xena = (await call('GET', '/users?username=xena')).body[0].id as number;
    const at = `/projects/${encodeURIComponent(P)}`;
    expect((await call('POST', `${at}/members`, { json: { user_id: xena, access_level: 10 } })).status).toBe(201);
    expect((await call('PUT', at, { json: { public_builds: false } })).status).toBe(200);
    const yaml = ['version: 1', 'projects:', `  ${P}:`, '    pipeline_schedules:', '      - description: nightly'];
    const path = file([...yaml, '        ref: main', "        cron: '0 2 * * *'", ''].join('\n'));
    const hintOf = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('hint:'));
    const listed = await collab(['schedules', 'list', '--project', P], { as: 'external' });
    const planned = await collab(['plan', '-f', path], { as: 'external' });
    expect(hintOf(listed.stderr)).toMatch(/^hint: only members with the Reporter role or above/);
    expect([planned.exitCode, hintOf(planned.stderr)]).toEqual([3, hintOf(listed.stderr)]);
  });
});

describe('collab plan reading what only Maintainers read', () => {
  const world = useDesiredWorlds();
  const P = 'acme/web/storefront';
  const hintOf = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('hint:'));

  for (const [section, yaml] of [
    [
      'deploy_keys',
      [
        '    deploy_keys:',
        '      - title: ci',
        '        key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHtYbQ9k8s0Yk9ZbxP0wq8VYyA2Q3lT0mKp7f9mU1w2x ci',
      ],
    ],
    ['protected_tags', ['    protected_tags:', "      - name: 'v*'", '        create_access_level: maintainer']],
    ['hooks', ['    hooks:', '      - url: https://ci.example.com/hook', '        push_events: true']],
  ] as const) {
    it(`a Developer planning ${section} is told who may read them, as the list command tells`, async () => {
      const { collab, file } = await world();
      const path = file(['version: 1', 'projects:', `  ${P}:`, ...yaml, ''].join('\n'));
      const planned = await collab(['plan', '-f', path], { as: 'developer' });
      expect([planned.exitCode, hintOf(planned.stderr)]).toEqual([
        3,
        expect.stringMatching(/^hint: only maintainers, .*the Maintainer role \(you are Developer\)/),
      ]);
    });
  }
});
