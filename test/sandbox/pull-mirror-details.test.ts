import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * GET /projects/:id/mirror/pull, as GitLab answers it (doc/api/project_pull_mirroring.md;
 * ee/lib/api/project_mirror.rb): Maintainers and above, 400 for a project that is no pull mirror,
 * the URL's credentials masked; a paid feature (GitLab Free has no such route), and absent before
 * GitLab 15.6 (`pullMirrorDetails: false`), where the path has the POST alone. The sandbox's clock
 * is moved by hand.
 */

let now = Date.UTC(2030, 0, 1);
const api = '/projects/acme%2Fplatform%2Fapi';

describe('GET /projects/:id/mirror/pull', () => {
  const { call } = useSandbox({ seed: 12, forkDuration: 1000, now: () => now });
  const mirror = (importUrl: string) => call('PUT', api, { json: { mirror: true, import_url: importUrl } });

  it("shows a mirror's URL with its user and token masked, its last update and its settings", async () => {
    await mirror('https://puller:s3cret-token@example.com/up/stream.git');
    await call('PUT', api, { json: { mirror_trigger_builds: true } });
    await call('POST', `${api}/mirror/pull`);
    const started = now;
    now += 1000;
    const answer = await call('GET', `${api}/mirror/pull`, { as: 'maintainer' });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('s3cret');
    expect(answer.text).not.toContain('puller');
    expect(answer.body).toMatchObject({
      update_status: 'finished',
      url: 'https://*****:*****@example.com/up/stream.git',
      last_error: null,
      last_update_started_at: new Date(started).toISOString(),
      last_update_at: new Date(started + 1000).toISOString(),
      last_successful_update_at: new Date(started + 1000).toISOString(),
      enabled: true,
      mirror_trigger_builds: true,
      only_mirror_protected_branches: false,
      mirror_overwrites_diverged_branches: false,
      mirror_branch_regex: null,
    });
  });

  it('masks a token given as the user name alone, as GitLab masks any user', async () => {
    await mirror('https://glpat-only@example.com/up/stream.git');
    expect((await call('GET', `${api}/mirror/pull`)).body.url).toBe('https://*****@example.com/up/stream.git');
  });

  it("shows a public repository's URL as it is", async () => {
    await mirror('https://example.com/public/stream.git');
    expect((await call('GET', `${api}/mirror/pull`)).body).toMatchObject({
      url: 'https://example.com/public/stream.git',
      update_status: 'none',
      last_update_started_at: null,
      last_successful_update_at: null,
    });
  });

  it('answers 400 "The project is not mirrored" for a project that is no pull mirror', async () => {
    const answer = await call('GET', `${api}/mirror/pull`);
    expect([answer.status, answer.body]).toEqual([400, { message: 'The project is not mirrored' }]);
  });

  it('refuses a developer (403): it takes the Maintainer role', async () => {
    await mirror('https://example.com/public/stream.git');
    expect((await call('GET', `${api}/mirror/pull`, { as: 'developer' })).status).toBe(403);
  });
});

describe('GET /projects/:id/mirror/pull on GitLab Free', () => {
  const { call } = useSandbox({ seed: 12, tier: 'free' });

  it('answers 404 as for any path Free has no route for, the POST too', async () => {
    await call('PUT', api, { json: { mirror: true, import_url: 'https://example.com/public/stream.git' } });
    for (const method of ['GET', 'POST']) {
      const answer = await call(method, `${api}/mirror/pull`);
      expect([method, answer.status, answer.body]).toEqual([method, 404, { error: '404 Not Found' }]);
    }
  });
});

describe('GET /projects/:id/mirror/pull before GitLab 15.6 (pullMirrorDetails: false)', () => {
  const { call } = useSandbox({ seed: 12, pullMirrorDetails: false });

  it('answers 405, the path having only the POST, which still starts an update', async () => {
    await call('PUT', api, { json: { mirror: true, import_url: 'https://example.com/public/stream.git' } });
    expect((await call('GET', `${api}/mirror/pull`)).status).toBe(405);
    expect((await call('POST', `${api}/mirror/pull`)).status).toBe(200);
  });
});
