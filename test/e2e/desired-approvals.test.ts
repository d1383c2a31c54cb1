import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's approval_rules end to end against a Premium sandbox, and its refusal against GitLab Free. */
const world = useDesiredWorlds();
const free = useDesiredWorlds({ tier: 'free' });

const STOREFRONT = `/projects/${encodeURIComponent('acme/web/storefront')}`;

const RULES = [
  'version: 1',
  'projects:',
  '  acme/web/storefront:',
  '    approval_rules:',
  '      - name: security',
  '        approvals_required: 2',
  '        users: [max, dana]',
  '        groups: [acme/platform]',
  '        protected_branches: [main]',
  '      - name: anyone',
  '        rule_type: any_approver',
  '        approvals_required: 1',
  '',
].join('\n');

/** The rules by name (their order of creation says nothing), approvers and branches by name. */
const summary = (rules: Array<Record<string, unknown>>) =>
  [...rules]
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .map((rule) => ({
      name: rule.name,
      rule_type: rule.rule_type,
      approvals_required: rule.approvals_required,
      users: (rule.users as Array<{ username: string }>).map((u) => u.username).sort(),
      groups: (rule.groups as Array<{ full_path: string }>).map((g) => g.full_path),
      branches: (rule.protected_branches as Array<{ name: string }>).map((b) => b.name),
    }));

describe('collab.yaml: an approver who is not a member of the project', () => {
  const withXena = (members: boolean) =>
    [
      'version: 1',
      'projects:',
      '  acme/web/storefront:',
      ...(members ? ['    members:', '      - username: xena', '        access_level: developer'] : []),
      '    approval_rules:',
      '      - name: security',
      '        approvals_required: 1',
      '        users: [max, xena]',
      '',
    ].join('\n');

  it('is said at plan, left out by the service at apply, and the plan shows the change again', async () => {
    const { collab, file, getJson } = await world();
    const path = file(withXena(false));
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(8);
    expect(plan.stderr).toContain(
      "warning: approval_rules: xena is not a member of the project, and GitLab leaves non-members out of a rule's approvers without an error (add them to members here or on a group above, or leave them out)",
    );
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const [rule] = await getJson(`${STOREFRONT}/approval_rules`);
    expect(rule.users.map((u: { username: string }) => u.username)).toEqual(['max']);
    const again = await collab(['plan', '-f', path]);
    expect([again.exitCode, again.stderr.includes('xena is not a member')]).toEqual([8, true]);
  });

  it('is a warning still when the file’s membership of them has ended', async () => {
    const { collab, file } = await world();
    const path = file(
      withXena(true).replace(
        '        access_level: developer',
        "        access_level: developer\n        expires_at: '2020-01-01'",
      ),
    );
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stderr).toContain('approval_rules: xena is not a member of the project');
  });

  it('is no warning when the same file makes them a member, and the rule keeps them', async () => {
    const { collab, file, getJson } = await world();
    const path = file(withXena(true));
    const plan = await collab(['plan', '-f', path]);
    expect(plan.stderr).not.toContain('is not a member');
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const [rule] = await getJson(`${STOREFRONT}/approval_rules`);
    expect(rule.users.map((u: { username: string }) => u.username).sort()).toEqual(['max', 'xena']);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });
});

describe('collab.yaml: an approver the same file makes a member of a group above', () => {
  it('is no warning, and the rule keeps them', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/web:',
        '    members:',
        '      - username: xena',
        '        access_level: developer',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      - name: security',
        '        approvals_required: 1',
        '        users: [max, xena]',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stderr).not.toContain('is not a member');
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const [rule] = await getJson(`${STOREFRONT}/approval_rules`);
    expect(rule.users.map((u: { username: string }) => u.username).sort()).toEqual(['max', 'xena']);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('is a warning still when that membership has ended', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/web:',
        '    members:',
        '      - username: xena',
        '        access_level: developer',
        "        expires_at: '2020-01-01'",
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      - name: security',
        '        approvals_required: 1',
        '        users: [max, xena]',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stderr).toContain('approval_rules: xena is not a member of the project');
  });
});

