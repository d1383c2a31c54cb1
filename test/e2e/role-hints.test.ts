import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * A 403 names who may do what was refused, where the service's API reference says it
 * (src/api/roles.ts): a maintainer who tries to delete a group is told that owners and
 * administrators may, not only "403 Forbidden".
 */
describe('a 403 names the role the endpoint needs', () => {
  const { collab } = useSandbox();

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

  it('says nothing of roles where the reference names none', async () => {
    const starred = await collab(['projects', 'update', 'acme/web/storefront', '--description', 'x'], {
      as: 'reporter',
    });
    expect(starred.exitCode).toBe(3);
    expect(starred.stderr).not.toMatch(/only .* may do this/);
  });
});
