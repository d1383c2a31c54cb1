import { describe, expect, it } from 'vitest';
import { useSandboxIds } from '../helpers/cli.js';

/**
 * What a project's features, turned off or kept to members, take away, as GitLab's ProjectPolicy
 * decides (app/policies/project_policy.rb @0ff8c1b4, pavankalisetti009/gitlab's mirror of
 * gitlab-org/gitlab): `builds_disabled | repository_disabled` prevents every pipeline schedule
 * right, `merge_requests_disabled` prevents create_merge_request_in, which reading approval rules
 * asks of whoever is not a Maintainer. A feature for members only is off for a member below its
 * role (Reporter for merge requests, Guest for CI/CD: ProjectFeature's
 * PRIVATE_FEATURES_MIN_ACCESS_LEVEL) and for everyone outside the project.
 */
describe('sandbox: a project’s features turned off or kept to members', () => {
  const { call, ids } = useSandboxIds({ seed: 12 });
  const storefront = () => ids.project('acme/web/storefront');
  const schedules = () => `/projects/${storefront()}/pipeline_schedules`;

  /** Sets the storefront's settings as its Maintainer would. */
  const settle = async (body: Record<string, unknown>) => {
    const done = await call('PUT', `/projects/${storefront()}`, { as: 'maintainer', body });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  };

  /** A schedule of the Developer's, made while CI/CD is on. */
  const schedule = async (): Promise<number> => {
    const made = await call('POST', schedules(), {
      as: 'developer',
      body: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
    });
    expect(made.status).toBe(201);
    return (made.body as { id: number }).id;
  };

  /** Makes Xena (the `external` token) a member of the storefront with `level`. */
  const makeXena = async (level: number) => {
    const made = await call('POST', `/projects/${storefront()}/members`, {
      body: { user_id: ids.user('xena'), access_level: level },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };

  it('with CI/CD disabled, a Maintainer’s list of pipeline schedules is 403 (builds_disabled)', async () => {
    await settle({ builds_access_level: 'disabled' });
    expect((await call('GET', schedules(), { as: 'maintainer' })).status).toBe(403);
  });

  it('with CI/CD turned off by jobs_enabled, an administrator asking for one schedule is told there is none (404)', async () => {
    const id = await schedule();
    await settle({ jobs_enabled: false });
    expect(await call('GET', `${schedules()}/${id}`, { as: 'admin' })).toMatchObject({
      status: 404,
      body: { message: '404 Pipeline Schedule Not Found' },
    });
  });

  it('with CI/CD disabled, a Developer may not create a pipeline schedule (403: create_pipeline_schedule)', async () => {
    await settle({ builds_access_level: 'disabled' });
    const made = await call('POST', schedules(), {
      as: 'developer',
      body: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
    });
    expect(made.status).toBe(403);
  });

  it('with CI/CD for members only, a non-member of a public project may not list its schedules, public pipelines notwithstanding', async () => {
    await settle({ builds_access_level: 'private' });
    expect((await call('GET', schedules(), { as: 'external' })).status).toBe(403);
  });

  it('with issues for members only, a non-member reading the notes of a public project’s issue is told there is none (404 Issue)', async () => {
    await settle({ issues_access_level: 'private' });
    expect(await call('GET', `/projects/${storefront()}/issues/1/notes`, { as: 'external' })).toMatchObject({
      status: 404,
      body: { message: '404 Issue Not Found' },
    });
  });

  it('with merge requests for members only, a Guest of a public project sees none of its merge requests', async () => {
    await makeXena(10);
    await settle({ merge_requests_access_level: 'private' });
    const listed = await call('GET', `/projects/${storefront()}/merge_requests`, { as: 'external' });
    expect([listed.status, listed.body]).toEqual([200, []]);
  });

  it('with the repository for members only, a Guest of a public project reads its branch (feature_available? asks Guest)', async () => {
    await makeXena(10);
    await settle({
      repository_access_level: 'private',
      merge_requests_access_level: 'private',
      builds_access_level: 'private',
    });
    expect((await call('GET', `/projects/${storefront()}/repository/branches/main`, { as: 'external' })).status).toBe(
      200,
    );
  });

  it('with merge requests for members only, a Guest of a public project may not read its approval rules (403)', async () => {
    await makeXena(10);
    await settle({ merge_requests_access_level: 'private' });
    expect((await call('GET', `/projects/${storefront()}/approval_rules`, { as: 'external' })).status).toBe(403);
  });
});
