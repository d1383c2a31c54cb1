import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { idOf } from '../helpers/sandbox-api.js';

/**
 * Sudo: an administrator's request runs as another user, named by username or ID, in the `Sudo`
 * header or a `sudo` parameter (query or body), as GitLab reads both. python-gitlab 3.12 (captured
 * against this sandbox) sends it in the query: `projects.list(sudo='dana', membership=True)` is
 * GET /projects?sudo=dana&membership=True, `projects.create({'name': 'by-sudo'}, sudo='dana')` is
 * POST /projects?sudo=dana with the JSON body {"name": "by-sudo"}; curl users and collab's
 * --sudo send the header.
 */
const { sandbox, call, collab } = useSandbox({ seed: 12 });
const ids = (items: Array<{ id: number }>) => items.map((p) => p.id).sort((a, b) => a - b);
const danaId = () => idOf(sandbox, 'users', 'dana');

describe('Sudo', () => {
  it("lists as the user named (python-gitlab's GET /projects?sudo=dana&membership=True, and the header)", async () => {
    const asDana = await call('GET', '/projects?membership=True', { as: 'developer' });
    const sudo = await call('GET', '/projects?sudo=dana&membership=True');
    const header = await call('GET', '/projects?membership=True', { headers: { Sudo: 'dana' } });
    const asRoot = await call('GET', '/projects?membership=True');
    expect(sudo.status).toBe(200);
    expect(ids(sudo.body)).toEqual(ids(asDana.body));
    expect(ids(header.body)).toEqual(ids(asDana.body));
    expect(ids(sudo.body)).not.toEqual(ids(asRoot.body));
    // GET /user says who the request ran as; an ID names the user as well as a username.
    expect((await call('GET', '/user', { headers: { Sudo: String(await danaId()) } })).body).toMatchObject({
      username: 'dana',
    });
  });

  it("creates as the user named (python-gitlab's POST /projects?sudo=dana with a JSON body, and the header)", async () => {
    const created = await call('POST', '/projects?sudo=dana', { json: { name: 'by-sudo' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ path_with_namespace: 'dana/by-sudo', creator_id: await danaId() });
    const header = await call('POST', '/projects', { json: { name: 'by-header' }, headers: { Sudo: 'rui' } });
    expect(header.body).toMatchObject({ path_with_namespace: 'rui/by-header' });
  });

  it('reads sudo in a JSON or form body too', async () => {
    const created = await call('POST', '/projects', { json: { name: 'from-body', sudo: 'dana' } });
    expect(created.body).toMatchObject({ path_with_namespace: 'dana/from-body' });
    const form = await call('POST', '/projects', { form: { name: 'from-form', sudo: 'rui' } });
    expect(form.body).toMatchObject({ path_with_namespace: 'rui/from-form' });
  });

  it('acts with the rights of the user named, not the administrator', async () => {
    expect(
      (await call('GET', `/projects/${encodeURIComponent('initech/tps-reports')}`, { headers: { Sudo: 'dana' } }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', '/groups/acme', { headers: { Sudo: 'dana' } })).status).toBe(403);
    expect((await call('GET', '/groups/acme')).body.marked_for_deletion_on).toBeNull();
  });

  it("refuses a non-administrator (403) and an unknown user (404) with the service's messages", async () => {
    expect(await call('GET', '/projects?sudo=dana', { as: 'owner' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Must be admin to use sudo' },
    });
    expect(await call('POST', '/projects', { as: 'developer', json: { name: 'x', sudo: 'root' } })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Must be admin to use sudo' },
    });
    expect(await call('GET', '/projects?sudo=nobody')).toMatchObject({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    expect(await call('GET', '/user', { headers: { Sudo: '999999' } })).toMatchObject({
      status: 404,
      body: { message: '404 User Not Found' },
    });
    expect((await call('GET', '/user', { as: null, headers: { Sudo: 'dana' } })).status).toBe(401);
    expect((await call('GET', '/projects/dana%2Fx')).status).toBe(404);
  });
});

describe('collab --sudo', () => {
  it('sends the Sudo header on every request of the run, and --verbose shows it', async () => {
    const created = await collab([
      'projects',
      'create',
      '--name',
      'sudo-made',
      '--sudo',
      'dana',
      '--json',
      '--verbose',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.json()).toMatchObject({ path_with_namespace: 'dana/sudo-made', creator_id: await danaId() });
    expect(created.stderr).toContain('> sudo: dana\n');
    expect(created.stderr).toContain('> private-token: [redacted]\n');
    const sent = sandbox.requestLog.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(1);
    const user = await collab(['api', 'user', '--sudo', String(await danaId())]);
    expect(user.json()).toMatchObject({ username: 'dana' });
  });

  it("answers a non-administrator's --sudo with exit 3 and an unknown user with exit 4, as the service words them", async () => {
    const owner = await collab(['api', 'user', '--sudo', 'dana'], { as: 'owner' });
    expect(owner.exitCode).toBe(3);
    expect(owner.stderr).toContain('403 Forbidden - Must be admin to use sudo');
    const unknown = await collab(['projects', 'list', '--sudo', 'nobody']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('404 User Not Found');
  });

  it('refuses a value that is no username or ID before sending anything (exit 2), and help says who may use it', async () => {
    for (const bad of ['', 'dana smith', 'dana\r\nx-evil: 1']) {
      const result = await collab(['api', 'user', '--sudo', bad]);
      expect(result.exitCode, bad).toBe(2);
      expect(result.stderr).toContain('for --sudo: expected a username or user ID');
    }
    expect(sandbox.requestLog).toHaveLength(0);
    const help = await collab(['projects', 'list', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      '--sudo <user> administrators only: run every request as this user',
    );
  });
});
