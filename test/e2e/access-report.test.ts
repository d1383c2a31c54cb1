import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { addSandboxUser as addUser } from '../helpers/sandbox-users.js';

/**
 * collab access-report against a seeded world with every source of a role: direct memberships,
 * groups above, a project shared with a subgroup whose parent has members, a group share, an
 * expired share, a Minimal Access membership, a blocked user and a bot. Its answer is held to the
 * service's own members/all for every user and every project and group below acme.
 */

interface Row {
  type: 'project' | 'group';
  path: string;
  username: string;
  state: string;
  access_level: number;
  source: string;
  source_group: string | null;
  share_access_level: number | null;
  expires_at: string | null;
}

describe('collab access-report', () => {
  const { collab, sandbox, call, getJson } = useSandbox({ seed: 20 });
  const ok = async (method: string, path: string, json: Record<string, unknown>) => {
    const answer = await call(method, path, { json });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.body;
  };

  beforeEach(async () => {
    const store = sandbox.store;
    const contractor = addUser(store, 'contractor');
    const blocked = addUser(store, 'gone', { state: 'blocked' });
    const bot = addUser(store, 'ci-bot', { bot: true });
    const partners = await ok('POST', '/groups', { name: 'Partners', path: 'partners' });
    const eu = await ok('POST', '/groups', { name: 'EU', path: 'eu', parent_id: partners.id });
    await ok('POST', `/groups/${partners.id}/members`, { user_id: await idOf('xena'), access_level: 40 });
    await ok('POST', `/groups/${eu.id}/members`, { user_id: contractor.id, access_level: 50 });
    // A project shared with a subgroup: its members and its parent's, at most reporter.
    await ok('POST', '/projects/acme%2Fweb%2Fstorefront/share', { group_id: eu.id, group_access: 20 });
    // A group shared: every project below acme/platform, at most maintainer.
    await ok('POST', '/groups/acme%2Fplatform/share', {
      group_id: partners.id,
      group_access: 40,
      expires_at: '2099-12-31',
    });
    // An expired share gives nothing; the API refuses a past date, so it is set in the store.
    await ok('POST', '/groups/acme%2Fweb/share', { group_id: eu.id, group_access: 50, expires_at: '2099-01-01' });
    const web = store.findGroup('acme/web');
    for (const share of web?.shares ?? []) if (share.group_id === eu.id) share.expires_at = '2020-01-01';
    // Direct memberships, one above the inherited role, one with an expiry.
    await ok('POST', '/projects/acme%2Fweb%2Fdesign-system/members', { user_id: await idOf('rui'), access_level: 40 });
    await ok('POST', '/projects/acme%2Fweb%2Fstorefront/members', {
      user_id: blocked.id,
      access_level: 10,
      expires_at: '2099-06-30',
    });
    await ok('POST', '/projects/acme%2Fplatform%2Fapi/members', { user_id: bot.id, access_level: 30 });
    // Minimal Access in acme: a member of the group, of none of its projects.
    await ok('POST', '/groups/acme/members', { user_id: contractor.id, access_level: 5 });
  });

  async function idOf(username: string): Promise<number> {
    return (await getJson(`/users?username=${username}`))[0].id;
  }

  it('holds every project’s and group’s effective roles to the service’s members/all', async () => {
    const result = await collab(['access-report', 'acme', '--include-groups', '--json']);
    expect(result.exitCode).toBe(0);
    const rows = result.json<Row[]>();
    const projects: Array<{ id: number; path_with_namespace: string }> = await getJson(
      '/groups/acme/projects?include_subgroups=true&with_shared=false&per_page=100',
    );
    const groups: Array<{ id: number; full_path: string }> = [
      await getJson('/groups/acme'),
      ...(await getJson('/groups/acme/descendant_groups?per_page=100')),
    ];
    expect(projects.length).toBeGreaterThan(5);
    const targets = [
      ...projects.map((p) => ({ type: 'project', path: p.path_with_namespace, id: p.id })),
      ...groups.map((g) => ({ type: 'group', path: g.full_path, id: g.id })),
    ];
    for (const target of targets) {
      const all: Array<{ username: string; access_level: number }> = await getJson(
        `/${target.type}s/${target.id}/members/all?per_page=100`,
      );
      const served = Object.fromEntries(
        all.filter((m) => target.type === 'group' || m.access_level >= 10).map((m) => [m.username, m.access_level]),
      );
      const reported = Object.fromEntries(
        rows.filter((r) => r.type === target.type && r.path === target.path).map((r) => [r.username, r.access_level]),
      );
      expect(reported, `${target.type} ${target.path}`).toEqual(served);
    }
    expect(new Set(rows.map((r) => r.path))).toEqual(new Set(targets.map((t) => t.path)));

    const row = (path: string, username: string) => rows.find((r) => r.path === path && r.username === username);
    expect(row('acme/web/storefront', 'contractor')).toMatchObject({
      access_level: 20,
      source: 'share',
      source_group: 'partners/eu',
      share_access_level: 20,
    });
    // xena is a member of partners, the parent of the invited group.
    expect(row('acme/web/storefront', 'xena')).toMatchObject({
      access_level: 20,
      source: 'share',
      source_group: 'partners/eu',
    });
    expect(row('acme/platform/api', 'xena')).toMatchObject({
      access_level: 40,
      source: 'share',
      source_group: 'partners',
      expires_at: '2099-12-31',
    });
    expect(row('acme/web/design-system', 'rui')).toMatchObject({ access_level: 40, source: 'direct' });
    expect(row('acme/web/design-system', 'dana')).toMatchObject({
      access_level: 30,
      source: 'inherited',
      source_group: 'acme',
    });
    expect(row('acme/web/storefront', 'gone')).toMatchObject({
      state: 'blocked',
      access_level: 10,
      expires_at: '2099-06-30',
    });
    expect(row('acme/platform/api', 'ci-bot')).toMatchObject({ state: 'bot', source: 'direct' });
    // Minimal Access: a row for the group, none for its projects; the expired share gives nothing.
    expect(row('acme', 'contractor')).toMatchObject({ access_level: 5, source: 'direct' });
    expect(rows.filter((r) => r.username === 'contractor' && r.type === 'project').map((r) => r.path)).toEqual([
      'acme/web/storefront',
    ]);
    expect(rows.filter((r) => r.username === 'contractor' && r.type === 'group').map((r) => r.access_level)).toEqual([
      5, 5, 5, 5,
    ]);
    // Computed from direct lists, never members/all, and said on stderr.
    expect(result.stderr).toMatch(
      /^\d+ rows for \d+ projects in \d+ groups; read with \d+ requests \([\d.]+ a project\)\n$/,
    );
  });

  it('reads the projects’ members in one GraphQL request, never members/all; --no-graphql one GET a project', async () => {
    const counts: Record<string, { projectReads: number; graphql: number }> = {};
    for (const args of [[], ['--no-graphql']]) {
      sandbox.resetStats();
      const result = await collab(['access-report', 'acme', '-o', 'ndjson', ...args]);
      expect(result.exitCode).toBe(0);
      // The request log is what the command sent (no endpoint shows it).
      const log = sandbox.requestLog;
      expect(log.filter((entry) => entry.path.includes('/members/all'))).toEqual([]);
      const said = /read with (\d+) requests/.exec(result.stderr);
      expect(Number(said?.[1])).toBe(log.length);
      counts[args.join(' ') || 'graphql'] = {
        projectReads: log.filter((entry) => /^\/api\/v4\/projects\/\d+\/members/.test(entry.path)).length,
        graphql: log.filter((entry) => entry.path === '/api/graphql').length,
      };
      expect(result.lines<Row>()).toHaveLength(Number(/^(\d+) rows/.exec(result.stderr)?.[1]));
    }
    const projects: unknown[] = await getJson('/groups/acme/projects?include_subgroups=true&per_page=100');
    expect(counts).toEqual({
      graphql: { projectReads: 0, graphql: 1 },
      '--no-graphql': { projectReads: projects.length, graphql: 0 },
    });
  });

  it('the report is the same byte for byte through GraphQL and --no-graphql (shares, inherited, blocked, bot)', async () => {
    for (const format of [['-o', 'csv'], ['--json'], ['--include-groups', '-o', 'csv']]) {
      const viaGraphql = await collab(['access-report', 'acme', ...format]);
      const viaRest = await collab(['access-report', 'acme', '--no-graphql', ...format]);
      expect(viaGraphql.exitCode).toBe(0);
      expect(viaRest.exitCode).toBe(0);
      expect(viaGraphql.stdout.length).toBeGreaterThan(100);
      expect(viaGraphql.stdout).toBe(viaRest.stdout);
    }
  });

  it('filters by user and role; -o csv is one header in a stable order, ISO dates', async () => {
    const dana = await collab(['access-report', 'acme', '--user', 'DANA', '--min-access', 'developer', '-o', 'csv']);
    expect(dana.exitCode).toBe(0);
    const lines = dana.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'type,path,id,user_id,username,name,state,access_level,role,source,source_group,share_access_level,expires_at',
    );
    expect(lines.slice(1).every((line) => line.split(',')[4] === 'dana')).toBe(true);
    expect(lines.filter((line) => line.startsWith('type,'))).toHaveLength(1);
    const owners = await collab(['access-report', 'acme', '--min-access', 'owner', '--json']);
    expect(owners.json<Row[]>().every((r) => r.access_level === 50)).toBe(true);
    const expiring = await collab(['access-report', 'acme', '--user', 'gone', '-o', 'csv']);
    expect(expiring.stdout).toMatch(/,blocked,10,guest,direct,,,2099-06-30\r\n$/);
    // A user with no access there: the auditor's file still has its header.
    const none = await collab(['access-report', 'globex', '--user', 'dana', '-o', 'csv']);
    expect([none.exitCode, none.stdout]).toEqual([
      0,
      'type,path,id,user_id,username,name,state,access_level,role,source,source_group,share_access_level,expires_at\r\n',
    ]);
  });

  it('--user naming nobody the service has is exit 4 with the username hint, not an empty report', async () => {
    const typo = await collab(['access-report', 'acme', '--user', 'nobody-here', '-o', 'csv']);
    expect([typo.exitCode, typo.stdout, typo.stderr.split('\n').slice(0, 2)]).toEqual([
      4,
      '',
      [
        'error: user nobody-here not found (access-report --user)',
        'hint: check the username (as in their profile URL), or find them with `collab users list --search nobody-here`',
      ],
    ]);
  });

  it('on a terminal: the source in words', async () => {
    const result = await collab(['access-report', 'acme/web', '--user', 'contractor'], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '160' },
    });
    expect(result.stdout).toContain('share with partners/eu (at most reporter)');
  });

  it('at 80 columns the source shows whole, wrapped where it must, never cut', async () => {
    const result = await collab(['access-report', 'acme/web'], { tty: true, env: { COLLAB_FORCE_TTY: '80' } });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[1]).toMatch(/│ SOURCE +│$/);
    expect(result.stdout).toMatch(/│ inherited from acme +│/);
    expect(result.stdout).toMatch(/│ share with partners\/eu +│\n│ .*│ \(at most reporter\) +│/);
    expect(result.stdout).not.toContain('…');
    expect(lines.every((line) => line.length <= 80)).toBe(true);
  });

  it('at 80 columns the source stays though it is the same on every row', async () => {
    const result = await collab(['access-report', 'acme/web', '--user', 'dana'], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(result.stdout).toMatch(/│ SOURCE +│\n/);
    expect(result.stdout).not.toContain('…');
    expect(result.stdout.match(/│ inherited from( acme)? +│\n/g)).toHaveLength(3);
  });

  it('an unknown group is exit 4; a bad role exit 2 before any request', async () => {
    const missing = await collab(['access-report', 'no-such-group']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('group no-such-group not found');
    sandbox.resetStats();
    const bad = await collab(['access-report', 'acme', '--min-access', 'boss']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--min-access');
    expect(sandbox.requestLog).toEqual([]);
  });
});
