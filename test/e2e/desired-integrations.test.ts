import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's integrations end to end: secrets as templates, never compared, never shown. */
const world = useDesiredWorlds();

const STOREFRONT = `/projects/${encodeURIComponent('acme/web/storefront')}`;
const WEBHOOK = 'https://hooks.slack.com/services/T000/B000/secret-key-1';
const env = { SLACK_WEBHOOK: WEBHOOK };
/** collab.yaml's template for the webhook (spelled apart so that no linter takes it for a misspelt template string). */
const TEMPLATE = `$${'{'}env:SLACK_WEBHOOK}`;

const FILE = [
  'version: 1',
  'projects:',
  '  acme/web/storefront:',
  '    integrations:',
  '      - slug: slack',
  `        webhook: ${TEMPLATE}`,
  "        channel: '#ci'",
  '        push_events: false',
  '      - slug: emails_on_push',
  '        recipients: dev@example.com ops@example.com',
  '',
].join('\n');

describe('collab.yaml: integrations', () => {
  it('plan, apply, plan again empty, a second apply writes nothing, export then plan clean', async () => {
    const { collab, file, sandbox, writes, getJson, idOf } = await world();
    const path = file(FILE);
    const plan = await collab(['plan', '-f', path], { env });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).not.toContain('secret-key-1');
    expect(plan.stdout).toContain(TEMPLATE);
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const slack = await getJson(`${STOREFRONT}/integrations/slack`);
    expect([slack.active, slack.push_events, slack.properties.channel, slack.properties.webhook]).toEqual([
      true,
      false,
      '#ci',
      undefined,
    ]);
    // The webhook is write-only: only the store shows what was sent.
    const project = await idOf('projects', 'acme/web/storefront');
    expect(sandbox.store.integrations.get(`project:${project}`)?.get('slack')?.properties.webhook).toBe(WEBHOOK);
    expect((await getJson(`${STOREFRONT}/integrations/emails-on-push`)).properties.recipients).toBe(
      'dev@example.com ops@example.com',
    );

    expect((await collab(['plan', '-f', path], { env })).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'integrations']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const items = parse(exported.stdout).projects['acme/web/storefront'].integrations;
    expect(items).toEqual([
      {
        slug: 'slack',
        webhook: TEMPLATE.replace('SLACK', 'INTEGRATION_SLACK_ACME_WEB_STOREFRONT'),
        channel: '#ci',
        push_events: false,
      },
      { slug: 'emails_on_push', recipients: 'dev@example.com ops@example.com' },
    ]);
    // The webhook is sent by no change of this plan: it runs without it.
    expect((await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')])).exitCode).toBe(0);
  });

  it('a changed property is one PUT carrying the webhook; --rotate-secrets sends it again; enforce disables the rest', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    expect((await collab(['apply', '-f', file(FILE), '--yes'], { env })).exitCode).toBe(0);
    const changed = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      enforce: true',
        '      items:',
        '        - slug: slack',
        `          webhook: ${TEMPLATE}`,
        "          channel: '#deploys'",
        '          push_events: false',
        '',
      ].join('\n'),
      'changed.yaml',
    );
    sandbox.resetStats();
    expect((await collab(['apply', '-f', changed, '--yes'], { env })).exitCode).toBe(0);
    expect(
      writes()
        .map((w) => `${w.method} ${w.path.replace(/\/projects\/\d+/, '')}`)
        .sort(),
    ).toEqual(['DELETE /api/v4/integrations/emails-on-push', 'PUT /api/v4/integrations/slack']);
    expect((await getJson(`${STOREFRONT}/integrations/slack`)).properties.channel).toBe('#deploys');
    expect((await getJson(`${STOREFRONT}/integrations/emails-on-push`)).active).toBe(false);
    const rotate = await collab(['plan', '-f', changed, '--rotate-secrets', '-o', 'ndjson'], { env });
    expect(rotate.lines()).toMatchObject([{ section: 'integrations', key: 'slack', action: 'update' }]);
  });

  it('a changed property’s plan shows the webhook its PUT sends, as its template; the webhook is the one sent', async () => {
    const { collab, file, sandbox, idOf } = await world();
    expect((await collab(['apply', '-f', file(FILE), '--yes'], { env })).exitCode).toBe(0);
    const changed = file(FILE.replace("channel: '#ci'", "channel: '#deploys'"), 'changed.yaml');
    const rotated = { SLACK_WEBHOOK: 'https://hooks.slack.com/services/T000/B000/secret-key-2' };
    const plan = await collab(['plan', '-f', changed, '-o', 'ndjson'], { env: rotated });
    expect(plan.lines<{ key: string; from: unknown; to: unknown }>().map((c) => [c.key, c.from, c.to])).toEqual([
      ['slack', { channel: '#ci' }, { channel: '#deploys', webhook: TEMPLATE }],
    ]);
    expect(plan.stdout).not.toContain('secret-key');
    expect((await collab(['apply', '-f', changed, '--yes'], { env: rotated })).exitCode).toBe(0);
    const project = await idOf('projects', 'acme/web/storefront');
    // The API never shows a webhook: the store holds it.
    expect(sandbox.store.integrations.get(`project:${project}`)?.get('slack')?.properties.webhook).toBe(
      rotated.SLACK_WEBHOOK,
    );
  });

  it('a saved plan of a changed property applied twice: the second finds it done, the webhook aside', async () => {
    const { collab, file, dir, sandbox, writes } = await world();
    expect((await collab(['apply', '-f', file(FILE), '--yes'], { env })).exitCode).toBe(0);
    const changed = file(FILE.replace("channel: '#ci'", "channel: '#deploys'"), 'changed.yaml');
    const saved = `${dir}/plan.json`;
    expect((await collab(['plan', '-f', changed, '--out', saved], { env })).exitCode).toBe(8);
    expect((await collab(['apply', '-f', saved], { env })).exitCode).toBe(0);
    sandbox.resetStats();
    const again = await collab(['apply', '-f', saved], { env });
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('export names each target’s webhook by its own variable: two secrets never share one', async () => {
    const { collab, file } = await world();
    const two = `${FILE}  acme/platform/api:\n    integrations:\n      - slug: slack\n        webhook: ${TEMPLATE}\n`;
    expect((await collab(['apply', '-f', file(two), '--yes'], { env })).exitCode).toBe(0);
    const exported = await collab(['export', 'acme/web/storefront', 'acme/platform/api', '--sections', 'integrations']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const projects = parse(exported.stdout).projects;
    const webhookOf = (path: string) =>
      projects[path].integrations.find((item: { slug: string }) => item.slug === 'slack').webhook;
    expect(webhookOf('acme/web/storefront')).toBe(TEMPLATE.replace('SLACK', 'INTEGRATION_SLACK_ACME_WEB_STOREFRONT'));
    expect(webhookOf('acme/platform/api')).toBe(TEMPLATE.replace('SLACK', 'INTEGRATION_SLACK_ACME_PLATFORM_API'));
    expect(exported.stderr).toMatch(/the webhook of the slack integration of project acme\/platform\/api/);
  });

  it('a new Jira integration’s line in the plan shows its url, which it sends', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      - slug: jira',
        '        url: https://acme.atlassian.net',
        `        password: $${'{'}env:JIRA_TOKEN}`,
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path], { env: { JIRA_TOKEN: 'jira-token' } });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).toContain(
      `+ integration jira {"url":"https://acme.atlassian.net","password":"$${'{'}env:JIRA_TOKEN}"}`,
    );
  });

  it('a Jira api_url of "" clears it, as GitLab takes it blank; then nothing to change', async () => {
    const { collab, file, getJson } = await world();
    const jira = (apiUrl: string) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      - slug: jira',
        '        url: https://acme.atlassian.net',
        `        api_url: '${apiUrl}'`,
        `        password: $${'{'}env:JIRA_TOKEN}`,
        '',
      ].join('\n');
    const env = { env: { JIRA_TOKEN: 'jira-token' } };
    expect((await collab(['apply', '-f', file(jira('https://api.acme.example')), '--yes'], env)).exitCode).toBe(0);
    const path = file(jira(''), 'cleared.yaml');
    const applied = await collab(['apply', '-f', path, '--yes'], env);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await getJson(`${STOREFRONT}/integrations/jira`)).properties.api_url).toBe('');
    expect((await collab(['plan', '-f', path], env)).exitCode).toBe(0);
  });

  it('Jira project_keys listed in another order plan no change; an added key plans one', async () => {
    const { collab, file } = await world();
    const jira = (keys: string) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      - slug: jira',
        '        url: https://acme.atlassian.net',
        `        password: $${'{'}env:JIRA_TOKEN}`,
        `        project_keys: [${keys}]`,
        '',
      ].join('\n');
    const env = { env: { JIRA_TOKEN: 'jira-token' } };
    expect((await collab(['apply', '-f', file(jira('WEB, OPS')), '--yes'], env)).exitCode).toBe(0);
    const reordered = await collab(['plan', '-f', file(jira('OPS, WEB'), 'reordered.yaml')], env);
    expect([reordered.exitCode, reordered.stdout]).toEqual([0, expect.not.stringContaining('project_keys')]);
    const added = await collab(['plan', '-f', file(jira('OPS, WEB, SEC'), 'added.yaml')], env);
    expect(added.exitCode, added.stderr).toBe(8);
    expect(added.stdout).toContain('project_keys');
  });

  it('a Mattermost per-event channel is set from the file, shown in properties, then plans no change', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      - slug: mattermost',
        `        webhook: ${TEMPLATE}`,
        '        pipeline_channel: builds',
        '',
      ].join('\n'),
    );
    const env = { env: { SLACK_WEBHOOK: 'https://chat.example.com/hooks/secret-key-3' } };
    const applied = await collab(['apply', '-f', path, '--yes'], env);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await getJson(`${STOREFRONT}/integrations/mattermost`)).properties.pipeline_channel).toBe('builds');
    const again = await collab(['plan', '-f', path], env);
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
  });

  it('a secret written in the file, not as a template, is refused at its line (exit 2) before any request', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(FILE.replace(TEMPLATE, WEBHOOK));
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(
      `${path}:6:18: an integration's webhook is a secret: give it as $${'{'}env:NAME} or $${'{'}file:path}, never in the file\n`,
    );
    expect(plan.stderr).not.toContain('secret-key-1');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a webhook whose template gives no http(s) URL is refused at plan, unquoted (exit 2), nothing sent', async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(FILE);
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes'], {
      env: { SLACK_WEBHOOK: 'ftp://hooks.example.com/secret-key-2' },
    });
    expect([applied.exitCode, applied.stderr.split('\n').slice(0, 2)]).toEqual([
      2,
      [
        `error: integrations: ${TEMPLATE} gives the slack integration of project acme/web/storefront an invalid webhook URL: must start with http:// or https://`,
        `hint: give ${TEMPLATE} the incoming webhook URL (https://hooks.slack.com/services/…)`,
      ],
    ]);
    expect(applied.stdout + applied.stderr).not.toContain('secret-key-2');
    expect(writes()).toEqual([]);
  });

  it('a webhook whose variable is not set plans, the secret needed only to apply', async () => {
    const { collab, file } = await world();
    const plan = await collab(['plan', '-f', file(FILE)]);
    expect([plan.exitCode, plan.stderr], plan.stdout).toEqual([
      8,
      expect.stringContaining('environment variable SLACK_WEBHOOK is not set'),
    ]);
  });

  it('a group naming jenkins (a project-only integration) is refused (exit 2) before any request', async () => {
    const { collab, file, sandbox } = await world();
    const yaml =
      'version: 1\ngroups:\n  acme:\n    integrations:\n      - slug: jenkins\n        jenkins_url: https://ci.example\n        project_name: web\n';
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(yaml)]);
    expect([plan.exitCode, plan.stderr.split('\n')[0]]).toEqual([
      2,
      expect.stringContaining('groups.acme.integrations[0].slug: expected one of slack,'),
    ]);
    expect(plan.stderr.split('\n')[0]).not.toContain('jenkins,');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('defaults naming jenkins set it up on projects, and leave groups without it', async () => {
    const { collab, file } = await world();
    const yaml = [
      'version: 1',
      'defaults:',
      '  integrations:',
      '    - slug: jenkins',
      '      jenkins_url: https://ci.example',
      '      project_name: web',
      'groups:',
      '  acme/web: {}',
      'projects:',
      '  acme/web/storefront: {}',
      '',
    ].join('\n');
    const plan = await collab(['plan', '-f', file(yaml), '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    const changes = (plan.lines() as { section: string; kind: string; target: string }[]).filter(
      (line) => line.section === 'integrations',
    );
    expect(changes.map((c) => [c.kind, c.target])).toEqual([['project', 'acme/web/storefront']]);
  });

  it('reads nothing for a list that names none, and one GET a target (the list) under enforce', async () => {
    const { collab, file, sandbox } = await world();
    const gets = () => sandbox.requestLog.filter((r) => r.path.includes('/integrations')).length;
    sandbox.resetStats();
    await collab(['plan', '-f', file('version: 1\nprojects:\n  acme/web/storefront:\n    description: x\n')]);
    expect(gets()).toBe(0);
    sandbox.resetStats();
    await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  acme/web/storefront:\n    integrations: []\n  acme/platform/api:\n    integrations: []\n',
        'two.yaml',
      ),
    ]);
    expect(gets()).toBe(0);
    sandbox.resetStats();
    const enforced = '    integrations: { enforce: true, items: [] }\n';
    await collab([
      'plan',
      '-f',
      file(
        `version: 1\nprojects:\n  acme/web/storefront:\n${enforced}  acme/platform/api:\n${enforced}`,
        'enforced.yaml',
      ),
    ]);
    expect(gets()).toBe(2);
  });
});

