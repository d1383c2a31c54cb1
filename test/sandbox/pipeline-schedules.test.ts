import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { callSandbox } from '../helpers/sandbox-api.js';

/**
 * Pipeline schedules' answers beyond doc/api/pipeline_schedules.md @ec05f6eb, as GitLab's source
 * gives them: lib/api/ci/pipeline_schedules.rb (its `pipeline_schedule` helper, the rights each
 * route asks), app/policies/ci/pipeline_schedule_policy.rb (admin_pipeline_schedule: Maintainers,
 * or the owner with the Developer role) and the details entity, which shows variables only to
 * the user the single GET passes it.
 */
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, seed: 12 });
});
afterEach(() => sandbox?.close());

const base = `/projects/${encodeURIComponent('acme/web/storefront')}/pipeline_schedules`;
const call = (method: string, path: string, as: SandboxRole, json?: unknown) =>
  callSandbox(sandbox, method, path, { as, ...(json === undefined ? {} : { json }) });

/**
 * The unprotected branch `schedules`, made once a test: the seed's `main` is protected for
 * Maintainers, where a Developer makes no schedule (scheduleRefProtected).
 */
async function unprotectedBranch(): Promise<string> {
  if (!sandbox.store.findProject('acme/web/storefront')?.branches.includes('schedules')) {
    const made = await call(
      'POST',
      `/projects/${encodeURIComponent('acme/web/storefront')}/repository/branches`,
      'maintainer',
      {
        branch: 'schedules',
        ref: 'main',
      },
    );
    expect(made.status).toBe(201);
  }
  return 'schedules';
}

/** A schedule of `as`'s on an unprotected branch, with one variable. */
async function schedule(as: SandboxRole): Promise<number> {
  const ref = await unprotectedBranch();
  const made = await call('POST', base, as, { description: 'nightly', ref, cron: '0 2 * * *' });
  expect(made.status).toBe(201);
  const id = made.body.id as number;
  expect((await call('POST', `${base}/${id}/variables`, as, { key: 'TARGET', value: 'staging' })).status).toBe(201);
  return id;
}

