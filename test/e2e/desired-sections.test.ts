import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** The sections of collab.yaml end to end: the sandbox's state after apply, and no write on a second apply. */
const world = useDesiredWorlds();

const hooksOf = (store: import('../../src/sandbox/store.js').Store, kind: 'project' | 'group', id: number | undefined) => [...store.hooks.values()].filter((h) => h.owner.kind === kind && h.owner.id === id);

describe('collab.yaml sections', () => {
  it('hooks: additive, updated by URL, removed only with enforce (destructive: --yes); --rotate-secrets sends the token again', async () => {
    const { collab, file, sandbox, writes } = await world();
    const id = sandbox.store.findProject('acme/web/storefront')?.id;
    const env = { T: 'token-one-1111' };
    const add = file('version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: https://a.example.com/h\n        token: $' + '{env:T}\n      - url: https://b.example.com/h\n        issues_events: true\n');
    expect((await collab(['apply', '-f', add], { env })).exitCode).toBe(0);
    expect(hooksOf(sandbox.store, 'project', id).map((h) => [h.url, h.token, h.attrs.issues_events ?? false])).toEqual([
      ['https://a.example.com/h', 'token-one-1111', false],
      ['https://b.example.com/h', null, true],
    ]);
    const change = file('version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: https://b.example.com/h\n        issues_events: false\n', 'change.yaml');
    expect((await collab(['apply', '-f', change])).exitCode).toBe(0);
    expect(hooksOf(sandbox.store, 'project', id).map((h) => [h.url, h.attrs.issues_events])).toEqual([
      ['https://a.example.com/h', undefined],
      ['https://b.example.com/h', false],
    ]);
    const rotate = await collab(['apply', '-f', add, '--rotate-secrets'], { env: { T: 'token-two-2222' } });
    expect(rotate.exitCode).toBe(0);
    expect(hooksOf(sandbox.store, 'project', id).map((h) => h.token)).toEqual(['token-two-2222', null]);
    expect(rotate.stdout + rotate.stderr).not.toContain('token-two-2222');

    const enforce = file('version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      enforce: true\n      items:\n        - url: https://b.example.com/h\n', 'enforce.yaml');
    const plan = await collab(['plan', '-f', enforce], { tty: true });
    expect(plan.stdout).toBe('~ project acme/web/storefront\n    - hook https://a.example.com/h (destructive)\n');
    sandbox.resetStats();
    const asked = await collab(['apply', '-f', enforce]);
    expect(asked.exitCode).toBe(2);
    expect(writes()).toEqual([]);
    expect((await collab(['apply', '-f', enforce, '--yes'])).exitCode).toBe(0);
    expect(hooksOf(sandbox.store, 'project', id).map((h) => h.url)).toEqual(['https://b.example.com/h']);
  });

  it('shares: added by group path, a changed level shared again, others removed only with enforce', async () => {
    const { collab, file, sandbox, writes } = await world();
    const { store } = sandbox;
    const web = store.findGroup('acme/web');
    const globex = store.findGroup('globex')?.id;
    const initech = store.findGroup('initech')?.id;
    expect(web?.shares).toEqual([{ group_id: globex, group_access_level: 30, expires_at: null }]);
    const path = file('version: 1\ngroups:\n  acme/web:\n    shares:\n      enforce: true\n      items:\n        - group_id: globex\n          group_access: maintainer\n        - group_id: initech\n          group_access: 20\n          expires_at: "2031-01-31"\n');
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.lines()).toEqual([
      { target: 'acme/web', kind: 'group', section: 'shares', key: 'globex', from: { group_access: 30, expires_at: null }, to: { group_access: 40, expires_at: null }, action: 'update' },
      { target: 'acme/web', kind: 'group', section: 'shares', key: 'initech', from: null, to: { group_access: 20, expires_at: '2031-01-31' }, action: 'create' },
    ]);
    expect((await collab(['apply', '-f', path])).exitCode).toBe(0);
    // A target's changes go out at once: the shares' order is the order they arrived in.
    expect([...(web?.shares ?? [])].sort((a, b) => a.group_id - b.group_id)).toEqual([
      { group_id: globex, group_access_level: 40, expires_at: null },
      { group_id: initech, group_access_level: 20, expires_at: '2031-01-31' },
    ]);
    const only = file('version: 1\ngroups:\n  acme/web:\n    shares:\n      enforce: true\n      items:\n        - group_id: initech\n          group_access: reporter\n          expires_at: "2031-01-31"\n', 'only.yaml');
    expect((await collab(['apply', '-f', only, '--yes'])).exitCode).toBe(0);
    expect(web?.shares.map((s) => s.group_id)).toEqual([initech]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', only])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('ldap_links of a group, group settings, avatar, archived, mirror settings with an import URL whose credentials come from the environment', async () => {
    const { collab, file, dir, sandbox, writes } = await world();
    const { store } = sandbox;
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
      ].join('\n'),
    );
    expect(plan.stdout).not.toContain('mirror-pass-5555');
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    const platform = store.findGroup('acme/platform');
    expect(platform?.description).toBe('Platform, managed');
    expect(platform?.attrs.lfs_enabled).toBe(false);
    expect(platform?.avatar?.filename).toBe('logo.png');
    expect(platform?.ldap_links).toEqual([expect.objectContaining({ cn: 'platform-team', provider: 'ldapmain', group_access: 30 })]);
    expect(store.findProject('globex/handbook')?.archived).toBe(true);
    const api = store.findProject('acme/platform/api');
    expect(api?.attrs).toMatchObject({ import_url: 'https://mirror:mirror-pass-5555@git.example.com/api.git', mirror_trigger_builds: true });
    sandbox.resetStats();
    const again = await collab(['apply', '-f', path], { env });
    expect(again.exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('create: true makes a missing group and a project in it, settings in the create call, then its other sections', async () => {
    const { collab, file, sandbox, writes } = await world();
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
      ].join('\n'),
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path]);
    expect(applied.exitCode).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v4/groups', 'POST /api/v4/projects', `POST /api/v4/projects/acme%2Fdata%2Fwarehouse/push_rule`]);
    const group = sandbox.store.findGroup('acme/data');
    expect(group).toMatchObject({ visibility: 'internal', description: 'Data team', parent_id: sandbox.store.findGroup('acme')?.id });
    const project = sandbox.store.findProject('acme/data/warehouse');
    expect(project).toMatchObject({ description: 'The warehouse', namespace_id: group?.id });
    expect(project?.attrs.merge_method).toBe('ff');
    expect(sandbox.store.pushRules.get(`project:${project?.id}`)?.attrs).toEqual({ deny_delete_tag: true });
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('--schema prints a JSON Schema made from the same tables', async () => {
    const { collab } = await world();
    const result = await collab(['apply', '--schema']);
    expect(result.exitCode).toBe(0);
    const schema = result.json<{ properties: Record<string, { properties?: Record<string, unknown> }>; required: string[] }>();
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
    const { collab, file, sandbox, writes } = await world();
    const { store } = sandbox;
    const web = store.findGroup('acme/web');
    if (!web) throw new Error('no acme/web');
    const user = (name: string) => [...store.users.values()].find((u) => u.username === name)?.id as number;
    const path = file('version: 1\ngroups:\n  acme/web:\n    members:\n      - { username: dana, access_level: developer }\n      - { username: rui, access_level: reporter, expires_at: "2031-06-30" }\n');
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { as: 'owner' });
    expect(plan.lines()).toEqual([
      { target: 'acme/web', kind: 'group', section: 'members', key: 'dana', from: null, to: { access_level: 30 }, action: 'create' },
      { target: 'acme/web', kind: 'group', section: 'members', key: 'rui', from: null, to: { access_level: 20, expires_at: '2031-06-30' }, action: 'create' },
    ]);
    expect((await collab(['apply', '-f', path], { as: 'owner' })).exitCode).toBe(0);
    expect(web.members.get(user('dana'))).toBe(30);
    expect(web.members.get(user('rui'))).toBe(20);
    expect(web.memberDetails.get(user('rui'))?.expires_at).toBe('2031-06-30');

    // Others the file does not name: max (removed under enforce) and the caller, olivia (kept).
    web.members.set(user('max'), 40);
    web.members.set(user('olivia'), 50);
    const enforce = file('version: 1\ngroups:\n  acme/web:\n    members:\n      enforce: true\n      items:\n        - { username: dana, access_level: maintainer }\n        - { username: rui, access_level: reporter, expires_at: "2031-06-30" }\n', 'enforce.yaml');
    const shown = await collab(['plan', '-f', enforce], { as: 'owner', tty: true });
    expect(shown.stdout).toBe('~ group acme/web\n    ~ member dana {"access_level":30} -> {"access_level":40}\n    - member max (destructive)\n');
    expect((await collab(['apply', '-f', enforce, '--yes'], { as: 'owner' })).exitCode).toBe(0);
    expect([...web.members.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [user('olivia'), 50],
      [user('dana'), 40],
      [user('rui'), 20],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
    sandbox.resetStats();
    expect((await collab(['apply', '-f', enforce], { as: 'owner' })).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });
});
