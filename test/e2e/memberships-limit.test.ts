import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** An offboarding check that stops at --limit says so: a membership silently left out is the worst case. */
describe('collab users memberships cut at --limit', () => {
  const { collab } = useSandbox();

  it('says on a terminal how many it showed of how many', async () => {
    const result = await collab(['users', 'memberships', 'dana', '--limit', '2'], { tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/showing 2 of \d+ memberships; --all for every page, --limit N for more\n$/);
  });

  it('says nothing when every membership is shown', async () => {
    const result = await collab(['users', 'memberships', 'dana', '--all'], { tty: true });
    expect(result.stderr).not.toContain('showing');
  });
});
