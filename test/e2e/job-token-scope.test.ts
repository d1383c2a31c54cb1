import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab job-token-scope against the sandbox. */
describe('collab job-token-scope', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const scopePath = `/projects/${encodeURIComponent(project)}/job_token_scope`;
  /** An allowlist's POST and DELETE take the project's numeric ID alone (src/api/job-token-scope.ts). */
  const idScope = () => `/projects/${sandbox.store.findProject(project)?.id}/job_token_scope`;

  it('update turns the limit off and on; add and list the allowlists; view shows both by path', async () => {
    expect((await collab(['job-token-scope', 'update', '--project', project, '--no-enabled'])).exitCode).toBe(0);
    expect((await getJson(scopePath)).inbound_enabled).toBe(false);
    const on = await collab(['job-token-scope', 'update', '--project', project, '--enabled']);
    expect(on.stderr).toBe(`job tokens reach project ${project} only from its allowlists now\n`);
    expect((await getJson(scopePath)).inbound_enabled).toBe(true);

    const added = await collab([
      'job-token-scope',
      'add',
      '--project',
      project,
      '--target-project',
      'acme/platform/api',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(
      (await collab(['job-token-scope', 'add', '--project', project, '--target-group', 'acme/platform'])).exitCode,
    ).toBe(0);
    const listed = await collab(['job-token-scope', 'list', '--project', project, '--json']);
    // As GitLab lists it: the project itself first, always allowed (Ci::JobToken::Allowlist#projects).
    expect(listed.json<Array<{ type: string; path: string }>>().map((row) => [row.type, row.path])).toEqual([
      ['project', project],
      ['project', 'acme/platform/api'],
      ['group', 'acme/platform'],
    ]);
    const viewed = await collab(['job-token-scope', 'view', '--project', project], { tty: true });
    expect(viewed.stdout).toMatch(/Projects +acme\/web\/storefront, acme\/platform\/api/);
    expect(viewed.stdout).toMatch(/Groups +acme\/platform/);
  });

  it('view -o json holds every field of the service’s answer, outbound_enabled too, beside the allowlists', async () => {
    const viewed = await collab(['job-token-scope', 'view', '--project', project, '--json']);
    expect(viewed.exitCode, viewed.stderr).toBe(0);
    expect(viewed.json()).toEqual({ ...(await getJson(scopePath)), projects: [project], groups: [] });
    const field = await collab(['job-token-scope', 'view', '--project', project, '--fields', 'outbound_enabled']);
    expect([field.stdout, field.stderr]).toEqual(['false\n', '']);
  });

  it('add of an entry already on the list is done: exit 0, nothing to do', async () => {
    const args = ['job-token-scope', 'add', '--project', project, '--target-project', 'acme/platform/api'];
    expect((await collab(args)).exitCode).toBe(0);
    const again = await collab(args);
    expect([again.exitCode, again.stderr]).toEqual([
      0,
      `project acme/platform/api is already on project ${project}’s job token allowlist; nothing to do\n`,
    ]);
    expect((await getJson(`${scopePath}/allowlist`)).length).toBe(2);
  });

  it('an allowlist’s POST and DELETE by the project’s path are 400 id is invalid, as GitLab’s Integer id is', async () => {
    const api = sandbox.store.findProject('acme/platform/api')?.id;
    const group = sandbox.store.findGroup('acme/platform')?.id;
    const answers = [
      await call('POST', `${scopePath}/allowlist`, { json: { target_project_id: api } }),
      await call('POST', `${scopePath}/groups_allowlist`, { json: { target_group_id: group } }),
      await call('DELETE', `${scopePath}/allowlist/${api}`),
      await call('DELETE', `${scopePath}/groups_allowlist/${group}`),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      answers.map(() => [400, { error: 'id is invalid' }]),
    );
    expect((await call('POST', `${scopePath}/allowlist`, { as: null, json: { target_project_id: api } })).status).toBe(
      401,
    );
  });

  it('an allowlist’s POST by a Developer without its target is 400 target_project_id is missing, before the role', async () => {
    const answer = await call('POST', `${idScope()}/allowlist`, { as: 'developer', json: {} });
    expect([answer.status, answer.body]).toEqual([400, { error: 'target_project_id is missing' }]);
  });

  it('add and remove of a --project given by path send its numeric ID', async () => {
    const id = sandbox.store.findProject(project)?.id;
    sandbox.resetStats();
    const on = ['--project', project, '--target-project', 'acme/platform/api'];
    expect((await collab(['job-token-scope', 'add', ...on])).exitCode).toBe(0);
    expect((await collab(['job-token-scope', 'remove', ...on, '--yes'])).exitCode).toBe(0);
    expect(
      sandbox.requestLog
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.path.replace(/\/\d+$/, '/:target')}`),
    ).toEqual([
      `POST /api/v4/projects/${id}/job_token_scope/allowlist`,
      `DELETE /api/v4/projects/${id}/job_token_scope/allowlist/:target`,
    ]);
  });

  it('the service refuses a group already on the list with the add service’s words since job token policies', async () => {
    const group = sandbox.store.findGroup('acme/platform')?.id;
    expect((await call('POST', `${idScope()}/groups_allowlist`, { json: { target_group_id: group } })).status).toBe(
      201,
    );
    expect(await call('POST', `${idScope()}/groups_allowlist`, { json: { target_group_id: group } })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - This group is already in the job token allowlist.' },
    });
  });

  // lib/api/project_job_token_scope.rb finds a target by ID alone; reading it is the add service's check.
  it('a target project ID that is no project is 404 in the route’s words', async () => {
    expect(await call('POST', `${idScope()}/allowlist`, { json: { target_project_id: 99999 } })).toMatchObject({
      status: 404,
      body: { message: '404 target_project_id not found Not Found' },
    });
  });

  it('a target project the caller may not read is the add service’s 400', async () => {
    const hidden = sandbox.store.findProject('initech/tps-reports')?.id;
    expect(
      await call('POST', `${idScope()}/allowlist`, { as: 'maintainer', json: { target_project_id: hidden } }),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          "400 Bad request - The target_project that you are attempting to access does not exist or you don't have permission to perform this action",
      },
    });
  });

  it('removing a group ID that is no group is 404 in the route’s words', async () => {
    expect(await call('DELETE', `${idScope()}/groups_allowlist/99999`)).toMatchObject({
      status: 404,
      body: { message: '404 target_group_id not found Not Found' },
    });
  });

  it('--target-project naming the --project itself, by path in any case or by ID, is exit 2 before any request', async () => {
    const { id } = await getJson(`/projects/${encodeURIComponent(project)}`);
    sandbox.resetStats();
    const added = await collab([
      'job-token-scope',
      'add',
      '--project',
      project,
      '--target-project',
      project.toUpperCase(),
    ]);
    expect(added.exitCode).toBe(2);
    expect(added.stderr).toBe(
      `error: --target-project ${project.toUpperCase()} is the project itself: its own jobs always reach it, so it is on its allowlist for good\n` +
        `hint: --target-project names another project, one whose jobs may reach project ${project}\n`,
    );
    const removed = await collab([
      'job-token-scope',
      'remove',
      '--project',
      String(id),
      '--target-project',
      String(id),
      '--yes',
    ]);
    expect(removed.exitCode).toBe(2);
    expect(removed.stderr).toMatch(/^error: --target-project \d+ is the project itself/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('the project itself named once by path and once by ID is neither added nor removed: exit 5 with the service’s words', async () => {
    const { id } = await getJson(`/projects/${encodeURIComponent(project)}`);
    const added = await collab(['job-token-scope', 'add', '--project', project, '--target-project', String(id)]);
    expect(added.exitCode).toBe(5);
    expect(added.stderr).toMatch(/Target project can't be the same as the source project/);
    const removed = await collab([
      'job-token-scope',
      'remove',
      '--project',
      project,
      '--target-project',
      String(id),
      '--yes',
    ]);
    expect(removed.exitCode).toBe(5);
    expect(removed.stderr).toMatch(/Source project cannot be removed from the job token scope/);
    expect(
      (await getJson(`${scopePath}/allowlist`)).map((p: { path_with_namespace: string }) => p.path_with_namespace),
    ).toEqual([project]);
  });

  it('an unknown project is exit 4 before anything is written', async () => {
    sandbox.resetStats();
    const missing = await collab([
      'job-token-scope',
      'add',
      '--project',
      project,
      '--target-project',
      'acme/platform/nope',
    ]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/^hint: /m);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a Developer is refused: the 403 names the Maintainer role', async () => {
    const refused = await collab(['job-token-scope', 'view', '--project', project], { as: 'developer' });
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  it('remove says the entry was removed from the project’s allowlist, and run again that it was not on it', async () => {
    await collab(['job-token-scope', 'add', '--project', project, '--target-group', 'acme/platform']);
    const args = ['job-token-scope', 'remove', '--project', project, '--target-group', 'acme/platform', '--yes'];
    const removed = await collab(args);
    expect([removed.exitCode, removed.stderr]).toEqual([
      0,
      `removed group acme/platform from project ${project}’s job token allowlist\n`,
    ]);
    const again = await collab(args);
    expect([again.exitCode, again.stderr]).toEqual([
      0,
      `group acme/platform was not on project ${project}’s job token allowlist; nothing to do\n`,
    ]);
  });

  it('remove asks, --yes removes, and an entry not there is done; one of the two flags is needed', async () => {
    await collab(['job-token-scope', 'add', '--project', project, '--target-group', 'acme/platform']);
    const args = ['job-token-scope', 'remove', '--project', project, '--target-group', 'acme/platform'];
    expect((await collab(args)).exitCode).toBe(2);
    expect((await collab([...args, '--yes'])).exitCode).toBe(0);
    expect(await getJson(`${scopePath}/groups_allowlist`)).toEqual([]);
    const again = await collab([...args, '--yes']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/was not on/);
    const neither = await collab(['job-token-scope', 'add', '--project', project]);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toMatch(/missing --target-project or --target-group/);
  });
});
