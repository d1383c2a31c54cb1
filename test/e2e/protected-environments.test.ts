import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab protected-environments against the sandbox: entries by role name, username and group path. */
describe('collab protected-environments', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const path = `/projects/${encodeURIComponent(project)}/protected_environments`;
  const entries = (list: Array<Record<string, unknown>>) =>
    list.map((e) => [e.access_level, e.user_id !== null, e.group_id, e.required_approvals ?? null]);

  it('create with roles, a user and approvers by name; list and view show them in words', async () => {
    const created = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'maintainer',
      '--deploy-user',
      'dana',
      '--approver-role',
      'developer',
      '--approvals',
      '2',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toBe(`protected environment production of project ${project}\n`);
    const env = await getJson(`${path}/production`);
    expect(entries(env.deploy_access_levels)).toEqual([
      [40, false, null, null],
      [null, true, null, null],
    ]);
    expect(entries(env.approval_rules)).toEqual([[30, false, null, 2]]);
    const listed = await collab(['protected-environments', 'list', '--project', project]);
    expect(listed.stdout).toBe('production\tmaintainer,Dana Developer (user)\tdeveloper x2\n');
    const viewed = await collab(['protected-env', 'view', 'production', '--project', project]);
    expect(viewed.stdout).toBe(
      'Name\tproduction\nWho may deploy\tmaintainer,Dana Developer (user)\nWho must approve\tdeveloper x2\n',
    );
  });

  it('update replaces a list given in one PUT, leaves the other, and --approvals alone changes the counts', async () => {
    const base = ['protected-environments', 'create', 'staging', '--project', project, '--deploy-role', 'maintainer'];
    expect((await collab([...base, '--approver-user', 'max'])).exitCode).toBe(0);
    sandbox.resetStats();
    const updated = await collab([
      'protected-environments',
      'update',
      'staging',
      '--project',
      project,
      '--deploy-role',
      'developer',
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(sandbox.requestLog.filter((r) => r.method === 'PUT').length).toBe(1);
    const env = await getJson(`${path}/staging`);
    expect(entries(env.deploy_access_levels)).toEqual([[30, false, null, null]]);
    expect(entries(env.approval_rules)).toEqual([[null, true, null, 1]]);
    expect(
      (await collab(['protected-environments', 'update', 'staging', '--project', project, '--approvals', '3']))
        .exitCode,
    ).toBe(0);
    expect(entries((await getJson(`${path}/staging`)).approval_rules)).toEqual([[null, true, null, 3]]);
    const same = await collab([
      'protected-environments',
      'update',
      'staging',
      '--project',
      project,
      '--approvals',
      '3',
    ]);
    expect(same.stderr).toBe(`protected environment staging of project ${project} is already so; nothing to do\n`);
    expect(
      (await collab(['protected-environments', 'update', 'staging', '--project', project, '--clear-approvers']))
        .exitCode,
    ).toBe(0);
    expect((await getJson(`${path}/staging`)).approval_rules).toEqual([]);
  });

  it('a group protects a deployment tier: another name is exit 2 before anything is sent', async () => {
    sandbox.resetStats();
    const bad = await collab([
      'protected-environments',
      'create',
      'prod',
      '--group',
      'acme',
      '--deploy-role',
      'maintainer',
    ]);
    expect([bad.exitCode, bad.stderr]).toEqual([
      2,
      'error: a group protects a deployment tier, not "prod"\nhint: give one of production, staging, testing, development, other\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
    const made = await collab([
      'protected-environments',
      'create',
      'production',
      '--group',
      'acme',
      '--deploy-role',
      'maintainer',
    ]);
    expect(made.exitCode, made.stderr).toBe(0);
    expect(entries((await getJson('/groups/acme/protected_environments/production')).deploy_access_levels)).toEqual([
      [40, false, null, null],
    ]);
  });

  it('--group-inheritance inherited counts a group’s inherited members; update changes it by id, --approvals keeps it', async () => {
    const shared = await collab([
      'share',
      'add',
      '--project',
      project,
      '--group-id',
      'globex',
      '--group-access',
      'developer',
    ]);
    expect(shared.exitCode, shared.stderr).toBe(0);
    // Each list's group_inheritance_type, as the service holds them: [deploy, approvers].
    const inheritance = async () => {
      const env = await getJson(`${path}/production`);
      return (['deploy_access_levels', 'approval_rules'] as const).map((field) =>
        (env[field] as Array<{ group_inheritance_type: number }>).map((entry) => entry.group_inheritance_type),
      );
    };
    const on = ['production', '--project', project];
    const created = await collab([
      'protected-environments',
      'create',
      ...on,
      '--deploy-group',
      'globex',
      '--approver-group',
      'globex',
      '--group-inheritance',
      'inherited',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(await inheritance()).toEqual([[1], [1]]);
    const viewed = await collab(['protected-environments', 'view', ...on], { tty: true });
    expect(viewed.stdout).toMatch(/Who may deploy +Globex \(group, inherited members\)/);

    expect((await collab(['protected-environments', 'update', ...on, '--approvals', '2'])).exitCode).toBe(0);
    expect(await inheritance()).toEqual([[1], [1]]);
    const direct = ['--deploy-group', 'globex', '--group-inheritance', 'direct'];
    expect((await collab(['protected-environments', 'update', ...on, ...direct])).exitCode).toBe(0);
    expect(await inheritance()).toEqual([[0], [1]]);

    sandbox.resetStats();
    const alone = await collab(['protected-environments', 'update', ...on, '--group-inheritance', 'inherited']);
    expect([alone.exitCode, alone.stderr]).toEqual([
      2,
      'error: --group-inheritance needs a group to apply to\nhint: give --deploy-group <path> or --approver-group <path> with it\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a user without access or a group the project is not shared with: exit 5, with the command that fixes it', async () => {
    const user = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-user',
      'xena',
    ]);
    const group = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-group',
      'globex',
    ]);
    expect([user.exitCode, group.exitCode]).toEqual([5, 5]);
    expect(user.stderr).toContain(
      `hint: each user needs access to the project first: collab projects members add ${project} --user <username> --access-level developer`,
    );
    expect(group.stderr).toContain(
      `hint: share the project with each group first: collab share add --project ${project} --group-id <group> --group-access developer`,
    );
  });

  it('bad input is exit 2 before any request: no deploy entry, a role that is not one', async () => {
    sandbox.resetStats();
    const none = await collab(['protected-environments', 'create', 'production', '--project', project]);
    expect([none.exitCode, none.stderr.split('\n')[0]]).toEqual([2, 'error: say who may deploy']);
    const role = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'owner',
    ]);
    expect(role.exitCode).toBe(2);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('update --clear-approvers with --approvals is exit 2 before any request, not --approvals ignored', async () => {
    sandbox.resetStats();
    const both = await collab([
      'protected-environments',
      'update',
      'production',
      '--project',
      project,
      '--clear-approvers',
      '--approvals',
      '2',
    ]);
    expect([both.exitCode, both.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --approvals cannot be used with --clear-approvers',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('update --approvals on an environment with no approvers is exit 2 before any write, naming the flags that add them', async () => {
    const base = [
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'maintainer',
    ];
    expect((await collab(base)).exitCode).toBe(0);
    sandbox.resetStats();
    const updated = await collab([
      'protected-environments',
      'update',
      'production',
      '--project',
      project,
      '--approvals',
      '3',
    ]);
    expect([updated.exitCode, updated.stderr]).toEqual([
      2,
      `error: protected environment production of project ${project} has no approvers to require approvals of\n` +
        `hint: add approvers with --approver-role, --approver-user or --approver-group: collab protected-environments update production --project ${project} --approver-role maintainer --approvals 3\n`,
    ]);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('an unknown environment or user is exit 4 with a hint, a second protection exit 5, a Developer is told the role needed', async () => {
    const missing = await collab(['protected-environments', 'view', 'nope', '--project', project]);
    expect([missing.exitCode, missing.stderr.split('\n')[1]]).toEqual([
      4,
      `hint: project ${project} has no protected environment nope: \`collab protected-environments list --project ${project}\` lists them`,
    ]);
    const user = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-user',
      'nobody-here',
    ]);
    expect([user.exitCode, user.stderr]).toEqual([
      4,
      'error: user nobody-here not found (--deploy-user)\nhint: check the username (as in their profile URL), or find them with `collab users list --search nobody-here`\n',
    ]);
    const group = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-group',
      'acme/nope',
    ]);
    expect(group.exitCode).toBe(4);
    expect(group.stderr).toMatch(/^hint: groups are named by full path/m);
    const create = [
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'maintainer',
    ];
    expect((await collab(create)).exitCode).toBe(0);
    const again = await collab(create);
    expect([again.exitCode, again.stderr.split('\n')[1]]).toEqual([
      5,
      `hint: production is protected already: \`collab protected-environments update production --project ${project}\` changes it`,
    ]);
    const developer = await collab(['protected-environments', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  // ee/lib/api/protected_environments.rb: conflict! before the service, and the model's full messages as a list.
  it('the service refuses a name protected already with 409 in its own words', async () => {
    const body = { name: 'production', deploy_access_levels: [{ access_level: 40 }] };
    expect((await call('POST', path, { json: body })).status).toBe(201);
    expect(await call('POST', path, { json: body })).toMatchObject({
      status: 409,
      body: { message: "Environment 'production' is already protected" },
    });
  });

  it('the service refuses an entry of a user without access with the model’s full message', async () => {
    const xena = (await getJson('/users?username=xena'))[0].id;
    expect(
      await call('POST', path, { json: { name: 'production', deploy_access_levels: [{ user_id: xena }] } }),
    ).toMatchObject({ status: 422, body: { message: ['Deploy access levels user must have access to the project'] } });
  });

  it('the service keeps someone who may deploy: none at create, or the last removed by an update, is 422', async () => {
    const empty = await call('POST', path, { json: { name: 'staging', deploy_access_levels: [] } });
    expect([empty.status, empty.body]).toEqual([
      422,
      { message: ['Deploy access levels is too short (minimum is 1 character)'] },
    ]);
    const made = await call('POST', path, { json: { name: 'staging', deploy_access_levels: [{ access_level: 40 }] } });
    expect(made.status).toBe(201);
    const [only] = made.body.deploy_access_levels;
    const emptied = await call('PUT', `${path}/staging`, {
      json: { deploy_access_levels: [{ id: only.id, _destroy: true }] },
    });
    expect(emptied.status).toBe(422);
    expect((await getJson(`${path}/staging`)).deploy_access_levels).toEqual([only]);
  });

  it('delete asks (exit 2 without a terminal or --yes); one not protected is done, exit 4 with --strict', async () => {
    const create = [
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'maintainer',
    ];
    expect((await collab(create)).exitCode).toBe(0);
    expect((await collab(['protected-environments', 'delete', 'production', '--project', project])).exitCode).toBe(2);
    expect(
      (await collab(['protected-environments', 'delete', 'production', '--project', project, '--yes'])).exitCode,
    ).toBe(0);
    expect(await getJson(path)).toEqual([]);
    const gone = await collab(['protected-environments', 'delete', 'production', '--project', project, '--yes']);
    expect([gone.exitCode, gone.stderr]).toEqual([
      0,
      `protected environment production was already gone from project ${project}; nothing to do\n`,
    ]);
    const strict = ['protected-environments', 'delete', 'production', '--project', project, '--yes', '--strict'];
    expect((await collab(strict)).exitCode).toBe(4);
  });

  it('--dry-run sends nothing and shows the POST with the looked-up IDs', async () => {
    const dry = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      project,
      '--deploy-role',
      'maintainer',
      '--dry-run',
    ]);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('"deploy_access_levels": [\n    {\n      "access_level": 40\n    }\n  ]');
    expect(await getJson(path)).toEqual([]);
  });
});

describe('collab protected-environments on GitLab Free', () => {
  const { collab, sandbox } = useSandbox({ seed: 12, tier: 'free' });

  it.each([
    ['--project', 'acme/web/storefront', 'GET /projects/acme%2Fweb%2Fstorefront/protected_environments'],
    ['--group', 'acme', 'GET /groups/acme/protected_environments'],
  ])('list %s says in one line that the feature needs a paid tier (exit 3)', async (flag, owner, request) => {
    const run = await collab(['protected-environments', 'list', flag, owner]);
    expect([run.exitCode, run.stdout]).toEqual([3, '']);
    expect(run.stderr).toBe(
      `error: protected environments need a paid tier (GitLab Premium or Ultimate): this instance is GitLab Free (${request}?per_page=20&page=1)\n`,
    );
  });

  it('create is refused as the service refuses it, and nothing is protected', async () => {
    const run = await collab([
      'protected-environments',
      'create',
      'production',
      '--project',
      'acme/web/storefront',
      '--deploy-role',
      'maintainer',
    ]);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toMatch(/^error: protected environments need a paid tier \(GitLab Premium or Ultimate\)/);
    const posts = sandbox.requestLog.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`);
    expect(posts).toEqual(['/api/v4/projects/acme%2Fweb%2Fstorefront/protected_environments 404']);
  });
});
