import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's variables, labels and badges sections: plan, apply, plan again; secrets never shown; export planned back to nothing. */
const world = useDesiredWorlds();
const $ = (name: string) => '$' + `{env:${name}}`;

const FILE = `version: 1
groups:
  acme:
    labels:
      - name: bug
        color: "#D9534F"
        description: Something is broken
      - name: chore
        color: teal
    badges:
      - name: Pipeline
        link_url: "https://ci.example.com/%{project_path}/-/pipelines?ref=%{default_branch}"
        image_url: "https://ci.example.com/%{project_path}/badges/%{default_branch}/pipeline.svg"
projects:
  acme/web/storefront:
    variables:
      - key: APP_ENV
        value: staging
      - key: APP_ENV
        environment_scope: production
        value: prod
        protected: true
      - key: DEPLOY_TOKEN
        value: "${$('DEPLOY_TOKEN')}"
        masked: true
      - key: NOTIFY_URL
        value: "${$('NOTIFY_URL')}"
    labels:
      enforce: true
      items:
        - name: checkout
          color: orange
          priority: 2
    badges:
      - link_url: https://docs.example.com/%{project_path}
        image_url: https://img.shields.io/badge/docs-here-blue
`;

describe('collab.yaml: variables, labels, badges', () => {
  it('plan, apply, plan again: the second plan empty, the second apply writes nothing; no secret shown', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const env = { DEPLOY_TOKEN: 'deploy-token-1234', NOTIFY_URL: 'https://hooks.example.com/secret-path' };
    const path = file(FILE);
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { env });
    // 8: the plan has changes.
    expect(plan.exitCode).toBe(8);
    const changes = plan
      .lines<{ target: string; section: string; key: string; action: string }>()
      .map((c) => `${c.target} ${c.section} ${c.key} ${c.action}`);
    expect(changes).toEqual([
      'acme labels chore create',
      'acme/web/storefront variables APP_ENV@production update',
      'acme/web/storefront variables DEPLOY_TOKEN create',
      'acme/web/storefront variables NOTIFY_URL create',
      'acme/web/storefront labels checkout update',
      'acme/web/storefront badges https://docs.example.com/%{project_path} create',
    ]);
    const human = await collab(['plan', '-f', path], { env });
    for (const secret of [...Object.values(env), 'sk_test_']) {
      expect(plan.stdout + human.stdout + human.stderr).not.toContain(secret);
    }
    expect(human.stdout).toContain($('DEPLOY_TOKEN'));
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('deploy-token-1234');
    const vars = await getJson('/projects/acme%2Fweb%2Fstorefront/variables');
    expect(vars.map((v: Record<string, unknown>) => [v.key, v.environment_scope, v.value, v.masked])).toEqual([
      ['STRIPE_API_KEY', '*', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', true],
      ['APP_ENV', '*', 'staging', false],
      ['APP_ENV', 'production', 'prod', false],
      ['DEPLOY_TOKEN', '*', 'deploy-token-1234', true],
      ['NOTIFY_URL', '*', 'https://hooks.example.com/secret-path', false],
    ]);
    expect(
      (await getJson('/projects/acme%2Fweb%2Fstorefront/labels?include_ancestor_groups=false')).map(
        (l: Record<string, unknown>) => [l.name, l.color, l.priority],
      ),
    ).toEqual([['checkout', '#FFA500', 2]]);
    expect((await getJson('/groups/acme/labels')).map((l: Record<string, unknown>) => l.name)).toEqual([
      'bug',
      'chore',
      'feature',
    ]);
    expect(
      (await getJson('/projects/acme%2Fweb%2Fstorefront/badges')).map((b: Record<string, unknown>) => b.kind),
    ).toEqual(['group', 'project']);

    const again = await collab(['plan', '-f', path], { env });
    expect(again).toMatchObject({ exitCode: 0, stdout: '' });
    expect(again.stderr).toMatch(/^no changes;/);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it("a changed secret's update shows neither the old nor the new value; enforce removes what the file does not list", async () => {
    const { collab, file } = await world();
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      enforce: true\n      items:\n        - key: STRIPE_API_KEY\n          value: "${$('STRIPE')}"\n          masked: true\n          protected: true\n`,
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { env: { STRIPE: 'sk_live_rotated_99' } });
    expect(plan.lines()).toEqual([
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'variables',
        key: 'STRIPE_API_KEY',
        from: { value: '[masked]' },
        to: { value: $('STRIPE') },
        action: 'update',
      },
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'variables',
        key: 'APP_ENV',
        from: { key: 'APP_ENV', environment_scope: '*' },
        to: null,
        action: 'delete',
      },
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'variables',
        key: 'APP_ENV@production',
        from: { key: 'APP_ENV', environment_scope: 'production' },
        to: null,
        action: 'delete',
      },
    ]);
    expect(plan.stdout).not.toMatch(/sk_test_|sk_live/);
  });

  it('refuses a masked value written in the file, and a variable listed twice in one scope, before any request', async () => {
    const { collab, file, sandbox } = await world();
    const inline = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: K\n        value: plain-secret-1\n        masked: true\n      - key: K\n        value: x\n',
    );
    sandbox.resetStats();
    const refused = await collab(['plan', '-f', inline]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/collab\.yaml:6:16: a masked variable's value is a secret/);
    expect(refused.stderr).toMatch(/variable K is listed twice/);
    expect(refused.stderr).not.toContain('plain-secret-1');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('refuses masked: false for a hidden variable at plan time, before any write', async () => {
    const { collab, file, sandbox, call } = await world();
    const made = await call('POST', `/projects/${encodeURIComponent('acme/web/storefront')}/variables`, {
      json: { key: 'HIDDEN_KEY', value: 'hidden-value-123', masked_and_hidden: true },
    });
    expect(made.status).toBe(201);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: HIDDEN_KEY\n        masked: false\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /HIDDEN_KEY on project acme\/web\/storefront is hidden, and a hidden variable stays masked/,
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toMatch(/is hidden, and a hidden variable stays masked/);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET' && r.path !== '/api/graphql')).toEqual([]);
  });

  it('leaves a hidden variable its value when the file changes its description: the plan shows no value, none is sent', async () => {
    const { collab, file, sandbox, call, writes } = await world();
    const made = await call('POST', `/projects/${encodeURIComponent('acme/web/storefront')}/variables`, {
      json: { key: 'HIDDEN_KEY', value: 'hidden-value-123', masked_and_hidden: true },
    });
    expect(made.status).toBe(201);
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: HIDDEN_KEY\n        value: "${$('HIDDEN')}"\n        description: rotated by hand\n`,
    );
    const env = { HIDDEN: 'other-value-456' };
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { env });
    expect(plan.exitCode).toBe(8);
    expect(plan.lines<{ key: string; from: unknown; to: unknown }>().map((c) => [c.key, c.from, c.to])).toEqual([
      ['HIDDEN_KEY', { description: null }, { description: 'rotated by hand' }],
    ]);
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(writes().map((r) => [r.method, r.bodyKeys])).toEqual([['PUT', ['description']]]);
    const kept = sandbox.store.variables.find((v) => v.key === 'HIDDEN_KEY');
    expect([kept?.value, kept?.description]).toEqual(['hidden-value-123', 'rotated by hand']);
  });

  it("a label's, a badge's and a push rule's field given as a template is sent as its value, then plans nothing", async () => {
    const { collab, file, getJson, served } = await world();
    const env = { LABEL_TEXT: 'Raised by the audit', DOCS_HOST: 'docs.example.com', COMMIT_RULE: '^AUD-[0-9]+' };
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    labels:',
        `      - { name: audit, color: teal, description: "${$('LABEL_TEXT')}" }`,
        '    badges:',
        `      - { name: Audit, link_url: "https://${$('DOCS_HOST')}/audit", image_url: https://img.example.com/a.svg }`,
        '    push_rule:',
        `      commit_message_regex: "${$('COMMIT_RULE')}"`,
        '',
      ].join('\n'),
    );
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    const project = '/projects/acme%2Fweb%2Fstorefront';
    const labels = (await getJson(`${project}/labels?include_ancestor_groups=false`)) as Array<Record<string, unknown>>;
    expect(labels.find((label) => label.name === 'audit')?.description).toBe(env.LABEL_TEXT);
    const badges = (await getJson(`${project}/badges`)) as Array<Record<string, unknown>>;
    expect(badges.find((badge) => badge.name === 'Audit')?.link_url).toBe('https://docs.example.com/audit');
    expect((await served.pushRule('acme/web/storefront'))?.commit_message_regex).toBe(env.COMMIT_RULE);
    expect((await collab(['plan', '-f', path], { env })).exitCode).toBe(0);
  });

  it('refuses at plan masking a live value the masking rule refuses, or a new short value for a masked one', async () => {
    const { collab, file, sandbox, call } = await world();
    const variables = `/projects/${encodeURIComponent('acme/web/storefront')}/variables`;
    expect((await call('POST', variables, { json: { key: 'SHORT', value: 'prod2' } })).status).toBe(201);
    const masked = { key: 'LONG', value: 'long-enough-1', masked: true };
    expect((await call('POST', variables, { json: masked })).status).toBe(201);
    const items = ['      - { key: SHORT, masked: true }', `      - { key: LONG, value: "${$('LONG_VALUE')}" }`];
    sandbox.resetStats();
    for (const item of items) {
      const path = file(`version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n${item}\n`);
      const applied = await collab(['apply', '-f', path, '--yes'], { env: { LONG_VALUE: 'short' } });
      expect(applied.exitCode, applied.stdout + applied.stderr).toBe(2);
      expect(applied.stderr).toMatch(
        /invalid masked value: must be 8 or more characters.*which GitLab refuses \(400\)/,
      );
      expect(applied.stderr).not.toContain('prod2');
    }
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET' && r.path !== '/api/graphql')).toEqual([]);
  });

  it('refuses an environment scope GitLab refuses before any request', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: K\n        value: x\n        environment_scope: "prod,staging"\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(/collab\.yaml:7:\d+: .*invalid environment scope/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it("refuses before any write a project's label that a group above it has, as GitLab answers 409", async () => {
    const { collab, file, sandbox, writes } = await world();
    const made = await collab(['labels', 'create', 'platform', '--group', 'acme', '--color', '#123456']);
    expect(made.exitCode, made.stderr).toBe(0);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    labels:\n      - name: platform\n        color: "#654321"\n',
    );
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['plan', '-f', path, '--no-graphql'],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(
        /^error: labels: platform on project acme\/web\/storefront is a label of a group above it/,
      );
    }
    expect(writes()).toEqual([]);
  });

  it('refuses a label a group above has on a project the apply would make, before any write', async () => {
    const { collab, file, sandbox, writes } = await world();
    expect((await collab(['labels', 'create', 'platform', '--group', 'acme', '--color', '#123456'])).exitCode).toBe(0);
    sandbox.resetStats();
    const path = file(
      'version: 1\nprojects:\n  acme/web/checkout:\n    create: true\n    labels:\n      - name: platform\n        color: "#654321"\n',
    );
    const result = await collab(['apply', '-f', path, '--yes']);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /^error: labels: platform on project acme\/web\/checkout is a label of a group above it/,
    );
    expect(writes()).toEqual([]);
  });

  it("refuses a project's label that the file gives a group above it too", async () => {
    const { collab, file, writes } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme/web:\n    labels:\n      - name: release\n        color: "#123456"\nprojects:\n  acme/web/storefront:\n    labels:\n      - name: release\n        color: "#654321"\n',
    );
    const result = await collab(['plan', '-f', path, '--no-graphql']);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /^error: labels: release on project acme\/web\/storefront is a label of a group above it/,
    );
    expect(writes()).toEqual([]);
  });

  it('reads the labels above once a group for all its projects that would make a label', async () => {
    const { collab, file, sandbox, served } = await world();
    expect((await served.projectsUnder('acme/web')).length).toBeGreaterThan(1);
    const path = file(
      `version: 1\ngroups:\n  acme/web:\n    projects:\n      labels:\n        - name: triage\n          color: "#123456"\n`,
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    const above = sandbox.requestLog
      .map((r) => r.path)
      .filter((p) => p.startsWith('/api/v4/groups/') && p.includes('/labels'));
    expect(above).toEqual(['/api/v4/groups/acme%2Fweb/labels?include_ancestor_groups=true&per_page=100&page=1']);
  });

  it('reads one list per target and section, only for the sections the file uses', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    labels:\n      - name: checkout\n        color: "#f0ad4e"\n        priority: 1\n',
    );
    sandbox.resetStats();
    expect((await collab(['plan', '-f', path])).stderr).toMatch(/^no changes;/);
    const reads = sandbox.requestLog.map((r) => r.path).filter((p) => /variables|labels|badges/.test(p));
    expect(reads).toEqual(['/api/v4/projects/1/labels?include_ancestor_groups=false&per_page=100&page=1']);
  });

  it('collab export writes the three sections so that the plan after it is empty; a masked value left out', async () => {
    const { collab, file } = await world();
    const exported = await collab(['export', 'acme', '--sections', 'variables,labels,badges']);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).toContain('- key: STRIPE_API_KEY\n');
    expect(exported.stdout).not.toContain('sk_test_');
    expect(exported.stdout).toMatch(/name: checkout/);
    const path = file(exported.stdout);
    const plan = await collab(['plan', '-f', path]);
    expect(plan).toMatchObject({ exitCode: 0, stdout: '' });
  });
});
