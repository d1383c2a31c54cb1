import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import { type Answer, type Ids, listIds } from '../helpers/sandbox-api.js';

/**
 * The sandbox's group endpoints on their own, over HTTP: pagination headers, anonymous keyset
 * pagination, visibility, and the service's answers (status and body) to what it refuses.
 */

const { sandbox, call: raw } = useSandbox({ seed: 12 });

function call(
  method: string,
  path: string,
  options: { as?: SandboxRole | null; body?: unknown } = {},
): Promise<Answer> {
  return raw(method, path, { as: options.as, json: options.body, redirect: 'follow' });
}

let ids: Ids;
beforeEach(async () => {
  ids = await listIds(sandbox);
});
const id = (path: string) => ids.group(path);
const fullPaths = (answer: Answer) => (answer.body as Array<{ full_path: string }>).map((g) => g.full_path);

describe('group lists: offset pagination headers', () => {
  it('GET /groups carries every header and link', async () => {
    const first = await call('GET', '/groups?per_page=3');
    expect(first.status).toBe(200);
    expect(fullPaths(first)).toEqual(['acme', 'globex', 'acme/platform/infra']);
    const h = first.headers;
    expect([
      h.get('x-page'),
      h.get('x-per-page'),
      h.get('x-next-page'),
      h.get('x-prev-page'),
      h.get('x-total'),
      h.get('x-total-pages'),
    ]).toEqual(['1', '3', '2', '', '7', '3']);
    expect(Object.keys(first.links).sort()).toEqual(['first', 'last', 'next']);
    expect(new URL(first.links.next as string).searchParams.get('page')).toBe('2');

    const last = await call('GET', first.links.last as string);
    expect(fullPaths(last)).toEqual(['acme/web']);
    expect(last.headers.get('x-next-page')).toBe('');
    expect(last.headers.get('x-prev-page')).toBe('2');
    expect(last.links.next).toBeUndefined();
    expect(last.links.prev).toBeDefined();
  });

  it('subgroups and descendant groups are paginated the same way', async () => {
    const sub = await call('GET', `/groups/${id('acme')}/subgroups?per_page=1`);
    expect(fullPaths(sub)).toEqual(['acme/platform']);
    expect([sub.headers.get('x-total'), sub.headers.get('x-total-pages'), sub.headers.get('x-next-page')]).toEqual([
      '2',
      '2',
      '2',
    ]);
    const descendants = await call('GET', '/groups/acme/descendant_groups?per_page=2&page=2');
    expect(fullPaths(descendants)).toEqual(['acme/web']);
    expect([
      descendants.headers.get('x-total'),
      descendants.headers.get('x-page'),
      descendants.headers.get('x-next-page'),
    ]).toEqual(['3', '2', '']);
  });
});

describe('anonymous GET /groups', () => {
  it('shows public groups only, without statistics', async () => {
    const answer = await call('GET', '/groups?statistics=true&all_available=false', { as: null });
    expect(answer.status).toBe(200);
    expect(fullPaths(answer)).toEqual(['acme', 'globex', 'globex/research', 'acme/web']);
    expect((answer.body as object[]).every((g) => !('statistics' in g))).toBe(true);
  });

  it('follows keyset pages (order_by=name, sort=asc) by an opaque cursor to an empty last page without a link', async () => {
    let next: string | undefined = `${sandbox.url}/api/v4/groups?pagination=keyset&order_by=name&sort=asc&per_page=1`;
    const seen: string[] = [];
    let pages = 0;
    let last: Answer | undefined;
    while (next && pages++ < 10) {
      last = await call('GET', next, { as: null });
      expect(last.status).toBe(200);
      expect(last.headers.get('x-total')).toBeNull();
      expect(last.headers.get('x-page')).toBeNull();
      seen.push(...fullPaths(last));
      next = last.links.next;
      if (next) {
        const cursor = new URL(next).searchParams.get('cursor');
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Object.keys(last.links)).toEqual(['next']);
      }
    }
    expect(seen).toEqual(['acme', 'globex', 'globex/research', 'acme/web']);
    expect(pages).toBe(5);
    expect(last?.body).toEqual([]);
    expect(last?.headers.get('link')).toBeNull();
  });

  it('refuses keyset pagination in another order (405), and rejects a forged cursor', async () => {
    const byId = await call('GET', '/groups?pagination=keyset&order_by=id&sort=asc', { as: null });
    expect(byId.status).toBe(405);
    expect(byId.body).toEqual({ error: 'Keyset pagination is not yet available for this type of request' });
    const forged = await call('GET', '/groups?pagination=keyset&order_by=name&sort=asc&cursor=nonsense', { as: null });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: 'cursor is invalid' });
  });

  it('gives signed-in callers offset pages even when they ask for keyset', async () => {
    const answer = await call('GET', '/groups?pagination=keyset&order_by=name&sort=asc&per_page=2');
    expect(answer.headers.get('x-total')).toBe('7');
    expect(answer.headers.get('x-next-page')).toBe('2');
  });
});

