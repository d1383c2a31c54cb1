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