describe('collab.yaml: an integration a group gives its projects', () => {
  const GROUP_FILE = [
    'version: 1',
    'groups:',
    '  acme/web:',
    '    integrations:',
    '      - slug: slack',
    `        webhook: ${TEMPLATE}`,
    "        channel: '#deploys'",
    '',
  ].join('\n');

  it("is the group's: enforce on a project leaves it, and export writes it at the group alone", async () => {
    const { collab, file, getJson } = await world();
    expect((await collab(['apply', '-f', file(GROUP_FILE), '--yes'], { env })).exitCode).toBe(0);
    const inherited = await getJson(`${STOREFRONT}/integrations/slack`);
    expect([inherited.active, inherited.inherited, inherited.properties.channel]).toEqual([true, true, '#deploys']);
    const enforced = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    integrations: { enforce: true, items: [] }\n',
      'enforce.yaml',
    );
    const plan = await collab(['plan', '-f', enforced]);
    expect(plan.exitCode, plan.stdout).toBe(0);
    const exported = await collab(['export', 'acme/web', '--sections', 'integrations']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const data = parse(exported.stdout);
    expect(data.groups['acme/web'].integrations).toEqual([
      expect.objectContaining({ slug: 'slack', channel: '#deploys' }),
    ]);
    expect(data.projects?.['acme/web/storefront']?.integrations).toBeUndefined();
  });

  it('a change to it on a project makes the settings its own, shown in the plan; the other projects keep the group’s', async () => {
    const { collab, file, getJson, served } = await world();
    expect((await collab(['apply', '-f', file(GROUP_FILE), '--yes'], { env })).exitCode).toBe(0);
    const own = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    integrations:',
        '      - slug: slack',
        `        webhook: ${TEMPLATE}`,
        "        channel: '#storefront'",
        '',
      ].join('\n'),
      'own.yaml',
    );
    const plan = await collab(['plan', '-f', own], { env });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).toContain(
      `~ integration slack {"channel":"#deploys","inherited":true} -> {"channel":"#storefront","webhook":"${TEMPLATE}","inherited":false}`,
    );
    expect((await collab(['apply', '-f', own, '--yes'], { env })).exitCode).toBe(0);
    const slack = await getJson(`${STOREFRONT}/integrations/slack`);
    expect([slack.inherited, slack.properties.channel]).toEqual([false, '#storefront']);
    const other = (await served.projectsUnder('acme/web')).find((p) => p.path_with_namespace !== 'acme/web/storefront');
    const theirs = await getJson(`/projects/${other?.id}/integrations/slack`);
    expect([theirs.inherited, theirs.properties.channel]).toEqual([true, '#deploys']);
    expect((await collab(['plan', '-f', own], { env })).exitCode).toBe(0);
  });
});