describe('group details and administrator-only fields', () => {
  it('statistics and custom attributes are for administrators only', async () => {
    const admin = await call('GET', '/groups?statistics=true&with_custom_attributes=true&per_page=1');
    expect((admin.body as object[])[0]).toHaveProperty('statistics');
    expect((admin.body as object[])[0]).toHaveProperty('custom_attributes');
    const owner = await call('GET', '/groups?statistics=true&with_custom_attributes=true&per_page=1', { as: 'owner' });
    expect((owner.body as object[])[0]).not.toHaveProperty('statistics');
    expect((owner.body as object[])[0]).not.toHaveProperty('custom_attributes');
  });

  it('embeds projects by default (deprecated), not with with_projects=false; runners_token only for owners', async () => {
    const full = await call('GET', '/groups/acme%2Fweb', { as: 'owner' });
    expect(full.status).toBe(200);
    expect(full.body).toHaveProperty('projects');
    expect(full.body).toHaveProperty('shared_projects');
    expect(full.body).toHaveProperty('runners_token');
    expect(full.body).toMatchObject({
      shared_with_groups: [
        { group_id: id('globex'), group_full_path: 'globex', group_access_level: 30, expires_at: null },
      ],
    });
    const lean = await call('GET', '/groups/acme%2Fweb?with_projects=false', { as: 'developer' });
    expect(lean.body).not.toHaveProperty('projects');
    expect(lean.body).not.toHaveProperty('runners_token');
    const hidden = await call('GET', '/groups/initech', { as: 'developer' });
    expect(hidden).toMatchObject({ status: 404, body: { message: '404 Group Not Found' } });
    const anonymous = await call('GET', '/groups/globex', { as: null });
    expect(anonymous.status).toBe(200);
  });

  it('serves the avatar, and 404 without one', async () => {
    const none = await call('GET', '/groups/globex/avatar', { as: null });
    expect(none).toMatchObject({ status: 404, body: { message: '404 Avatar Not Found' } });
    // Set-up by the store: an avatar of given bytes and type.
    (sandbox.store.findGroup('globex') as { avatar: unknown }).avatar = {
      filename: 'g.png',
      contentType: 'image/png',
      data: Buffer.from('png-bytes'),
    };
    const served = await call('GET', '/groups/globex/avatar', { as: null });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.text).toBe('png-bytes');
  });

  it('takes an avatar by multipart PUT as projects do: an image of at most 200 KiB', async () => {
    const put = async (name: string, bytes: number) => {
      const form = new FormData();
      form.append('avatar', new Blob([Buffer.alloc(bytes, 1)], { type: 'image/png' }), name);
      const { status, body } = await raw('PUT', '/groups/globex', { form });
      return { status, body: body as { avatar_url?: string; message?: unknown } };
    };
    expect(await put('big.png', 200 * 1024 + 1)).toEqual({
      status: 400,
      body: { message: { avatar: ['is too big (should be at most 200 KiB)'] } },
    });
    expect((await put('logo.txt', 10)).body).toEqual({
      message: { avatar: [expect.stringMatching(/^file format is not supported/)] },
    });
    expect((await call('GET', '/groups/globex')).body.avatar_url).toBeNull();
    const fits = await put('logo.png', 200 * 1024);
    expect(fits.status).toBe(200);
    expect(fits.body.avatar_url).toMatch(/logo\.png$/);
  });
});

