import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's pipeline_schedules end to end: what the service answers after apply, nothing left on a second plan. */
const world = useDesiredWorlds();
const free = useDesiredWorlds({ tier: 'free' });

const CONFIG = '$' + '{env:SCHEDULE_CONFIG}';
const TOKEN = '$' + '{env:SCHEDULE_TOKEN}';

const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}/pipeline_schedules`;

/** A nightly schedule with one variable, as a Developer's tests plan it. */
const NIGHTLY_SUITE = [
  'version: 1',
  'projects:',
  '  acme/web/storefront:',
  '    pipeline_schedules:',
  '      - description: nightly',
  '        ref: main',
  "        cron: '0 2 * * *'",
  '        variables:',
  '          - key: SUITE',
  '            value: full',
  '',
].join('\n');

/**
 * The storefront's branch `nightly`, unprotected, made by the administrator: a Developer makes no
 * schedule on `main`, where only Maintainers push and merge (GitLab's protected_ref).
 */
const NIGHTLY_BRANCH = {
  path: `/projects/${encodeURIComponent('acme/web/storefront')}/repository/branches`,
  json: { branch: 'nightly', ref: 'main' },
};

const FILE = [
  'version: 1',
  'projects:',
  '  acme/web/storefront:',
  '    pipeline_schedules:',
  '      - description: nightly',
  '        ref: main',
  "        cron: '0 2 * * *'",
  '        cron_timezone: Europe/Berlin',
  '        variables:',
  '          - key: SUITE',
  '            value: full',
  '          - key: CONFIG',
  `            value: ${CONFIG}`,
  '            variable_type: file',
  '',
].join('\n');

describe('collab.yaml: pipeline schedules', () => {
  it('plan, apply, plan again: the second plan empty, a second apply writes nothing, export plans clean', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const env = { SCHEDULE_CONFIG: 'retries: 3' };
    const path = file(FILE);
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { env });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines()).toEqual([
      expect.objectContaining({
        section: 'pipeline_schedules',
        key: 'nightly',
        action: 'create',
        to: {
          ref: 'main',
          cron: '0 2 * * *',
          cron_timezone: 'Europe/Berlin',
          variables: { SUITE: 'full', CONFIG: `file:${CONFIG}` },
        },
      }),
    ]);
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const [listed] = await getJson(storefront);
    const made = await getJson(`${storefront}/${listed.id}`);
    expect(made).toMatchObject({ description: 'nightly', ref: 'refs/heads/main', cron: '0 2 * * *', active: true });
    expect(made.variables).toEqual([
      { key: 'SUITE', value: 'full', variable_type: 'env_var', raw: false },
      { key: 'CONFIG', value: 'retries: 3', variable_type: 'file', raw: false },
    ]);

    expect((await collab(['plan', '-f', path], { env })).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'pipeline_schedules']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const again = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')]);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
  });

  it('a schedule another user owns: a Maintainer’s plan stops naming its owner; take_ownership: true takes it over, then changes it', async () => {
    const { collab, file, call, getJson, sandbox, writes } = await world();
    expect((await call('POST', NIGHTLY_BRANCH.path, { json: NIGHTLY_BRANCH.json })).status).toBe(201);
    const made = await call('POST', storefront, {
      as: 'developer',
      json: { description: 'nightly', ref: 'nightly', cron: '0 2 * * *' },
    });
    const lines = (take: boolean) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    pipeline_schedules:',
        '      - description: nightly',
        '        ref: nightly',
        "        cron: '0 3 * * *'",
        ...(take ? ['        take_ownership: true'] : []),
        '',
      ].join('\n');
    sandbox.resetStats();
    const refused = await collab(['apply', '-f', file(lines(false)), '--yes'], { as: 'maintainer' });
    expect([refused.exitCode, refused.stderr.split('\n').slice(0, 2)]).toEqual([
      3,
      [
        'error: pipeline_schedules: nightly on project acme/web/storefront is owned by dana, and only its owner or an administrator may change it',
        'hint: add take_ownership: true to the schedule (the Maintainer role takes it over), or leave it as it is',
      ],
    ]);
    expect(writes()).toEqual([]);

    const taken = await collab(['plan', '-f', file(lines(true), 'take.yaml'), '-o', 'ndjson'], { as: 'maintainer' });
    expect(taken.lines()[0]).toMatchObject({ from: { owner: 'dana' }, to: { cron: '0 3 * * *', owner: 'max' } });
    const applied = await collab(['apply', '-f', file(lines(true), 'take.yaml'), '--yes'], { as: 'maintainer' });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(await getJson(`${storefront}/${made.body.id}`)).toMatchObject({
      cron: '0 3 * * *',
      owner: { username: 'max' },
    });
    expect((await collab(['plan', '-f', file(lines(true), 'take.yaml')], { as: 'maintainer' })).exitCode).toBe(0);
  });

  it('two schedules of one description: the plan says which it compares and that the other stays', async () => {
    const { collab, file, call } = await world();
    const json = { description: 'nightly', ref: 'main', cron: '0 2 * * *' };
    const first = await call('POST', storefront, { json });
    const second = await call('POST', storefront, { json: { ...json, cron: '0 3 * * *' } });
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    pipeline_schedules:\n      enforce: true\n      items:\n        - { description: nightly, ref: main, cron: "0 2 * * *" }\n',
    );
    const plan = await collab(['plan', '-f', path]);
    expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
    expect(plan.stderr).toContain(
      `warning: pipeline_schedules: project acme/web/storefront has 2 schedules described nightly: the plan compares the first (ID ${first.body.id}) alone, and leaves ID ${second.body.id} (give it another description)`,
    );
  });

  it('enforce removing two schedules of one description: two changes, two IDs, both removed', async () => {
    const { collab, file, call, getJson } = await world();
    const json = { description: 'nightly', ref: 'main', cron: '0 2 * * *' };
    const first = await call('POST', storefront, { json });
    const second = await call('POST', storefront, { json: { ...json, cron: '0 3 * * *' } });
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    pipeline_schedules:\n      enforce: true\n      items: []\n',
    );
    const plan = await collab(['plan', '-f', path, '-o', 'json']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(
      plan.json<{ changes: Array<{ id: string; action: string }> }>().changes.map((c) => [c.id, c.action]),
    ).toEqual([
      [`project:acme/web/storefront pipeline_schedules nightly`, 'delete'],
      [`project:acme/web/storefront pipeline_schedules nightly (ID ${second.body.id})`, 'delete'],
    ]);
    expect(first.body.id).toBeLessThan(second.body.id);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(await getJson(storefront)).toEqual([]);
  });

  it('a short ref on a project the plan makes empty is refused at plan; with a README it applies', async () => {
    const { collab, file, sandbox, writes } = await world();
    const made = (readme: boolean) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/brand-new:',
        '    create: true',
        ...(readme ? ['    settings:', '      initialize_with_readme: true'] : []),
        '    pipeline_schedules:',
        "      - { description: nightly, ref: main, cron: '0 2 * * *' }",
        '',
      ].join('\n');
    sandbox.resetStats();
    const refused = await collab(['apply', '-f', file(made(false)), '--yes']);
    expect([refused.exitCode, refused.stderr.split('\n').slice(0, 2)]).toEqual([
      2,
      [
        'error: pipeline_schedules: nightly on project acme/web/brand-new: ref main names no branch or tag of the empty repository the plan makes the project with, which GitLab refuses (400 ref is ambiguous)',
        'hint: make the project with a README (settings: initialize_with_readme: true), or give the full ref (refs/heads/main)',
      ],
    ]);
    expect(writes()).toEqual([]);
    const path = file(made(true), 'readme.yaml');
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('a file variable the file gives without a type becomes env_var, and the next plan is empty', async () => {
    const { collab, file, call, getJson } = await world();
    const made = await call('POST', storefront, { json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' } });
    await call('POST', `${storefront}/${made.body.id}/variables`, {
      json: { key: 'SUITE', value: 'full', variable_type: 'file' },
    });
    const path = file(NIGHTLY_SUITE);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await getJson(`${storefront}/${made.body.id}`)).variables).toEqual([
      { key: 'SUITE', value: 'full', variable_type: 'env_var', raw: false },
    ]);
    const again = await collab(['plan', '-f', path]);
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
  });

  it('a variable whose value is empty applies, as GitLab takes it, and the next plan is empty', async () => {
    const { collab, file, getJson } = await world();
    const path = file(NIGHTLY_SUITE.replace('value: full', "value: ''"));
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const [listed] = await getJson(storefront);
    expect((await getJson(`${storefront}/${listed.id}`)).variables).toEqual([
      { key: 'SUITE', value: '', variable_type: 'env_var', raw: false },
    ]);
    const again = await collab(['plan', '-f', path]);
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
  });

  it('a schedule another user owns: an administrator changes it as it is, its owner kept', async () => {
    const { collab, file, call, getJson } = await world();
    expect((await call('POST', NIGHTLY_BRANCH.path, { json: NIGHTLY_BRANCH.json })).status).toBe(201);
    const made = await call('POST', storefront, {
      as: 'developer',
      json: { description: 'nightly', ref: 'nightly', cron: '0 2 * * *' },
    });
    const path = file(NIGHTLY_SUITE.replace('ref: main', 'ref: nightly'));
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(await getJson(`${storefront}/${made.body.id}`)).toMatchObject({
      owner: { username: 'dana' },
      variables: [expect.objectContaining({ key: 'SUITE', value: 'full' })],
    });
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('take_ownership of a schedule another user owns, by a Developer: refused at plan, the Maintainer role named', async () => {
    const { collab, file, call, sandbox, writes } = await world();
    await call('POST', storefront, {
      as: 'maintainer',
      json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
    });
    const path = file(
      NIGHTLY_SUITE.replace(
        "        cron: '0 2 * * *'\n        variables:\n          - key: SUITE\n            value: full\n",
        "        cron: '0 3 * * *'\n        take_ownership: true\n",
      ),
    );
    sandbox.resetStats();
    const plan = await collab(['apply', '-f', path, '--yes'], { as: 'developer' });
    expect([plan.exitCode, plan.stderr.split('\n').slice(0, 2)]).toEqual([
      3,
      [
        'error: pipeline_schedules: nightly on project acme/web/storefront is owned by max, and taking it over (take_ownership) needs the Maintainer role',
        'hint: only maintainers, owners and administrators may do this: it needs the Maintainer role (you are Developer); ask one of them',
      ],
    ]);
    expect(writes()).toEqual([]);
  });

  it('enforce removing a schedule another user owns, by a Developer: refused at plan, the Maintainer role named', async () => {
    const { collab, file, call, sandbox, writes } = await world();
    await call('POST', storefront, {
      as: 'maintainer',
      json: { description: 'weekly', ref: 'main', cron: '0 2 * * 1' },
    });
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    pipeline_schedules:\n      enforce: true\n      items: []\n',
    );
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes'], { as: 'developer' });
    expect([applied.exitCode, applied.stderr.split('\n').slice(0, 2)]).toEqual([
      3,
      [
        'error: pipeline_schedules: weekly on project acme/web/storefront is owned by max, and removing it (enforce) needs the Maintainer role',
        'hint: only maintainers, owners and administrators may do this: it needs the Maintainer role (you are Developer); ask one of them',
      ],
    ]);
    expect(writes()).toEqual([]);
  });

  it("a Developer's plan of variables on a schedule it may not read them of: refused, exit 3, the role named", async () => {
    const { collab, file, call } = await world();
    const made = await call('POST', storefront, { json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' } });
    await call('POST', `${storefront}/${made.body.id}/variables`, { json: { key: 'SUITE', value: 'full' } });
    const path = file(NIGHTLY_SUITE);
    const plan = await collab(['plan', '-f', path], { as: 'developer' });
    expect(plan.exitCode, plan.stdout).toBe(3);
    expect(plan.stderr).toMatch(/nightly.*variables/);
    expect(plan.stderr).toMatch(/Maintainer role \(you are Developer\)/);
  });

  it("a Developer's plan of variables on a schedule it owns compares them: no change", async () => {
    const { collab, file, call } = await world();
    expect((await call('POST', NIGHTLY_BRANCH.path, { json: NIGHTLY_BRANCH.json })).status).toBe(201);
    const made = await call('POST', storefront, {
      as: 'developer',
      json: { description: 'nightly', ref: 'nightly', cron: '0 2 * * *' },
    });
    await call('POST', `${storefront}/${made.body.id}/variables`, {
      as: 'developer',
      json: { key: 'SUITE', value: 'full' },
    });
    const path = file(NIGHTLY_SUITE.replace('ref: main', 'ref: nightly'));
    const plan = await collab(['plan', '-f', path], { as: 'developer' });
    expect(plan.exitCode, plan.stdout + plan.stderr).toBe(0);
  });

  it('enforce removes the schedules the file leaves out (destructive), and changes variables to the file’s', async () => {
    const { collab, file, call, getJson } = await world();
    const keep = await call('POST', storefront, { json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' } });
    await call('POST', `${storefront}/${keep.body.id}/variables`, { json: { key: 'OLD', value: 'x' } });
    await call('POST', storefront, { json: { description: 'stale', ref: 'main', cron: '0 4 * * *' } });
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    pipeline_schedules:',
        '      enforce: true',
        '      items:',
        '        - description: nightly',
        '          ref: main',
        "          cron: '0 2 * * *'",
        '          variables:',
        '            - key: NEW',
        '              value: y',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.lines<{ key: string; action: string }>().map((l) => [l.key, l.action])).toEqual([
      ['nightly', 'update'],
      ['stale', 'delete'],
    ]);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const left = await getJson(storefront);
    expect(left.map((s: { description: string }) => s.description)).toEqual(['nightly']);
    expect((await getJson(`${storefront}/${keep.body.id}`)).variables).toEqual([
      { key: 'NEW', value: 'y', variable_type: 'env_var', raw: false },
    ]);
  });

  it('a saved plan is refused as stale when a schedule variable’s value moved after it was made', async () => {
    const { collab, file, dir, call, getJson } = await world();
    const env = { SCHEDULE_CONFIG: 'retries: 3' };
    expect((await collab(['apply', '-f', file(FILE), '--yes'], { env })).exitCode).toBe(0);
    const out = `${dir}/schedules.json`;
    const quick = file(FILE.replace('value: full', 'value: quick'), 'quick.yaml');
    expect((await collab(['plan', '-f', quick, '--out', out], { env })).exitCode).toBe(8);
    const [schedule] = await getJson(storefront);
    // Someone changes the value the plan was reviewed from (full -> quick) before it is applied.
    const put = await call('PUT', `${storefront}/${schedule.id}/variables/SUITE`, { json: { value: 'hotfix' } });
    expect(put.status).toBe(200);
    const applied = await collab(['apply', '-f', out, '-o', 'ndjson'], { env });
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(5);
    expect(applied.lines<{ error: string | null }>()[0]?.error).toMatch(
      /^stale: project:acme\/web\/storefront pipeline_schedules nightly was planned from /,
    );
    const variables = (await getJson(`${storefront}/${schedule.id}`)).variables;
    expect(variables.find((v: { key: string }) => v.key === 'SUITE').value).toBe('hotfix');
  });

  /** The storefront's nightly schedule with a plain SUITE and a secret TOKEN; the file changes both. */
  async function secretSchedule(w: Awaited<ReturnType<typeof world>>) {
    const made = await w.call('POST', storefront, { json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' } });
    for (const json of [
      { key: 'SUITE', value: 'full' },
      { key: 'TOKEN', value: 'short-secret-1' },
    ])
      expect((await w.call('POST', `${storefront}/${made.body.id}/variables`, { json })).status).toBe(201);
    const out = `${w.dir}/secret.json`;
    const path = w.file(
      NIGHTLY_SUITE.replace('value: full', 'value: quick') + `          - key: TOKEN\n            value: ${TOKEN}\n`,
      'secret.yaml',
    );
    const env = { SCHEDULE_TOKEN: 'other-secret-2' };
    const planned = await w.collab(['plan', '-f', path, '--out', out], { env });
    expect(planned.exitCode, planned.stderr).toBe(8);
    return { id: made.body.id as number, out, env };
  }

  it("a saved plan keeps no digest of a variable's value the file gives as a template, only a plain one's", async () => {
    const w = await world();
    const { out } = await secretSchedule(w);
    const saved = readFileSync(out, 'utf8');
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(saved).not.toContain(digest('short-secret-1'));
    expect(saved).not.toContain(digest('other-secret-2'));
    expect(saved).toContain(digest('full'));
  });

  it('a saved plan sends a secret variable another client changed since, saying it could not be checked', async () => {
    const w = await world();
    const { id, out, env } = await secretSchedule(w);
    const put = await w.call('PUT', `${storefront}/${id}/variables/TOKEN`, { json: { value: 'hotfix' } });
    expect(put.status).toBe(200);
    const applied = await w.collab(['apply', '-f', out], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(
      'project:acme/web/storefront pipeline_schedules nightly: the value of TOKEN, a secret the plan keeps no digest of, cannot be checked',
    );
    const variables = (await w.getJson(`${storefront}/${id}`)).variables as { key: string; value: string }[];
    expect(Object.fromEntries(variables.map((v) => [v.key, v.value]))).toEqual({
      SUITE: 'quick',
      TOKEN: 'other-secret-2',
    });
  });

  it('a saved plan with a secret variable is refused as stale when a plain one moved after it was made', async () => {
    const w = await world();
    const { id, out, env } = await secretSchedule(w);
    const put = await w.call('PUT', `${storefront}/${id}/variables/SUITE`, { json: { value: 'hotfix' } });
    expect(put.status).toBe(200);
    const applied = await w.collab(['apply', '-f', out, '-o', 'ndjson'], { env });
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(5);
    const error = applied.lines<{ error: string | null }>()[0]?.error ?? '';
    expect(error).toMatch(/^stale: project:acme\/web\/storefront pipeline_schedules nightly was planned from /);
    // Neither side of the refusal holds a digest of the secret's value: the plain one's alone.
    expect(error.match(/"variable_values":\{[^}]*\}/g)).toEqual([
      expect.stringMatching(/^"variable_values":\{"SUITE":"[0-9a-f]+"\}$/),
      expect.stringMatching(/^"variable_values":\{"SUITE":"[0-9a-f]+"\}$/),
    ]);
  });

  it('a variable the file gives as a template never shows its live value in the plan', async () => {
    const { collab, file } = await world();
    const path = file(FILE);
    const applied = await collab(['apply', '-f', path, '--yes'], { env: { SCHEDULE_CONFIG: 'old-secret-value' } });
    expect(applied.exitCode, applied.stderr).toBe(0);
    for (const args of [
      ['plan', '-f', path],
      ['plan', '-f', path, '-o', 'ndjson'],
      ['apply', '-f', path, '--yes', '--verbose'],
    ]) {
      const result = await collab(args, { env: { SCHEDULE_CONFIG: 'new-secret-value' } });
      expect(result.stdout + result.stderr).toMatch(/nightly/);
      expect(result.stdout + result.stderr).not.toMatch(/old-secret-value|new-secret-value/);
    }
  });

  it('a cron given as a template is shown and saved as its template, and the schedule gets its value', async () => {
    const { collab, file, dir, getJson } = await world();
    const cron = '$' + '{env:NIGHTLY_CRON}';
    const env = { NIGHTLY_CRON: '17 4 * * 6' };
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    pipeline_schedules:\n      - { description: nightly, ref: main, cron: "${cron}" }\n`,
    );
    const saved = `${dir}/plan.json`;
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson', '--out', saved], { env });
    expect(plan.lines<{ to: unknown }>().map((c) => c.to)).toEqual([{ ref: 'main', cron }]);
    expect(readFileSync(saved, 'utf8')).not.toContain(env.NIGHTLY_CRON);
    expect((await collab(['apply', '-f', saved], { env })).exitCode).toBe(0);
    expect(((await getJson(storefront)) as Array<{ cron: string }>).map((s) => s.cron)).toEqual([env.NIGHTLY_CRON]);
  });

  it('a variable the file no longer lists shows no live value in the plan that removes it', async () => {
    // Once the file drops it, nothing tells whether it was a secret given by a template: none is shown.
    const { collab, file } = await world();
    const applied = await collab(['apply', '-f', file(FILE), '--yes'], {
      env: { SCHEDULE_CONFIG: 'old-secret-value' },
    });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const without = file(FILE.replace(/ {10}- key: CONFIG\n.*\n.*variable_type: file\n/, ''));
    const plan = await collab(['plan', '-f', without, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines()).toEqual([
      expect.objectContaining({
        key: 'nightly',
        action: 'update',
        from: expect.objectContaining({ variables: { SUITE: 'full', CONFIG: 'file:[masked]' } }),
        to: expect.objectContaining({ variables: { SUITE: 'full' } }),
      }),
    ]);
    expect((await collab(['plan', '-f', without])).stdout).not.toMatch(/old-secret-value/);
  });

  it('export of two schedules of one description says the file it writes will not plan, and why', async () => {
    const { collab, call } = await world();
    for (const cron of ['0 2 * * *', '0 3 * * *'])
      expect((await call('POST', storefront, { json: { description: 'nightly', ref: 'main', cron } })).status).toBe(
        201,
      );
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'pipeline_schedules']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(
      'warning: project acme/web/storefront has more than one schedule nightly, which collab.yaml cannot tell apart: plan refuses this file until all but one are changed or removed\n',
    );
  });

  /** A nightly schedule in the time zone `zone`, as collab.yaml gives it. */
  const zoned = (zone: string) =>
    [
      'version: 1',
      'projects:',
      '  acme/web/storefront:',
      '    pipeline_schedules:',
      '      - description: nightly',
      '        ref: main',
      "        cron: '0 2 * * *'",
      `        cron_timezone: ${zone}`,
      '',
    ].join('\n');

  it('an ActiveSupport name (Eastern Time (US & Canada)) plans, applies as sent, and the second plan is empty', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const path = file(zoned("'Eastern Time (US & Canada)'"));
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines()[0]).toMatchObject({ action: 'create', to: { cron_timezone: 'Eastern Time (US & Canada)' } });
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect((await getJson(storefront))[0].cron_timezone).toBe('Eastern Time (US & Canada)');
    sandbox.resetStats();
    const again = await collab(['plan', '-f', path]);
    expect(again.exitCode, again.stdout).toBe(0);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('the file’s Berlin against a live Europe/Berlin is one zone: no change, and export keeps Europe/Berlin', async () => {
    const { collab, file, call } = await world();
    const made = await call('POST', storefront, {
      json: { description: 'nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Europe/Berlin' },
    });
    expect(made.status).toBe(201);
    const plan = await collab(['plan', '-f', file(zoned('Berlin'))]);
    expect(plan.exitCode, plan.stdout).toBe(0);
    const moved = await collab(['plan', '-f', file(zoned('Bern'), 'bern.yaml'), '-o', 'ndjson']);
    expect(moved.exitCode).toBe(8);
    expect(moved.lines()[0]).toMatchObject({
      action: 'update',
      from: { cron_timezone: 'Europe/Berlin' },
      to: { cron_timezone: 'Bern' },
    });
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'pipeline_schedules']);
    expect(exported.stdout).toContain('cron_timezone: Europe/Berlin');
  });

  it('a bad cron, a bad time zone or a description listed twice is exit 2 before anything is read', async () => {
    const { collab, file, sandbox } = await world();
    const item = (cron: string, zone = 'UTC') => [
      '      - description: nightly',
      '        ref: main',
      `        cron: '${cron}'`,
      `        cron_timezone: ${zone}`,
    ];
    const head = ['version: 1', 'projects:', '  acme/web/storefront:', '    pipeline_schedules:'];
    sandbox.resetStats();
    const cron = await collab(['plan', '-f', file([...head, ...item('0 25 * * *'), ''].join('\n'))]);
    expect(cron.exitCode).toBe(2);
    expect(cron.stderr).toMatch(/cron: invalid cron "0 25 \* \* \*": the hour field "25" is out of range \(0-23\)/);
    const zone = await collab(['plan', '-f', file([...head, ...item('0 2 * * *', 'Nowhere/City'), ''].join('\n'))]);
    expect(zone.exitCode).toBe(2);
    expect(zone.stderr).toMatch(
      /cron_timezone: invalid cron time zone "Nowhere\/City": must be an IANA time zone \(UTC, Europe\/Berlin, America\/New_York\) or an ActiveSupport name/,
    );
    const twice = await collab([
      'plan',
      '-f',
      file([...head, ...item('0 2 * * *'), ...item('0 3 * * *'), ''].join('\n')),
    ]);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/nightly/);
    expect(sandbox.requestLog).toEqual([]);
  });

  describe('a short ref the service would refuse as ambiguous', () => {
    const withRef = (ref: string) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    pipeline_schedules:',
        '      - description: nightly',
        `        ref: ${ref}`,
        "        cron: '0 2 * * *'",
        '',
      ].join('\n');
    const repository = `/projects/${encodeURIComponent('acme/web/storefront')}/repository`;
    const refReads = (log: ReadonlyArray<{ path: string }>) => log.filter((r) => r.path.includes('/repository/'));

    it('a ref naming no branch or tag is exit 2 at plan, naming the schedule, the ref and the fix', async () => {
      const { collab, file, writes } = await world();
      const plan = await collab(['plan', '-f', file(withRef('develop'))]);
      expect(plan.exitCode, plan.stderr).toBe(2);
      expect(plan.stderr).toContain(
        'pipeline_schedules: nightly on project acme/web/storefront: ref develop names no branch or tag of the project, which GitLab refuses (400 ref is ambiguous)',
      );
      expect(plan.stderr).toContain('hint: push the branch or tag first');
      expect(writes()).toEqual([]);
    });

    it('bad refs on two projects are both said by one plan, then one error counts them', async () => {
      const { collab, file } = await world();
      const two = [
        'version: 1',
        'projects:',
        ...['acme/web/storefront', 'acme/platform/api'].flatMap((path) => [
          `  ${path}:`,
          '    pipeline_schedules:',
          '      - description: nightly',
          '        ref: develop',
          "        cron: '0 2 * * *'",
        ]),
        '',
      ].join('\n');
      const plan = await collab(['plan', '-f', file(two)]);
      expect(plan.exitCode).toBe(2);
      const errors = plan.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors).toEqual([
        expect.stringContaining('nightly on project acme/platform/api: ref develop names no branch or tag'),
        expect.stringContaining('nightly on project acme/web/storefront: ref develop names no branch or tag'),
        'error: 2 problems with the file, each above; nothing was planned',
      ]);
      expect(plan.stdout).toBe('');
    });

    it('a bad ref and a refused share of one project are both said by one plan', async () => {
      const { collab, file } = await world();
      const both = [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    shares: [{ group_id: acme, group_access: developer }]',
        "    pipeline_schedules: [{ description: nightly, ref: develop, cron: '0 2 * * *' }]",
        '',
      ].join('\n');
      const plan = await collab(['plan', '-f', file(both)]);
      expect(plan.exitCode).toBe(2);
      expect(plan.stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual([
        expect.stringContaining('shares: project acme/web/storefront with group acme'),
        expect.stringContaining('pipeline_schedules: nightly on project acme/web/storefront: ref develop'),
        'error: 2 problems with the file, each above; nothing was planned',
      ]);
    });

    it('a ref both a branch and a tag have is exit 2 at plan, and the full ref plans and applies', async () => {
      const { collab, file, call, getJson } = await world();
      await call('POST', `${repository}/branches`, { json: { branch: 'stable', ref: 'main' } });
      await call('POST', `${repository}/tags`, { json: { tag_name: 'stable', ref: 'main' } });
      const both = await collab(['plan', '-f', file(withRef('stable'))]);
      expect(both.exitCode).toBe(2);
      expect(both.stderr).toContain('ref stable names both a branch and a tag of the project');
      expect(both.stderr).toContain('hint: give the full ref: refs/heads/stable or refs/tags/stable');
      const full = await collab(['apply', '-f', file(withRef('refs/tags/stable')), '--yes']);
      expect(full.exitCode, full.stderr).toBe(0);
      expect((await getJson(storefront))[0].ref).toBe('refs/tags/stable');
    });

    it('a ref a tag alone has plans, and apply makes the schedule on refs/tags/', async () => {
      const { collab, file, call, getJson } = await world();
      await call('POST', `${repository}/tags`, { json: { tag_name: 'v1.0', ref: 'main' } });
      const applied = await collab(['apply', '-f', file(withRef('v1.0')), '--yes']);
      expect(applied.exitCode, applied.stderr).toBe(0);
      expect((await getJson(storefront))[0].ref).toBe('refs/tags/v1.0');
    });

    it('a schedule that keeps its ref is not refused for a new one whose same ref names nothing any more', async () => {
      const { collab, file, call, sandbox } = await world();
      await call('POST', `${repository}/branches`, { json: { branch: 'develop', ref: 'main' } });
      await call('POST', storefront, { json: { description: 'kept', ref: 'develop', cron: '0 1 * * *' } });
      // The branch goes (the sandbox has no DELETE of a branch): the live schedule keeps refs/heads/develop.
      const project = sandbox.store.findProject('acme/web/storefront');
      if (project) project.branches = project.branches.filter((name) => name !== 'develop');
      const both = [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    pipeline_schedules:',
        '      - description: kept',
        '        ref: develop',
        "        cron: '0 1 * * *'",
        '      - description: nightly',
        '        ref: develop',
        "        cron: '0 2 * * *'",
        '',
      ].join('\n');
      const plan = await collab(['plan', '-f', file(both)]);
      expect(plan.exitCode).toBe(2);
      expect(plan.stderr).toContain('pipeline_schedules: nightly on project acme/web/storefront: ref develop');
    });

    it('the default branch, and a ref the live schedule already has, cost no read of the repository', async () => {
      const { collab, file, call, sandbox } = await world();
      await call('POST', `${repository}/branches`, { json: { branch: 'develop', ref: 'main' } });
      sandbox.resetStats();
      expect((await collab(['plan', '-f', file(withRef('main'))])).exitCode).toBe(8);
      expect(refReads(sandbox.requestLog)).toEqual([]);
      const first = await collab(['apply', '-f', file(withRef('develop')), '--yes']);
      expect(first.exitCode, first.stderr).toBe(0);
      sandbox.resetStats();
      expect((await collab(['plan', '-f', file(withRef('develop'))])).exitCode).toBe(0);
      expect(refReads(sandbox.requestLog)).toEqual([]);
    });
  });

  /**
   * A Developer's schedule on a branch protected against them: Ci::PipelineSchedulePolicy's
   * protected_ref prevents creating and changing it. The seed protects the storefront's main for
   * Maintainers (push and merge) and release/* with Developers merging.
   */
  describe('a Developer’s schedule on a protected branch', () => {
    const onRef = (ref: string, cron = '0 2 * * *') =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    pipeline_schedules:',
        '      - description: nightly',
        `        ref: ${ref}`,
        `        cron: '${cron}'`,
        '',
      ].join('\n');

    it('on GitLab Free a new one on main is refused at plan, exit 3, naming the ref and the fix', async () => {
      const { collab, file, sandbox, writes } = await free();
      sandbox.resetStats();
      const applied = await collab(['apply', '-f', file(onRef('main')), '--yes'], { as: 'developer' });
      expect([applied.exitCode, applied.stderr.split('\n').slice(0, 2)]).toEqual([
        3,
        [
          'error: pipeline_schedules: nightly on project acme/web/storefront: ref main is a protected branch the caller may neither push nor merge to, and GitLab makes no schedule of theirs there (400 not authorized to create the pipeline schedule)',
          'hint: have a Maintainer make the change, let Developers merge to main (protected_branches), or give a branch you may push to',
        ],
      ]);
      expect(writes()).toEqual([]);
    });

    it('on GitLab Free moving one the Developer owns to main is refused at plan', async () => {
      const { collab, file, call, writes, sandbox } = await free();
      expect((await call('POST', NIGHTLY_BRANCH.path, { json: NIGHTLY_BRANCH.json })).status).toBe(201);
      const made = await call('POST', storefront, {
        as: 'developer',
        json: { description: 'nightly', ref: 'nightly', cron: '0 2 * * *' },
      });
      expect(made.status).toBe(201);
      sandbox.resetStats();
      const plan = await collab(['plan', '-f', file(onRef('main'))], { as: 'developer' });
      expect([plan.exitCode, plan.stderr.split('\n')[0]]).toEqual([
        3,
        'error: pipeline_schedules: nightly on project acme/web/storefront: ref main is a protected branch the caller may neither push nor merge to, and GitLab makes no schedule of theirs there (400 not authorized to update the pipeline schedule)',
      ]);
      expect(writes()).toEqual([]);
    });

    it('on GitLab Free a change of one the Developer owns on a branch protected since is refused at plan (403)', async () => {
      const { collab, file, call, writes, sandbox } = await free();
      expect((await call('POST', NIGHTLY_BRANCH.path, { json: NIGHTLY_BRANCH.json })).status).toBe(201);
      const made = await call('POST', storefront, {
        as: 'developer',
        json: { description: 'nightly', ref: 'nightly', cron: '0 2 * * *' },
      });
      expect(made.status).toBe(201);
      const protectedBranches = `/projects/${encodeURIComponent('acme/web/storefront')}/protected_branches`;
      expect((await call('POST', protectedBranches, { json: { name: 'nightly' } })).status).toBe(201);
      sandbox.resetStats();
      const plan = await collab(['plan', '-f', file(onRef('nightly', '0 3 * * *'))], { as: 'developer' });
      expect([plan.exitCode, plan.stderr.split('\n')[0]]).toEqual([
        3,
        'error: pipeline_schedules: nightly on project acme/web/storefront: ref refs/heads/nightly is a protected branch the caller may neither push nor merge to, and GitLab lets no change of a schedule of theirs there (403)',
      ]);
      expect(writes()).toEqual([]);
    });

    it('on a paid tier the plan warns, and apply’s refusal names the cause and the fix', async () => {
      const { collab, file } = await world();
      const path = file(onRef('main'));
      const plan = await collab(['plan', '-f', path], { as: 'developer' });
      expect(plan.exitCode, plan.stderr).toBe(8);
      expect(plan.stderr).toContain(
        'pipeline_schedules: nightly on project acme/web/storefront: ref main is a protected branch the caller may not push to, nor do Developers merge to it: GitLab makes no schedule of theirs there (400 not authorized to create the pipeline schedule) unless its protection lets the caller merge by name or by group',
      );
      const applied = await collab(['apply', '-f', path, '--yes'], { as: 'developer' });
      expect(applied.exitCode).not.toBe(0);
      expect(applied.stdout).toContain(
        'failed\t400 base: The current user is not authorized to create the pipeline schedule',
      );
      expect(applied.stderr).toMatch(
        /^hint for acme\/web\/storefront: the schedule's ref is a protected branch you may neither push nor merge to \(or a protected tag you may not create\): give another ref, or have a Maintainer make the schedule$/m,
      );
    });

    it('one on a protected branch Developers merge to plans with no warning and applies', async () => {
      const { collab, file, call, getJson } = await free();
      const branches = `/projects/${encodeURIComponent('acme/web/storefront')}/repository/branches`;
      expect((await call('POST', branches, { json: { branch: 'release/1.0', ref: 'main' } })).status).toBe(201);
      const path = file(onRef('release/1.0'));
      const plan = await collab(['plan', '-f', path], { as: 'developer' });
      expect(plan.exitCode, plan.stderr).toBe(8);
      expect(plan.stderr).not.toMatch(/warning|protected/);
      expect((await collab(['apply', '-f', path, '--yes'], { as: 'developer' })).exitCode).toBe(0);
      expect((await getJson(storefront))[0]).toMatchObject({ ref: 'refs/heads/release/1.0' });
    });
  });
});
