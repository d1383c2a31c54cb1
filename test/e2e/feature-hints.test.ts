import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * A refusal that a project's feature explains (src/api/features.ts) names the feature and the
 * setting that turns it on, not a role the caller already holds: with CI/CD off no role lists
 * pipeline schedules, with merge requests for members only a Guest reads no approval rule. A
 * schedule GitLab hides with CI/CD off (404 Pipeline Schedule Not Found) takes the same hint.
 */
describe('a 403 or 404 a turned-off feature explains names the feature', () => {
  const { collab, call, sandbox } = useSandbox();
  const P = 'acme/web/storefront';
  const hintOf = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('hint:'));

  const settle = async (json: Record<string, unknown>) =>
    expect((await call('PUT', `/projects/${encodeURIComponent(P)}`, { json })).status).toBe(200);

  it('a Maintainer listing the schedules of a project with CI/CD disabled is told how to turn CI/CD on', async () => {
    await settle({ builds_access_level: 'disabled' });
    const listed = await collab(['schedules', 'list', '--project', P], { as: 'maintainer' });
    expect([listed.exitCode, hintOf(listed.stderr)]).toEqual([
      3,
      `hint: CI/CD is turned off in this project (builds_access_level: disabled), which refuses this whatever the role: \`collab projects update ${P} --builds-access-level enabled\` turns it on`,
    ]);
  });

  /** A schedule of the project's, made while CI/CD is on. */
  const schedule = async () => {
    const made = await call('POST', `/projects/${encodeURIComponent(P)}/pipeline_schedules`, {
      json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
    });
    expect(made.status).toBe(201);
    return String(made.body.id);
  };

  it('a Maintainer viewing a schedule of a project with CI/CD disabled (404) is told how to turn CI/CD on', async () => {
    const id = await schedule();
    await settle({ builds_access_level: 'disabled' });
    const viewed = await collab(['schedules', 'view', id, '--project', P], { as: 'maintainer' });
    expect([viewed.exitCode, hintOf(viewed.stderr)]).toEqual([
      4,
      `hint: CI/CD is turned off in this project (builds_access_level: disabled), which refuses this whatever the role: \`collab projects update ${P} --builds-access-level enabled\` turns it on`,
    ]);
  });

  it('a Maintainer deleting a schedule of a project with CI/CD disabled (404) is not told it is gone', async () => {
    const id = await schedule();
    await settle({ builds_access_level: 'disabled' });
    const removed = await collab(['schedules', 'delete', id, '--project', P, '--yes'], { as: 'maintainer' });
    expect([removed.exitCode, hintOf(removed.stderr), sandbox.store.schedules.has(Number(id))]).toEqual([
      4,
      `hint: CI/CD is turned off in this project (builds_access_level: disabled), which refuses this whatever the role: \`collab projects update ${P} --builds-access-level enabled\` turns it on`,
      true,
    ]);
  });

  it('viewing a schedule with CI/CD on sends the schedule’s GET alone', async () => {
    const id = await schedule();
    sandbox.resetStats();
    const viewed = await collab(['schedules', 'view', id, '--project', P], { as: 'maintainer' });
    expect(viewed.exitCode).toBe(0);
    expect(sandbox.requestLog.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v4/projects/${encodeURIComponent(P)}/pipeline_schedules/${id}`,
    ]);
  });

  it('a Developer listing the approval rules with merge requests disabled is told Maintainers still may', async () => {
    await settle({ merge_requests_access_level: 'disabled' });
    const listed = await collab(['approval-rules', 'list', '--project', P], { as: 'developer' });
    expect([listed.exitCode, hintOf(listed.stderr)]).toEqual([
      3,
      `hint: merge requests are turned off in this project (merge_requests_access_level: disabled), so only maintainers, owners and administrators may do this: \`collab projects update ${P} --merge-requests-access-level enabled\` turns them on`,
    ]);
  });

  it('a Guest listing the approval rules where merge requests are for members only is told they are for Reporters and above', async () => {
    const xena = (await call('GET', '/users?username=xena')).body[0].id as number;
    const made = await call('POST', `/projects/${encodeURIComponent(P)}/members`, {
      json: { user_id: xena, access_level: 10 },
    });
    expect(made.status).toBe(201);
    await settle({ merge_requests_access_level: 'private' });
    const listed = await collab(['approval-rules', 'list', '--project', P], { as: 'external' });
    expect([listed.exitCode, hintOf(listed.stderr)]).toEqual([
      3,
      `hint: merge requests are for members with the Reporter role or above only in this project (merge_requests_access_level: private): \`collab projects update ${P} --merge-requests-access-level enabled\` opens them to everyone who reads the project`,
    ]);
  });
});

/**
 * `collab plan` reads a project's schedules with the list `collab schedules list` sends: its 403
 * takes the same hint, from the same read of the project the refusal makes.
 */
describe('collab plan reading pipeline schedules a turned-off feature refuses', () => {
  const world = useDesiredWorlds();
  const P = 'acme/web/storefront';
  const SCHEDULES = [
    'version: 1',
    'projects:',
    `  ${P}:`,
    '    pipeline_schedules:',
    '      - description: nightly',
    '        ref: main',
    "        cron: '0 2 * * *'",
    '',
  ].join('\n');

  it('a Maintainer planning schedules of a project with CI/CD disabled is told how to turn CI/CD on', async () => {
    const { collab, file, call } = await world();
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, { json: { builds_access_level: 'disabled' } });
    expect(off.status).toBe(200);
    const planned = await collab(['plan', '-f', file(SCHEDULES)], { as: 'maintainer' });
    expect([planned.exitCode, planned.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
      3,
      `hint: CI/CD is turned off in this project (builds_access_level: disabled), which refuses this whatever the role: \`collab projects update ${P} --builds-access-level enabled\` turns it on`,
    ]);
  });
});

/**
 * GitLab Free has no approval rules route (404 `{"error": "404 Not Found"}`, src/params/tiers.ts):
 * that 404 is the tier's, whatever the project's features, and no role or setting lifts it.
 */
describe('a paid feature’s 404 on GitLab Free names the tier alone', () => {
  const { collab, call, sandbox } = useSandbox({ tier: 'free' });
  const P = 'acme/web/storefront';

  it('a Maintainer listing approval rules with merge requests turned off: the tier, no hint, no project read', async () => {
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, {
      json: { merge_requests_access_level: 'disabled' },
    });
    expect(off.status).toBe(200);
    sandbox.resetStats();
    const listed = await collab(['approval-rules', 'list', '--project', P], { as: 'maintainer' });
    expect([listed.exitCode, listed.stderr, sandbox.requestLog.map((r) => r.status)]).toEqual([
      3,
      `error: merge request approval rules need a paid tier (GitLab Premium or Ultimate): this instance is GitLab Free (GET /projects/${encodeURIComponent(P)}/approval_rules?per_page=20&page=1)\n`,
      [404],
    ]);
  });
});