describe('group projects', () => {
  it('includes projects shared with the group (with their own namespace) unless with_shared=false', async () => {
    expect(
      (
        await call('POST', '/projects/globex%2Fhandbook/share', {
          body: { group_id: id('acme/platform'), group_access: 30 },
        })
      ).status,
    ).toBe(201);
    const all = await call('GET', '/groups/acme%2Fplatform/projects?per_page=100');
    const paths = (all.body as Array<{ path_with_namespace: string; namespace: { full_path: string } }>).map((p) => [
      p.path_with_namespace,
      p.namespace.full_path,
    ]);
    expect(paths).toContainEqual(['globex/handbook', 'globex']);
    const own = await call('GET', '/groups/acme%2Fplatform/projects?per_page=100&with_shared=false');
    expect(
      (own.body as Array<{ namespace: { full_path: string } }>).every((p) => p.namespace.full_path === 'acme/platform'),
    ).toBe(true);
    const shared = await call('GET', '/groups/acme%2Fplatform/projects/shared');
    expect((shared.body as Array<{ path_with_namespace: string }>).map((p) => p.path_with_namespace)).toEqual([
      'globex/handbook',
    ]);
  });

  it('validates the filters as the service does', async () => {
    const similarity = await call('GET', '/groups/acme/projects/shared?order_by=similarity');
    expect(similarity).toMatchObject({ status: 400, body: { error: 'order_by does not have a valid value' } });
    const level = await call('GET', '/groups/acme/projects?min_access_level=35');
    expect(level).toMatchObject({ status: 400, body: { error: 'min_access_level does not have a valid value' } });
    const anonymous = await call('GET', '/groups/acme%2Fweb/projects', { as: null });
    // Anonymous callers get public projects in their simple shape.
    const items = anonymous.body as Array<Record<string, unknown>>;
    expect(items).toHaveLength(1);
    expect(items.every((p) => !('visibility' in p))).toBe(true);
  });
});

