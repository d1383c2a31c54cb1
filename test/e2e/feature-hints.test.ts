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
 * With issues and merge requests both off GitLab hides a project's labels (ProjectPolicy's
 * `issues_disabled & merge_requests_disabled`, src/api/features.ts): a label is 404 Label Not
 * Found, making or changing one 403. Each names both features and either setting that brings them back.
 */
describe('labels a project’s issues and merge requests, both off, hide', () => {
  const { collab, call, sandbox } = useSandbox();
  const P = 'acme/web/storefront';
  const hintOf = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('hint:'));
  const HIDDEN = `hint: issues are turned off (issues_access_level: disabled) and merge requests are turned off (merge_requests_access_level: disabled) in this project, which hides its labels whatever the role: \`collab projects update ${P} --issues-access-level enabled\` or \`collab projects update ${P} --merge-requests-access-level enabled\` brings them back`;

  const bothOff = async () =>
    expect(
      (
        await call('PUT', `/projects/${encodeURIComponent(P)}`, {
          json: { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' },
        })
      ).status,
    ).toBe(200);

  it('a Maintainer viewing a label (404) is told both features are off, not that there is no such label', async () => {
    await bothOff();
    const viewed = await collab(['labels', 'view', 'checkout', '--project', P], { as: 'maintainer' });
    expect([viewed.exitCode, hintOf(viewed.stderr)]).toEqual([4, HIDDEN]);
  });

  it('a Maintainer creating a label (403) is told both features are off, not the role they hold', async () => {
    await bothOff();
    const made = await collab(['labels', 'create', 'triage', '--color', 'teal', '--project', P], { as: 'maintainer' });
    expect([made.exitCode, hintOf(made.stderr)]).toEqual([3, HIDDEN]);
  });

  it('a Maintainer deleting a label (404) is not told it is gone, and the label stays', async () => {
    await bothOff();
    const removed = await collab(['labels', 'delete', 'checkout', '--project', P, '--yes'], { as: 'maintainer' });
    const kept = [...sandbox.store.labels.values()].some((label) => label.name === 'checkout');
    expect([removed.exitCode, hintOf(removed.stderr), kept]).toEqual([4, HIDDEN, true]);
  });

  it('a non-member viewing a label where both are for members only is told they are hidden from them', async () => {
    const open = await call('PUT', `/projects/${encodeURIComponent(P)}`, {
      json: { issues_access_level: 'private', merge_requests_access_level: 'private' },
    });
    expect(open.status).toBe(200);
    const viewed = await collab(['labels', 'view', 'checkout', '--project', P], { as: 'external' });
    expect([viewed.exitCode, hintOf(viewed.stderr)]).toEqual([
      4,
      `hint: issues are for project members only (issues_access_level: private) and merge requests are for members with the Reporter role or above only (merge_requests_access_level: private) in this project, which hides its labels from you: \`collab projects update ${P} --issues-access-level enabled\` or \`collab projects update ${P} --merge-requests-access-level enabled\` brings them back`,
    ]);
  });

  it('a Maintainer listing the labels gets GitLab’s empty list, and a warning naming both features', async () => {
    await bothOff();
    const listed = await collab(['labels', 'list', '--project', P, '--json'], { as: 'maintainer' });
    expect([listed.exitCode, listed.stdout.trim(), listed.stderr.trim()]).toEqual([
      0,
      '[]',
      `warning: no labels listed, as ${HIDDEN.replace('hint: ', '')}`,
    ]);
  });

  it('listing a project’s labels that are there reads the list alone', async () => {
    sandbox.resetStats();
    const listed = await collab(['labels', 'list', '--project', P, '--own'], { as: 'maintainer' });
    expect([listed.exitCode, sandbox.requestLog.map((r) => r.method)]).toEqual([0, ['GET']]);
  });

  it('a label that is not there, with the features on, still names the list', async () => {
    const viewed = await collab(['labels', 'view', 'nope', '--project', P], { as: 'maintainer' });
    expect([viewed.exitCode, hintOf(viewed.stderr)]).toEqual([
      4,
      `hint: no label nope on project ${P}; see \`collab labels list --project ${P}\``,
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

  it('a plan whose file turns CI/CD on for the schedules it gives says to apply it without them first', async () => {
    const { collab, file, call } = await world();
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, { json: { builds_access_level: 'disabled' } });
    expect(off.status).toBe(200);
    const turnedOn = SCHEDULES.replace(`  ${P}:\n`, `  ${P}:\n    settings:\n      builds_access_level: enabled\n`);
    const planned = await collab(['plan', '-f', file(turnedOn)], { as: 'maintainer' });
    expect([planned.exitCode, planned.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
      3,
      'hint: the file sets builds_access_level to enabled (settings), and GitLab shows the pipeline_schedules only once that is applied: apply the file without pipeline_schedules first, then with it',
    ]);
  });

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
 * `collab plan` given a project's labels where its issues and merge requests are both off: GitLab
 * lists none (200 []) and refuses each the plan would make, so the plan is refused from the
 * project's view first, with the features' hint; through GraphQL too, whose labels are refused then.
 */
describe('collab plan given labels a project’s issues and merge requests, both off, hide', () => {
  const world = useDesiredWorlds();
  const P = 'acme/web/storefront';
  const LABELS = [
    'version: 1',
    'projects:',
    `  ${P}:`,
    '    labels:',
    '      - name: checkout',
    '        color: "#f0ad4e"',
    '',
  ].join('\n');
  const settle = async (
    call: (m: string, p: string, o: { json: unknown }) => Promise<{ status: number }>,
    json: unknown,
  ) => expect((await call('PUT', `/projects/${encodeURIComponent(P)}`, { json })).status).toBe(200);

  for (const graphql of [true, false])
    it(`a Maintainer planning them ${graphql ? 'through GraphQL' : 'by REST alone'} is told both features are off, before any label is planned`, async () => {
      const { collab, file, call } = await world();
      await settle(call, { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
      const planned = await collab(['plan', '-f', file(LABELS), ...(graphql ? [] : ['--no-graphql'])], {
        as: 'maintainer',
      });
      expect([
        planned.exitCode,
        planned.stdout,
        planned.stderr.split('\n').find((line) => line.startsWith('hint:')),
      ]).toEqual([
        3,
        '',
        `hint: issues are turned off (issues_access_level: disabled) and merge requests are turned off (merge_requests_access_level: disabled) in this project, which hides its labels whatever the role: \`collab projects update ${P} --issues-access-level enabled\` or \`collab projects update ${P} --merge-requests-access-level enabled\` brings them back`,
      ]);
    });

  it('a plan whose file turns issues on for the labels it gives says to apply it without them first', async () => {
    const { collab, file, call } = await world();
    await settle(call, { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' });
    const turnedOn = LABELS.replace(`  ${P}:\n`, `  ${P}:\n    settings:\n      issues_access_level: private\n`);
    const planned = await collab(['plan', '-f', file(turnedOn)], { as: 'maintainer' });
    expect([planned.exitCode, planned.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
      3,
      'hint: the file sets issues_access_level to private (settings), and GitLab shows the labels only once that is applied: apply the file without labels first, then with it',
    ]);
  });

  it('a Maintainer planning them with merge requests off alone finds the label as the file has it', async () => {
    const { collab, file, call } = await world();
    await settle(call, { merge_requests_access_level: 'disabled' });
    const planned = await collab(['plan', '-f', file(LABELS)], { as: 'maintainer' });
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.not.stringContaining('hint:')]);
  });
});

/**
 * `collab export` writes what the caller can read: a section a project's feature turned off hides
 * from them (schedules with CI/CD off: 403; labels with issues and merge requests off: an empty
 * list) is left out of that project, with a warning naming the feature, and the rest is exported.
 */
describe('collab export of a project whose features hide a section', () => {
  const world = useDesiredWorlds();
  const P = 'acme/web/storefront';
  const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));

  it('a group with a project whose CI/CD is off exports, its schedules left out and said, and plans no change', async () => {
    const { collab, file, call } = await world();
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, { json: { builds_access_level: 'disabled' } });
    expect(off.status).toBe(200);
    const exported = await collab(['export', 'acme', '--sections', 'settings,pipeline_schedules']);
    expect([exported.exitCode, warnings(exported.stderr)]).toEqual([
      0,
      [
        `warning: project ${P}: its pipeline_schedules are not exported, as CI/CD is turned off in this project (builds_access_level: disabled), which refuses this whatever the role: \`collab projects update ${P} --builds-access-level enabled\` turns it on`,
      ],
    ]);
    const planned = await collab(['plan', '-f', file(exported.stdout)]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
  });

  it('a project whose issues and merge requests are off exports no labels, and says why', async () => {
    const { collab, call } = await world();
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, {
      json: { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' },
    });
    expect(off.status).toBe(200);
    const exported = await collab(['export', P, '--sections', 'labels', '--no-graphql']);
    expect([exported.exitCode, warnings(exported.stderr)]).toEqual([
      0,
      [
        `warning: project ${P}: its labels are not exported, as issues are turned off (issues_access_level: disabled) and merge requests are turned off (merge_requests_access_level: disabled) in this project, which hides its labels whatever the role: \`collab projects update ${P} --issues-access-level enabled\` or \`collab projects update ${P} --merge-requests-access-level enabled\` brings them back`,
      ],
    ]);
  });

  it('a plan of `labels: []` for a project whose issues and merge requests are off asks nothing of them: no change', async () => {
    const { collab, file, call } = await world();
    const off = await call('PUT', `/projects/${encodeURIComponent(P)}`, {
      json: { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' },
    });
    expect(off.status).toBe(200);
    const planned = await collab(['plan', '-f', file(`version: 1\nprojects:\n  ${P}:\n    labels: []\n`)]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
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
