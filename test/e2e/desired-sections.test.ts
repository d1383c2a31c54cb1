import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** The sections of collab.yaml end to end: what the service answers after apply, and no write on a second apply. */
const world = useDesiredWorlds();

describe('collab.yaml sections', () => {
  const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}`;
  it.each([
    {
      section: 'hooks',
      key: 'https://a.example.com/h',
      made: [{ url: 'https://a.example.com/h' }, { url: 'https://a.example.com/h', push_events: false }],
    },
    {
      section: 'badges',
      key: 'https://a.example.com/b',
      made: [
        { link_url: 'https://a.example.com/b', image_url: 'https://a.example.com/1.svg' },
        { link_url: 'https://a.example.com/b', image_url: 'https://a.example.com/2.svg' },
      ],
    },
    {
      section: 'remote_mirrors',
      key: 'https://mirror.example.com/a.git',
      made: [{ url: 'https://mirror.example.com/a.git' }, { url: 'https://mirror.example.com/a.git', enabled: true }],
    },
    {
      section: 'deploy_keys',
      key: 'CI deploy',
      made: [
        {
          title: 'CI deploy',
          key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBwTGsQyn6f8uBKdQKwvJtnNZw4eQHvNsVkG6ZV4c2JX ops@example',
        },
      ],
    },
  ])(
    '$section: enforce removing two of one key: two changes, two IDs, both removed',
    async ({ section, key, made }) => {
      const { collab, file, call, getJson } = await world();
      const path = `${storefront}/${section}`;
      for (const json of made) expect((await call('POST', path, { json })).status, section).toBe(201);
      const same = ((await getJson(path)) as { id: number; url?: string; link_url?: string; title?: string }[]).filter(
        (item) => [item.url, item.link_url, item.title].includes(key),
      );
      expect(same.length).toBe(2);
      const enforced = file(
        `version: 1\nprojects:\n  acme/web/storefront:\n    ${section}:\n      enforce: true\n      items: []\n`,
      );
      const plan = await collab(['plan', '-f', enforced, '-o', 'json']);
      expect(plan.exitCode, plan.stderr).toBe(8);
      const ids = plan.json<{ changes: Array<{ id: string }> }>().changes.map((c) => c.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          `project:acme/web/storefront ${section} ${key}`,
          `project:acme/web/storefront ${section} ${key} (ID ${same[1]?.id})`,
        ]),
      );
      const applied = await collab(['apply', '-f', enforced, '--yes']);
      expect(applied.exitCode, applied.stderr).toBe(0);
      const left = (await getJson(path)) as { url?: string; link_url?: string; title?: string }[];
      expect(left.filter((item) => [item.url, item.link_url, item.title].includes(key))).toEqual([]);
    },
  );

  it('hooks: additive, updated by URL, removed only with enforce (destructive: --yes); --rotate-secrets sends the token again', async () => {
    const { collab, file, sandbox, writes, served } = await world();
    const hooks = () => served.hooks('acme/web/storefront');
    const env = { T: 'token-one-1111' };
    const add = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: https://a.example.com/h\n        token: $' +
        '{env:T}\n      - url: https://b.example.com/h\n        issues_events: true\n',
    );
    expect((await collab(['apply', '-f', add, '--yes'], { env })).exitCode).toBe(0);
    expect((await hooks()).map((h) => [h.url, h.token, h.issues_events])).toEqual([
      ['https://a.example.com/h', 'token-one-1111', false],
      ['https://b.example.com/h', null, true],
    ]);
    const change = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: https://b.example.com/h\n        issues_events: false\n',
      'change.yaml',
    );
    expect((await collab(['apply', '-f', change, '--yes'])).exitCode).toBe(0);
    expect((await hooks()).map((h) => [h.url, h.issues_events])).toEqual([
      ['https://a.example.com/h', false],
      ['https://b.example.com/h', false],
    ]);
    const rotate = await collab(['apply', '-f', add, '--yes', '--rotate-secrets'], { env: { T: 'token-two-2222' } });
    expect(rotate.exitCode).toBe(0);
    expect((await hooks()).map((h) => h.token)).toEqual(['token-two-2222', null]);
    expect(rotate.stdout + rotate.stderr).not.toContain('token-two-2222');

    const enforce = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      enforce: true\n      items:\n        - url: https://b.example.com/h\n',
      'enforce.yaml',
    );
    const plan = await collab(['plan', '-f', enforce], { tty: true });
    expect(plan.stdout).toBe(
      '~ project acme/web/storefront\n    - hook https://a.example.com/h (destructive)\n\nsection  add  change  remove\nhooks      0       0       1\n',
    );
    sandbox.resetStats();
    const asked = await collab(['apply', '-f', enforce]);
    expect(asked.exitCode).toBe(2);
    expect(writes()).toEqual([]);
    expect((await collab(['apply', '-f', enforce, '--yes'])).exitCode).toBe(0);
    expect((await hooks()).map((h) => h.url)).toEqual(['https://b.example.com/h']);
  });

  it('shares: added by group path, a changed level shared again, others removed only with enforce', async () => {
    const { collab, file, sandbox, writes, served, idOf } = await world();
    /** acme/web's shares as the service shows them, in the order they were made. */
    const shares = async () =>
      ((await served.group('acme/web')).shared_with_groups as Array<Record<string, unknown>>).map(
        ({ group_id, group_access_level, expires_at }) => ({ group_id, group_access_level, expires_at }),
      );
    const globex = await idOf('groups', 'globex');
    const initech = await idOf('groups', 'initech');
    expect(await shares()).toEqual([{ group_id: globex, group_access_level: 30, expires_at: null }]);
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    shares:\n      enforce: true\n      items:\n        - group_id: globex\n          group_access: maintainer\n        - group_id: initech\n          group_access: 20\n          expires_at: "2031-01-31"\n',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.lines()).toEqual([
      {
        target: 'acme/web',
        kind: 'group',
        section: 'shares',
        key: 'globex',
        from: { group_access: 30, expires_at: null },
        to: { group_access: 40, expires_at: null },
        action: 'update',
      },
      {
        target: 'acme/web',
        kind: 'group',
        section: 'shares',
        key: 'initech',
        from: null,
        to: { group_access: 20, expires_at: '2031-01-31' },
        action: 'create',
      },
    ]);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    // A target's changes go out at once: the shares' order is the order they arrived in.
    expect((await shares()).sort((a, b) => (a.group_id as number) - (b.group_id as number))).toEqual([
      { group_id: globex, group_access_level: 40, expires_at: null },
      { group_id: initech, group_access_level: 20, expires_at: '2031-01-31' },
    ]);
    const only = file(
      'version: 1\ngroups:\n  acme/web:\n    shares:\n      enforce: true\n      items:\n        - group_id: initech\n          group_access: reporter\n          expires_at: "2031-01-31"\n',
      'only.yaml',
    );
    expect((await collab(['apply', '-f', only, '--yes'])).exitCode).toBe(0);
    expect((await shares()).map((s) => s.group_id)).toEqual([initech]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', only, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('shares: a group named in another case than its path is the share it has: no change, nothing removed', async () => {
    const { collab, file, sandbox, writes } = await world();
    // acme/web is shared with globex as a developer in the seed.
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    shares:\n      enforce: true\n      items:\n        - group_id: Globex\n          group_access: developer\n',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stdout).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('shares: a project shared with its own group or one above it, by path or by ID, is exit 2 at plan', async () => {
    const { collab, file, getJson, writes } = await world();
    const web = (await getJson('/groups/acme%2Fweb')).id as number;
    const refused = [];
    for (const group of ['acme', 'ACME/web', String(web)]) {
      const plan = await collab([
        'plan',
        '-f',
        file(
          `version: 1\nprojects:\n  acme/web/storefront:\n    shares:\n      - group_id: ${group}\n        group_access: developer\n`,
        ),
      ]);
      refused.push([
        plan.exitCode,
        /the group it is in or one of its ancestors, which GitLab refuses \(409\)/.test(plan.stderr),
      ]);
    }
    expect(refused).toEqual([
      [2, true],
      [2, true],
      [2, true],
    ]);
    const sibling = await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    shares:\n      - group_id: acme/platform\n        group_access: developer\n',
      ),
    ]);
    expect(sibling.exitCode, sibling.stderr).toBe(8);
    expect(writes()).toEqual([]);
  });

  it('shares: a project whose group will keep share_with_group_lock on is exit 2; the file turning it off plans and applies', async () => {
    const { collab, file, call, getJson } = await world();
    await call('PUT', '/groups/acme%2Fweb', { json: { share_with_group_lock: true } });
    const share = [
      '  acme/web/storefront:',
      '    shares:',
      '      - group_id: globex',
      '        group_access: developer',
    ];
    const locked = await collab(['plan', '-f', file(['version: 1', 'projects:', ...share, ''].join('\n'))]);
    expect(locked.exitCode).toBe(2);
    expect(locked.stderr).toContain(
      'shares: project acme/web/storefront with group globex: group acme/web has share_with_group_lock on, which keeps its projects from sharing (GitLab answers 400)',
    );
    const unlock = [
      'version: 1',
      'groups:',
      '  acme/web:',
      '    settings:',
      '      share_with_group_lock: false',
      'projects:',
      ...share,
      '',
    ].join('\n');
    const applied = await collab(['apply', '-f', file(unlock, 'unlock.yaml'), '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const project = await getJson(`/projects/${encodeURIComponent('acme/web/storefront')}`);
    expect(project.shared_with_groups.map((g: { group_full_path: string }) => g.group_full_path)).toEqual(['globex']);
  });

  it('shares: the file turning share_with_group_lock on in a group above refuses the project’s new share', async () => {
    const { collab, file } = await world();
    const lockAbove = [
      'version: 1',
      'groups:',
      '  acme:',
      '    settings:',
      '      share_with_group_lock: true',
      'projects:',
      '  acme/web/storefront:',
      '    shares:',
      '      - group_id: globex',
      '        group_access: developer',
      '',
    ].join('\n');
    const plan = await collab(['plan', '-f', file(lockAbove)]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain('group acme has share_with_group_lock on');
  });

  it('shares: a group under a root that keeps sharing inside it is exit 2 for a group outside; one inside applies', async () => {
    const { collab, file, call } = await world();
    await call('PUT', '/groups/acme', { json: { prevent_sharing_groups_outside_hierarchy: true } });
    const withGroup = (group: string) =>
      `version: 1\ngroups:\n  acme/web:\n    shares:\n      - group_id: ${group}\n        group_access: developer\n`;
    const outside = await collab(['plan', '-f', file(withGroup('initech'))]);
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toContain(
      'shares: group acme/web with group initech: acme keeps its groups from sharing outside it (prevent_sharing_groups_outside_hierarchy), which GitLab refuses (404)',
    );
    const inside = await collab(['apply', '-f', file(withGroup('acme/platform'), 'inside.yaml'), '--yes']);
    expect(inside.exitCode, inside.stdout + inside.stderr).toBe(0);
  });

  it('ldap_links: a link of minimal access applies as 5 and plans no change after; no access (0) is refused', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme/platform:\n    ldap_links:\n      - { cn: readers, provider: ldapmain, group_access: minimal }\n',
    );
    const apply = await collab(['apply', '-f', path, '--yes']);
    expect(apply.exitCode, apply.stdout + apply.stderr).toBe(0);
    expect(await getJson('/groups/acme%2Fplatform/ldap_group_links')).toEqual([
      expect.objectContaining({ cn: 'readers', provider: 'ldapmain', group_access: 5 }),
    ]);
    const again = await collab(['plan', '-f', path]);
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
    const none = await collab([
      'plan',
      '-f',
      file(
        'version: 1\ngroups:\n  acme/platform:\n    ldap_links:\n      - { cn: none, provider: ldapmain, group_access: 0 }\n',
        'none.yaml',
      ),
    ]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain(
      'ldap_links[0].group_access: invalid access level "0": must be a role: minimal (5), guest (10)',
    );
  });

  it('ldap_links: export writes a link of Minimal Access (5) as minimal, and its plan changes nothing', async () => {
    const { collab, call, file, writes, sandbox } = await world();
    const link = { cn: 'readers', provider: 'ldapmain', group_access: 5 };
    expect((await call('POST', '/groups/acme%2Fplatform/ldap_group_links', { json: link })).status).toBe(201);
    const exported = await collab(['export', 'acme/platform', '--sections', 'ldap_links']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/cn: readers\n\s+provider: ldapmain\n\s+group_access: minimal\n/);
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(exported.stdout)]);
    expect([plan.exitCode, plan.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
    expect(writes()).toEqual([]);
  });

  it('plans and applies the group and mirror sections, the credentials from the environment', async () => {
    const { collab, file, dir, sandbox, writes, served, getJson } = await world();
    writeFileSync(join(dir, 'logo.png'), Buffer.from('\x89PNG\r\n\x1a\nlogo', 'binary'));
    const env = { MIRROR_PASSWORD: 'mirror-pass-5555' };
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/platform:',
        '    settings: { description: "Platform, managed", lfs_enabled: false }',
        '    avatar: logo.png',
        '    ldap_links:',
        '      - { cn: platform-team, provider: ldapmain, group_access: developer }',
        'projects:',
        '  globex/handbook:',
        '    archived: true',
        '  acme/platform/api:',
        '    mirror:',
        '      import_url: https://mirror:$' + '{env:MIRROR_PASSWORD}@git.example.com/api.git',
        '      mirror_trigger_builds: true',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path], { env, tty: true });
    expect(plan.stdout).toBe(
      [
        '~ group acme/platform',
        '    ~ description: Platform team -> Platform, managed',
        '    ~ lfs_enabled: true -> false',
        '    + ldap_link ldapmain/platform-team {"cn":"platform-team","provider":"ldapmain","group_access":30}',
        '    + avatar: logo.png',
        '~ project acme/platform/api',
        '    ~ mirror.import_url: (none) -> https://mirror:$' + '{env:MIRROR_PASSWORD}@git.example.com/api.git',
        '    ~ mirror.mirror_trigger_builds: false -> true',
        '~ project globex/handbook',
        '    ~ archived: false -> true (destructive)',
        '',
        'section     add  change  remove',
        'settings      0       2       0',
        'ldap_links    1       0       0',
        'avatar        1       0       0',
        'mirror        0       2       0',
        'archived      0       1       0',
        '',
      ].join('\n'),
    );
    expect(plan.stdout).not.toContain('mirror-pass-5555');
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    const platform = await served.group('acme/platform');
    expect(platform).toMatchObject({ description: 'Platform, managed', lfs_enabled: false });
    expect(platform.avatar_url).toMatch(/\/logo\.png$/);
    expect(await getJson('/groups/acme%2Fplatform/ldap_group_links')).toEqual([
      expect.objectContaining({ cn: 'platform-team', provider: 'ldapmain', group_access: 30 }),
    ]);
    expect((await served.project('globex/handbook')).archived).toBe(true);
    expect(await served.project('acme/platform/api')).toMatchObject({
      import_url: 'https://git.example.com/api.git',
      mirror_trigger_builds: true,
    });
    // The API never shows an import URL's credentials: that they were sent is read from the store.
    expect(sandbox.store.findProject('acme/platform/api')?.attrs.import_url).toBe(
      'https://mirror:mirror-pass-5555@git.example.com/api.git',
    );
    sandbox.resetStats();
    const again = await collab(['apply', '-f', path], { env });
    expect(again.exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('a pull mirror whose password holds an @: applied once, then the plan is empty', async () => {
    const { collab, file, sandbox, writes, served } = await world();
    const env = { MIRROR_PASSWORD: 'pa@ss-5555' };
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/platform/api:',
        '    mirror:',
        '      import_url: https://mirror:$' + '{env:MIRROR_PASSWORD}@git.example.com/api.git',
        '',
      ].join('\n'),
    );
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect((await served.project('acme/platform/api')).import_url).toBe('https://git.example.com/api.git');
    sandbox.resetStats();
    const again = await collab(['apply', '-f', path, '--yes'], { env });
    expect(again.exitCode, again.stdout).toBe(0);
    expect(writes()).toEqual([]);
    expect(again.stdout + again.stderr).not.toMatch(/ss-5555/);
  });

  it("--rotate-secrets sends a pull mirror's new credentials in the project's PUT; without it nothing is sent", async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/platform/api:',
        '    mirror:',
        '      import_url: https://mirror:$' + '{env:MIRROR_PASSWORD}@git.example.com/api.git',
        '',
      ].join('\n'),
    );
    expect((await collab(['apply', '-f', path, '--yes'], { env: { MIRROR_PASSWORD: 'old-pass-1111' } })).exitCode).toBe(
      0,
    );
    sandbox.resetStats();
    const env = { MIRROR_PASSWORD: 'new-pass-2222' };
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);
    const rotated = await collab(['apply', '-f', path, '--yes', '--rotate-secrets'], { env });
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/v4/projects/2']);
    expect(sandbox.store.findProject('acme/platform/api')?.attrs.import_url).toBe(
      'https://mirror:new-pass-2222@git.example.com/api.git',
    );
    expect(rotated.stdout + rotated.stderr).not.toMatch(/pass-\d{4}/);
  });

  it('create: true makes a missing group and a project in it, settings in the create call, then its other sections', async () => {
    const { collab, file, sandbox, writes, served, idOf } = await world();
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/data:',
        '    create: true',
        '    settings: { visibility: internal, description: Data team }',
        'projects:',
        '  acme/data/warehouse:',
        '    create: true',
        '    settings: { description: The warehouse, merge_method: ff, initialize_with_readme: true }',
        '    push_rule: { deny_delete_tag: true }',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path], { tty: true });
    expect(plan.stdout).toBe(
      [
        '+ group acme/data',
        '    + create with {"visibility":"internal","description":"Data team"}',
        '+ project acme/data/warehouse',
        '    + create with {"description":"The warehouse","merge_method":"ff","initialize_with_readme":true}',
        '    + push_rule.deny_delete_tag: true',
        '',
        'section    add  change  remove',
        'create       2       0       0',
        'push_rule    1       0       0',
        '',
      ].join('\n'),
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v4/groups',
      'POST /api/v4/projects',
      `POST /api/v4/projects/acme%2Fdata%2Fwarehouse/push_rule`,
    ]);
    const group = await served.group('acme/data');
    expect(group).toMatchObject({
      visibility: 'internal',
      description: 'Data team',
      parent_id: await idOf('groups', 'acme'),
    });
    const project = await served.project('acme/data/warehouse');
    expect(project).toMatchObject({ description: 'The warehouse', namespace: { id: group.id }, merge_method: 'ff' });
    expect(await served.pushRule('acme/data/warehouse')).toEqual({ deny_delete_tag: true });
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('avatar: a file the service would refuse (its type, its size) is a usage error before anything is sent, as --avatar is', async () => {
    const { collab, file, dir, writes } = await world();
    writeFileSync(join(dir, 'logo.svg'), '<svg/>');
    writeFileSync(join(dir, 'huge.png'), Buffer.alloc(200 * 1024 + 1));
    for (const [name, problem] of [
      ['logo.svg', /avatar logo\.svg: expected an image file \(png, jpg, jpeg, gif, bmp, tiff, ico, webp\)/],
      ['huge.png', /avatar huge\.png: 204801 bytes, at most 204800 \(200 KiB\)/],
    ] as const) {
      const path = file(`version: 1\ngroups:\n  acme/platform:\n    avatar: ${name}\n`, `${name}.yaml`);
      const result = await collab(['apply', '-f', path, '--yes']);
      expect(result.exitCode).toBe(2);
      expect(result.stdout + result.stderr).toMatch(problem);
      expect(writes()).toEqual([]);
    }
  });

  it('avatar: a directory is refused when the file is checked, before any request, as --avatar refuses it', async () => {
    const { collab, file, dir, sandbox } = await world();
    mkdirSync(join(dir, 'logo.png'));
    const path = file('version: 1\ngroups:\n  acme/platform:\n    avatar: logo.png\n');
    sandbox.resetStats();
    const result = await collab(['plan', '-f', path]);
    expect([result.exitCode, sandbox.requestLog.length]).toEqual([2, 0]);
    expect(result.stderr).toContain(
      `${path}:4:13: groups["acme/platform"].avatar: cannot read the avatar file logo.png: it is a directory`,
    );
  });

  it('avatar: a missing file fails its target saying no such file, with the hint, exit 2, nothing written', async () => {
    const { collab, file, writes } = await world();
    const path = file('version: 1\ngroups:\n  acme/platform:\n    avatar: absent.png\n');
    const result = await collab(['apply', '-f', path, '--yes']);
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([
      2,
      'acme/platform\tfailed\tcannot read the avatar file absent.png: no such file\n',
      'hint for acme/platform: avatar: is a path relative to the desired-state file\nerror: 1 failed\n' +
        `hint: the journal ${path}.journal keeps what was done: fix the cause of the failures, then \`collab apply --resume\`\n`,
    ]);
    expect(writes()).toEqual([]);
  });

  it('--schema prints a JSON Schema made from the same tables', async () => {
    const { collab } = await world();
    const result = await collab(['apply', '--schema']);
    expect(result.exitCode).toBe(0);
    const schema = result.json<{
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required: string[];
    }>();
    expect(schema.required).toEqual(['version']);
    expect(Object.keys(schema.properties)).toEqual(['version', 'defaults', 'groups', 'projects']);
    const defaults = schema.properties.defaults?.properties as { settings: { properties: Record<string, unknown> } };
    const settings = defaults.settings.properties;
    expect(settings.merge_method).toEqual({ type: 'string', enum: ['merge', 'rebase_merge', 'ff'] });
    expect(settings.membership_lock).toEqual({ type: 'boolean' });
  });
});

