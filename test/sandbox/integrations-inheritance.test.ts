import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * A group's integration reaches the projects and subgroups below it as `inherited` until they set
 * their own (GitLab's group-level integrations; `inherited` and `use_inherited_settings` in
 * doc/api/project_integrations.md). Each test starts from the seeded world (useSandbox resets it).
 */
describe('sandbox: integrations a group gives what is below it', () => {
  const { call, getJson, idOf } = useSandbox({ seed: 10 });
  const WEBHOOK = 'https://hooks.slack.com/services/T000/B000/group-key';
  let web: number;
  let storefront: number;
  beforeEach(async () => {
    web = await idOf('groups', 'acme/web');
    storefront = await idOf('projects', 'acme/web/storefront');
    const set = await call('PUT', `/groups/${web}/integrations/slack`, {
      json: { webhook: WEBHOOK, channel: 'deploys' },
    });
    expect(set.status).toBe(200);
  });

  it("a project without its own answers the group's, inherited, in the list and alone", async () => {
    const listed = await getJson(`/projects/${storefront}/integrations`);
    expect(listed.map((i: { slug: string; inherited: boolean }) => [i.slug, i.inherited])).toEqual([['slack', true]]);
    const slack = await getJson(`/projects/${storefront}/integrations/slack`);
    expect([slack.active, slack.inherited, slack.properties.channel]).toEqual([true, true, 'deploys']);
    // The group's change reaches it.
    await call('PUT', `/groups/${web}/integrations/slack`, { json: { webhook: WEBHOOK, channel: 'releases' } });
    expect((await getJson(`/projects/${storefront}/integrations/slack`)).properties.channel).toBe('releases');
  });

  it('a PUT on the project makes the settings its own; use_inherited_settings takes the group’s again', async () => {
    const own = await call('PUT', `/projects/${storefront}/integrations/slack`, {
      json: { webhook: WEBHOOK, channel: 'storefront' },
    });
    expect([own.body.inherited, own.body.properties.channel]).toEqual([false, 'storefront']);
    await call('PUT', `/groups/${web}/integrations/slack`, { json: { webhook: WEBHOOK, channel: 'releases' } });
    expect((await getJson(`/projects/${storefront}/integrations/slack`)).properties.channel).toBe('storefront');
    const back = await call('PUT', `/projects/${storefront}/integrations/slack`, {
      json: { use_inherited_settings: true, webhook: WEBHOOK },
    });
    expect([back.status, back.body.inherited, back.body.properties.channel]).toEqual([200, true, 'releases']);
  });

  it("a DELETE on the project disables it there alone: the group's and its other projects' stay", async () => {
    expect((await call('DELETE', `/projects/${storefront}/integrations/slack`)).status).toBe(204);
    const slack = await getJson(`/projects/${storefront}/integrations/slack`);
    expect([slack.active, slack.inherited]).toEqual([false, false]);
    expect(await getJson(`/projects/${storefront}/integrations`)).toEqual([]);
    expect((await getJson(`/groups/${web}/integrations/slack`)).active).toBe(true);
  });
});
