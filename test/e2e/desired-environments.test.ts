import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's protected_environments end to end: a project's by name, a group's by deployment tier. */
const world = useDesiredWorlds();

const STOREFRONT = `/projects/${encodeURIComponent('acme/web/storefront')}`;

const FILE = [
  'version: 1',
  'groups:',
  '  acme:',
  '    protected_environments:',
  '      - name: production',
  '        deploy_access_levels: [{ role: maintainer }]',
  'projects:',
  '  acme/web/storefront:',
  '    protected_environments:',
  '      - name: production',
  '        deploy_access_levels: [{ role: maintainer }, { user: dana }]',
  '        approval_rules:',
  '          - { role: developer, required_approvals: 2 }',
  '          - { user: max }',
  '',
].join('\n');

/** An environment's entries as role, user ID or group ID, with the approvals each needs. */
const entries = (list: Array<Record<string, unknown>>) =>
  list.map((e) => [e.access_level, e.user_id, e.group_id, e.required_approvals ?? null]);

describe('collab.yaml: protected environments', () => {
  it('plan, apply, plan again empty, a second apply writes nothing, export then plan clean', async () => {
    const { collab, file, sandbox, writes, getJson, idOf } = await world();
    const path = file(FILE);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const env = await getJson(`${STOREFRONT}/protected_environments/production`);
    const dana = await idOf('users', 'dana');
    const max = await idOf('users', 'max');
    expect(entries(env.deploy_access_levels)).toEqual([
      [40, null, null, null],
      [null, dana, null, null],
    ]);
    expect(entries(env.approval_rules)).toEqual([
      [30, null, null, 2],
      [null, max, null, 1],
    ]);
    const tier = await getJson('/groups/acme/protected_environments/production');
    expect(entries(tier.deploy_access_levels)).toEqual([[40, null, null, null]]);

    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme', '--sections', 'protected_environments']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const data = parse(exported.stdout);
    expect(data.projects['acme/web/storefront'].protected_environments).toEqual([
      {
        name: 'production',
        deploy_access_levels: [{ role: 'maintainer' }, { user: 'dana' }],
        approval_rules: [{ role: 'developer', required_approvals: 2 }, { user: 'max' }],
      },
    ]);
    expect((await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')])).exitCode).toBe(0);
  });

  it('a user named in another case than GitLab’s is the same entry: applied once, then nothing to plan', async () => {
    const { collab, file, sandbox, writes } = await world();
    expect((await collab(['apply', '-f', file(FILE), '--yes'])).exitCode).toBe(0);
    const path = file(
      FILE.replace('{ user: dana }', '{ user: Dana }').replace('{ user: max }', '{ user: MAX }'),
      'case.yaml',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('a changed list is one PUT: the entry added, the one gone destroyed', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    expect((await collab(['apply', '-f', file(FILE), '--yes'])).exitCode).toBe(0);
    const changed = file(
      FILE.replace('[{ role: maintainer }, { user: dana }]', '[{ role: developer }, { user: dana }]'),
      'changed.yaml',
    );
    const plan = await collab(['plan', '-f', changed, '-o', 'ndjson']);
    expect(plan.lines()).toMatchObject([
      {
        section: 'protected_environments',
        key: 'production',
        action: 'update',
        from: { deploy_access_levels: [{ role: 'maintainer' }, { user: 'dana' }] },
        to: { deploy_access_levels: [{ role: 'developer' }, { user: 'dana' }] },
      },
    ]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', changed, '--yes'])).exitCode).toBe(0);
    expect(writes().map((w) => w.method)).toEqual(['PUT']);
    const env = await getJson(`${STOREFRONT}/protected_environments/production`);
    expect(env.deploy_access_levels.map((e: { access_level: number | null }) => e.access_level)).toEqual([null, 30]);
    expect((await collab(['plan', '-f', changed])).exitCode).toBe(0);
  });

  it('an unknown user is exit 4 before anything is sent; a group’s name must be a deployment tier (exit 2)', async () => {
    const { collab, file, writes } = await world();
    const unknown = await collab(['plan', '-f', file(FILE.replace('{ user: dana }', '{ user: nobody }'))]);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toMatch(/user nobody not found \(an entry of protected_environments\)/);
    const tier = await collab([
      'plan',
      '-f',
      file(
        FILE.replace(
          '      - name: production\n        deploy_access_levels: [{ role: maintainer }]\nprojects',
          '      - name: prod\n        deploy_access_levels: [{ role: maintainer }]\nprojects',
        ),
        'tier.yaml',
      ),
    ]);
    expect(tier.exitCode).toBe(2);
    expect(writes()).toEqual([]);
  });

  it('a role the service does not take names the roles it does (exit 2), not a type', async () => {
    const { collab, file, writes } = await world();
    const result = await collab(['plan', '-f', file(FILE.replace('{ role: developer,', '{ role: reporter,'))]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /approval_rules\[0\]\.role: expected one of developer, maintainer, admin, got "?reporter"?/,
    );
    expect(result.stderr).not.toMatch(/expected a map/);
    expect(writes()).toEqual([]);
  });

  it('required_approvals below 1 says the least it may be, not that it is empty (exit 2)', async () => {
    const { collab, file, writes } = await world();
    const result = await collab(['plan', '-f', file(FILE.replace('required_approvals: 2', 'required_approvals: 0'))]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/required_approvals: must be at least 1, got 0/);
    expect(writes()).toEqual([]);
  });

  it('a group’s entry naming a group that is not its subgroup stops the plan (exit 2), nothing sent', async () => {
    const { collab, file, writes } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme:\n    protected_environments:\n      - name: staging\n        deploy_access_levels: [{ group: globex }]\n',
    );
    for (const args of [['plan'], ['apply', '--yes']]) {
      const result = await collab([...args, '-f', path]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/group globex is not a subgroup of acme \(protected environment staging\)/);
    }
    expect(writes()).toEqual([]);
    const sub = file(
      'version: 1\ngroups:\n  acme:\n    protected_environments:\n      - name: staging\n        deploy_access_levels: [{ group: acme/web }]\n',
      'sub.yaml',
    );
    expect((await collab(['plan', '-f', sub])).exitCode).toBe(8);
  });

  it('a group’s subgroup named in another case than the file names the group is its subgroup: applied, then nothing to plan', async () => {
    const { collab, file, getJson, idOf } = await world();
    const path = file(
      'version: 1\ngroups:\n  ACME:\n    protected_environments:\n      - name: staging\n        deploy_access_levels: [{ group: acme/Web }]\n',
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const tier = await getJson('/groups/acme/protected_environments/staging');
    expect(tier.deploy_access_levels.map((e: { group_id: number | null }) => e.group_id)).toEqual([
      await idOf('groups', 'acme/web'),
    ]);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('a group entry’s group_inheritance_type is sent, compared, changed by id and exported', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const tier = (inheritance: number) =>
      [
        'version: 1',
        'groups:',
        '  acme:',
        '    protected_environments:',
        '      - name: production',
        '        deploy_access_levels: [{ role: maintainer }]',
        '        approval_rules:',
        `          - { group: acme/web, group_inheritance_type: ${inheritance} }`,
        '',
      ].join('\n');
    const path = file(tier(1));
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const made = await getJson('/groups/acme/protected_environments/production');
    expect(made.approval_rules).toEqual([expect.objectContaining({ group_inheritance_type: 1 })]);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
    const exported = await collab(['export', 'acme', '--sections', 'protected_environments']);
    expect(parse(exported.stdout).groups.acme.protected_environments).toEqual([
      {
        name: 'production',
        deploy_access_levels: [{ role: 'maintainer' }],
        approval_rules: [{ group: 'acme/web', group_inheritance_type: 1 }],
      },
    ]);
    sandbox.resetStats();
    const direct = file(tier(0), 'direct.yaml');
    const plan = await collab(['plan', '-f', direct, '-o', 'ndjson']);
    expect(plan.lines()).toEqual([
      expect.objectContaining({
        from: { approval_rules: [{ group: 'acme/web', group_inheritance_type: 1, required_approvals: 1 }] },
        to: { approval_rules: [{ group: 'acme/web', group_inheritance_type: 0 }] },
      }),
    ]);
    expect((await collab(['apply', '-f', direct, '--yes'])).exitCode).toBe(0);
    expect(writes().map((w) => w.method)).toEqual(['PUT']);
    expect((await getJson('/groups/acme/protected_environments/production')).approval_rules).toEqual([
      expect.objectContaining({ id: made.approval_rules[0].id, group_inheritance_type: 0 }),
    ]);
    expect((await collab(['plan', '-f', direct])).exitCode).toBe(0);
  });

  it('a group_inheritance_type other than 0 or 1 is refused at its line (exit 2), nothing sent', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme:\n    protected_environments:\n      - name: production\n        deploy_access_levels: [{ group: acme/web, group_inheritance_type: 2 }]\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stderr.split('\n')[0]]).toEqual([
      2,
      `${path}:6:75: groups.acme.protected_environments[0].deploy_access_levels[0].group_inheritance_type: invalid group inheritance type "2": must be a whole number from 0 to 1`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a project’s entry naming a group the project is not shared with stops the plan (exit 2); shared by the file, it applies', async () => {
    const { collab, file, writes, getJson } = await world();
    const entry = (shares: boolean) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        ...(shares ? ['    shares:', '      - group_id: globex', '        group_access: developer'] : []),
        '    protected_environments:',
        '      - name: production',
        '        deploy_access_levels: [{ group: globex }]',
        '',
      ].join('\n');
    const refused = await collab(['plan', '-f', file(entry(false))]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'protected_environments: group globex is not shared with project acme/web/storefront (protected environment production), which GitLab refuses (422)',
    );
    expect(writes()).toEqual([]);
    const applied = await collab(['apply', '-f', file(entry(true), 'shared.yaml'), '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const [env] = await getJson(`${STOREFRONT}/protected_environments`);
    expect(env.deploy_access_levels.map((e: { group_id: number | null }) => e.group_id !== null)).toEqual([true]);
  });

  it('a project’s entry naming a user without access stops the plan (exit 2); an administrator, or one its members add, applies', async () => {
    const { collab, file, writes, getJson } = await world();
    const entry = (user: string, members: boolean) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        ...(members ? ['    members:', `      - username: ${user}`, '        access_level: developer'] : []),
        '    protected_environments:',
        '      - name: production',
        `        deploy_access_levels: [{ user: ${user} }]`,
        '',
      ].join('\n');
    const refused = await collab(['plan', '-f', file(entry('xena', false))]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'protected_environments: user xena has no access to project acme/web/storefront (protected environment production), which GitLab refuses (422)',
    );
    expect(writes()).toEqual([]);
    expect((await collab(['plan', '-f', file(entry('root', false), 'admin.yaml')])).exitCode).toBe(8);
    const applied = await collab(['apply', '-f', file(entry('xena', true), 'member.yaml'), '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const [env] = await getJson(`${STOREFRONT}/protected_environments`);
    expect(env.deploy_access_levels.map((e: { user_id: number | null }) => e.user_id !== null)).toEqual([true]);
  });

  it('a group’s entry naming a user below its Maintainer role stops the plan (exit 2); one its members make maintainer applies', async () => {
    const { collab, file, writes, getJson, idOf } = await world();
    const entry = (members: boolean) =>
      [
        'version: 1',
        'groups:',
        '  acme:',
        ...(members ? ['    members:', '      - username: dana', '        access_level: maintainer'] : []),
        '    protected_environments:',
        '      - name: production',
        '        deploy_access_levels: [{ user: max }]',
        '        approval_rules: [{ user: dana }]',
        '',
      ].join('\n');
    const refused = await collab(['plan', '-f', file(entry(false))]);
    expect(refused.exitCode, refused.stdout).toBe(2);
    // dana is acme's developer; max, its maintainer, passes.
    expect(refused.stderr).toContain(
      'protected_environments: user dana is no Maintainer of group acme (protected environment production), which GitLab refuses (422)',
    );
    expect(writes()).toEqual([]);
    const dana = await idOf('users', 'dana');
    const applied = await collab(['apply', '-f', file(entry(true), 'member.yaml'), '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const tier = await getJson('/groups/acme/protected_environments/production');
    expect(tier.approval_rules.map((e: { user_id: number | null }) => e.user_id)).toEqual([dana]);
  });

  it('a project’s entry naming a user whose membership in the file has ended stops the plan (exit 2)', async () => {
    const { collab, file, writes } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    members:',
        "      - { username: xena, access_level: developer, expires_at: '2020-01-01' }",
        '    protected_environments:',
        '      - name: production',
        '        deploy_access_levels: [{ user: xena }]',
        '',
      ].join('\n'),
    );
    // members does not make an ended membership again, so xena has no access when the entry is sent.
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(2);
    expect(applied.stderr).toContain('protected_environments: user xena has no access to project acme/web/storefront');
    expect(writes()).toEqual([]);
  });

  it('a caller who cannot tell an administrator is warned of a user without membership, not stopped', async () => {
    const { collab, file } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    protected_environments:\n      - name: production\n        deploy_access_levels: [{ user: xena }]\n',
    );
    const plan = await collab(['plan', '-f', path], { as: 'maintainer' });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stderr).toContain(
      'warning: protected_environments: xena is no member of the project, and GitLab refuses an entry of a user without access (422) unless they are an administrator: project acme/web/storefront',
    );
  });

  it('an empty deploy_access_levels is exit 2 before anything is sent: nobody could deploy', async () => {
    const { collab, file, writes } = await world();
    const result = await collab([
      'plan',
      '-f',
      file(FILE.replace('deploy_access_levels: [{ role: maintainer }, { user: dana }]', 'deploy_access_levels: []')),
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/protected_environments\[0\]\.deploy_access_levels: must not be empty/);
    expect(writes()).toEqual([]);
  });

  it('reads one GET a target for role entries, only when the file uses the section', async () => {
    const { collab, file, sandbox } = await world();
    const gets = () => sandbox.requestLog.filter((r) => r.path.includes('/protected_environments')).length;
    sandbox.resetStats();
    await collab(['plan', '-f', file('version: 1\nprojects:\n  acme/web/storefront:\n    description: x\n')]);
    expect(gets()).toBe(0);
    sandbox.resetStats();
    await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    protected_environments: []\n  acme/platform/api:\n    protected_environments: []\n',
        'two.yaml',
      ),
    ]);
    expect(gets()).toBe(2);
  });
});
