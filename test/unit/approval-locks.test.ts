import { describe, expect, it } from 'vitest';
import { lockedSettingProblem, unlockHint } from '../../src/params/approvals.js';

/** Which group locks an approval setting, and the hint that follows from it (src/params/approvals.ts). */
describe('a locked approval setting’s hint', () => {
  const lockedBy = (from: string) =>
    lockedSettingProblem(
      { allow_author_approval: { value: false, locked: true, inherited_from: from } },
      { allow_author_approval: true },
    );

  it('names the Admin area for the instance’s lock, which no group can lift', () => {
    const locked = lockedBy('instance');
    expect(locked && unlockHint('project', 'acme/web/storefront', locked)).toBe(
      'an administrator changes it for the whole instance: Admin area, Push rules, Merge request approvals',
    );
  });

  it('names a subgroup’s project’s top-level group, the one GitLab resolves it with', () => {
    const locked = lockedBy('group');
    expect(locked && unlockHint('project', 'acme/web/storefront', locked)).toBe(
      'change it on group acme, for every project under it: `collab approval-settings update --group acme --allow-author-approval`',
    );
  });
});
