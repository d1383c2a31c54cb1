import { describe, expect, it } from 'vitest';
import { useSandboxIds } from '../helpers/cli.js';
import { callSandbox } from '../helpers/sandbox-api.js';

/**
 * What a project's features, turned off or kept to members, take away, as GitLab's ProjectPolicy
 * decides (app/policies/project_policy.rb @0ff8c1b4, pavankalisetti009/gitlab's mirror of
 * gitlab-org/gitlab): `builds_disabled | repository_disabled` prevents every pipeline schedule
 * right, `merge_requests_disabled` prevents create_merge_request_in, which reading approval rules
 * asks of whoever is not a Maintainer. A feature for members only is off for a member below its
 * role (Reporter for merge requests, Guest for CI/CD: ProjectFeature's
 * PRIVATE_FEATURES_MIN_ACCESS_LEVEL) and for everyone outside the project. With issues and merge
 * requests both off, `issues_disabled & merge_requests_disabled` prevents every label right: the
 * labels API finds none through the project and refuses to make or change one (LabelsFinder,
 * lib/api/helpers/label_helpers.rb @055e3c66, gitlabhq/gitlabhq); a group's labels stay.
 */
describe('sandbox: a project’s features turned off or kept to members', () => {
  const { call, ids, sandbox } = useSandboxIds({ seed: 12 });
  const storefront = () => ids.project('acme/web/storefront');
  const schedules = () => `/projects/${storefront()}/pipeline_schedules`;

  /** Sets the storefront's settings as its Maintainer would. */
  const settle = async (body: Record<string, unknown>) => {
    const done = await call('PUT', `/projects/${storefront()}`, { as: 'maintainer', body });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  };

  /** A schedule of the Maintainer's on main (protected for Maintainers), made while CI/CD is on. */
  const schedule = async (): Promise<number> => {
    const made = await call('POST', schedules(), {
      as: 'maintainer',
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

  const labels = () => `/projects/${storefront()}/labels`;
  const labelNames = (answer: { body: unknown }) => (answer.body as Array<{ name: string }>).map((l) => l.name);

  it('with issues and merge requests disabled, a Maintainer’s list of the project’s labels is empty, its groups’ too', async () => {
    await settle({ issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
    const listed = await call('GET', labels(), { as: 'maintainer' });
    expect([listed.status, listed.body]).toEqual([200, []]);
  });

  it('with issues disabled alone, the project’s labels are still listed (merge requests keep them)', async () => {
    await settle({ issues_access_level: 'disabled' });
    expect(labelNames(await call('GET', labels(), { as: 'maintainer' }))).toEqual(['bug', 'checkout', 'feature']);
  });

  it('with issues and merge requests turned off by their switches, an administrator viewing a label is told there is none (404 Label)', async () => {
    await settle({ issues_enabled: false, merge_requests_enabled: false });
    expect(await call('GET', `${labels()}/checkout`, { as: 'admin' })).toMatchObject({
      status: 404,
      body: { message: '404 Label Not Found' },
    });
  });

  it('with issues and merge requests disabled, a Maintainer may neither create nor change a label (403)', async () => {
    await settle({ issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
    const made = await call('POST', labels(), { as: 'maintainer', body: { name: 'triage', color: '#336699' } });
    const changed = await call('PUT', `${labels()}/checkout`, { as: 'maintainer', body: { color: '#336699' } });
    expect([made.status, changed.status]).toEqual([403, 403]);
  });

  it('with issues and merge requests disabled, a Maintainer deleting a label is told there is none (404 Label), and it stays', async () => {
    await settle({ issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
    expect(await call('DELETE', `${labels()}/checkout`, { as: 'maintainer' })).toMatchObject({
      status: 404,
      body: { message: '404 Label Not Found' },
    });
    await settle({ issues_access_level: 'enabled' });
    expect(labelNames(await call('GET', labels(), { as: 'maintainer' }))).toContain('checkout');
  });

  it('with issues and merge requests for members only, a non-member of a public project sees none of its labels, its group’s labels still listed', async () => {
    await settle({ issues_access_level: 'private', merge_requests_access_level: 'private' });
    const listed = await call('GET', labels(), { as: 'external' });
    expect([listed.status, listed.body]).toEqual([200, []]);
    expect(labelNames(await call('GET', `/groups/${ids.group('acme')}/labels`, { as: 'external' }))).toEqual([
      'bug',
      'feature',
    ]);
  });

  it('with issues for members only and merge requests disabled, a Guest still reads the labels (issues are a Guest’s)', async () => {
    await makeXena(10);
    await settle({ issues_access_level: 'private', merge_requests_access_level: 'disabled' });
    expect(labelNames(await call('GET', labels(), { as: 'external' }))).toContain('checkout');
  });

  it('with issues and merge requests disabled, GraphQL’s project labels are refused as a resource not available', async () => {
    await settle({ issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
    const answer = await callSandbox(sandbox, 'POST', `${sandbox.url}/api/graphql`, {
      as: 'maintainer',
      json: { query: '{ project(fullPath: "acme/web/storefront") { labels { nodes { title } } } }' },
    });
    expect(answer.body).toMatchObject({
      data: { project: { labels: null } },
      errors: [{ message: expect.stringContaining('does not exist or you don') }],
    });
  });

  it('with merge requests for members only, a Guest of a public project may not read its approval rules (403)', async () => {
    await makeXena(10);
    await settle({ merge_requests_access_level: 'private' });
    expect((await call('GET', `/projects/${storefront()}/approval_rules`, { as: 'external' })).status).toBe(403);
  });
});
