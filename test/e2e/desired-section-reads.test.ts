import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * What a plan reads of pipeline_schedules and job_token_scope: only what the file names (a
 * schedule's own GET for its variables only where the file gives it variables; the job token
 * setting and each allowlist only where the file names them), and a saved plan's check compares
 * only what the plan read.
 */
const world = useDesiredWorlds();
const P = 'acme/web/storefront';

const schedule = (description: string, variables = '') =>
  `      - description: ${description}\n        ref: main\n        cron: '0 2 * * *'\n${variables}`;
const schedules = (items: string) => `version: 1\nprojects:\n  ${P}:\n    pipeline_schedules:\n${items}`;
const WITH_VARIABLES = '        variables:\n          - key: SUITE\n            value: full\n';

describe('collab.yaml: reads of schedules and the job token scope', () => {
  it('a schedule’s own GET is read only for the schedules the file gives variables', async () => {
    const { collab, file, sandbox } = await world();
    const both = schedules(schedule('nightly', WITH_VARIABLES) + schedule('weekly'));
    expect((await collab(['apply', '-f', file(both), '--yes'])).exitCode).toBe(0);
    const reads = async (text: string) => {
      sandbox.resetStats();
      const plan = await collab(['plan', '-f', file(text, 'again.yaml')]);
      expect(plan.exitCode, plan.stderr).toBe(0);
      return sandbox.requestLog
        .filter((r) => r.path.includes('/pipeline_schedules'))
        .map(
          (r) => `${r.method} ${r.path.replace(/\?.*/, '').replace(/^.*\/pipeline_schedules/, '/pipeline_schedules')}`,
        );
    };
    const ids = (await collab(['schedules', 'list', '--project', P, '--json'])).json<
      { id: number; description: string }[]
    >();
    const nightly = ids.find((s) => s.description === 'nightly')?.id;
    expect(await reads(both)).toEqual(['GET /pipeline_schedules', `GET /pipeline_schedules/${nightly}`]);
    expect(await reads(schedules(schedule('nightly') + schedule('weekly')))).toEqual(['GET /pipeline_schedules']);
  });

  it('a saved plan of a schedule the file gives no variables is applied, not refused as stale', async () => {
    const { collab, file, dir } = await world();
    expect(
      (await collab(['apply', '-f', file(schedules(schedule('nightly', WITH_VARIABLES))), '--yes'])).exitCode,
    ).toBe(0);
    const out = `${dir}/plan.json`;
    const changed = file(schedules(schedule('nightly').replace("'0 2 * * *'", "'0 3 * * *'")), 'changed.yaml');
    expect((await collab(['plan', '-f', changed, '--out', out])).exitCode).toBe(8);
    const applied = await collab(['apply', '-f', out, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const [found] = (await collab(['schedules', 'list', '--project', P, '--json'])).json<{ cron: string }[]>();
    expect(found?.cron).toBe('0 3 * * *');
  });

  it('job_token_scope by REST reads the setting alone when the file names no allowlist, and one list when it names one', async () => {
    const { collab, file, sandbox } = await world();
    const reads = async (text: string, ...flags: string[]) => {
      sandbox.resetStats();
      expect((await collab(['plan', '-f', file(text), ...flags])).exitCode).toBe(0);
      return sandbox.requestLog
        .filter((r) => r.path.includes('/job_token_scope') || r.path === '/api/graphql')
        .map((r) => r.path.replace(/\?.*/, '').replace(/^.*\/job_token_scope/, 'job_token_scope'));
    };
    const scope = (body: string) => `version: 1\nprojects:\n  ${P}:\n    job_token_scope:\n${body}`;
    const all = scope('      enabled: true\n      projects: []\n      groups: []\n');
    expect(await reads(scope('      enabled: true\n'), '--no-graphql')).toEqual(['job_token_scope']);
    expect(await reads(scope('      groups: []\n'), '--no-graphql')).toEqual(['job_token_scope/groups_allowlist']);
    expect(await reads(all, '--no-graphql')).toEqual([
      'job_token_scope',
      'job_token_scope/allowlist',
      'job_token_scope/groups_allowlist',
    ]);
    // Through GraphQL, all three are in the project's query: no request of their own.
    expect(await reads(all)).toEqual(['/api/graphql']);
  });
  it('an integration’s own GET is read for each the file names, the list of active ones only under enforce', async () => {
    const { collab, file, sandbox } = await world();
    for (const slug of ['emails_on_push', 'pipelines_email'])
      expect(
        (await collab(['integrations', 'set', slug, '--project', P, '--recipients', 'dev@example.com'])).exitCode,
      ).toBe(0);
    sandbox.resetStats();
    const text = `version: 1\nprojects:\n  ${P}:\n    integrations:\n      - slug: emails_on_push\n        recipients: dev@example.com\n`;
    const plan = await collab(['plan', '-f', file(text)]);
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(
      sandbox.requestLog
        .filter((r) => r.path.includes('/integrations'))
        .map((r) => r.path.replace(/\?.*/, '').replace(/^.*\/integrations/, '/integrations')),
    ).toEqual(['/integrations/emails-on-push']);
    sandbox.resetStats();
    const enforced = text.replace('integrations:\n', 'integrations:\n      enforce: true\n      items:\n');
    const again = await collab(['plan', '-f', file(enforced, 'enforced.yaml')]);
    // pipelines_email is active and not in the file: disabled; the list found it, without its own GET.
    expect(again.exitCode, again.stderr).toBe(8);
    expect(
      sandbox.requestLog
        .filter((r) => r.path.includes('/integrations'))
        .map((r) => r.path.replace(/\?.*/, '').replace(/^.*\/integrations/, '/integrations')),
    ).toEqual(['/integrations', '/integrations/emails-on-push']);
  });
});