describe('collab.yaml: approval rules', () => {
  it('plan, apply, plan again empty, a second apply writes nothing, export then plan clean', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const path = file(RULES);
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines<{ key: string; action: string }>().map((line) => [line.key, line.action])).toEqual([
      ['security', 'create'],
      ['anyone (any_approver)', 'create'],
    ]);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(summary(await getJson(`${STOREFRONT}/approval_rules`))).toEqual([
      { name: 'anyone', rule_type: 'any_approver', approvals_required: 1, users: [], groups: [], branches: [] },
      {
        name: 'security',
        rule_type: 'regular',
        approvals_required: 2,
        users: ['dana', 'max'],
        groups: ['acme/platform'],
        branches: ['main'],
      },
    ]);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'approval_rules']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const rules: Array<{ name: string }> = parse(exported.stdout).projects['acme/web/storefront'].approval_rules;
    expect(rules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'anyone', approvals_required: 1, rule_type: 'any_approver' },
      {
        name: 'security',
        approvals_required: 2,
        users: ['dana', 'max'],
        groups: ['acme/platform'],
        protected_branches: ['main'],
      },
    ]);
    expect((await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')])).exitCode).toBe(0);
  });

  it('a changed rule is one PUT with every approver; enforce removes the rules not listed', async () => {
    const { collab, file, getJson, writes, sandbox } = await world();
    expect((await collab(['apply', '-f', file(RULES), '--yes'])).exitCode).toBe(0);
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      enforce: true',
        '      items:',
        '        - name: security',
        '          approvals_required: 1',
        '          users: [max]',
        '',
      ].join('\n'),
      'changed.yaml',
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(
      writes()
        .map((w) => w.method)
        .sort(),
    ).toEqual(['DELETE', 'PUT']);
    expect(summary(await getJson(`${STOREFRONT}/approval_rules`))).toEqual([
      {
        name: 'security',
        rule_type: 'regular',
        approvals_required: 1,
        users: ['max'],
        groups: ['acme/platform'],
        branches: ['main'],
      },
    ]);
  });

  it('a rule on every protected branch exports without them and stays unchanged as branches are protected', async () => {
    const { collab, file, call } = await world();
    const made = await collab([
      'approval-rules',
      'create',
      'every',
      '--project',
      'acme/web/storefront',
      '--approvals',
      '1',
      '--all-protected-branches',
    ]);
    expect(made.exitCode, made.stderr).toBe(0);
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'approval_rules']);
    expect(parse(exported.stdout).projects['acme/web/storefront'].approval_rules).toEqual([
      { name: 'every', approvals_required: 1, applies_to_all_protected_branches: true },
    ]);
    const path = file(exported.stdout, 'exported.yaml');
    expect((await call('POST', `${STOREFRONT}/protected_branches`, { json: { name: 'release' } })).status).toBe(201);
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
  });

  it('a file naming the branches of a rule on every protected branch scopes it to them, then plans nothing', async () => {
    const { collab, file, getJson } = await world();
    const made = await collab([
      'approval-rules',
      'create',
      'every',
      '--project',
      'acme/web/storefront',
      '--approvals',
      '1',
      '--all-protected-branches',
    ]);
    expect(made.exitCode, made.stderr).toBe(0);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    approval_rules:\n      - { name: every, approvals_required: 1, protected_branches: [main] }\n',
    );
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const [rule] = await getJson(`${STOREFRONT}/approval_rules`);
    expect(rule.applies_to_all_protected_branches).toBe(false);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('approvers named in another case than GitLab’s plan nothing once applied', async () => {
    const { collab, file } = await world();
    const path = file(
      RULES.replace('users: [max, dana]', 'users: [Max, dana]').replace('[acme/platform]', '[ACME/Platform]'),
    );
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
  });

  it('a rule on a branch that is not protected stops the plan (exit 4), naming the project', async () => {
    const { collab, file, writes } = await world();
    const path = file(RULES.replace('protected_branches: [main]', 'protected_branches: [nosuch]'));
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(4);
    expect(plan.stderr).toMatch(/branch nosuch is not protected in acme\/web\/storefront \(approval rule security\)/);
    expect(plan.stdout).not.toMatch(/nosuch/);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode).toBe(4);
    expect(writes()).toEqual([]);
  });

  it('unprotected branches on two projects are both named by one plan, exit 4', async () => {
    const { collab, file } = await world();
    const rule = [
      '    approval_rules:',
      '      - name: security',
      '        approvals_required: 1',
      '        protected_branches: [nosuch]',
    ];
    const two = ['version: 1', 'projects:', '  acme/web/storefront:', ...rule, '  acme/platform/api:', ...rule, ''];
    const plan = await collab(['plan', '-f', file(two.join('\n'))]);
    expect(plan.exitCode).toBe(4);
    expect(plan.stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual([
      'error: branch nosuch is not protected in acme/platform/api (approval rule security)',
      'error: branch nosuch is not protected in acme/web/storefront (approval rule security)',
      'error: 2 problems with the file, each above; nothing was planned',
    ]);
  });

  it('a rule on a branch the same file protects plans and applies', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      RULES.replace('protected_branches: [main]', 'protected_branches: [stable]').replace(
        '    approval_rules:',
        '    protected_branches:\n      - name: stable\n    approval_rules:',
      ),
    );
    expect((await collab(['plan', '-f', path])).exitCode).toBe(8);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const rules = summary(await getJson(`${STOREFRONT}/approval_rules`));
    expect(rules.find((rule) => rule.name === 'security')?.branches).toEqual(['stable']);
  });

  it('two any_approver rules are refused before anything is sent (exit 2)', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      - { name: a, rule_type: any_approver, approvals_required: 1 }',
        '      - { name: b, rule_type: any_approver, approvals_required: 2 }',
        '',
      ].join('\n'),
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain('approval rule any_approver is listed twice');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a rule whose type changes is one destructive change, removed then made again, one ID in the plan', async () => {
    const { collab, file, getJson, writes, sandbox } = await world();
    expect((await collab(['apply', '-f', file(RULES), '--yes'])).exitCode).toBe(0);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    approval_rules:\n      - { name: anyone, rule_type: regular, approvals_required: 1, users: [max] }\n',
      'retyped.yaml',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'json']);
    const changes = plan.json<{ changes: Array<{ id: string; action: string; destructive: boolean }> }>().changes;
    expect(changes.map((c) => [c.id, c.action, c.destructive])).toEqual([
      ['project:acme/web/storefront approval_rules anyone (any_approver)', 'update', true],
    ]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes().map((w) => w.method)).toEqual(['DELETE', 'POST']);
    expect(summary(await getJson(`${STOREFRONT}/approval_rules`)).find((rule) => rule.name === 'anyone')).toEqual({
      name: 'anyone',
      rule_type: 'regular',
      approvals_required: 1,
      users: ['max'],
      groups: [],
      branches: [],
    });
  });

  it('an any_approver rule of another name renames the project’s one, which a second cannot be', async () => {
    const { collab, file, getJson, writes, sandbox } = await world();
    expect((await collab(['apply', '-f', file(RULES), '--yes'])).exitCode).toBe(0);
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      enforce: true',
        '      items:',
        '        - { name: everyone, rule_type: any_approver, approvals_required: 2 }',
        '        - { name: anyone, approvals_required: 1, users: [max] }',
        '',
      ].join('\n'),
      'renamed.yaml',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.lines<{ key: string; action: string; to: unknown }>()).toEqual([
      expect.objectContaining({
        key: 'anyone (any_approver)',
        action: 'update',
        to: { name: 'everyone', approvals_required: 2 },
      }),
      expect.objectContaining({ key: 'anyone', action: 'create' }),
      expect.objectContaining({ key: 'security', action: 'delete' }),
    ]);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(summary(await getJson(`${STOREFRONT}/approval_rules`))).toEqual([
      { name: 'anyone', rule_type: 'regular', approvals_required: 1, users: ['max'], groups: [], branches: [] },
      { name: 'everyone', rule_type: 'any_approver', approvals_required: 2, users: [], groups: [], branches: [] },
    ]);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('renaming the any_approver rule beside a regular rule of its old name: two changes, two IDs', async () => {
    const { collab, file, dir } = await world();
    expect((await collab(['apply', '-f', file(RULES), '--yes'])).exitCode).toBe(0);
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      - { name: everyone, rule_type: any_approver, approvals_required: 2 }',
        '      - { name: anyone, approvals_required: 1, users: [max] }',
        '',
      ].join('\n'),
      'renamed.yaml',
    );
    const out = `${dir}/renamed.json`;
    expect((await collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    const saved = JSON.parse(readFileSync(out, 'utf8')) as { changes: Array<{ id: string; action: string }> };
    // The journal names a change by its ID: --resume must not take the rename for the create.
    expect(saved.changes.map((c) => [c.id, c.action])).toEqual([
      ['project:acme/web/storefront approval_rules anyone (any_approver)', 'update'],
      ['project:acme/web/storefront approval_rules anyone', 'create'],
    ]);
    const applied = await collab(['apply', '-f', out]);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('a rule named as the any_approver rule is keyed is refused at plan (exit 2), nothing sent', async () => {
    const { collab, file, writes } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    approval_rules:',
        '      - { name: everyone, rule_type: any_approver, approvals_required: 1 }',
        "      - { name: 'everyone (any_approver)', approvals_required: 1, users: [max] }",
        '',
      ].join('\n'),
      'clash.yaml',
    );
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stderr]).toEqual([
      2,
      "error: approval_rules: the rule everyone (any_approver) of acme/web/storefront is named as collab names the any_approver rule's changes, which it could be taken for\nhint: rename the rule everyone (any_approver), or the any_approver rule\n",
    ]);
    expect(writes()).toEqual([]);
  });

  it('users on an any_approver rule are refused at plan with where they are (exit 2), nothing sent', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(RULES.replace('rule_type: any_approver', 'rule_type: any_approver\n        users: [max]'));
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      `${path}:10:9: projects["acme/web/storefront"].approval_rules: an any_approver rule names no approvers: anyone eligible approves (leave out users and groups, or make it a regular rule)\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('export leaves out approvers another client named on an any_approver rule, and its file plans clean', async () => {
    const { collab, file, call } = await world();
    const made = await call('POST', `${STOREFRONT}/approval_rules`, {
      json: { name: 'anyone', approvals_required: 1, rule_type: 'any_approver', usernames: ['max'] },
    });
    expect(made.status).toBe(201);
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'approval_rules']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(parse(exported.stdout).projects['acme/web/storefront'].approval_rules).toEqual([
      { name: 'anyone', approvals_required: 1, rule_type: 'any_approver' },
    ]);
    const plan = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')]);
    expect([plan.exitCode, plan.stdout], plan.stderr).toEqual([0, '']);
  });

  it('approvals_required above 100 says the most it may be, not "Invalid input" (exit 2), nothing sent', async () => {
    const { collab, file, sandbox } = await world();
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(RULES.replace('approvals_required: 2', 'approvals_required: 101'))]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /approval_rules\[0\]\.approvals_required: invalid approvals required "101": must be a whole number from 0 to 100\n/,
    );
    expect(plan.stderr).not.toMatch(/Invalid input/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('protected_branches beside applies_to_all_protected_branches: true is refused (exit 2), nothing sent', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      RULES.replace(
        'protected_branches: [main]',
        'protected_branches: [main]\n        applies_to_all_protected_branches: true',
      ),
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      `${path}:5:9: projects["acme/web/storefront"].approval_rules: protected_branches cannot be used with applies_to_all_protected_branches: give one of them\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('an unknown approver is exit 4 at plan time, with a hint, nothing written', async () => {
    const { collab, file, writes } = await world();
    const plan = await collab(['plan', '-f', file(RULES.replace('users: [max, dana]', 'users: [max, nobody]'))]);
    expect(plan.exitCode).toBe(4);
    expect(plan.stderr).toMatch(/user nobody not found \(an approver in approval_rules\)/);
    expect(plan.stderr).toMatch(/^hint: /m);
    expect(writes()).toEqual([]);
  });

  it('reads one GET a project, only when the file uses the section', async () => {
    const { collab, file, sandbox } = await world();
    const gets = () => sandbox.requestLog.filter((r) => r.path.includes('/approval_rules')).length;
    sandbox.resetStats();
    await collab(['plan', '-f', file('version: 1\nprojects:\n  acme/web/storefront:\n    description: x\n')]);
    expect(gets()).toBe(0);
    sandbox.resetStats();
    await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    approval_rules: []\n  acme/platform/api:\n    approval_rules: []\n',
        'two.yaml',
      ),
    ]);
    expect(gets()).toBe(2);
  });

  it('against GitLab Free a plan that uses the section is exit 2 before any other request', async () => {
    const { collab, file, sandbox } = await free();
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(RULES)]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(/approval_rules \(merge request approval rules\), which need a paid tier/);
    expect(sandbox.requestLog.map((r) => r.path)).toEqual(['/api/v4/metadata']);
  });
});

