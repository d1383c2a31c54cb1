import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Approval rules' answers beyond doc/api/merge_request_approvals.md, as GitLab's source gives them:
 * ee/lib/api/project_approval_rules.rb finds a rule with ActiveRecord's `find`, whose
 * RecordNotFound lib/api/api.rb answers `404 Not found`.
 */
const { call } = useSandbox({ seed: 12 });
const rules = '/projects/acme%2Fweb%2Fstorefront/approval_rules';

describe('sandbox: an approval rule that is not there', () => {
  it('answers GET, PUT and DELETE of a rule ID not found 404 Not found, as ActiveRecord’s find does', async () => {
    const answers = [];
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await call(method, `${rules}/9999`, method === 'PUT' ? { json: { approvals_required: 1 } } : {});
      answers.push([method, answer.status, answer.body]);
    }
    expect(answers).toEqual(['GET', 'PUT', 'DELETE'].map((method) => [method, 404, { message: '404 Not found' }]));
  });
});

describe('sandbox: an approval rule’s parameters before the caller’s role', () => {
  it('POST by a Developer without a name is 400 name is missing, as Grape checks it first', async () => {
    const answer = await call('POST', rules, { as: 'developer', json: { approvals_required: 1 } });
    expect([answer.status, answer.body]).toEqual([400, { error: 'name is missing' }]);
  });
});

describe('sandbox: an approval rule’s name as the model validates it', () => {
  it('POST and PUT of a blank name are the model’s 400 name can’t be blank, not name is missing', async () => {
    const made = await call('POST', rules, { json: { name: 'docs', approvals_required: 1 } });
    const answers = [
      await call('POST', rules, { json: { name: ' ', approvals_required: 1 } }),
      await call('PUT', `${rules}/${made.body.id}`, { json: { name: '' } }),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [400, { message: { name: ["can't be blank"] } }],
      [400, { message: { name: ["can't be blank"] } }],
    ]);
  });

  it('a name of more than 1024 characters is 400 too long, with approvals_required’s error beside it', async () => {
    const answer = await call('POST', rules, { json: { name: 'x'.repeat(1025), approvals_required: -1 } });
    expect([answer.status, answer.body]).toEqual([
      400,
      {
        message: {
          name: ['is too long (maximum is 1024 characters)'],
          approvals_required: ['must be greater than or equal to 0'],
        },
      },
    ]);
  });
});
