import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

describe('collab projects import-members', () => {
  const { collab, sandbox, call, getJson, idOf } = useSandbox({ seed: 30 });
  const addMember = async (path: string, username: string, access_level: number) => {
    expect(
      (await call('POST', `/projects/${encodeURIComponent(path)}/members`, { json: { username, access_level } }))
        .status,
    ).toBe(201);
  };
  /** The direct members as the API lists them: username -> access level. */
  const members = async (path: string) => {
    const list: Array<{ username: string; access_level: number }> = await getJson(
      `/projects/${encodeURIComponent(path)}/members?per_page=100`,
    );
    return Object.fromEntries(list.map((m) => [m.username, m.access_level]));
  };

  beforeEach(async () => {
    // Direct members to import: dana and rui on handbook; on atlas dana as reporter (she is a
    // developer of the acme group, so she cannot be imported below that into acme) and xena.
    await addMember('globex/handbook', 'dana', 30);
    await addMember('globex/handbook', 'rui', 20);
    await addMember('globex/research/atlas', 'dana', 20);
    await addMember('globex/research/atlas', 'xena', 30);
  });

  it('imports every member of the source', async () => {
    const result = await collab(['projects', 'import-members', 'initech/tps-reports', '--from', 'globex/handbook']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('imported the members of globex/handbook into initech/tps-reports');
    expect(result.stdout).toBe('');
    expect(await members('initech/tps-reports')).toMatchObject({ dana: 30, rui: 20 });
  });

  it('lists the members that failed with the reason and exits 5, importing the others', async () => {
    const result = await collab(
      ['projects', 'import-members', 'acme/web/storefront', '--from', 'globex/research/atlas'],
      { as: 'owner' },
    );
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe(
      'dana\tAccess level should be greater than or equal to Developer inherited membership from group Acme\n',
    );
    expect(result.stderr).toContain(
      'error: 1 of 2 members of globex/research/atlas could not be imported into acme/web/storefront',
    );
    const imported = await members('acme/web/storefront');
    expect(imported.xena).toBe(30);
    expect(imported).not.toHaveProperty('dana');
  });

  it('passes the service answer through with -o json on a partial failure', async () => {
    await addMember('globex/research/atlas', 'rui', 40);
    const result = await collab([
      'projects',
      'import-members',
      'acme/web/design-system',
      '--from',
      'globex/research/atlas',
      '--json',
    ]);
    expect(result.exitCode).toBe(5);
    expect(result.json()).toEqual({
      status: 'error',
      message: {
        dana: 'Access level should be greater than or equal to Developer inherited membership from group Acme',
      },
      total_members_count: 3,
    });
    expect((await members('acme/web/design-system')).rui).toBe(40);
  });

  it('answers 422 when no member could be imported (exit 5)', async () => {
    expect(
      (await call('DELETE', `/projects/globex%2Fresearch%2Fatlas/members/${await idOf('users', 'xena')}`)).status,
    ).toBe(204);
    expect(await members('globex/research/atlas')).toEqual({ dana: 20 });
    const result = await collab(['projects', 'import-members', 'acme/platform/api', '--from', 'globex/research/atlas']);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain(
      'error: 422 dana: Access level should be greater than or equal to Developer inherited membership from group Acme',
    );
    expect(await members('acme/platform/api')).toEqual({});
  });

  it('answers 404 when either project is missing or hidden, 403 for a non-maintainer', async () => {
    const noSource = await collab(['projects', 'import-members', 'acme/web/storefront', '--from', 'acme/nope']);
    expect(noSource.exitCode).toBe(4);
    const hiddenTarget = await collab(
      ['projects', 'import-members', 'initech/tps-reports', '--from', 'globex/handbook'],
      { as: 'maintainer' },
    );
    expect(hiddenTarget.exitCode).toBe(4);
    const developer = await collab(['projects', 'import-members', 'acme/platform/api', '--from', 'globex/handbook'], {
      as: 'developer',
    });
    expect(developer.exitCode).toBe(3);
    expect(await members('acme/platform/api')).toEqual({});
  });

  it('refuses a missing --from or the project itself before sending (exit 2)', async () => {
    const before = sandbox.stats.requests;
    const missing = await collab(['projects', 'import-members', 'acme/web/storefront']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("required option '--from <project>' not specified");
    const itself = await collab(['projects', 'import-members', 'acme/web/storefront', '--from', 'acme/web/storefront']);
    expect(itself.exitCode).toBe(2);
    expect(sandbox.stats.requests).toBe(before);
  });
});
