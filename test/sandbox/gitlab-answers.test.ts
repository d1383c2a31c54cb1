import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Answers of a real GitLab that the sandbox's own tables did not give (GitLab's documentation:
 * doc/api/projects.md, groups.md, users.md, labels.md, project_webhooks.md, namespaces.md,
 * rest/_index.md; its web application's 404 page outside /api/v4).
 */
describe('sandbox: answers as GitLab gives them', () => {
  const { sandbox, call, get } = useSandbox({ seed: 12 });
  const storefront = '/projects/acme%2Fweb%2Fstorefront';

  it('refuses a default branch the repository does not have: 400 with the error on base', async () => {
    const answer = await call('PUT', storefront, { json: { default_branch: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: { base: ["Could not change HEAD: branch 'x' does not exist"] } });
    expect((await get(storefront)).body).toMatchObject({ default_branch: 'main' });
  });

  it('makes the branch a README was committed to the default: PUT default_branch of that branch answers 200', async () => {
    const created = await call('POST', '/projects', {
      json: { name: 'docs', initialize_with_readme: true, default_branch: 'trunk' },
    });
    const answer = await call('PUT', `/projects/${created.body.id}`, { json: { default_branch: 'trunk' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ default_branch: 'trunk' });
  });

  it("gives an administrator every user's administrator fields in GET /users and GET /users/:id", async () => {
    const adminFields = {
      email: 'dana@example.com',
      is_admin: false,
      last_sign_in_at: null,
      current_sign_in_at: null,
      two_factor_enabled: false,
      identities: [],
      can_create_group: true,
      external: false,
      private_profile: false,
    };
    const listed = await call('GET', '/users?username=dana');
    expect(listed.body).toEqual([expect.objectContaining(adminFields)]);
    const dana = listed.body[0];
    expect(Object.keys(dana)).toEqual(expect.arrayContaining(['created_at', 'confirmed_at', 'projects_limit']));
    const single = await call('GET', `/users/${dana.id}`);
    expect(single.body).toMatchObject({ ...adminFields, bot: false, sign_in_count: 0 });
  });

  it('keeps the administrator fields from everyone else: GET /users/:id as a developer', async () => {
    const root = (await call('GET', '/users?username=root')).body[0];
    const answer = await call('GET', `/users/${root.id}`, { as: 'developer' });
    expect(answer.body).toMatchObject({ username: 'root', bot: false, public_email: null });
    expect(answer.body).not.toHaveProperty('email');
    expect(answer.body).not.toHaveProperty('is_admin');
  });

  it('counts issues and merge requests in the answers of label create and update', async () => {
    const counts = { open_issues_count: 0, closed_issues_count: 0, open_merge_requests_count: 0 };
    const created = await call('POST', `${storefront}/labels`, { json: { name: 'triage', color: '#FF0000' } });
    expect(created).toMatchObject({ status: 201, body: { name: 'triage', ...counts } });
    const updated = await call('PUT', `${storefront}/labels/triage`, { json: { color: '#00FF00' } });
    expect(updated).toMatchObject({ status: 200, body: { color: '#00FF00', ...counts } });
  });

  it('shows repository_update_events on a project hook', async () => {
    const created = await call('POST', `${storefront}/hooks`, { json: { url: 'https://ci.example.com/h' } });
    expect(created.body).toMatchObject({ repository_update_events: false, alert_status: 'executable' });
  });

  it('carries the settings GET /projects/:id has beside those collab sets', async () => {
    expect((await get(storefront)).body).toMatchObject({
      ci_job_token_scope_enabled: false,
      ci_separated_caches: true,
      enforce_auth_checks_on_uploads: true,
      import_type: null,
      requirements_enabled: true,
      runner_token_expiration_interval: null,
      security_and_compliance_enabled: true,
      service_desk_address: null,
    });
  });

  it('gives a maintainer the runners token in the answers of POST /projects and PUT /projects/:id', async () => {
    const created = await call('POST', '/projects', { json: { name: 'tokens' } });
    expect(created.body.runners_token).toMatch(/^GR1348941/);
    const updated = await call('PUT', storefront, { json: { description: 'd' }, as: 'maintainer' });
    expect(updated.body.runners_token).toMatch(/^GR1348941/);
    const asDeveloper = await call('GET', storefront, { as: 'developer' });
    expect(asDeveloper.body).not.toHaveProperty('runners_token');
  });

  it('shows ldap_cn and ldap_access on a group, null when unset', async () => {
    expect((await get('/groups/acme')).body).toMatchObject({ ldap_cn: null, ldap_access: null });
  });

  it('shows the compute-minute quotas on a namespace', async () => {
    expect((await get('/namespaces/acme')).body).toMatchObject({
      shared_runners_minutes_limit: null,
      extra_shared_runners_minutes_limit: null,
    });
  });

  it('sends X-Next-Page empty on the last page', async () => {
    const last = await call('GET', '/groups?per_page=100');
    expect(last.headers.get('x-next-page')).toBe('');
    expect(last.headers.get('x-page')).toBe('1');
  });

  it('answers a path outside /api/v4 with the web application 404 page in HTML', async () => {
    const answer = await call('GET', `${sandbox.url}/gitlab/api/v4/projects`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  });
});
