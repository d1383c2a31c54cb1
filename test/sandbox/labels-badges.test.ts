import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxRole } from '../../src/sandbox/index.js';
import { useSandbox } from '../helpers/cli.js';
import type { Json } from '../helpers/sandbox-api.js';

/**
 * Labels and badges of projects and groups over HTTP, with GitLab's statuses and bodies. The request forms
 * are python-gitlab 3.12's (Debian's python3-gitlab), as it sent them to the sandbox: `project.labels.list()`,
 * `.create({'name', 'color', 'priority'})`, `label.save()` and `labels.update(name, {...})` (the deprecated
 * `PUT /labels` with `name` in the body), `.get(name)` and `label.delete()` (the name in the path);
 * `project.badges.create({'link_url', 'image_url', 'name'})`, `badge.save()` (PUT with the changed field),
 * `badges.render(link_url, image_url)` (GET /badges/render); JSON bodies, `Content-Type: application/json`
 * on every request.
 */
const { call: raw, idOf } = useSandbox({ seed: 10 });
const call = (method: string, path: string, options: { as?: SandboxRole; json?: unknown } = {}) =>
  raw(method, path, {
    as: options.as,
    json: options.json,
    headers: { 'user-agent': 'python-gitlab/3.12.0', 'content-type': 'application/json' },
  });

let storefront: number;
let acme: number;
beforeEach(async () => {
  storefront = await idOf('projects', 'acme/web/storefront');
  acme = await idOf('groups', 'acme');
});
const names = (answer: { body: Json }) => (answer.body as Array<{ name: string }>).map((l) => l.name);