describe('sandbox: pipeline schedules as GitLab’s policy and entities answer', () => {
  it('POST, PUT and take_ownership answer the schedule without its variables', async () => {
    const id = await schedule('developer');
    const created = await call('POST', base, 'developer', {
      description: 'weekly',
      ref: await unprotectedBranch(),
      cron: '0 3 * * 1',
    });
    const updated = await call('PUT', `${base}/${id}`, 'developer', { cron: '0 4 * * *' });
    const taken = await call('POST', `${base}/${id}/take_ownership`, 'maintainer');
    expect([created.status, updated.status, taken.status]).toEqual([201, 200, 201]);
    for (const answer of [created, updated, taken]) expect(answer.body).not.toHaveProperty('variables');
  });

  it('the single GET shows the variables to the owner and to a Maintainer', async () => {
    const id = await schedule('developer');
    for (const as of ['developer', 'maintainer'] as const)
      expect((await call('GET', `${base}/${id}`, as)).body.variables).toEqual([
        { key: 'TARGET', value: 'staging', variable_type: 'env_var', raw: false },
      ]);
  });

  it('the single GET shows another Developer no variables', async () => {
    const id = await schedule('maintainer');
    const seen = await call('GET', `${base}/${id}`, 'developer');
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('variables');
  });

  /** Makes the project's pipelines visible to its Reporters and above only (public_builds off). */
  const privatePipelines = async () =>
    expect(
      (await call('PUT', `/projects/${encodeURIComponent('acme/web/storefront')}`, 'admin', { public_builds: false }))
        .status,
    ).toBe(200);

  // read_pipeline_schedule is reporter_access, or with public pipelines whoever reads the project
  // (app/policies/project_policy.rb); lib/api/ci/pipeline_schedules.rb asks it of list and GET.
  it('a Reporter lists and views the schedules even where pipelines are not public (reporter_access)', async () => {
    const id = await schedule('developer');
    await privatePipelines();
    expect((await call('GET', base, 'reporter')).status).toBe(200);
    expect((await call('GET', `${base}/${id}`, 'reporter')).status).toBe(200);
  });

  it('where pipelines are not public, a Guest asking for one schedule is told there is none (404), the list being 403', async () => {
    const id = await schedule('developer');
    await privatePipelines();
    const xena = (await call('GET', '/users?username=xena', 'admin')).body[0].id as number;
    const made = await call('POST', `/projects/${encodeURIComponent('acme/web/storefront')}/members`, 'admin', {
      user_id: xena,
      access_level: 10,
    });
    expect(made.status).toBe(201);
    expect(await call('GET', `${base}/${id}`, 'external')).toMatchObject({
      status: 404,
      body: { message: '404 Pipeline Schedule Not Found' },
    });
    expect((await call('GET', base, 'external')).status).toBe(403);
  });

  it('a variable with an empty value is made (201), as Grape asks only that value be given', async () => {
    const id = await schedule('developer');
    const made = await call('POST', `${base}/${id}/variables`, 'developer', { key: 'EMPTY', value: '' });
    expect([made.status, made.body]).toEqual([201, { key: 'EMPTY', value: '', variable_type: 'env_var', raw: false }]);
  });

  it('a variable without a value is 400 value is missing', async () => {
    const id = await schedule('developer');
    const refused = await call('POST', `${base}/${id}/variables`, 'developer', { key: 'NONE' });
    expect([refused.status, refused.body]).toEqual([400, { error: 'value is missing' }]);
  });

  it('a variable that is not there is 404 Pipeline Schedule Variable Not Found', async () => {
    const id = await schedule('developer');
    expect(await call('PUT', `${base}/${id}/variables/NOPE`, 'developer', { value: 'x' })).toMatchObject({
      status: 404,
      body: { message: '404 Pipeline Schedule Variable Not Found' },
    });
  });

  it('a Maintainer removes a variable of a schedule another owns (202)', async () => {
    const id = await schedule('developer');
    expect((await call('DELETE', `${base}/${id}/variables/TARGET`, 'maintainer')).status).toBe(202);
  });

  it('the Developer who owns a schedule deletes it (204)', async () => {
    const id = await schedule('developer');
    expect((await call('DELETE', `${base}/${id}`, 'developer')).status).toBe(204);
  });

  it('an administrator changes a schedule another owns, and its variables (200, 201)', async () => {
    const id = await schedule('developer');
    const updated = await call('PUT', `${base}/${id}`, 'admin', { cron: '0 4 * * *' });
    const added = await call('POST', `${base}/${id}/variables`, 'admin', { key: 'SUITE', value: 'full' });
    expect([updated.status, updated.body.owner?.username, added.status]).toEqual([200, 'dana', 201]);
  });

  it('a Maintainer who does not own a schedule may not change it (403)', async () => {
    const id = await schedule('developer');
    expect((await call('PUT', `${base}/${id}`, 'maintainer', { cron: '0 4 * * *' })).status).toBe(403);
  });

  it('a Developer who does not own a schedule may not delete it (403)', async () => {
    const id = await schedule('maintainer');
    expect((await call('DELETE', `${base}/${id}`, 'developer')).status).toBe(403);
  });
});

/**
 * Playing needs play_pipeline_schedule (lib/api/ci/pipeline_schedules.rb): create_pipeline, a
 * Developer's, prevented on a ref the caller may neither push nor merge to
 * (app/policies/ci/pipeline_schedule_policy.rb `protected_ref`). The seed protects the
 * storefront's `main` for Maintainers and `release/*` with Developers merging.
 */
