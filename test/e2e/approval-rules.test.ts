import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab approval-rules against a Premium sandbox, and against GitLab Free. */
describe('collab approval-rules', () => {
  const { collab, getJson, call, sandbox } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const rulesPath = `/projects/${encodeURIComponent(project)}/approval_rules`;
  const on = ['--project', project];

  it('create by names, list, view, update, delete', async () => {
    const created = await collab(
      [
        'approval-rules',
        'create',
        'security',
        ...on,
        '--approvals',
        '2',
        '--approver',
        'max',
        '--approver-group',
        'acme/platform',
        '--branch',
        'main',
        '--json',
      ],
      { as: 'maintainer' },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toBe(`created approval rule security on project ${project}\n`);
    const [rule] = await getJson(rulesPath);
    expect([
      rule.users.map((u: { username: string }) => u.username),
      rule.groups[0].full_path,
      rule.protected_branches[0].name,
    ]).toEqual([['max'], 'acme/platform', 'main']);

    const list = await collab(['approval-rules', 'ls', ...on]);
    expect(
      list.stdout
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t').slice(1)),
    ).toEqual([['security', 'regular', '2', 'max', 'acme/platform', 'main']]);
    expect((await collab(['approval-rules', 'view', 'security', ...on], { tty: true })).stdout).toMatch(
      /Branches\s+main\n/,
    );

    const updated = await collab([
      'approval-rules',
      'update',
      'security',
      ...on,
      '--approvals',
      '1',
      '--approver',
      'dana',
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    const [after] = await getJson(rulesPath);
    expect([
      after.approvals_required,
      after.users.map((u: { username: string }) => u.username),
      after.groups.length,
    ]).toEqual([1, ['dana'], 1]);

    expect((await collab(['approval-rules', 'delete', 'security', ...on])).exitCode).toBe(2);
    expect((await collab(['approval-rules', 'delete', 'security', ...on, '--yes'])).exitCode).toBe(0);
    expect(await getJson(rulesPath)).toEqual([]);
    const again = await collab(['approval-rules', 'delete', 'security', ...on, '--yes', '--strict']);
    expect(again.exitCode).toBe(4);
  });

  it('on 80 columns GROUPS, which no rule has, is not brought back into room the rule’s long name can take', async () => {
    const name = 'The security team reviews every change to the release branches';
    const created = await collab([
      'approval-rules',
      'create',
      name,
      '--project',
      project,
      '--approvals',
      '2',
      '--approver',
      'dana',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    const listed = await collab(['approval-rules', 'list', '--project', project], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(listed.exitCode).toBe(0);
    const header = listed.stdout
      .split('\n')[1]
      ?.split('│')
      .map((cell) => cell.trim());
    expect(header).toContain('USERS');
    expect(header).not.toContain('GROUPS');
  });

  it('a rule on every protected branch shows each protected branch of the project, one protected after it too', async () => {
    const made = await collab([
      'approval-rules',
      'create',
      'every',
      ...on,
      '--approvals',
      '1',
      '--all-protected-branches',
    ]);
    expect(made.exitCode, made.stderr).toBe(0);
    const branches = `/projects/${encodeURIComponent(project)}/protected_branches`;
    expect((await call('POST', branches, { json: { name: 'release' } })).status).toBe(201);
    const [rule] = await getJson(rulesPath);
    const names = (list: Array<{ name: string }>) => list.map((b) => b.name).sort();
    expect(names(await getJson(branches))).toContain('release');
    expect([rule.applies_to_all_protected_branches, names(rule.protected_branches)]).toEqual([
      true,
      names(await getJson(branches)),
    ]);
  });

  it('update --branch on a rule on every protected branch scopes it to that branch alone', async () => {
    expect(
      (await collab(['approval-rules', 'create', 'r2', ...on, '--approvals', '1', '--all-protected-branches']))
        .exitCode,
    ).toBe(0);
    const updated = await collab(['approval-rules', 'update', 'r2', ...on, '--branch', 'main', '--json']);
    expect(updated.exitCode, updated.stderr).toBe(0);
    const [rule] = await getJson(rulesPath);
    expect([
      rule.applies_to_all_protected_branches,
      rule.protected_branches.map((b: { name: string }) => b.name),
    ]).toEqual([false, ['main']]);
  });

  it('update --approvals alone keeps a rule on every protected branch', async () => {
    expect(
      (await collab(['approval-rules', 'create', 'every', ...on, '--approvals', '1', '--all-protected-branches']))
        .exitCode,
    ).toBe(0);
    expect((await collab(['approval-rules', 'update', 'every', ...on, '--approvals', '2'])).exitCode).toBe(0);
    const [rule] = await getJson(rulesPath);
    expect([rule.approvals_required, rule.applies_to_all_protected_branches]).toEqual([2, true]);
  });

  it('a PUT that leaves applies_to_all_protected_branches out takes the rule off every protected branch, as GitLab defaults it', async () => {
    const made = await call('POST', rulesPath, {
      json: { name: 'every', approvals_required: 1, applies_to_all_protected_branches: true },
    });
    expect(made.status).toBe(201);
    const [rule] = await getJson(rulesPath);
    expect((await call('PUT', `${rulesPath}/${rule.id}`, { json: { approvals_required: 2 } })).status).toBe(200);
    const [after] = await getJson(rulesPath);
    expect([after.approvals_required, after.applies_to_all_protected_branches]).toEqual([2, false]);
  });

  it('the view says a rule covers every protected branch, and says otherwise once it does not', async () => {
    const view = async () =>
      (await collab(['approval-rules', 'view', 'every', ...on], { tty: true })).stdout
        .split('\n')
        .find((line) => line.startsWith('Branches'));
    expect(
      (await collab(['approval-rules', 'create', 'every', ...on, '--approvals', '1', '--all-protected-branches']))
        .exitCode,
    ).toBe(0);
    expect(await view()).toMatch(/^Branches\s+all protected \(main, release\/\*\)$/);
    expect(
      (await collab(['approval-rules', 'update', 'every', ...on, '--all-protected-branches', 'no'])).exitCode,
    ).toBe(0);
    expect(await view()).toMatch(/^Branches\s+all$/);
    const list = await collab(['approval-rules', 'list', ...on]);
    expect(list.stdout.split('\t').at(-1)).toBe('all\n');
  });

  it('says which approvers the service left out: a user who is no member of the project', async () => {
    const created = await collab(
      ['approval-rules', 'create', 'audit', ...on, '--approvals', '1', '--approver', 'max', '--approver', 'xena'],
      { as: 'maintainer' },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain(
      `warning: xena was left out of the rule's approvers: GitLab keeps only members of the project (collab projects members add ${project} --user xena --access-level developer, then update the rule)`,
    );
    expect(created.stderr).not.toContain('max was left out');
  });

  it('--dry-run looks the names up and sends nothing', async () => {
    sandbox.resetStats();
    const dry = await collab([
      'approval-rules',
      'create',
      'x',
      ...on,
      '--approvals',
      '1',
      '--approver',
      'max',
      '--dry-run',
    ]);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('an unknown approver is exit 4 with a hint, before anything is written', async () => {
    sandbox.resetStats();
    const run = await collab(['approval-rules', 'create', 'x', ...on, '--approvals', '1', '--approver', 'nobody']);
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toMatch(/user nobody not found \(given to --approver\)/);
    expect(run.stderr).toMatch(/^hint: /m);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    const branch = await collab(['approval-rules', 'create', 'x', ...on, '--approvals', '1', '--branch', 'nope']);
    expect(branch.exitCode).toBe(4);
    expect(branch.stderr).toMatch(/branch nope is not protected/);
  });

  it('a second rule of a name, or a second any_approver rule, is refused by the service (exit 5)', async () => {
    expect((await collab(['approval-rules', 'create', 'a', ...on, '--approvals', '1'])).exitCode).toBe(0);
    const twice = await collab(['approval-rules', 'create', 'a', ...on, '--approvals', '1']);
    expect(twice.exitCode).toBe(5);
    expect(twice.stderr).toMatch(/name has already been taken/);
    expect(
      (await collab(['approval-rules', 'create', 'b', ...on, '--approvals', '1', '--type', 'any_approver'])).exitCode,
    ).toBe(0);
    const another = await collab([
      'approval-rules',
      'create',
      'c',
      ...on,
      '--approvals',
      '1',
      '--type',
      'any_approver',
    ]);
    expect(another.exitCode).toBe(5);
    expect(another.stderr).toMatch(/any-approver for the project already exists/);
  });

  it('create of a name taken is exit 5 with a hint to update the rule of that name', async () => {
    expect((await collab(['approval-rules', 'create', 'security', ...on, '--approvals', '1'])).exitCode).toBe(0);
    const twice = await collab(['approval-rules', 'create', 'security', ...on, '--approvals', '2']);
    expect([twice.exitCode, twice.stderr.split('\n')[1]]).toEqual([
      5,
      `hint: project ${project} has a rule named security: change it with \`collab approval-rules update security --project ${project} --approvals 2\``,
    ]);
  });

  it('a second any_approver rule is exit 5 with a hint naming the one there and how to update it', async () => {
    const any = ['--approvals', '1', '--type', 'any_approver'];
    expect((await collab(['approval-rules', 'create', 'anyone', ...on, ...any])).exitCode).toBe(0);
    const another = await collab(['approval-rules', 'create', 'others', ...on, ...any]);
    expect([another.exitCode, another.stderr.split('\n')[1]]).toEqual([
      5,
      `hint: project ${project} has its one any_approver rule already, anyone: change it with \`collab approval-rules update anyone --project ${project} --approvals 1\``,
    ]);
  });

  // ee/lib/api/helpers/project_approval_rules_helpers.rb: reading is admin_project or create_merge_request_in.
  it('a Developer reads the rules, as GitLab lets one who may open merge requests', async () => {
    const made = await call('POST', rulesPath, { json: { name: 'security', approvals_required: 1 } });
    expect(made.status).toBe(201);
    expect((await call('GET', rulesPath, { as: 'developer' })).status).toBe(200);
    expect((await call('GET', `${rulesPath}/${made.body.id}`, { as: 'developer' })).status).toBe(200);
    const listed = await collab(['approval-rules', 'list', ...on, '--json'], { as: 'developer' });
    expect([listed.exitCode, listed.json<Array<{ name: string }>>().map((rule) => rule.name)]).toEqual([
      0,
      ['security'],
    ]);
  });

  // create_merge_request_in is guest_access & download_code (app/policies/project_policy.rb): a
  // Reporter's anywhere, and any signed-in reader's of a public project such as this one.
  it('a Reporter reads the rules of a public project, as one who may open merge requests there', async () => {
    expect((await call('GET', rulesPath, { as: 'reporter' })).status).toBe(200);
  });

  it('a Guest of a private project is refused its rules and told it takes the Reporter role (exit 3)', async () => {
    const terraform = 'acme/platform/infra/terraform';
    const xena = (await getJson('/users?username=xena')) as Array<{ id: number }>;
    const made = await call('POST', `/projects/${encodeURIComponent(terraform)}/members`, {
      json: { user_id: xena[0]?.id, access_level: 10 },
    });
    expect(made.status).toBe(201);
    const denied = await collab(['approval-rules', 'list', '--project', terraform], { as: 'external' });
    expect(denied.exitCode).toBe(3);
    expect(denied.stderr).toMatch(/it needs the Reporter role/);
  });

  it('a Developer is told who may (exit 3); bad input is exit 2 before any request', async () => {
    const denied = await collab(['approval-rules', 'create', 'x', ...on, '--approvals', '1'], { as: 'developer' });
    expect(denied.exitCode).toBe(3);
    expect(denied.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    sandbox.resetStats();
    const tooMany = await collab(['approval-rules', 'create', 'x', ...on, '--approvals', '101']);
    expect(tooMany.exitCode).toBe(2);
    const anyNamed = await collab([
      'approval-rules',
      'create',
      'x',
      ...on,
      '--approvals',
      '1',
      '--type',
      'any_approver',
      '--approver',
      'max',
    ]);
    expect(anyNamed.exitCode).toBe(2);
    expect(anyNamed.stderr).toMatch(/an any_approver rule names no approvers/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('update --approver on an any_approver rule is exit 2, as on create, before anything is written', async () => {
    expect(
      (await collab(['approval-rules', 'create', 'anyone', ...on, '--approvals', '1', '--type', 'any_approver']))
        .exitCode,
    ).toBe(0);
    sandbox.resetStats();
    const update = await collab(['approval-rules', 'update', 'anyone', ...on, '--approver', 'max']);
    expect([update.exitCode, update.stderr.split('\n')[0]]).toEqual([
      2,
      'error: approval rule anyone: an any_approver rule names no approvers: anyone eligible approves (leave out --approver and --approver-group, or make it a regular rule)',
    ]);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    const [rule] = await getJson(rulesPath);
    expect(rule.users).toEqual([]);
  });

  it('the service keeps approvers named on an any_approver rule, as GitLab does', async () => {
    const made = await call('POST', rulesPath, {
      json: { name: 'anyone', approvals_required: 1, rule_type: 'any_approver', usernames: ['max'] },
    });
    expect(made.status).toBe(201);
    const [rule] = await getJson(rulesPath);
    expect([rule.rule_type, rule.users.map((u: { username: string }) => u.username)]).toEqual([
      'any_approver',
      ['max'],
    ]);
  });

  it('--branch with --all-protected-branches is exit 2 before any request, in create and in update', async () => {
    sandbox.resetStats();
    const create = await collab([
      'approval-rules',
      'create',
      'x',
      ...on,
      '--approvals',
      '1',
      '--branch',
      'main',
      '--all-protected-branches',
    ]);
    const update = await collab([
      'approval-rules',
      'update',
      'x',
      ...on,
      '--branch',
      'main',
      '--all-protected-branches',
      'yes',
    ]);
    for (const result of [create, update])
      expect([result.exitCode, result.stderr.split('\n')[0]]).toEqual([
        2,
        'error: --branch cannot be used with --all-protected-branches: give one of them',
      ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('completes rule names from the project on the line', async () => {
    expect((await collab(['approval-rules', 'create', 'security', ...on, '--approvals', '1'])).exitCode).toBe(0);
    const complete = await collab(['__complete', 'approval-rules', 'view', ...on, 'se'], {
      env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'collab-cache-')), COLLAB_COMPLETE_TIMEOUT: '20' },
    });
    expect(complete.stdout).toBe('security\n');
  });

  /** A rule made through the CLI, and its ID as the service gives it (the first column of `approval-rules list`). */
  const ruleId = async (name: string): Promise<number> => {
    expect((await collab(['approval-rules', 'create', name, ...on, '--approvals', '1'])).exitCode).toBe(0);
    const rules: Array<{ id: number; name: string }> = await getJson(rulesPath);
    return (rules.find((r) => r.name === name) as { id: number }).id;
  };

  it('view takes the rule’s ID, which list shows first', async () => {
    const id = await ruleId('security');
    const view = await collab(['approval-rules', 'view', String(id), ...on]);
    expect(view.exitCode, view.stderr).toBe(0);
    expect(view.stdout).toContain(`ID\t${id}\nName\tsecurity\n`);
  });

  it('update takes the rule’s ID', async () => {
    const id = await ruleId('security');
    const updated = await collab(['approval-rules', 'update', String(id), ...on, '--approvals', '2']);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect((await getJson(`${rulesPath}/${id}`)).approvals_required).toBe(2);
  });

  it('delete takes the rule’s ID, and counts one already gone by its ID as done', async () => {
    const id = await ruleId('security');
    expect((await collab(['approval-rules', 'delete', String(id), ...on, '--yes'])).exitCode).toBe(0);
    expect(await getJson(rulesPath)).toEqual([]);
    const again = await collab(['approval-rules', 'delete', String(id), ...on, '--yes']);
    expect([again.exitCode, again.stderr]).toEqual([
      0,
      `approval rule ${id} was already gone from project ${project}; nothing to do\n`,
    ]);
  });

  it('a rule named by digits alone, no rule’s ID, is viewed, updated and deleted by its name', async () => {
    const created = await collab(['approval-rules', 'create', '2024', ...on, '--approvals', '1', '--json']);
    expect(created.exitCode, created.stderr).toBe(0);
    const { id } = created.json<{ id: number }>();
    expect(id).not.toBe(2024);
    const view = await collab(['approval-rules', 'view', '2024', ...on, '--json']);
    expect(view.exitCode, view.stderr).toBe(0);
    expect(view.json<{ id: number }>().id).toBe(id);
    expect((await collab(['approval-rules', 'update', '2024', ...on, '--approvals', '2'])).exitCode).toBe(0);
    expect((await getJson(`${rulesPath}/${id}`)).approvals_required).toBe(2);
    const deleted = await collab(['approval-rules', 'delete', '2024', ...on, '--yes']);
    expect([deleted.exitCode, deleted.stderr]).toEqual([0, `deleted approval rule 2024 from project ${project}\n`]);
    expect(await getJson(rulesPath)).toEqual([]);
  });

  it('update --rename to a name another rule has is the service’s 400, with what to do', async () => {
    for (const name of ['first', 'second'])
      expect((await collab(['approval-rules', 'create', name, ...on, '--approvals', '1'])).exitCode).toBe(0);
    const renamed = await collab(['approval-rules', 'update', 'first', ...on, '--rename', 'second']);
    expect(renamed.exitCode).toBe(5);
    expect(renamed.stderr).toMatch(
      /^hint: project acme\/web\/storefront has a rule named second already: give --rename another name \(`collab approval-rules list --project acme\/web\/storefront` lists the names\)$/m,
    );
    expect((await getJson(rulesPath)).map((rule: { name: string }) => rule.name)).toEqual(['first', 'second']);
  });

  it('an unknown rule ID is exit 4 with where the rules are listed', async () => {
    const view = await collab(['approval-rules', 'view', '999999', ...on]);
    expect(view.exitCode).toBe(4);
    expect(view.stderr).toBe(
      `error: project ${project} has no approval rule 999999\nhint: \`collab approval-rules list --project ${project}\` lists them\n`,
    );
  });

  it('an unknown rule name is exit 4 with where the names are listed', async () => {
    const view = await collab(['approval-rules', 'view', 'nope', ...on]);
    expect(view.exitCode).toBe(4);
    expect(view.stderr).toMatch(/project acme\/web\/storefront has no approval rule nope/);
    expect(view.stderr).toMatch(/^hint: `collab approval-rules list --project acme\/web\/storefront` lists them/m);
  });
});

describe('collab approval-rules against GitLab Free', () => {
  const { collab } = useSandbox({ seed: 12, tier: 'free' });

  it('says in one line that the feature needs a paid tier (exit 3)', async () => {
    const run = await collab(['approval-rules', 'list', '--project', 'acme/web/storefront']);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toMatch(
      /^error: merge request approval rules need a paid tier \(GitLab Premium or Ultimate\): this instance is GitLab Free \(GET [^\n]*\)\n$/,
    );
  });
});
