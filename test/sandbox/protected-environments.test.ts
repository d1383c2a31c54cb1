import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { callSandbox } from '../helpers/sandbox-api.js';

/**
 * Protected environments' PUT as GitLab's nested attributes make it (ee/lib/api/protected_environments.rb,
 * doc/api/group_protected_environments.md): an entry given by its id changes the attributes it
 * gives, and keeps the others.
 */
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, seed: 12 });
});
afterEach(() => sandbox?.close());

const base = `/groups/${encodeURIComponent('acme')}/protected_environments`;

describe('sandbox: protected environments', () => {
  it('a PUT of an entry’s required_approvals by id keeps its group_inheritance_type', async () => {
    const web = await callSandbox(sandbox, 'GET', `/groups/${encodeURIComponent('acme/web')}`);
    const made = await callSandbox(sandbox, 'POST', base, {
      json: {
        name: 'production',
        deploy_access_levels: [{ access_level: 40 }],
        approval_rules: [{ group_id: web.body.id, group_inheritance_type: 1 }],
      },
    });
    expect(made.status).toBe(201);
    const [rule] = made.body.approval_rules;
    const updated = await callSandbox(sandbox, 'PUT', `${base}/production`, {
      json: { approval_rules: [{ id: rule.id, required_approvals: 2 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.approval_rules).toEqual([
      expect.objectContaining({ group_id: web.body.id, required_approvals: 2, group_inheritance_type: 1 }),
    ]);
  });
});

describe('sandbox: protected environments refused as GitLab’s API and model refuse them', () => {
  const project = `/projects/${encodeURIComponent('acme/web/storefront')}/protected_environments`;
  const deploy = [{ access_level: 40 }];
  const deprecated = {
    message:
      "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662",
  };

  it('a group’s POST of a name that is no deployment tier is the model’s 422, not a 400', async () => {
    const made = await callSandbox(sandbox, 'POST', base, { json: { name: 'prod', deploy_access_levels: deploy } });
    expect([made.status, made.body]).toEqual([
      422,
      { message: ['Name must be one of environment tiers: production, staging, testing, development, other.'] },
    ]);
  });

  it('POST with required_approval_count above 0 is 422 deprecated, on a project and a group', async () => {
    const answers = [];
    for (const [path, name] of [
      [project, 'review'],
      [base, 'staging'],
    ] as const)
      answers.push(
        await callSandbox(sandbox, 'POST', path, {
          json: { name, deploy_access_levels: deploy, required_approval_count: 2 },
        }),
      );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [422, deprecated],
      [422, deprecated],
    ]);
    expect((await callSandbox(sandbox, 'GET', `${project}/review`)).status).toBe(404);
  });

  it('PUT with required_approval_count above 0 is 422 deprecated; 0 is taken', async () => {
    await callSandbox(sandbox, 'POST', base, { json: { name: 'staging', deploy_access_levels: deploy } });
    const refused = await callSandbox(sandbox, 'PUT', `${base}/staging`, { json: { required_approval_count: 1 } });
    const taken = await callSandbox(sandbox, 'PUT', `${base}/staging`, { json: { required_approval_count: 0 } });
    expect([refused.status, refused.body, taken.status, taken.body.required_approval_count]).toEqual([
      422,
      deprecated,
      200,
      0,
    ]);
  });
});

describe('sandbox: the list of protected environments', () => {
  it('lists a project’s and a group’s by name, not in the order they were protected', async () => {
    const project = `/projects/${encodeURIComponent('acme/web/storefront')}/protected_environments`;
    const names = [];
    for (const [path, made] of [
      [project, ['review', 'production', 'canary']],
      [base, ['testing', 'production', 'development']],
    ] as const) {
      for (const name of made)
        expect(
          (await callSandbox(sandbox, 'POST', path, { json: { name, deploy_access_levels: [{ access_level: 40 }] } }))
            .status,
        ).toBe(201);
      names.push((await callSandbox(sandbox, 'GET', path)).body.map((env: { name: string }) => env.name));
    }
    expect(names).toEqual([
      ['canary', 'production', 'review'],
      ['development', 'production', 'testing'],
    ]);
  });
});
