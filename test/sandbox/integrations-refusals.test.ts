import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * What PUT .../integrations/:slug refuses, in GitLab's shapes: Grape's `{"error"}` for a missing
 * required setting, and Integrations::UpdateService's message, a string (400), for what the
 * integration's validations refuse or for inherited settings no group above has.
 */
describe('sandbox: integration settings GitLab refuses', () => {
  const { call } = useSandbox({ seed: 10 });
  const storefront = '/projects/acme%2Fweb%2Fstorefront';

  it('answers an invalid URL with UpdateService’s message, every refused setting in it', async () => {
    const jira = await call('PUT', `${storefront}/integrations/jira`, {
      json: { url: 'ftp://acme.atlassian.net', api_url: 'not a url', password: 'x' },
    });
    expect([jira.status, jira.body]).toEqual([
      400,
      {
        message:
          'Failed to update integration. {:url=>["is blocked: Only allowed schemes are http, https"], :api_url=>["must be a valid URL"]}',
      },
    ]);
    const slack = await call('PUT', `${storefront}/integrations/slack`, {
      json: { webhook: 'ftp://hooks.example.com' },
    });
    expect([slack.status, slack.body]).toEqual([
      400,
      { message: 'Failed to update integration. {:webhook=>["is blocked: Only allowed schemes are http, https"]}' },
    ]);
    expect((await call('GET', `${storefront}/integrations/slack`)).status).toBe(404);
  });

  it('answers use_inherited_settings with no group integration above 400 Default integration not found.', async () => {
    const answer = await call('PUT', `${storefront}/integrations/slack`, {
      json: { webhook: 'https://hooks.slack.com/services/T/B/k', use_inherited_settings: true },
    });
    expect([answer.status, answer.body]).toEqual([400, { message: 'Default integration not found.' }]);
    expect((await call('GET', `${storefront}/integrations/slack`)).status).toBe(404);
  });

  it('checks a required setting first, as Grape does, even with use_inherited_settings and a group’s to inherit', async () => {
    const group = await call('PUT', '/groups/acme%2Fweb/integrations/slack', {
      json: { webhook: 'https://hooks.slack.com/services/T/B/group' },
    });
    expect(group.status).toBe(200);
    const answer = await call('PUT', `${storefront}/integrations/slack`, { json: { use_inherited_settings: true } });
    expect([answer.status, answer.body]).toEqual([400, { error: 'webhook is missing' }]);
  });
});
