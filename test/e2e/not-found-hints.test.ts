import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** A project or group path that does not exist: the path as typed, and the nearest that does. */
describe('a path that does not exist', () => {
  const { collab } = useSandbox();

  it('a mistyped project names the nearest project of its group, its path unencoded (exit 4)', async () => {
    const result = await collab(['projects', 'view', 'acme/web/storefrnt']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      'error: 404 Project Not Found (GET /projects/acme/web/storefrnt)\nhint: did you mean acme/web/storefront?\n',
    );
  });

  it('a mistyped group names the nearest subgroup of its parent', async () => {
    const result = await collab(['groups', 'view', 'acme/wbe']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('hint: did you mean acme/web?\n');
  });

  it('a path near nothing gets the hint that says the path may be wrong or hidden', async () => {
    const result = await collab(['projects', 'view', 'acme/web/qqqqqqqqqq']);
    expect(result.stderr).toBe(
      'error: 404 Project Not Found (GET /projects/acme/web/qqqqqqqqqq)\nhint: no project with that path or ID, or not one this token can see: check it (`collab projects list --search <name>`)\n',
    );
  });

  it('a numeric ID has no hint and costs no list', async () => {
    const result = await collab(['projects', 'view', '99999', '--verbose']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr.match(/^> GET /gm)).toEqual(['> GET ']);
  });

  it('a project given where a group goes says it is a project (exit 4)', async () => {
    const result = await collab(['groups', 'view', 'acme/web/storefront']);
    expect([result.exitCode, result.stderr]).toEqual([
      4,
      'error: 404 Group Not Found (GET /groups/acme/web/storefront?with_projects=false)\nhint: acme/web/storefront is a project, not a group\n',
    ]);
  });

  it('a group given where a project goes says it is a group', async () => {
    const result = await collab(['projects', 'view', 'acme/web']);
    expect(result.stderr).toBe(
      'error: 404 Project Not Found (GET /projects/acme/web)\nhint: acme/web is a group, not a project\n',
    );
  });

  it('a project given as the group of a list below it says it is a project', async () => {
    const result = await collab(['variables', 'list', '--group', 'acme/web/storefront']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('hint: acme/web/storefront is a project, not a group\n');
  });

  it('access-report of a project says it is a project', async () => {
    const result = await collab(['access-report', 'acme/web/storefront']);
    expect([result.exitCode, result.stderr]).toEqual([
      4,
      'error: group acme/web/storefront not found (GET /groups/acme/web/storefront)\nhint: acme/web/storefront is a project, not a group\n',
    ]);
  });
});