describe('sandbox: playing a pipeline schedule', () => {
  const project = `/projects/${encodeURIComponent('acme/web/storefront')}`;

  /** A Maintainer's schedule on a new branch `branch` made from main. */
  async function scheduleOn(branch: string): Promise<number> {
    const made = await call('POST', `${project}/repository/branches`, 'maintainer', { branch, ref: 'main' });
    expect(made.status).toBe(201);
    const created = await call('POST', base, 'maintainer', { description: 'nightly', ref: branch, cron: '0 2 * * *' });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  it('a Reporter may not play a schedule on an unprotected branch (403)', async () => {
    const id = await scheduleOn('nightly');
    const played = await call('POST', `${base}/${id}/play`, 'reporter');
    expect([played.status, played.body]).toEqual([403, { message: '403 Forbidden' }]);
    expect(sandbox.store.schedules.get(id)?.played).toBe(0);
  });

  it('a Developer plays a schedule on an unprotected branch (201)', async () => {
    const id = await scheduleOn('nightly');
    expect((await call('POST', `${base}/${id}/play`, 'developer')).status).toBe(201);
    expect(sandbox.store.schedules.get(id)?.played).toBe(1);
  });

  it('a Developer may not play a schedule on main, where only Maintainers push and merge (403)', async () => {
    const created = await call('POST', base, 'maintainer', { description: 'nightly', ref: 'main', cron: '0 2 * * *' });
    const id = created.body.id as number;
    expect((await call('POST', `${base}/${id}/play`, 'developer')).status).toBe(403);
    expect((await call('POST', `${base}/${id}/play`, 'maintainer')).status).toBe(201);
  });

  it('a Developer plays a schedule on a protected branch Developers may merge to (201)', async () => {
    const id = await scheduleOn('release/1.0');
    expect((await call('POST', `${base}/${id}/play`, 'developer')).status).toBe(201);
  });
});

/**
 * Schedule variables need set_pipeline_variables first (lib/api/ci/pipeline_schedules.rb): with
 * restrict_user_defined_variables on, the project's ci_pipeline_variables_minimum_override_role
 * and up (app/models/project_ci_cd_setting.rb), no one for no_one_allowed.
 */
describe('sandbox: pipeline schedule variables and the project’s pipeline variable setting', () => {
  const project = `/projects/${encodeURIComponent('acme/web/storefront')}`;
  async function restrict(role?: string): Promise<void> {
    expect((await call('PUT', project, 'maintainer', { restrict_user_defined_variables: true })).status).toBe(200);
    // No table of collab's sets the role (doc/api/projects.md documents it): stored as GitLab keeps it.
    if (role)
      (
        sandbox.store.findProject('acme/web/storefront') as { attrs: Record<string, unknown> }
      ).attrs.ci_pipeline_variables_minimum_override_role = role;
  }

  it('with the restriction on and the default role (developer), the Developer who owns a schedule still sets its variables', async () => {
    const id = await schedule('developer');
    await restrict();
    expect((await call('GET', project, 'maintainer')).body.ci_pipeline_variables_minimum_override_role).toBe(
      'developer',
    );
    expect((await call('POST', `${base}/${id}/variables`, 'developer', { key: 'MORE', value: 'x' })).status).toBe(201);
  });

  it('with the role maintainer, a Developer owner is refused 403 on every variable route, a Maintainer owner is not', async () => {
    const id = await schedule('developer');
    const mine = await schedule('maintainer');
    await restrict('maintainer');
    for (const [method, path, body] of [
      ['POST', `${base}/${id}/variables`, { key: 'MORE', value: 'x' }],
      ['PUT', `${base}/${id}/variables/TARGET`, { value: 'production' }],
      ['DELETE', `${base}/${id}/variables/TARGET`, undefined],
      // Asked before the schedule is looked up: a schedule that is not there is 403 too.
      ['POST', `${base}/999999/variables`, { key: 'MORE', value: 'x' }],
    ] as const)
      expect(await call(method, path, 'developer', body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      });
    // The schedule itself is still the owner's to change.
    expect((await call('PUT', `${base}/${id}`, 'developer', { cron: '0 5 * * *' })).status).toBe(200);
    expect((await call('PUT', `${base}/${mine}/variables/TARGET`, 'maintainer', { value: 'production' })).status).toBe(
      200,
    );
  });

  it('with no_one_allowed, no one sets a schedule variable, a Maintainer neither', async () => {
    const mine = await schedule('maintainer');
    await restrict('no_one_allowed');
    expect((await call('POST', `${base}/${mine}/variables`, 'maintainer', { key: 'MORE', value: 'x' })).status).toBe(
      403,
    );
    expect((await call('DELETE', `${base}/${mine}/variables/TARGET`, 'maintainer')).status).toBe(403);
  });
});

/**
 * cron_timezone as CronTimezoneValidator checks it (app/validators/cron_timezone_validator.rb,
 * through lib/gitlab/ci/cron_parser.rb): an ActiveSupport name, as doc/api/pipeline_schedules.md's
 * `Pacific Time (US & Canada)`, is kept as sent and read as the zone it maps to.
 */
describe('sandbox: a pipeline schedule’s time zone', () => {
  /** A schedule made at 2026-01-15T12:00Z to run at 02:00 in `zone`: its status, zone and next run. */
  async function madeIn(zone: string): Promise<unknown[]> {
    sandbox.store.now = () => Date.parse('2026-01-15T12:00:00Z');
    const made = await call('POST', base, 'maintainer', {
      description: 'nightly',
      ref: 'main',
      cron: '0 2 * * *',
      cron_timezone: zone,
    });
    return [made.status, made.body.cron_timezone, made.body.next_run_at];
  }

  it('POST with Pacific Time (US & Canada) is 201, kept as sent, next_run_at in Los Angeles time', async () => {
    // 02:00 PST is 10:00 UTC.
    expect(await madeIn('Pacific Time (US & Canada)')).toEqual([
      201,
      'Pacific Time (US & Canada)',
      '2026-01-16T10:00:00.000Z',
    ]);
  });

  it('POST with the offset +05:30 is 201, next_run_at five and a half hours before UTC', async () => {
    // 02:00 at +05:30 is 20:30 UTC the day before.
    expect(await madeIn('+05:30')).toEqual([201, '+05:30', '2026-01-15T20:30:00.000Z']);
  });

  it('POST with the offset -00:30 is 201, next_run_at as EtOrbi reads it, half an hour east of UTC', async () => {
    // EtOrbi signs the minutes by the hours, 00: 02:00 at +00:30 is 01:30 UTC.
    expect(await madeIn('-00:30')).toEqual([201, '-00:30', '2026-01-16T01:30:00.000Z']);
  });

  it("POST with Factory, tzdata's zone of no local time, is 201, next_run_at at UTC's offset", async () => {
    expect(await madeIn('Factory')).toEqual([201, 'Factory', '2026-01-16T02:00:00.000Z']);
  });

  it('POST with an IANA name in lower case is 400 cron_timezone invalid, as TZInfo is exact', async () => {
    const made = await call('POST', base, 'maintainer', {
      description: 'nightly',
      ref: 'main',
      cron: '0 2 * * *',
      cron_timezone: 'europe/berlin',
    });
    expect([made.status, made.body]).toEqual([400, { message: { cron_timezone: ['syntax is invalid'] } }]);
  });

  it('a zone that is neither an ActiveSupport name nor an identifier is 400 cron_timezone invalid', async () => {
    const made = await call('POST', base, 'maintainer', {
      description: 'nightly',
      ref: 'main',
      cron: '0 2 * * *',
      cron_timezone: 'Pacific Time (US and Canada)',
    });
    expect([made.status, made.body]).toEqual([400, { message: { cron_timezone: ['syntax is invalid'] } }]);
  });
});

/**
 * Ci::PipelineSchedulePolicy's `protected_ref` prevents create_pipeline_schedule and
 * update_pipeline_schedule too: on a ref the caller may not update, the create and update
 * services refuse the schedule, 400 with the model's base error (BaseSaveService#forbidden_to_save,
 * render_validation_error!), and the API's `authorize! :update_pipeline_schedule` of a schedule
 * already on such a ref is 403. The seed protects the storefront's `main` for Maintainers and
 * `release/*` with Developers merging.
 */
describe('sandbox: a pipeline schedule on a protected ref', () => {
  const project = `/projects/${encodeURIComponent('acme/web/storefront')}`;
  const nightly = (ref: string) => ({ description: 'nightly', ref, cron: '0 2 * * *' });

  it('a Developer’s POST on main, where only Maintainers push and merge, is 400 not authorized to create', async () => {
    const made = await call('POST', base, 'developer', nightly('main'));
    expect([made.status, made.body]).toEqual([
      400,
      { message: { base: ['The current user is not authorized to create the pipeline schedule'] } },
    ]);
    expect(sandbox.store.schedules.size).toBe(0);
  });

  it('a Developer’s POST on a protected branch Developers may merge to is 201', async () => {
    expect(
      (await call('POST', `${project}/repository/branches`, 'maintainer', { branch: 'release/1.0', ref: 'main' }))
        .status,
    ).toBe(201);
    const made = await call('POST', base, 'developer', nightly('release/1.0'));
    expect([made.status, made.body.ref]).toEqual([201, 'refs/heads/release/1.0']);
  });

  it('a Developer’s POST on a short ref naming a protected tag is 400, the ref read as the tag', async () => {
    expect(
      (await call('POST', `${project}/protected_tags`, 'maintainer', { name: 'v*', create_access_level: 40 })).status,
    ).toBe(201);
    expect(
      (await call('POST', `${project}/repository/tags`, 'maintainer', { tag_name: 'v1.0', ref: 'main' })).status,
    ).toBe(201);
    const made = await call('POST', base, 'developer', nightly('v1.0'));
    expect([made.status, made.body]).toEqual([
      400,
      { message: { base: ['The current user is not authorized to create the pipeline schedule'] } },
    ]);
  });

  it('a Developer’s PUT moving their schedule to main is 400 not authorized to update, the ref kept', async () => {
    const id = await schedule('developer');
    const moved = await call('PUT', `${base}/${id}`, 'developer', { ref: 'main' });
    expect([moved.status, moved.body]).toEqual([
      400,
      { message: { base: ['The current user is not authorized to update the pipeline schedule'] } },
    ]);
    expect(sandbox.store.schedules.get(id)?.ref).toBe('refs/heads/schedules');
  });

  it('a Developer’s schedule on a branch protected since is theirs to change no more: PUT and its variables 403', async () => {
    const id = await schedule('developer');
    const protect = await call('POST', `${project}/protected_branches`, 'maintainer', { name: 'schedules' });
    expect(protect.status).toBe(201);
    for (const [method, path, body] of [
      ['PUT', `${base}/${id}`, { cron: '0 4 * * *' }],
      ['POST', `${base}/${id}/variables`, { key: 'MORE', value: 'x' }],
      ['PUT', `${base}/${id}/variables/TARGET`, { value: 'production' }],
    ] as const)
      expect(await call(method, path, 'developer', body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      });
  });
});

describe('sandbox: a pipeline schedule’s parameters as Grape and the model read them', () => {
  it('POST with an empty ref is 400 ref is empty (allow_blank: false)', async () => {
    const made = await call('POST', base, 'maintainer', { description: 'nightly', ref: '', cron: '0 2 * * *' });
    expect([made.status, made.body]).toEqual([400, { error: 'ref is empty' }]);
  });

  it('POST with an empty description is the model’s 400 description can’t be blank', async () => {
    const made = await call('POST', base, 'maintainer', { description: ' ', ref: 'main', cron: '0 2 * * *' });
    expect([made.status, made.body]).toEqual([400, { message: { description: ["can't be blank"] } }]);
  });

  it('PUT of an empty description is the model’s 400 description can’t be blank, the schedule kept', async () => {
    const id = await schedule('maintainer');
    const updated = await call('PUT', `${base}/${id}`, 'maintainer', { description: '' });
    expect([updated.status, updated.body]).toEqual([400, { message: { description: ["can't be blank"] } }]);
    expect((await call('GET', `${base}/${id}`, 'maintainer')).body.description).toBe('nightly');
  });

  it('a schedule ID that is no number is 400 pipeline_schedule_id is invalid, the parameter GitLab names', async () => {
    const answer = await call('GET', `${base}/nightly`, 'maintainer');
    expect([answer.status, answer.body]).toEqual([400, { error: 'pipeline_schedule_id is invalid' }]);
  });
});

describe('sandbox: a pipeline schedule’s parameters before the caller’s role', () => {
  it('POST by a Reporter without a description is 400 description is missing, as Grape checks it first', async () => {
    const made = await call('POST', base, 'reporter', { ref: 'main', cron: '0 2 * * *' });
    expect([made.status, made.body]).toEqual([400, { error: 'description is missing' }]);
  });
});

describe('sandbox: the list of pipeline schedules', () => {
  it('shows each schedule’s inputs, as the list’s entity exposes them', async () => {
    await schedule('maintainer');
    const listed = await call('GET', base, 'maintainer');
    expect(listed.body.map((each: { inputs?: unknown }) => each.inputs)).toEqual([[]]);
  });
});
