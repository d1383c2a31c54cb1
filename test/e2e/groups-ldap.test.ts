import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab groups ldap-links and ldap-sync against the sandbox (a self-managed instance with LDAP). */
describe('collab groups: LDAP', () => {
  const { collab, sandbox, call } = useSandbox({ seed: 12 });
  const links = (path: string) => sandbox.store.findGroup(path)?.ldap_links ?? [];

  it('lists no links as an empty list (the service answers 404 for that)', async () => {
    const table = await collab(['groups', 'ldap-links', 'list', 'acme'], { as: 'owner' });
    expect(table).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const json = await collab(['groups', 'ldap-links', 'list', 'acme', '--json'], { as: 'owner' });
    expect(json.json()).toEqual([]);
    // A missing group is still a 404.
    const missing = await collab(['groups', 'ldap-links', 'list', 'acme/none']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toBe(
      'error: 404 Group Not Found (GET /groups/acme/none/ldap_group_links)\nhint: no group with that path or ID, or not one this token can see: check it (`collab groups list --search <name>`)\n',
    );
  });

  it('adds links by cn and by filter, and lists them', async () => {
    const byCn = await collab(
      ['groups', 'ldap-links', 'add', 'acme', '--cn', 'engineers', '--provider', 'ldapmain', '--access', 'developer'],
      { as: 'owner' },
    );
    expect(byCn.exitCode).toBe(0);
    expect(byCn.stderr).toBe('linked LDAP group engineers (ldapmain) to group acme as developer\n');
    // Piped text keeps the service's access level; a terminal names it.
    expect(byCn.stdout).toBe('engineers\t\tldapmain\t30\n');
    const byFilter = await collab(
      [
        'groups',
        'ldap-links',
        'add',
        'acme',
        '--filter',
        '(ou=ops)',
        '--provider',
        'ldapmain',
        '--access',
        '20',
        '--json',
      ],
      { as: 'owner' },
    );
    expect(byFilter.exitCode).toBe(0);
    expect(byFilter.json()).toEqual({
      cn: null,
      filter: '(ou=ops)',
      provider: 'ldapmain',
      group_access: 20,
      member_role_id: null,
    });
    expect(links('acme')).toEqual([
      { cn: 'engineers', filter: null, provider: 'ldapmain', group_access: 30 },
      { cn: null, filter: '(ou=ops)', provider: 'ldapmain', group_access: 20 },
    ]);

    const list = await collab(['groups', 'ldap-links', 'list', 'acme'], { as: 'owner' });
    expect(list.stdout).toBe('engineers\t\tldapmain\t30\n\t(ou=ops)\tldapmain\t20\n');
    const terminal = await collab(['groups', 'ldap-links', 'list', 'acme'], { as: 'owner', tty: true });
    expect(terminal.stdout).toMatch(/│ engineers +│ +│ ldapmain +│ developer +│/);

    const duplicate = await collab([
      'groups',
      'ldap-links',
      'add',
      'acme',
      '--cn',
      'engineers',
      '--provider',
      'ldapmain',
      '--access',
      'maintainer',
    ]);
    expect(duplicate.exitCode).toBe(5);
    expect(duplicate.stderr).toBe('error: 409 Cn has already been taken (POST /groups/acme/ldap_group_links)\n');
  });

  it('gives a link minimal access by name or number, and refuses no access (0) before sending', async () => {
    const byName = await collab(
      [
        'groups',
        'ldap-links',
        'add',
        'acme',
        '--cn',
        'readers',
        '--provider',
        'ldapmain',
        '--access',
        'minimal',
        '--json',
      ],
      { as: 'owner' },
    );
    expect(byName.exitCode, byName.stderr).toBe(0);
    expect(byName.json()).toMatchObject({ cn: 'readers', group_access: 5 });
    const byNumber = await collab(
      ['groups', 'ldap-links', 'add', 'acme', '--cn', 'others', '--provider', 'ldapmain', '--access', '5'],
      { as: 'owner' },
    );
    expect(byNumber.exitCode, byNumber.stderr).toBe(0);
    expect(links('acme').map((l) => [l.cn, l.group_access])).toEqual([
      ['readers', 5],
      ['others', 5],
    ]);
    const before = sandbox.stats.requests;
    const none = await collab([
      'groups',
      'ldap-links',
      'add',
      'acme',
      '--cn',
      'x',
      '--provider',
      'ldapmain',
      '--access',
      '0',
    ]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toBe(
      'error: --access: invalid access level "0": must be a role: minimal (5), guest (10), planner (15), reporter (20), developer (30), maintainer (40), owner (50)\nhint: see `collab groups ldap-links add --help`\n',
    );
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses a link without exactly one of --cn and --filter, or without --provider or --access, before sending', async () => {
    const before = sandbox.stats.requests;
    const cases: Array<[string[], string]> = [
      [
        ['add', 'acme', '--provider', 'ldapmain', '--access', '30'],
        'error: missing --cn or --filter\nhint: give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>\n',
      ],
      [
        ['add', 'acme', '--cn', 'a', '--filter', '(a=b)', '--provider', 'ldapmain', '--access', '30'],
        'error: --cn and --filter cannot be used together\nhint: give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>\n',
      ],
      [
        ['add', 'acme', '--cn', 'a', '--access', '30'],
        "error: required option '--provider <text>' not specified\nhint: --provider <text>: the LDAP provider (server) of the link; see `collab groups ldap-links add --help`\n",
      ],
      [
        ['add', 'acme', '--cn', 'a', '--provider', 'ldapmain'],
        "error: required option '--group-access <level>' not specified\nhint: --group-access <level>: the role members of the LDAP group get, minimal access too (also --access); see `collab groups ldap-links add --help`\n",
      ],
      [
        ['remove', 'acme', '--provider', 'ldapmain'],
        'error: missing --cn or --filter\nhint: give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>\n',
      ],
      [
        ['remove', 'acme', '--cn', 'a', '--filter', '(a=b)', '--provider', 'ldapmain'],
        'error: --cn and --filter cannot be used together\nhint: give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>\n',
      ],
      [
        ['remove', 'acme', '--cn', 'a'],
        'error: missing --provider\nhint: name the LDAP server of the link, e.g. --provider ldapmain\n',
      ],
      [
        ['remove', 'acme', '--filter', '(a=b)', '--legacy-path'],
        'error: --filter cannot be used with --legacy-path\nhint: the deprecated paths name a link by --cn only\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await collab(['groups', 'ldap-links', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toBe(stderr);
    }
    const level = await collab([
      'groups',
      'ldap-links',
      'add',
      'acme',
      '--cn',
      'a',
      '--provider',
      'p',
      '--access',
      'admin',
    ]);
    expect(level.exitCode).toBe(2);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('removes links by cn or filter with the provider, and with the deprecated paths only when asked', async () => {
    for (const link of [
      { cn: 'engineers', group_access: 30 },
      { filter: '(ou=ops)', group_access: 20 },
    ]) {
      expect(
        (await call('POST', '/groups/acme/ldap_group_links', { json: { ...link, provider: 'ldapmain' } })).status,
      ).toBe(201);
    }
    const dry = await collab([
      'groups',
      'ldap-links',
      'remove',
      'acme',
      '--filter',
      '(ou=ops)',
      '--provider',
      'ldapmain',
      '--dry-run',
    ]);
    expect(dry.stdout).toBe(
      `DELETE ${sandbox.url}/api/v4/groups/acme/ldap_group_links?filter=(ou%3Dops)&provider=ldapmain\n`,
    );
    expect(links('acme')).toHaveLength(2);

    const byFilter = await collab(
      ['groups', 'ldap-links', 'remove', 'acme', '--filter', '(ou=ops)', '--provider', 'ldapmain'],
      { as: 'owner' },
    );
    expect(byFilter.exitCode).toBe(0);
    expect(byFilter.stderr).toBe('removed the link of LDAP filter (ou=ops) (ldapmain) from group acme\n');
    expect(links('acme').map((l) => l.cn)).toEqual(['engineers']);

    const gone = await collab([
      'groups',
      'ldap-links',
      'remove',
      'acme',
      '--filter',
      '(ou=ops)',
      '--provider',
      'ldapmain',
    ]);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toMatch(/^error: 404 Linked LDAP group not found/);

    const legacyByCn = await collab(
      ['groups', 'ldap-links', 'remove', 'acme', '--cn', 'engineers', '--legacy-path', '--verbose'],
      { as: 'owner' },
    );
    expect(legacyByCn.exitCode).toBe(0);
    expect(legacyByCn.stderr).toContain('< 204 DELETE /groups/acme/ldap_group_links/engineers');
    expect(links('acme')).toEqual([]);

    await collab([
      'groups',
      'ldap-links',
      'add',
      'acme',
      '--cn',
      'ops team',
      '--provider',
      'ldapsecondary',
      '--access',
      'reporter',
      '-q',
    ]);
    const legacyWithProvider = await collab([
      'groups',
      'ldap-links',
      'remove',
      'acme',
      '--cn',
      'ops team',
      '--provider',
      'ldapsecondary',
      '--legacy-path',
      '--verbose',
    ]);
    expect(legacyWithProvider.exitCode).toBe(0);
    expect(legacyWithProvider.stderr).toContain('< 204 DELETE /groups/acme/ldap_group_links/ldapsecondary/ops%20team');
    expect(links('acme')).toEqual([]);
  });

  it('answers 403 to a non-owner for every LDAP operation', async () => {
    const operations = [
      ['ldap-links', 'list', 'acme'],
      ['ldap-links', 'add', 'acme', '--cn', 'x', '--provider', 'ldapmain', '--access', '10'],
      ['ldap-links', 'remove', 'acme', '--cn', 'x', '--provider', 'ldapmain'],
      ['ldap-sync', 'acme'],
    ];
    for (const args of operations) {
      const result = await collab(['groups', ...args], { as: 'maintainer' });
      expect(result.exitCode, args.join(' ')).toBe(3);
      expect(result.stderr, args.join(' ')).toMatch(/^error: 403 Forbidden/);
    }
    expect(links('acme')).toEqual([]);
  });

  it('queues an LDAP sync (202)', async () => {
    const result = await collab(['groups', 'ldap-sync', 'acme', '--verbose'], { as: 'owner' });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('< 202 POST /groups/acme/ldap_sync');
    expect(result.stderr).toContain(
      'LDAP sync of group acme queued: the service updates its members in the background\n',
    );
    const dry = await collab(['groups', 'ldap-sync', 'acme', '--dry-run']);
    expect(dry.stdout).toBe(`POST ${sandbox.url}/api/v4/groups/acme/ldap_sync\n`);
    const missing = await collab(['groups', 'ldap-sync', 'acme/none']);
    expect(missing.exitCode).toBe(4);
  });
});