describe('collab.yaml: approval settings', () => {
  const SETTINGS = [
    'version: 1',
    'groups:',
    '  acme:',
    '    approval_settings:',
    '      allow_author_approval: false',
    '      require_reauthentication_to_approve: true',
    'projects:',
    '  acme/web/storefront:',
    '    approval_settings:',
    '      retain_approvals_on_push: true',
    '      allow_committer_approval: false',
    '',
  ].join('\n');

  it('round trip: one PUT a target, then nothing; a group’s strict value locks it below', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const path = file(SETTINGS);
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /api/v4/groups/${(await getJson('/groups/acme')).id}/merge_request_approval_setting`,
      `PUT /api/v4/projects/${(await getJson(STOREFRONT)).id}/merge_request_approval_setting`,
    ]);
    const project = await getJson(`${STOREFRONT}/merge_request_approval_setting`);
    expect(project.allow_author_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect(project.retain_approvals_on_push).toEqual({ value: true, locked: false, inherited_from: null });
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme', '--sections', 'approval_settings']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const data = parse(exported.stdout);
    expect(data.groups.acme.approval_settings).toEqual({
      allow_author_approval: false,
      require_reauthentication_to_approve: true,
    });
    expect((await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')])).exitCode).toBe(0);
  });

  it('selective_code_owner_removals beside retain_approvals_on_push: false is refused (exit 2), nothing sent', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    approval_settings:\n      retain_approvals_on_push: false\n      selective_code_owner_removals: true\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      `${path}:5:7: projects["acme/web/storefront"].approval_settings: selective_code_owner_removals cannot be used with retain_approvals_on_push off: selective removals need approvals retained on push\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('selective_code_owner_removals beside retain_approvals_on_push: true is applied, as GitLab takes them', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    approval_settings:\n      retain_approvals_on_push: true\n      selective_code_owner_removals: true\n',
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(await getJson(`${STOREFRONT}/merge_request_approval_setting`)).toMatchObject({
      retain_approvals_on_push: { value: true },
      selective_code_owner_removals: { value: true },
    });
  });

  it('a key the same file’s group above locks is refused before the group’s write, exit 2', async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme:',
        '    approval_settings:',
        '      allow_author_approval: false',
        'projects:',
        '  acme/web/storefront:',
        '    approval_settings:',
        '      allow_author_approval: true',
        '',
      ].join('\n'),
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect([applied.exitCode, applied.stderr.split('\n').slice(0, 2)]).toEqual([
      2,
      [
        'error: approval_settings.allow_author_approval of project acme/web/storefront would be locked at false by group acme, which the file sets so',
        "hint: leave it out of this project, or set allow_author_approval: true in group acme's approval_settings in the file",
      ],
    ]);
    expect(writes()).toEqual([]);
  });

  it('a subgroup’s strict value in the same file does not refuse its project’s other value: it locks nothing', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      [
        'version: 1',
        'groups:',
        '  acme/web:',
        '    approval_settings:',
        '      allow_author_approval: false',
        'projects:',
        '  acme/web/storefront:',
        '    approval_settings:',
        '      allow_author_approval: true',
        '',
      ].join('\n'),
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await getJson(`${STOREFRONT}/merge_request_approval_setting`)).allow_author_approval).toMatchObject({
      value: true,
      locked: false,
    });
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('retain_approvals_on_push off where the project has selective_code_owner_removals on: refused at plan, exit 2', async () => {
    const { collab, file, call, sandbox, writes } = await world();
    const put = await call('PUT', `${STOREFRONT}/merge_request_approval_setting`, {
      json: { retain_approvals_on_push: true, selective_code_owner_removals: true },
    });
    expect(put.status).toBe(200);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    approval_settings:\n      retain_approvals_on_push: false\n',
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect([applied.exitCode, applied.stderr.split('\n').slice(0, 2)]).toEqual([
      2,
      [
        'error: approval_settings of project acme/web/storefront: selective_code_owner_removals cannot be used with retain_approvals_on_push off: selective removals need approvals retained on push',
        'hint: set retain_approvals_on_push: true in the file with it, or selective_code_owner_removals: false',
      ],
    ]);
    expect(writes()).toEqual([]);
  });

  it('a key its group locks is refused, exit 2, naming the lock', async () => {
    const { collab, file } = await world();
    expect((await collab(['apply', '-f', file(SETTINGS), '--yes'])).exitCode).toBe(0);
    const plan = await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    approval_settings:\n      allow_author_approval: true\n',
        'locked.yaml',
      ),
    ]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      'approval_settings.allow_author_approval of project acme/web/storefront is locked at false by its group',
    );
    expect(plan.stderr).toContain(
      'hint: leave it out of this project, or change it on group acme, for every project under it: `collab approval-settings update --group acme --allow-author-approval`\n',
    );
  });

  it('a key the instance locks is refused, exit 2, the hint naming the Admin area', async () => {
    const { collab, file, sandbox } = await world();
    sandbox.store.instanceApprovalSettings.prevent_merge_requests_author_approval = true;
    const plan = await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    approval_settings:\n      allow_author_approval: true\n',
      ),
    ]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      'approval_settings.allow_author_approval of project acme/web/storefront is locked at false by its instance',
    );
    expect(plan.stderr).toContain(
      'hint: leave it out of this project, or an administrator changes it for the whole instance: Admin area, Push rules, Merge request approvals\n',
    );
  });
});
