import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab integrations against the sandbox: typed flags per integration, secrets from a file or standard input only. */
describe('collab integrations', () => {
  const { collab, sandbox, getJson, get, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const path = `/projects/${encodeURIComponent(project)}/integrations`;
  const WEBHOOK = 'https://hooks.slack.com/services/T000/B000/the-secret-key';

  it('set slack with the webhook on standard input: sent, never shown, --dry-run redacts it', async () => {
    const dry = await collab(
      [
        'integrations',
        'set',
        'slack',
        '--project',
        project,
        '--webhook-file',
        '-',
        '--channel',
        'deploys',
        '--dry-run',
      ],
      { input: `${WEBHOOK}\n` },
    );
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('"webhook": "[redacted]"');
    expect(dry.stdout + dry.stderr).not.toContain('the-secret-key');
    expect(await getJson(path)).toEqual([]);
    const set = await collab(
      [
        'integrations',
        'set',
        'slack',
        '--project',
        project,
        '--webhook-file',
        '-',
        '--channel',
        'deploys',
        '--no-push-events',
      ],
      { input: `${WEBHOOK}\n`, tty: true },
    );
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain('the-secret-key');
    const slack = await getJson(`${path}/slack`);
    expect([slack.active, slack.push_events, slack.properties.channel]).toEqual([true, false, 'deploys']);
    const id = sandbox.store.findProject(project)?.id;
    expect(sandbox.store.integrations.get(`project:${id}`)?.get('slack')?.properties.webhook).toBe(WEBHOOK);
    for (const args of [['list'], ['view', 'slack']]) {
      const shown = await collab(['integrations', ...args, '--project', project], { tty: true });
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).not.toContain('the-secret-key');
    }
    expect((await collab(['integrations', 'list', '--project', project])).stdout.split('\t').slice(0, 3)).toEqual([
      'slack',
      'Slack notifications',
      'true',
    ]);
  });

  it('jira takes its token from a file (--token-file); emails_on_push its recipients; a group too', async () => {
    const file = join(tempConfigDir(), 'token.txt');
    writeFileSync(file, 'jira-api-token\n');
    const jira = await collab([
      'integrations',
      'set',
      'jira',
      '--project',
      project,
      '--url',
      'https://acme.atlassian.net',
      '--username',
      'bot@acme.example',
      '--token-file',
      file,
    ]);
    expect(jira.exitCode, jira.stderr).toBe(0);
    expect((await getJson(`${path}/jira`)).properties.url).toBe('https://acme.atlassian.net');
    // A required setting not given is resent as the service has it; the secret must come again.
    const again = await collab([
      'integrations',
      'set',
      'jira',
      '--project',
      project,
      '--token-file',
      file,
      '--no-commit-events',
    ]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect((await getJson(`${path}/jira`)).commit_events).toBe(false);
    const group = await collab([
      'integrations',
      'set',
      'emails-on-push',
      '--group',
      'acme',
      '--recipients',
      'dev@acme.example',
    ]);
    expect(group.exitCode, group.stderr).toBe(0);
    expect((await getJson('/groups/acme/integrations/emails-on-push')).properties.recipients).toBe('dev@acme.example');
  });

  it('jira takes --jira-issue-transition-automatic, as project_integrations.md documents it', async () => {
    const file = join(tempConfigDir(), 'token.txt');
    writeFileSync(file, 'jira-api-token\n');
    const jira = await collab([
      'integrations',
      'set',
      'jira',
      '--project',
      project,
      '--url',
      'https://acme.atlassian.net',
      '--token-file',
      file,
      '--jira-issue-transition-automatic',
    ]);
    expect(jira.exitCode, jira.stderr).toBe(0);
    expect((await getJson(`${path}/jira`)).properties.jira_issue_transition_automatic).toBe(true);
  });

  it('help says a flag two integrations take in two senses with each one’s: --username, --recipients', async () => {
    const help = await collab(['integrations', 'set', '--help'], { helpWidth: 200 });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(
      /\n {2}--username <text> +slack, mattermost: the name the notifications come from; jira: the Jira user \(an email for Jira Cloud\)\n/,
    );
    expect(help.stdout).toMatch(
      /\n {2}--recipients <text> +emails_on_push: the addresses, separated by spaces; pipelines_email: the addresses, comma-separated\n/,
    );
  });

  it('--property of a setting the integration’s table knows is held to its type and choices before any request', async () => {
    sandbox.resetStats();
    const set = (...extra: string[]) =>
      collab(['integrations', 'set', 'emails_on_push', '--project', project, '--recipients', 'a@b.c', ...extra]);
    const cases: [string[], string][] = [
      [
        ['--property', 'push_events=maybe'],
        'error: invalid value "maybe" for --property push_events: expected true or false',
      ],
      [
        ['--property', 'branches_to_be_notified=nope'],
        'error: invalid value "nope" for --property branches_to_be_notified: expected one of all, default, protected, default_and_protected',
      ],
    ];
    for (const [extra, says] of cases) {
      const run = await set(...extra);
      expect([run.exitCode, run.stderr.split('\n')[0]]).toEqual([2, says]);
    }
    expect(sandbox.requestLog).toEqual([]);
    const sent = await set('--property', 'push_events=false', '--property', 'branches_to_be_notified=protected');
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(await getJson(`${path}/emails-on-push`)).toMatchObject({
      push_events: false,
      properties: { branches_to_be_notified: 'protected' },
    });
  });

  it('set slack with a per-event channel by --property and by its flag: stored and shown in properties', async () => {
    const webhookFile = join(tempConfigDir(), 'webhook');
    writeFileSync(webhookFile, WEBHOOK);
    const set = await collab([
      'integrations',
      'set',
      'slack',
      '--project',
      project,
      '--webhook-file',
      webhookFile,
      '--property',
      'push_channel=pushes',
      '--alert-channel',
      'alerts',
    ]);
    expect(set.exitCode, set.stderr).toBe(0);
    expect((await getJson(`${path}/slack`)).properties).toMatchObject({
      push_channel: 'pushes',
      alert_channel: 'alerts',
    });
  });

  it('refused before any request: a secret on argv, a missing secret, a flag the integration does not take, a bad URL', async () => {
    sandbox.resetStats();
    const cases: [string[], string][] = [
      [
        ['integrations', 'set', 'slack', '--project', project, '--property', `webhook=${WEBHOOK}`],
        'error: --property webhook= is refused: a secret on the command line ends up in shell history',
      ],
      [
        ['integrations', 'set', 'slack', '--project', project, '--channel', 'x'],
        'error: slack needs its webhook with every change',
      ],
      [
        ['integrations', 'set', 'pipelines_email', '--project', project, '--recipients', 'a@b.c', '--channel', 'x'],
        'error: --channel is not a setting of pipelines_email',
      ],
      [
        ['integrations', 'set', 'emails_on_push', '--project', project, '--recipients', 'a@b.c', '--webhook-file', '-'],
        'error: --webhook-file is not a setting of emails_on_push',
      ],
      [
        ['integrations', 'set', 'jenkins', '--group', 'acme', '--property', 'jenkins_url=https://ci.acme.example'],
        'error: jenkins cannot be set up on a group',
      ],
    ];
    for (const [argv, says] of cases) {
      const run = await collab(argv, { input: `${WEBHOOK}\n` });
      expect([run.exitCode, run.stderr.split('\n')[0]]).toEqual([2, says]);
      expect(run.stderr).not.toContain('the-secret-key');
    }
    expect(sandbox.requestLog).toEqual([]);
  });

  it('--secret-file key=- beside --project - is one usage error before any request', async () => {
    sandbox.resetStats();
    const run = await collab(['integrations', 'set', 'datadog', '--project', '-', '--secret-file', 'api_key=-'], {
      input: `${project}\nacme/platform/api\n`,
    });
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'error: --secret-file api_key=- cannot read standard input: --project - reads the targets from it\n' +
        'hint: give a file path instead of -\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('an api_key on argv is refused before any request, as a token is: Datadog’s, which collab has no flags for', async () => {
    sandbox.resetStats();
    const run = await collab([
      'integrations',
      'set',
      'datadog',
      '--project',
      project,
      '--property',
      'api_key=dd-s3cret',
    ]);
    expect([run.exitCode, run.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --property api_key= is refused: a secret on the command line ends up in shell history',
    ]);
    expect(run.stderr).toMatch(
      /^hint: read it from a file: --secret-file api_key=<path\|-> \(- for standard input\)$/m,
    );
    expect(run.stderr).not.toContain('dd-s3cret');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('an unknown slug is exit 4 with did-you-mean; disable asks, and one not set up is done (exit 4 with --strict)', async () => {
    const typo = await collab(['integrations', 'view', 'slak', '--project', project]);
    expect([typo.exitCode, typo.stderr.split('\n')[1]]).toEqual([
      4,
      `hint: did you mean slack? the service has no integration slak: \`collab integrations list --project ${project}\` lists those set up`,
    ]);
    const set = ['integrations', 'set', 'emails_on_push', '--project', project, '--recipients', 'a@b.c'];
    expect((await collab(set)).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['integrations', 'disable', 'emails_on_push', '--project', project])).exitCode).toBe(2);
    expect(sandbox.requestLog).toEqual([]);
    expect((await collab(['integrations', 'disable', 'emails_on_push', '--project', project, '--yes'])).exitCode).toBe(
      0,
    );
    expect(await getJson(path)).toEqual([]);
    const gone = await collab(['integrations', 'disable', 'emails_on_push', '--project', project, '--yes']);
    expect([gone.exitCode, gone.stderr]).toEqual([
      0,
      `the emails_on_push integration is not set up on project ${project}; nothing to do\n`,
    ]);
    expect(
      (await collab(['integrations', 'disable', 'emails_on_push', '--project', project, '--yes', '--strict'])).exitCode,
    ).toBe(4);
  });

  it('GET of one never set up is 404 Integration Not Found, of one disabled its inactive settings; view shows both inactive', async () => {
    const never = await get(`${path}/emails-on-push`);
    expect([never.status, never.text]).toEqual([404, '{"message":"404 Integration Not Found"}']);
    expect(
      (await collab(['integrations', 'set', 'emails_on_push', '--project', project, '--recipients', 'a@b.c'])).exitCode,
    ).toBe(0);
    expect((await collab(['integrations', 'disable', 'emails_on_push', '--project', project, '--yes'])).exitCode).toBe(
      0,
    );
    const disabled = await get(`${path}/emails-on-push`);
    expect([disabled.status, disabled.body.active]).toEqual([200, false]);
    for (const slug of ['emails-on-push', 'slack']) {
      const view = await collab(['integrations', 'view', slug, '--project', project, '--json']);
      expect([view.exitCode, view.json<{ active: boolean }>().active]).toEqual([0, false]);
    }
  });

  it('view of jira after disable shows no password row: the disable reset it with every setting', async () => {
    const file = join(tempConfigDir(), 'jira-password');
    writeFileSync(file, 'hunter2');
    const set = await collab([
      'integrations',
      'set',
      'jira',
      '--project',
      project,
      '--url',
      'https://jira.example.com',
      '--username',
      'bot',
      '--password-file',
      file,
    ]);
    expect(set.exitCode, set.stderr).toBe(0);
    const active = await collab(['integrations', 'view', 'jira', '--project', project]);
    expect(active.stdout).toMatch(/^Password\t\(a secret: never shown\)$/m);
    expect((await collab(['integrations', 'disable', 'jira', '--project', project, '--yes'])).exitCode).toBe(0);
    const disabled = await collab(['integrations', 'view', 'jira', '--project', project]);
    expect(disabled.exitCode).toBe(0);
    expect(disabled.stdout).toMatch(/^Active\tfalse$/m);
    expect(disabled.stdout).not.toMatch(/Password/);
  });

  it("list and view on a project name a group's integration as inherited", async () => {
    const set = await collab(
      ['integrations', 'set', 'slack', '--group', 'acme/web', '--webhook-file', '-', '--channel', 'x'],
      {
        input: `${WEBHOOK}\n`,
      },
    );
    expect(set.exitCode, set.stderr).toBe(0);
    const listed = await collab(['integrations', 'list', '--project', project]);
    expect(listed.stdout.split('\t').slice(0, 4)).toEqual(['slack', 'Slack notifications', 'true', 'true']);
    const view = await collab(['integrations', 'view', 'slack', '--project', project], { tty: true });
    expect(view.stdout).toMatch(/^Inherited +yes$/m);
    const own = await collab(['integrations', 'view', 'slack', '--group', 'acme/web'], { tty: true });
    expect(own.stdout).toMatch(/^Inherited +no$/m);
  });

  it('--page of the list, which GitLab answers whole, is that page of it: --page 2 --per-page 1 is the second alone', async () => {
    const id = sandbox.store.findProject(project)?.id;
    for (const slug of ['emails-on-push', 'slack']) {
      const put = await call('PUT', `/projects/${id}/integrations/${slug}`, {
        json: slug === 'slack' ? { webhook: WEBHOOK } : { recipients: 'a@example.com' },
      });
      expect(put.status, slug).toBe(200);
    }
    const slugs = async (...flags: string[]) => {
      const listed = await collab(['integrations', 'list', '--project', project, '-o', 'json', ...flags]);
      expect(listed.exitCode, listed.stderr).toBe(0);
      return (JSON.parse(listed.stdout) as Array<{ slug: string }>).map((each) => each.slug);
    };
    expect(await slugs()).toEqual(['emails-on-push', 'slack']);
    expect(await slugs('--page', '2', '--per-page', '1')).toEqual(['slack']);
    expect(await slugs('--page', '3', '--per-page', '1')).toEqual([]);
    expect(await slugs('--page', '2')).toEqual([]);
  });

  it('a Developer is told the role needed', async () => {
    const developer = await collab(['integrations', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });
  // lib/api/integrations/integratable_operations.rb: GET and DELETE take `:slug` among the integrations' slugs.
  it('the service answers a GET of a slug it has no integration for with 400, a PUT with 404', async () => {
    const project = `/projects/${encodeURIComponent('acme/web/storefront')}/integrations`;
    expect(await call('GET', `${project}/no-such-thing`)).toMatchObject({
      status: 400,
      body: { error: 'slug does not have a valid value' },
    });
    expect(await call('PUT', `${project}/no-such-thing`, { json: {} })).toMatchObject({
      status: 404,
      body: { error: '404 Not Found' },
    });
  });

  it('the service refuses a project’s own integration on a group before anything (400)', async () => {
    expect(await call('GET', '/groups/acme/integrations/jenkins')).toMatchObject({
      status: 400,
      body: { message: '400 Integration not available' },
    });
  });
});
