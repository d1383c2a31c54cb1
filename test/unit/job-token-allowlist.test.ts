import { describe, expect, it } from 'vitest';
import { alreadyInAllowlist } from '../../src/api/job-token-scope.js';
import { CollabError } from '../../src/errors.js';

const refused = (message: string) => new CollabError('usage', message, { status: 400 });

/** GitLab's two wordings of an entry already on a job token allowlist (app/services/ci/job_token_scope/add_*_service.rb). */
describe('alreadyInAllowlist', () => {
  it('knows the wording since job token policies', () => {
    expect(alreadyInAllowlist(refused('400 Bad request - This project is already in the job token allowlist.'))).toBe(
      true,
    );
  });

  it('knows the wording before job token policies', () => {
    expect(alreadyInAllowlist(refused('400 Bad request - Target group is already in the job token scope'))).toBe(true);
  });

  it('takes no other 400 for one', () => {
    expect(
      alreadyInAllowlist(
        refused("400 Bad request - Validation failed: Target project can't be the same as the source project"),
      ),
    ).toBe(false);
  });
});
