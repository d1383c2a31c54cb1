import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * The list of a project's or group's active integrations, as lib/api/integrations/
 * integratable_operations.rb (gitlabhq/gitlabhq @1c950e0a) answers it: the whole list, never
 * paginated, so no page headers and no page or per_page read.
 */
describe('sandbox: the list of integrations', () => {
  const { call } = useSandbox({ seed: 12 });

  it('answers every active integration of a project and a group at once, per_page=1 not read, without page headers', async () => {
    const answers = [];
    for (const owner of ['/projects/acme%2Fweb%2Fstorefront', '/groups/acme']) {
      for (const [slug, json] of [
        ['slack', { webhook: 'https://hooks.slack.com/services/list' }],
        ['microsoft-teams', { webhook: 'https://outlook.office.com/webhook/list' }],
      ] as const)
        expect((await call('PUT', `${owner}/integrations/${slug}`, { json })).status).toBe(200);
      const listed = await call('GET', `${owner}/integrations?per_page=1`);
      answers.push([
        listed.status,
        listed.body.map((each: { slug: string }) => each.slug),
        ['link', 'x-total', 'x-page', 'x-per-page', 'x-next-page'].filter((name) => listed.headers.has(name)),
      ]);
    }
    expect(answers).toEqual([
      [200, ['slack', 'microsoft-teams'], []],
      [200, ['slack', 'microsoft-teams'], []],
    ]);
  });
});