describe('collab.yaml members', () => {
  it('adds by username, changes a level, and with enforce removes the others but never the caller', async () => {
    const { collab, file, sandbox, writes, getJson, call, idOf } = await world();
    /** acme/web's direct members as the service lists them: [username, access level, expiry]. */
    const members = async () =>
      (
        (await getJson('/groups/acme%2Fweb/members?per_page=100')) as Array<{
          username: string;
          access_level: number;
          expires_at: string | null;
        }>
      )
        .map((m) => [m.username, m.access_level, m.expires_at])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const before = await members();
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    members:\n      - { username: dana, access_level: developer }\n      - { username: rui, access_level: reporter, expires_at: "2031-06-30" }\n',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { as: 'owner' });
    expect(plan.lines()).toEqual([
      {
        target: 'acme/web',
        kind: 'group',
        section: 'members',
        key: 'dana',
        from: null,
        to: { access_level: 30 },
        action: 'create',
      },
      {
        target: 'acme/web',
        kind: 'group',
        section: 'members',
        key: 'rui',
        from: null,
        to: { access_level: 20, expires_at: '2031-06-30' },
        action: 'create',
      },
    ]);
    expect((await collab(['apply', '-f', path, '--yes'], { as: 'owner' })).exitCode).toBe(0);
    expect(await members()).toEqual(
      [...before, ['dana', 30, null], ['rui', 20, '2031-06-30']].sort((a, b) =>
        String(a[0]).localeCompare(String(b[0])),
      ),
    );

    // Set-up: others the file does not name, max (removed under enforce) and the caller, olivia (kept).
    for (const [username, level] of [
      ['max', 40],
      ['olivia', 50],
    ] as const) {
      expect(
        (
          await call('POST', '/groups/acme%2Fweb/members', {
            json: { user_id: await idOf('users', username), access_level: level },
          })
        ).status,
      ).toBe(201);
    }
    const enforce = file(
      'version: 1\ngroups:\n  acme/web:\n    members:\n      enforce: true\n      items:\n        - { username: dana, access_level: maintainer }\n        - { username: rui, access_level: reporter, expires_at: "2031-06-30" }\n',
      'enforce.yaml',
    );
    const shown = await collab(['plan', '-f', enforce], { as: 'owner', tty: true });
    expect(shown.stdout).toBe(
      '~ group acme/web\n    ~ member dana {"access_level":30} -> {"access_level":40}\n    - member max (destructive)\n\nsection  add  change  remove\nmembers    0       1       1\n',
    );
    expect((await collab(['apply', '-f', enforce, '--yes'], { as: 'owner' })).exitCode).toBe(0);
    expect((await members()).map(([username, level]) => [username, level])).toEqual([
      ['dana', 40],
      ['olivia', 50],
      ['rui', 20],
    ]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', enforce], { as: 'owner' })).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });
});