describe('sandbox: labels as python-gitlab drives them', () => {
  it("a project's list holds its ancestor groups' labels, by name, unless include_ancestor_groups=false", async () => {
    const listed = await call('GET', `/projects/${storefront}/labels`);
    expect(names(listed)).toEqual(['bug', 'checkout', 'feature']);
    expect(listed.body.map((l: Json) => l.is_project_label)).toEqual([false, true, false]);
    expect(listed.body[1]).toEqual({
      id: listed.body[1].id,
      name: 'checkout',
      color: '#f0ad4e',
      // Dark on this mid-tone: white's contrast is 1.9, under Gitlab::Color's 2.4 (lib/gitlab/color.rb @419c53ec).
      text_color: '#1F1E24',
      description: 'The checkout flow',
      description_html: 'The checkout flow',
      subscribed: false,
      priority: 1,
      is_project_label: true,
    });
    expect(names(await call('GET', `/projects/${storefront}/labels?include_ancestor_groups=false`))).toEqual([
      'checkout',
    ]);
    expect((await call('GET', `/projects/${storefront}/labels?with_counts=true`)).body[0]).toMatchObject({
      open_issues_count: 0,
      closed_issues_count: 0,
      open_merge_requests_count: 0,
    });
    expect(names(await call('GET', `/groups/${acme}/labels`))).toEqual(['bug', 'feature']);
    expect((await call('GET', `/groups/${acme}/labels/bug`)).body).not.toHaveProperty('is_project_label');
  });

  it("include_ancestor_groups=false still holds the project's group's own labels, not those above it, as LabelsFinder finds them", async () => {
    const web = await idOf('groups', 'acme/web');
    expect((await call('POST', `/groups/${web}/labels`, { json: { name: 'triage', color: '#336699' } })).status).toBe(
      201,
    );
    const own = await call('GET', `/projects/${storefront}/labels?include_ancestor_groups=false`);
    expect(names(own)).toEqual(['checkout', 'triage']);
    expect(own.body.map((l: Json) => l.is_project_label)).toEqual([true, false]);
    expect(names(await call('GET', `/projects/${storefront}/labels`))).toEqual([
      'bug',
      'checkout',
      'feature',
      'triage',
    ]);
    expect((await call('GET', `/projects/${storefront}/labels/triage?include_ancestor_groups=false`)).status).toBe(200);
    expect((await call('GET', `/projects/${storefront}/labels/bug?include_ancestor_groups=false`)).status).toBe(404);
    // Changed through the project, the group's label needs who may change the group's labels.
    const xena = await idOf('users', 'xena');
    const joined = await call('POST', `/projects/${storefront}/members`, { json: { user_id: xena, access_level: 30 } });
    expect(joined.status).toBe(201);
    expect((await call('DELETE', `/projects/${storefront}/labels/triage`, { as: 'external' })).status).toBe(403);
    expect((await call('DELETE', `/projects/${storefront}/labels/triage`)).status).toBe(204);
    expect(names(await call('GET', `/groups/${web}/labels`))).toEqual(['bug', 'feature']);
  });

  it("gives text_color by Gitlab::Color's WCAG contrast: dark on orange, whose channels sum under 500", async () => {
    // lib/gitlab/color.rb @419c53ec: white on #FFA500 has a contrast of 1.98, under 2.4, and the
    // dark text's is 8.4; the older rule (white below a channel sum of 500) gave white.
    const made = async (color: string) =>
      (await call('POST', `/groups/${acme}/labels`, { json: { name: `t-${color}`, color } })).body.text_color;
    expect(await made('#FFA500')).toBe('#1F1E24');
    // Gray: white's contrast on it is 3.9, at least 2.4, so white text.
    expect(await made('#808080')).toBe('#FFFFFF');
  });

  it("keeps a color as Gitlab::Color.of makes it: a name as GitLab's hex, #RGB as given; cyan is no color it knows", async () => {
    const made = async (color: string) =>
      call('POST', `/groups/${acme}/labels`, { json: { name: `c-${color}`, color } });
    expect((await made('DarkOrange')).body.color).toBe('#FF8C00');
    expect((await made('#abc')).body).toMatchObject({ color: '#abc', text_color: '#1F1E24' });
    expect((await made('#A1b2C3')).body.color).toBe('#A1b2C3');
    expect(await made('cyan')).toMatchObject({
      status: 400,
      body: { message: { color: ['must be a valid color code'] } },
    });
    expect((await made('aqua')).body.color).toBe('#00FFFF');
  });

  it('create, rename with new_name, recolor with a CSS name, describe, delete', async () => {
    const created = await call('POST', `/projects/${storefront}/labels`, {
      json: { name: 'urgent', color: '#FF0000', priority: 2 },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'urgent', color: '#FF0000', priority: 2, is_project_label: true, description: null },
    });
    expect(
      (await call('PUT', `/projects/${storefront}/labels`, { json: { name: 'urgent', new_name: 'urgent-2' } })).body,
    ).toMatchObject({ id: created.body.id, name: 'urgent-2' });
    expect(
      (await call('PUT', `/projects/${storefront}/labels`, { json: { name: 'urgent-2', color: 'orange' } })).body,
    ).toMatchObject({ color: '#FFA500' });
    expect(
      (
        await call('PUT', `/projects/${storefront}/labels/urgent-2`, {
          json: { description: 'd', color: 'lightyellow' },
        })
      ).body,
    ).toMatchObject({ description: 'd', text_color: '#1F1E24' });
    expect((await call('GET', `/projects/${storefront}/labels/${created.body.id}`)).body).toMatchObject({
      name: 'urgent-2',
    });
    expect((await call('DELETE', `/projects/${storefront}/labels/urgent-2`)).status).toBe(204);
    expect(await call('GET', `/projects/${storefront}/labels/urgent-2`)).toMatchObject({
      status: 404,
      body: { message: '404 Label Not Found' },
    });
    const group = await call('POST', `/groups/${acme}/labels`, { json: { name: 'chore', color: 'teal' } });
    expect(group.body).toMatchObject({ name: 'chore', color: '#008080' });
    expect(
      (await call('PUT', `/groups/${acme}/labels`, { json: { name: 'chore', description: 'x' } })).body,
    ).toMatchObject({ description: 'x' });
    expect((await call('DELETE', `/groups/${acme}/labels?name=chore`)).status).toBe(204);
  });

  it('409 for a project label whose name a group above holds', async () => {
    expect(await call('POST', `/projects/${storefront}/labels`, { json: { name: 'bug', color: 'red' } })).toMatchObject(
      { status: 409, body: { message: 'Label already exists' } },
    );
  });

  it('400 for a label of a bad color', async () => {
    expect(
      await call('POST', `/projects/${storefront}/labels`, { json: { name: 'x', color: 'not-a-color' } }),
    ).toMatchObject({ status: 400, body: { message: { color: ['must be a valid color code'] } } });
  });

  it('400 for a label with no color', async () => {
    expect(await call('POST', `/projects/${storefront}/labels`, { json: { name: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'color is missing' },
    });
  });

  it('400 for an update with nothing to change', async () => {
    expect(await call('PUT', `/projects/${storefront}/labels/checkout`, { json: {} })).toMatchObject({
      status: 400,
      body: { error: 'new_name, color, description, priority are missing, at least one parameter must be provided' },
    });
  });

  it('400 for a rename to a name a group above holds', async () => {
    expect(
      (await call('PUT', `/projects/${storefront}/labels/checkout`, { json: { new_name: 'feature' } })).status,
    ).toBe(400);
  });

  it("404 for a group's label changed through a project", async () => {
    expect((await call('PUT', `/projects/${storefront}/labels/bug`, { json: { color: 'red' } })).status).toBe(404);
  });

  it('Reporters manage labels; whoever sees the project reads them', async () => {
    expect(
      (await call('POST', `/projects/${storefront}/labels`, { as: 'reporter', json: { name: 'r', color: 'red' } }))
        .status,
    ).toBe(201);
    expect(
      (await call('POST', `/groups/${acme}/labels`, { as: 'reporter', json: { name: 'r2', color: 'red' } })).status,
    ).toBe(201);
    expect((await call('GET', `/projects/${storefront}/labels`, { as: 'external' })).status).toBe(200);
    expect(
      (await call('POST', `/projects/${storefront}/labels`, { as: 'external', json: { name: 'g', color: 'red' } }))
        .status,
    ).toBe(403);
  });

  it('a Planner, below Reporter, manages labels too (admin_label is the role’s own)', async () => {
    const xena = await idOf('users', 'xena');
    const made = await call('POST', `/projects/${storefront}/members`, { json: { user_id: xena, access_level: 15 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const label = await call('POST', `/projects/${storefront}/labels`, {
      as: 'external',
      json: { name: 'planned', color: 'red' },
    });
    expect(label.status, JSON.stringify(label.body)).toBe(201);
    expect((await call('DELETE', `/projects/${storefront}/labels/planned`, { as: 'external' })).status).toBe(204);
  });
});

describe('sandbox: a label’s parameters before the caller’s role', () => {
  it('answers a non-manager’s create without color and update without a field with 400 naming them, as Grape checks first', async () => {
    const answers = [
      await call('POST', `/projects/${storefront}/labels`, { as: 'external', json: { name: 'g' } }),
      await call('PUT', `/projects/${storefront}/labels/checkout`, { as: 'external', json: {} }),
      await call('PUT', `/groups/${acme}/labels/bug`, { as: 'external', json: {} }),
    ].map(({ status, body }) => [status, body]);
    expect(answers).toEqual([
      [400, { error: 'color is missing' }],
      [400, { error: 'new_name, color, description, priority are missing, at least one parameter must be provided' }],
      [400, { error: 'new_name, color, description are missing, at least one parameter must be provided' }],
    ]);
  });
});

describe('sandbox: badges as python-gitlab drives them', () => {
  it("a project's list holds its groups' badges (kind: group), rendered with the project", async () => {
    const [pipeline] = (await call('GET', `/projects/${storefront}/badges`)).body;
    expect(pipeline).toMatchObject({
      name: 'Pipeline',
      kind: 'group',
      rendered_link_url: 'https://ci.example.com/acme/web/storefront/-/pipelines?ref=main',
    });
    const created = await call('POST', `/projects/${storefront}/badges`, {
      json: {
        link_url: 'https://x.example/%{project_path}',
        image_url: 'https://x.example/%{project_id}/%{commit_sha}.svg',
        name: 'mine',
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'mine', kind: 'project', rendered_link_url: 'https://x.example/acme/web/storefront' },
    });
    expect(created.body.rendered_image_url).toMatch(new RegExp(`^https://x.example/${storefront}/[0-9a-f]{40}\\.svg$`));
    expect(
      (await call('PUT', `/projects/${storefront}/badges/${created.body.id}`, { json: { name: 'mine2' } })).body,
    ).toMatchObject({ name: 'mine2', link_url: 'https://x.example/%{project_path}' });
    expect((await call('GET', `/projects/${storefront}/badges?name=mine2`)).body).toHaveLength(1);
    const rendered = await call(
      'GET',
      `/projects/${storefront}/badges/render?link_url=${encodeURIComponent('https://a/%{project_id}')}&image_url=${encodeURIComponent('https://b/%{default_branch}')}`,
    );
    expect(rendered.body).toEqual({
      link_url: 'https://a/%{project_id}',
      image_url: 'https://b/%{default_branch}',
      rendered_link_url: `https://a/${storefront}`,
      rendered_image_url: 'https://b/main',
    });
    expect((await call('DELETE', `/projects/${storefront}/badges/${created.body.id}`)).status).toBe(204);
    expect(await call('GET', `/projects/${storefront}/badges/${created.body.id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    });
  });

  it('answers a badge preview to a Developer with 403, as find_source_if_admin does', async () => {
    const query = `link_url=${encodeURIComponent('https://a/x')}&image_url=${encodeURIComponent('https://b/y')}`;
    const answer = await call('GET', `/projects/${storefront}/badges/render?${query}`, { as: 'developer' });
    expect([answer.status, answer.body]).toEqual([403, { message: '403 Forbidden' }]);
  });

  it('answers a Developer’s preview and create without image_url with 400 image_url is missing, before the role', async () => {
    const link = encodeURIComponent('https://a/x');
    const answers = [
      await call('GET', `/projects/${storefront}/badges/render?link_url=${link}`, { as: 'developer' }),
      await call('POST', `/projects/${storefront}/badges`, { as: 'developer', json: { link_url: 'https://a/x' } }),
    ].map(({ status, body }) => [status, body]);
    expect(answers).toEqual([
      [400, { error: 'image_url is missing' }],
      [400, { error: 'image_url is missing' }],
    ]);
  });

  it('answers a badge that is not there with ActiveRecord’s 404 Not found on GET, PUT and DELETE', async () => {
    const answers = await Promise.all(
      ['GET', 'PUT', 'DELETE'].map(async (method) => {
        const { status, body } = await call(method, `/groups/${acme}/badges/999999`, {
          json: method === 'PUT' ? { name: 'x' } : undefined,
        });
        return [method, status, body];
      }),
    );
    expect(answers).toEqual(['GET', 'PUT', 'DELETE'].map((method) => [method, 404, { message: '404 Not found' }]));
  });

  it("group badges: Owner only; a project's endpoint does not remove a group's badge", async () => {
    const created = await call('POST', `/groups/${acme}/badges`, {
      json: { link_url: 'https://x.example/l', image_url: 'https://x.example/i' },
    });
    expect(created.body).toMatchObject({ name: null, kind: 'group', rendered_link_url: 'https://x.example/l' });
    expect(await call('DELETE', `/projects/${storefront}/badges/${created.body.id}`)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - To delete a Group badge please use the Group endpoint' },
    });
    expect(
      (
        await call('POST', `/groups/${acme}/badges`, {
          as: 'maintainer',
          json: { link_url: 'https://x/l', image_url: 'https://x/i' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/projects/${storefront}/badges`, {
          as: 'developer',
          json: { link_url: 'https://x/l', image_url: 'https://x/i' },
        })
      ).status,
    ).toBe(403);
    expect(
      await call('POST', `/groups/${acme}/badges`, { json: { link_url: 'nope', image_url: 'https://x/i' } }),
    ).toMatchObject({ status: 400, body: { message: { link_url: ['must be a valid URL'] } } });
    expect((await call('DELETE', `/groups/${acme}/badges/${created.body.id}`)).status).toBe(204);
  });
});
