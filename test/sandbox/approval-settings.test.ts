import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * merge_request_approval_setting's PUT as GitLab's code answers it (ee/lib/api/
 * merge_request_approval_settings.rb, ee/app/services/merge_request_approval_settings/update_service.rb
 * and their request spec, pavankalisetti009/gitlab, a copy of gitlab-org/gitlab): at least one key,
 * and a project's selective_code_owner_removals only with approvals retained on push.
 */
const { call } = useSandbox({ seed: 12 });
const project = '/projects/acme%2Fweb%2Fstorefront/merge_request_approval_setting';
const group = '/groups/acme/merge_request_approval_setting';
const refused = {
  message: 'selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled',
};

describe('sandbox: merge request approval settings’ PUT', () => {
  it('a project’s selective_code_owner_removals without retain_approvals_on_push is 400; with it, 200', async () => {
    const alone = await call('PUT', project, { json: { selective_code_owner_removals: true } });
    const off = await call('PUT', project, {
      json: { selective_code_owner_removals: true, retain_approvals_on_push: false },
    });
    const both = await call('PUT', project, {
      json: { selective_code_owner_removals: true, retain_approvals_on_push: true },
    });
    expect([alone.status, alone.body, off.status, off.body, both.status]).toEqual([400, refused, 400, refused, 200]);
    expect(both.body).toMatchObject({
      selective_code_owner_removals: { value: true },
      retain_approvals_on_push: { value: true },
    });
  });

  it('a project’s retain_approvals_on_push turned off while selective removals are on is 400', async () => {
    await call('PUT', project, { json: { selective_code_owner_removals: true, retain_approvals_on_push: true } });
    const off = await call('PUT', project, { json: { retain_approvals_on_push: false } });
    expect([off.status, off.body]).toEqual([400, refused]);
  });

  it('a PUT of no key is Grape’s 400 at_least_one_of, on a project and a group', async () => {
    const error =
      'allow_author_approval, allow_committer_approval, allow_overrides_to_approver_list_per_merge_request, retain_approvals_on_push, selective_code_owner_removals, require_password_to_approve, require_reauthentication_to_approve are missing, at least one parameter must be provided';
    const answers = [await call('PUT', project, { json: {} }), await call('PUT', group, { json: {} })];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [400, { error }],
      [400, { error }],
    ]);
  });

  it('a group’s PUT drops selective_code_owner_removals (200, still false), as the update service does', async () => {
    const answer = await call('PUT', group, { json: { selective_code_owner_removals: true } });
    expect([answer.status, answer.body.selective_code_owner_removals]).toEqual([
      200,
      { value: false, locked: false, inherited_from: null },
    ]);
  });
});