describe('provisioned users', () => {
  it('need a signed-in Maintainer or above', async () => {
    expect((await call('GET', '/groups/acme/provisioned_users', { as: null })).status).toBe(401);
    expect(await call('GET', '/groups/acme/provisioned_users', { as: 'developer' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const maintainer = await call('GET', '/groups/acme/provisioned_users?blocked=true', { as: 'maintainer' });
    expect((maintainer.body as Array<{ username: string }>).map((u) => u.username)).toEqual(['quinn.provisioned']);
    expect(maintainer.headers.get('x-total')).toBe('1');
  });
});

describe('create, update, delete, restore, transfer', () => {
  /** A subgroup a test changes, made through the API by `as` (its owner then). */
  const subgroup = async (path: string, parent: string | null, as: SandboxRole = 'maintainer') => {
    const made = await call('POST', '/groups', {
      as,
      body: { name: path, path, ...(parent ? { parent_id: id(parent) } : {}) },
    });
    expect(made.status).toBe(201);
  };

  it('POST /groups: required parameters, taken paths, invalid values, rights', async () => {
    expect(await call('POST', '/groups', { body: {} })).toMatchObject({
      status: 400,
      body: { error: 'name is missing, path is missing' },
    });
    // lib/api/groups.rb (pavankalisetti009/gitlab @2189ef3a): "Failed to save group #{group.errors.messages}".
    expect(await call('POST', '/groups', { body: { name: 'Acme', path: 'acme' } })).toMatchObject({
      status: 400,
      body: { message: 'Failed to save group {:path=>["has already been taken"]}' },
    });
    // A user namespace holds the path too.
    expect(await call('POST', '/groups', { body: { name: 'Root', path: 'root' } })).toMatchObject({
      status: 400,
      body: { message: 'Failed to save group {:path=>["has already been taken"]}' },
    });
    expect(await call('POST', '/groups', { body: { name: 'X', path: 'x.git' } })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Failed to save group \{:path=>\["can contain only letters/) },
    });
    expect(
      await call('POST', '/groups', { body: { name: 'X', path: 'x', project_creation_level: 'all' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'project_creation_level does not have a valid value' },
    });
    expect((await call('POST', '/groups', { as: null, body: { name: 'X', path: 'x' } })).status).toBe(401);
    // External users cannot create top-level groups; administrators-only attributes are refused to others.
    expect((await call('POST', '/groups', { as: 'external', body: { name: 'X', path: 'x' } })).status).toBe(403);
    expect(
      (
        await call('POST', '/groups', {
          as: 'owner',
          body: { name: 'X', path: 'x', extra_shared_runners_minutes_limit: 5 },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/groups/x')).status).toBe(404);
  });

  it('POST /groups with parent_id: Maintainer by default, Owner when subgroup_creation_level is owner', async () => {
    const made = await call('POST', '/groups', {
      as: 'maintainer',
      body: { name: 'Tools', path: 'tools', parent_id: id('acme') },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      full_path: 'acme/tools',
      parent_id: id('acme'),
      visibility: 'private',
      projects: [],
    });
    // Its maker (max, the maintainer) is its Owner.
    expect((await call('GET', `/groups/acme%2Ftools/members/${ids.user('max')}`)).body).toMatchObject({
      username: 'max',
      access_level: 50,
    });

    const update = await call('PUT', '/groups/acme', { as: 'owner', body: { subgroup_creation_level: 'owner' } });
    expect(update.status).toBe(200);
    expect(
      (await call('POST', '/groups', { as: 'maintainer', body: { name: 'More', path: 'more', parent_id: id('acme') } }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/groups', { as: 'owner', body: { name: 'More', path: 'more', parent_id: id('acme') } }))
        .status,
    ).toBe(201);
    await call('PUT', '/groups/acme', { as: 'owner', body: { subgroup_creation_level: 'maintainer' } });
    expect((await call('POST', '/groups', { body: { name: 'Lost', path: 'lost', parent_id: 999999 } })).status).toBe(
      404,
    );
  });

  it('PUT /groups/:id: owners only; path changes re-index the group and what is below it', async () => {
    await subgroup('tools', 'acme/platform');
    expect(
      await call('PUT', '/groups/acme%2Fplatform%2Ftools', { as: 'developer', body: { description: 'x' } }),
    ).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const renamed = await call('PUT', '/groups/acme%2Fplatform%2Ftools', {
      as: 'maintainer',
      body: { path: 'tooling' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ full_path: 'acme/platform/tooling', projects: [] });
    expect((await call('GET', '/groups/acme%2Fplatform%2Ftooling')).body).toMatchObject({
      full_path: 'acme/platform/tooling',
    });
    // The old path redirects to the new (GitLab's RedirectRoute).
    expect(await raw('GET', '/groups/acme%2Fplatform%2Ftools')).toMatchObject({ status: 301 });
    const visibility = await call('PUT', '/groups/acme%2Fplatform%2Ftooling', { body: { visibility: 'public' } });
    expect(visibility).toMatchObject({
      status: 400,
      body: {
        message: { visibility_level: ['public is not allowed since the parent group has a internal visibility.'] },
      },
    });
  });

  it('DELETE marks for deletion on the day (202), as GitLab dates the mark; permanently_remove with the full path removes it', async () => {
    // The deletion's job runs by the sandbox's clock, stopped here: it is done only when settled.
    const now = Date.now();
    sandbox.store.now = () => now;
    await subgroup('tooling', 'acme');
    await subgroup('more', 'acme');
    const marked = await call('DELETE', '/groups/acme%2Ftooling', { as: 'maintainer' });
    expect(marked).toMatchObject({ status: 202, body: { message: '202 Accepted' } });
    expect((await call('GET', '/groups/acme%2Ftooling')).body.marked_for_deletion_on).toBe(
      new Date(now).toISOString().slice(0, 10),
    );
    expect(await call('DELETE', '/groups/acme%2Ftooling')).toMatchObject({
      status: 400,
      body: { message: 'Group has been already marked for deletion' },
    });
    expect(await call('DELETE', '/groups/acme%2Ftooling?permanently_remove=true&full_path=tooling')).toMatchObject({
      status: 400,
      body: { message: '`full_path` is incorrect. You must enter the complete path for the group.' },
    });
    expect(await call('DELETE', '/groups/acme%2Fmore?permanently_remove=true&full_path=acme%2Fmore')).toMatchObject({
      status: 400,
      body: { message: 'Group must be marked for deletion first.' },
    });
    expect(await call('POST', '/groups/acme%2Fmore/restore')).toMatchObject({
      status: 400,
      body: { message: 'Group has not been marked for deletion' },
    });
    const restored = await call('POST', '/groups/acme%2Ftooling/restore');
    expect(restored).toMatchObject({ status: 201, body: { marked_for_deletion_on: null } });
    await call('DELETE', '/groups/acme%2Ftooling');
    const removed = await call('DELETE', '/groups/acme%2Ftooling?permanently_remove=true&full_path=acme%2Ftooling');
    expect(removed.status).toBe(202);
    // Removed by a background job (--delete-duration): it answers until the job is done.
    expect((await call('GET', '/groups/acme%2Ftooling')).status).toBe(200);
    sandbox.store.deletions.settle(now + sandbox.store.deletions.durationMs);
    expect((await call('GET', '/groups/acme%2Ftooling')).status).toBe(404);
  });

  it('POST /groups/:id/transfer: errors as the service words them', async () => {
    await subgroup('more', 'acme');
    const fail = (message: string) => ({ status: 400, body: { message: `Transfer failed: ${message}` } });
    expect(
      await call('POST', '/groups/acme/transfer', { body: { group_id: id('acme/platform/infra') } }),
    ).toMatchObject(fail('Cannot transfer group to one of its subgroup.'));
    expect(await call('POST', '/groups/acme/transfer')).toMatchObject(fail('Group is already a root group.'));
    expect(await call('POST', '/groups/acme%2Fmore/transfer', { body: { group_id: id('acme') } })).toMatchObject(
      fail('Group is already associated to the parent group.'),
    );
    await call('POST', '/groups', { body: { name: 'More', path: 'more', parent_id: id('globex') } });
    expect(await call('POST', '/groups/acme%2Fmore/transfer', { body: { group_id: id('globex') } })).toMatchObject(
      fail('The parent group already has a subgroup or a project with the same path.'),
    );
    expect(await call('POST', '/groups/acme%2Fmore/transfer', { body: { group_id: 999999 } })).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
    expect(await call('POST', '/groups/acme%2Fmore/transfer', { body: { group_id: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'group_id is invalid' },
    });
    const top = await call('POST', '/groups/acme%2Fmore/transfer', { as: 'owner' });
    expect(top).toMatchObject({ status: 201, body: { full_path: 'more', parent_id: null } });
  });

  it('PUT /groups/:id: a visibility not offered is 400 for a Developer too, before the role', async () => {
    const answer = await call('PUT', '/groups/acme%2Fplatform', { as: 'developer', body: { visibility: 'secret' } });
    expect([answer.status, answer.body]).toEqual([400, { error: 'visibility does not have a valid value' }]);
  });

  it('POST /groups/:id/transfer: a group_id that is no integer is 400 for a Developer too, before the role', async () => {
    // lib/api/groups.rb (pavankalisetti009/gitlab @2189ef3a): `optional :group_id, type: Integer`.
    const answer = await call('POST', '/groups/acme%2Fplatform/transfer', { as: 'developer', body: { group_id: 'x' } });
    expect([answer.status, answer.body]).toEqual([400, { error: 'group_id is invalid' }]);
  });

  it('POST /groups/:id/projects/:project_id is for administrators', async () => {
    await subgroup('more', null, 'admin');
    expect((await call('POST', '/groups/more/projects/acme%2Fweb%2Fstorefront', { as: 'owner' })).status).toBe(403);
    const moved = await call('POST', '/groups/more/projects/acme%2Fweb%2Fstorefront');
    expect(moved).toMatchObject({ status: 201, body: { full_path: 'more' } });
    // public project, private group: the project's visibility comes down with it.
    expect((await call('GET', '/projects/more%2Fstorefront')).body.visibility).toBe('private');
  });
});

describe('LDAP group links', () => {
  it('checks exactly one of cn and filter, then provider and group_access, as Grape reports them', async () => {
    expect(await call('POST', '/groups/acme/ldap_group_links', { body: {} })).toMatchObject({
      status: 400,
      body: {
        error:
          'group_access is missing, provider is missing, cn, filter are missing, exactly one parameter must be provided',
      },
    });
    expect(
      await call('POST', '/groups/acme/ldap_group_links', {
        body: { cn: 'a', filter: '(a=b)', provider: 'p', group_access: 30 },
      }),
    ).toMatchObject({ status: 400, body: { error: 'cn, filter are mutually exclusive' } });
    expect(
      await call('POST', '/groups/acme/ldap_group_links', { body: { cn: 'a', provider: 'p', group_access: 31 } }),
    ).toMatchObject({ status: 400, body: { error: 'group_access does not have a valid value' } });
    expect(await call('DELETE', '/groups/acme/ldap_group_links?cn=a')).toMatchObject({
      status: 400,
      body: { error: 'provider is missing' },
    });
    expect(await call('GET', '/groups/acme/ldap_group_links')).toMatchObject({
      status: 404,
      body: { message: 'No linked LDAP groups found' },
    });
  });

  it('takes Minimal Access (5) as group_access and refuses No access (0), as values_with_minimal_access does', async () => {
    expect(
      await call('POST', '/groups/acme/ldap_group_links', {
        body: { cn: 'guests', provider: 'main', group_access: 5 },
      }),
    ).toMatchObject({ status: 201, body: { cn: 'guests', provider: 'main', group_access: 5 } });
    expect(
      await call('POST', '/groups/acme/ldap_group_links', { body: { cn: 'none', provider: 'main', group_access: 0 } }),
    ).toMatchObject({ status: 400, body: { error: 'group_access does not have a valid value' } });
  });

  it('adds, finds duplicates, and deletes with every form', async () => {
    expect(
      await call('POST', '/groups/acme/ldap_group_links', { body: { cn: 'devs', provider: 'main', group_access: 30 } }),
    ).toMatchObject({ status: 201, body: { cn: 'devs', provider: 'main', group_access: 30, filter: null } });
    expect(
      await call('POST', '/groups/acme/ldap_group_links', { body: { cn: 'devs', provider: 'main', group_access: 40 } }),
    ).toMatchObject({ status: 409, body: { message: 'Cn has already been taken' } });
    await call('POST', '/groups/acme/ldap_group_links', { body: { cn: 'devs', provider: 'other', group_access: 20 } });
    await call('POST', '/groups/acme/ldap_group_links', {
      body: { filter: '(ou=x)', provider: 'main', group_access: 10 },
    });
    expect((await call('DELETE', '/groups/acme/ldap_group_links/other/devs')).status).toBe(204);
    expect((await call('DELETE', '/groups/acme/ldap_group_links/devs')).status).toBe(204);
    expect(await call('DELETE', '/groups/acme/ldap_group_links/devs')).toMatchObject({
      status: 404,
      body: { message: 'Linked LDAP group not found' },
    });
    expect((await call('DELETE', '/groups/acme/ldap_group_links?filter=(ou%3Dx)&provider=main')).status).toBe(204);
    expect(await call('GET', '/groups/acme/ldap_group_links')).toMatchObject({
      status: 404,
      body: { message: 'No linked LDAP groups found' },
    });
    expect(await call('POST', '/groups/acme/ldap_sync', { as: 'owner' })).toMatchObject({
      status: 202,
      body: { message: '202 Accepted' },
    });
    expect((await call('POST', '/groups/acme/ldap_sync', { as: 'maintainer' })).status).toBe(403);
  });
});
