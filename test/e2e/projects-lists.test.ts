import { beforeEach, describe, expect, it } from 'vitest';
import type { Project, User } from '../../src/sandbox/model.js';
import { useSandbox } from '../helpers/cli.js';

describe('collab projects: starrers, languages, users, groups', () => {
  const { collab, sandbox, call, idOf } = useSandbox({ seed: 30 });
  const project = (path: string): Project => sandbox.store.findProject(path) as Project;
  const user = (name: string): User => sandbox.store.userByName(name) as User;

  // Set-up by the store: stars at given times, and languages, which no API call sets.
  beforeEach(() => {
    sandbox.store.stars.set(
      project('acme/web/storefront').id,
      new Map([
        [user('dana').id, '2024-03-01T10:00:00.000Z'],
        [user('max').id, '2024-05-01T10:00:00.000Z'],
      ]),
    );
    project('globex/handbook').languages = { Shell: 5.5, Go: 60.25, Ruby: 34.25 };
  });

  it('lists starrers, newest first, and filters them by --search', async () => {
    const all = await collab(['projects', 'starrers', 'acme/web/storefront', '--json']);
    expect(all.exitCode).toBe(0);
    expect(
      all.json<Array<{ user: { username: string }; starred_since: string }>>().map((s) => s.user.username),
    ).toEqual(['max', 'dana']);
    const table = await collab(['projects', 'starrers', 'acme/web/storefront', '--search', 'dana']);
    expect(table.stdout).toBe(`${await idOf('users', 'dana')}\tdana\tDana Developer\t2024-03-01T10:00:00.000Z\n`);
    const missing = await collab(['projects', 'starrers', 'acme/nope']);
    expect(missing.exitCode).toBe(4);
  });

  it('shows languages as a table sorted by share, largest first', async () => {
    const table = await collab(['projects', 'languages', 'globex/handbook']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe('Go\t60.25\nRuby\t34.25\nShell\t5.5\n');
    const json = await collab(['projects', 'languages', 'globex/handbook', '--json']);
    expect(Object.entries(json.json<Record<string, number>>())).toEqual([
      ['Go', 60.25],
      ['Ruby', 34.25],
      ['Shell', 5.5],
    ]);
    const csv = await collab(['projects', 'languages', 'globex/handbook', '-o', 'csv']);
    expect(csv.stdout).toBe('language,percent\r\nGo,60.25\r\nRuby,34.25\r\nShell,5.5\r\n');
  });

  it('hides the languages of a private project from a non-member (404)', async () => {
    const result = await collab(['projects', 'languages', 'initech/tps-reports'], { as: 'developer' });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('404 Project Not Found');
  });

  it('lists the users of a project, with --search and --skip-users', async () => {
    const all = await collab(['projects', 'users', 'acme/web/storefront', '--json']);
    const names = all.json<Array<{ username: string }>>().map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['olivia', 'max', 'dana', 'rui']));
    expect(names).not.toContain('xena');
    const search = await collab(['projects', 'users', 'acme/web/storefront', '--search', 'max', '--json']);
    expect(search.json<Array<{ username: string }>>().map((u) => u.username)).toEqual(['max']);
    const skipped = await collab([
      'projects',
      'users',
      'acme/web/storefront',
      '--skip-users',
      `${await idOf('users', 'max')},${await idOf('users', 'dana')}`,
      '--json',
    ]);
    expect(skipped.json<Array<{ username: string }>>().map((u) => u.username)).not.toContain('max');
    expect(skipped.json<Array<{ username: string }>>().map((u) => u.username)).not.toContain('dana');
    const bad = await collab(['projects', 'users', 'acme/web/storefront', '--skip-users', 'max']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('expected a comma-separated list of numeric IDs');
  });

  it('lists ancestor groups, and shared groups with --with-shared', async () => {
    const ancestors = await collab(['projects', 'groups', 'acme/platform/infra/terraform', '--json']);
    expect(ancestors.json<Array<{ full_path: string }>>().map((g) => g.full_path)).toEqual([
      'acme/platform/infra',
      'acme/platform',
      'acme',
    ]);
    for (const [group, access] of [
      ['globex', 30],
      ['globex/research', 20],
    ] as const) {
      const shared = await call('POST', '/projects/acme%2Fplatform%2Finfra%2Fterraform/share', {
        json: { group_id: await idOf('groups', group), group_access: access },
      });
      expect(shared.status).toBe(201);
    }
    const shared = await collab([
      'projects',
      'groups',
      'acme/platform/infra/terraform',
      '--with-shared',
      '--shared-min-access-level',
      'developer',
      '--skip-groups',
      String(await idOf('groups', 'acme')),
      '--json',
    ]);
    expect(shared.json<Array<{ full_path: string }>>().map((g) => g.full_path)).toEqual([
      'globex',
      'acme/platform/infra',
      'acme/platform',
    ]);
    const searched = await collab(['projects', 'groups', 'acme/platform/infra/terraform', '--search', 'infra']);
    expect(searched.stdout).toMatch(/^\d+\tacme\/platform\/infra\tAcme \/ Platform \/ Infra\n$/);
  });

  it('refuses the share filters without --with-shared (exit 2)', async () => {
    const result = await collab(['projects', 'groups', 'acme/web/storefront', '--shared-visible-only']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--shared-visible-only applies only with --with-shared');
  });
});
