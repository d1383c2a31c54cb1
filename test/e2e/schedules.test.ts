import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab schedules against the sandbox. */
describe('collab schedules', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const schedulesPath = `/projects/${encodeURIComponent(project)}/pipeline_schedules`;

  /**
   * A Maintainer's schedule on main; a Developer's on the unprotected branch `nightly`, made first:
   * GitLab refuses a Developer's schedule on main, where only Maintainers push and merge. Made in
   * the store, so that the request log holds the test's requests alone.
   */
  const create = (as: 'developer' | 'maintainer', ...extra: string[]) => {
    const branches = sandbox.store.findProject(project)?.branches;
    if (as === 'developer' && branches && !branches.includes('nightly')) branches.push('nightly');
    return collab(
      [
        'schedules',
        'create',
        '--project',
        project,
        '--description',
        'nightly',
        '--ref',
        as === 'developer' ? 'nightly' : 'main',
        '--cron',
        '0 2 * * *',
        '--json',
        ...extra,
      ],
      { as },
    );
  };

  it('create with variables and a file variable, list without variables, view with them', async () => {
    const file = join(tempConfigDir(), 'ci.yml');
    writeFileSync(file, 'retries: 3\n');
    const created = await create(
      'developer',
      '--cron-timezone',
      'Europe/Berlin',
      '--variable',
      'SUITE=full',
      '--file-variable',
      `CONFIG=${file}`,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const { id } = created.json<{ id: number }>();
    expect(created.stderr).toBe(`created pipeline schedule ${id} (nightly) on project ${project} with 2 variables\n`);
    const served = await getJson(`${schedulesPath}/${id}`);
    expect(served).toMatchObject({
      ref: 'refs/heads/nightly',
      cron_timezone: 'Europe/Berlin',
      owner: { username: 'dana' },
    });
    expect(served.variables).toEqual([
      { key: 'SUITE', value: 'full', variable_type: 'env_var', raw: false },
      { key: 'CONFIG', value: 'retries: 3\n', variable_type: 'file', raw: false },
    ]);

    const listed = await collab(['schedules', 'ls', '--project', project, '--json']);
    expect(listed.json<Array<Record<string, unknown>>>().map((s) => [s.id, s.description, 'variables' in s])).toEqual([
      [id, 'nightly', false],
    ]);
    const viewed = await collab(['schedules', 'view', String(id), '--project', project], { tty: true });
    expect(viewed.stdout).toMatch(/Variables +SUITE=full, CONFIG \(file\)/);
  });

  it('on 60 columns a long description is cut before REF and CRON go; the ref is cut in the middle, keeping its branch', async () => {
    const created = await create('maintainer', '--description', 'The nightly end-to-end suite of the storefront');
    expect(created.exitCode, created.stderr).toBe(0);
    const listed = await collab(['schedules', 'list', '--project', project], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '60' },
    });
    expect(listed.exitCode).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[1]?.split('│').map((cell) => cell.trim())).toEqual(['', 'ID', 'DESCRIPTION', 'REF', 'CRON', '']);
    expect(lines[3]?.split('│')[3]?.trim()).toMatch(/^(refs\/)?…\/main$/);
  });

  it('list --scope inactive shows only the paused schedules, --scope active only the running ones', async () => {
    const running = await create('maintainer', '--description', 'running');
    const paused = await create('maintainer', '--description', 'paused', '--no-active');
    expect([running.exitCode, paused.exitCode]).toEqual([0, 0]);
    const shown = async (scope: string) =>
      (await collab(['schedules', 'list', '--project', project, '--scope', scope, '--json']))
        .json<Array<{ description: string }>>()
        .map((s) => s.description);
    expect(await shown('inactive')).toEqual(['paused']);
    expect(await shown('active')).toEqual(['running']);
    sandbox.resetStats();
    const wrong = await collab(['schedules', 'list', '--project', project, '--scope', 'paused']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(/--scope/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('create -o json shows each variable as the service answers it, as view does', async () => {
    const created = await create('maintainer', '--variable', 'SUITE=full');
    expect(created.exitCode, created.stderr).toBe(0);
    const { id, variables } = created.json<{ id: number; variables: unknown }>();
    expect(variables).toEqual([{ key: 'SUITE', value: 'full', variable_type: 'env_var', raw: false }]);
    expect(variables).toEqual((await getJson(`${schedulesPath}/${id}`)).variables);
  });

  it('create --variable KEY= makes a variable with an empty value, as GitLab takes it; update empties one', async () => {
    const created = await create('developer', '--variable', 'EMPTY=', '--variable', 'SUITE=full');
    expect(created.exitCode, created.stderr).toBe(0);
    const { id } = created.json<{ id: number }>();
    const emptied = await collab(['schedules', 'update', String(id), '--project', project, '--variable', 'SUITE='], {
      as: 'developer',
    });
    expect(emptied.exitCode, emptied.stderr).toBe(0);
    expect((await getJson(`${schedulesPath}/${id}`)).variables).toEqual([
      { key: 'EMPTY', value: '', variable_type: 'env_var', raw: false },
      { key: 'SUITE', value: '', variable_type: 'env_var', raw: false },
    ]);
  });

  it('a variable refused once the schedule is made says the schedule’s ID and how to finish it, no value', async () => {
    // The service refuses the second variable; the schedule and the first one are made.
    const dispatcher = new MockAgent();
    dispatcher.enableNetConnect(new URL(sandbox.url).host);
    dispatcher
      .get(new URL(sandbox.url).origin)
      .intercept({
        path: (path) => path.endsWith('/variables'),
        method: 'POST',
        body: (body) => body.includes('"SECOND"'),
      })
      .reply(
        400,
        { message: '400 Bad request - value is invalid' },
        { headers: { 'content-type': 'application/json' } },
      );
    const made = await collab(
      [
        'schedules',
        'create',
        '--project',
        project,
        '--description',
        'nightly',
        '--ref',
        'main',
        '--cron',
        '0 2 * * *',
        '--variable',
        'FIRST=one',
        '--variable',
        'SECOND=s3cret-two',
        '--variable',
        'THIRD=s3cret-three',
      ],
      { dispatcher },
    );
    const [schedule] = await getJson(schedulesPath);
    expect(made.exitCode).toBe(5);
    expect(made.stderr).toBe(
      `error: 400 Bad request - value is invalid (POST ${schedulesPath}/${schedule.id}/variables)\n` +
        `hint: pipeline schedule ${schedule.id} was created without variables SECOND, THIRD: \`collab schedules update ${schedule.id} --project ${project} --variable SECOND=… --variable THIRD=…\` adds them, \`collab schedules delete ${schedule.id} --project ${project} --yes\` removes the schedule\n`,
    );
    expect((await getJson(`${schedulesPath}/${schedule.id}`)).variables.map((v: { key: string }) => v.key)).toEqual([
      'FIRST',
    ]);
  });

  it('--variable-from-file takes a value from standard input or a file, off the command line', async () => {
    const file = join(tempConfigDir(), 'token.txt');
    writeFileSync(file, 'from-a-file\n');
    const created = await collab(
      [
        'schedules',
        'create',
        '--project',
        project,
        '--description',
        'nightly',
        '--ref',
        'main',
        '--cron',
        '0 2 * * *',
        '--variable-from-file',
        'TOKEN=-',
        '--variable-from-file',
        `OTHER=${file}`,
        '--json',
      ],
      { input: 's3cret-from-stdin\n' },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const { id } = created.json<{ id: number }>();
    expect((await getJson(`${schedulesPath}/${id}`)).variables).toEqual([
      { key: 'TOKEN', value: 's3cret-from-stdin', variable_type: 'env_var', raw: false },
      { key: 'OTHER', value: 'from-a-file', variable_type: 'env_var', raw: false },
    ]);
    const changed = await collab(
      ['schedules', 'update', String(id), '--project', project, '--variable-from-file', 'TOKEN=-', '--dry-run'],
      { input: 'another-s3cret\n' },
    );
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect(changed.stdout + changed.stderr).not.toContain('another-s3cret');
    sandbox.resetStats();
    const targets = await collab(
      ['schedules', 'update', String(id), '--project', '-', '--variable-from-file', 'TOKEN=-'],
      { input: `${project}\n` },
    );
    expect([targets.exitCode, targets.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --variable-from-file TOKEN=- cannot read standard input: --project - reads the targets from it',
    ]);
    const missing = await create('maintainer', '--variable-from-file', 'TOKEN=/no/such/file');
    expect([missing.exitCode, missing.stderr.split('\n')[0]]).toEqual([
      2,
      'error: cannot read the variable TOKEN file /no/such/file: no such file',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a bad cron or time zone is exit 2 before anything is sent', async () => {
    sandbox.resetStats();
    const cron = await create('developer', '--cron', '61 * * * *');
    expect(cron.exitCode).toBe(2);
    expect(cron.stderr).toMatch(
      /--cron: invalid cron "61 \* \* \* \*": the minute field "61" is out of range \(0-59\)/,
    );
    const zone = await create('developer', '--cron-timezone', 'Mars/Olympus');
    expect(zone.exitCode).toBe(2);
    expect(zone.stderr).toMatch(
      /--cron-timezone: invalid cron time zone "Mars\/Olympus": must be an IANA time zone \(UTC, Europe\/Berlin, America\/New_York\) or an ActiveSupport name/,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a Developer’s create on main, protected for Maintainers, is exit 5, its hint naming the protected ref', async () => {
    const refused = await collab(
      ['schedules', 'create', '--project', project, '--description', 'nightly', '--ref', 'main', '--cron', '0 2 * * *'],
      { as: 'developer' },
    );
    expect([refused.exitCode, refused.stderr.split('\n').slice(0, 2)]).toEqual([
      5,
      [
        'error: 400 base: The current user is not authorized to create the pipeline schedule (POST /projects/acme%2Fweb%2Fstorefront/pipeline_schedules)',
        "hint: the schedule's ref is a protected branch you may neither push nor merge to (or a protected tag you may not create): give another ref, or have a Maintainer make the schedule",
      ],
    ]);
  });

  it('the Developer who owns a schedule on a branch protected since is refused its update (403), the hint saying the branch must be one they push or merge to', async () => {
    const { id } = (await create('developer')).json<{ id: number }>();
    const protect = await call('POST', `/projects/${encodeURIComponent(project)}/protected_branches`, {
      as: 'maintainer',
      json: { name: 'nightly' },
    });
    expect(protect.status).toBe(201);
    const refused = await collab(['schedules', 'update', String(id), '--project', project, '--cron', '0 3 * * *'], {
      as: 'developer',
    });
    expect([refused.exitCode, refused.stderr.split('\n')[1]]).toEqual([
      3,
      'hint: only the schedule’s owner, on a branch they may push or merge to or a tag they may create (a maintainer takes ownership first: `collab schedules take-ownership`) may do this: ask one of them, or check your role',
    ]);
  });

  it('update by another user than the owner: 403 says who may; take-ownership, then update', async () => {
    const { id } = (await create('developer')).json<{ id: number }>();
    const refused = await collab(['schedules', 'update', String(id), '--project', project, '--cron', '0 3 * * *'], {
      as: 'maintainer',
    });
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(
      /^hint: only the schedule’s owner, on a branch they may push or merge to or a tag they may create \(a maintainer takes ownership first/m,
    );
    const taken = await collab(['schedules', 'take-ownership', String(id), '--project', project, '--json'], {
      as: 'maintainer',
    });
    expect(taken.exitCode, taken.stderr).toBe(0);
    expect(taken.json<{ owner: { username: string } }>().owner.username).toBe('max');
    const updated = await collab(
      [
        'schedules',
        'update',
        String(id),
        '--project',
        project,
        '--cron',
        '0 3 * * *',
        '--no-active',
        '--variable',
        'SUITE=smoke',
      ],
      { as: 'maintainer' },
    );
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(await getJson(`${schedulesPath}/${id}`)).toMatchObject({
      cron: '0 3 * * *',
      active: false,
      variables: [{ key: 'SUITE', value: 'smoke' }],
    });
    const removed = await collab(
      ['schedules', 'update', String(id), '--project', project, '--remove-variable', 'SUITE'],
      { as: 'maintainer' },
    );
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect((await getJson(`${schedulesPath}/${id}`)).variables).toEqual([]);
  });

  // The service asks admin_pipeline_schedule of a variable's removal: a Maintainer's, not the owner's alone.
  it('another Developer removing a schedule’s variable is told it takes the Maintainer role', async () => {
    const { id } = (await create('maintainer', '--variable', 'SUITE=full')).json<{ id: number }>();
    const refused = await collab(
      ['schedules', 'update', String(id), '--project', project, '--remove-variable', 'SUITE'],
      {
        as: 'developer',
      },
    );
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  it('a Developer may not take ownership or delete: the 403 names the Maintainer role', async () => {
    const { id } = (await create('maintainer')).json<{ id: number }>();
    for (const verb of [['take-ownership'], ['delete', '--yes']]) {
      const refused = await collab(['schedules', ...verb, String(id), '--project', project], { as: 'developer' });
      expect(refused.exitCode).toBe(3);
      expect(refused.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    }
  });

  it('update with nothing to change is exit 2, its hint naming every flag update takes, --file-variable too', async () => {
    sandbox.resetStats();
    const none = await collab(['schedules', 'update', '1', '--project', project]);
    expect([none.exitCode, none.stderr]).toEqual([
      2,
      'error: nothing to change\nhint: give --description, --ref, --cron, --cron-timezone, --active/--no-active, --variable, --file-variable, --variable-from-file or --remove-variable\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('create --file-variable of a missing file says no such file, with a hint, before any request', async () => {
    sandbox.resetStats();
    const missing = join(tempConfigDir(), 'nonexistent');
    const made = await create('maintainer', '--file-variable', `C=${missing}`);
    expect([made.exitCode, made.stderr]).toEqual([
      2,
      `error: cannot read the file ${missing} of variable C: no such file\nhint: check the path: a relative one is read from the current directory\n`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('create --file-variable of a directory says it is a directory, with a hint', async () => {
    const dir = tempConfigDir();
    const made = await create('maintainer', '--file-variable', `C=${dir}`);
    expect([made.exitCode, made.stderr]).toEqual([
      2,
      `error: cannot read the file ${dir} of variable C: it is a directory\nhint: give the path of a file in it\n`,
    ]);
  });

  it('an unknown schedule is exit 4 with where to find the IDs', async () => {
    const missing = await collab(['schedules', 'view', '99', '--project', project]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(
      /hint: project acme\/web\/storefront has no pipeline schedule 99: `collab schedules list --project acme\/web\/storefront` lists them/,
    );
  });

  it('play runs it now; delete asks, --yes deletes, and one already gone is done', async () => {
    const { id } = (await create('maintainer')).json<{ id: number }>();
    const played = await collab(['schedules', 'play', String(id), '--project', project]);
    expect(played.exitCode).toBe(0);
    expect(played.stderr).toBe(`started a pipeline of schedule ${id} on project ${project}\n`);
    // The sandbox runs no pipeline: it counts those play started.
    expect(sandbox.store.schedules.get(id)?.played).toBe(1);
    const unasked = await collab(['schedules', 'delete', String(id), '--project', project]);
    expect(unasked.exitCode).toBe(2);
    expect((await collab(['schedules', 'delete', String(id), '--project', project, '--yes'])).exitCode).toBe(0);
    const again = await collab(['schedules', 'delete', String(id), '--project', project, '--yes']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/already gone/);
  });

  it('--dry-run shows the schedule and its variables and sends nothing', async () => {
    sandbox.resetStats();
    const dry = await create('developer', '--variable', 'A=1', '--dry-run');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(dry.stdout + dry.stderr).toMatch(/POST .*\/pipeline_schedules\/\(new\)\/variables/);
  });

  it('--dry-run of create and update shows a variable without its value, as a CI/CD variable is shown', async () => {
    const made = await create('developer', '--variable', 'TOKEN=old-value');
    expect(made.exitCode, made.stderr).toBe(0);
    const { id } = made.json<{ id: number }>();
    const dryCreate = await create('developer', '--variable', 'TOKEN=s3cret-create', '--dry-run');
    const dryUpdate = await collab(
      ['schedules', 'update', String(id), '--project', project, '--variable', 'TOKEN=s3cret-update', '--dry-run'],
      { as: 'developer' },
    );
    for (const dry of [dryCreate, dryUpdate]) {
      expect(dry.exitCode, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/"value": "\[redacted\]"/);
      expect(dry.stdout + dry.stderr).not.toMatch(/s3cret/);
    }
  });

  it('a short ref that names no branch is refused by the service; a full ref is kept as given', async () => {
    const missing = await create('maintainer', '--ref', 'no-such-branch');
    expect(missing.exitCode).toBe(5);
    expect(missing.stderr).toMatch(/ref is ambiguous/);
    expect(missing.stderr).toMatch(
      /^hint: --ref no-such-branch names no branch or tag of project acme\/web\/storefront, or both: give a branch that exists, or the full ref \(refs\/heads\/no-such-branch or refs\/tags\/no-such-branch\)$/m,
    );
    expect(await getJson(schedulesPath)).toEqual([]);
    const full = await create('maintainer', '--ref', 'refs/heads/not-yet-pushed');
    expect(full.exitCode, full.stderr).toBe(0);
    const { id } = full.json<{ id: number }>();
    const update = await collab(['schedules', 'update', String(id), '--project', project, '--ref', 'nope'], {
      as: 'maintainer',
    });
    expect(update.exitCode).toBe(5);
    expect(update.stderr).toMatch(/^hint: --ref nope names no branch or tag of project /m);
    expect((await getJson(`${schedulesPath}/${id}`)).ref).toBe('refs/heads/not-yet-pushed');
  });
});
