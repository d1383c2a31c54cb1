import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * How many pages `--all` keeps in flight, end to end: a number the user gave, by flag or by the
 * concurrency setting, is kept as given; left unset, the listing starts at the setting's default
 * (how far it then goes is src/http/pages-in-flight.ts's, tested in test/unit with a clock the
 * test moves).
 */
const PROJECTS = 500;
const LIST = ['projects', 'list', '--all', '--per-page', '50', '-o', 'ndjson', '--fields', 'id'];

describe('pages in flight', () => {
  // Each answer 100 ms later, so that pages asked for together are in flight together even on a
  // loaded machine, where the requests of one round go out some milliseconds apart.
  const { collab, sandbox } = useSandbox({ seed: PROJECTS, latency: 100 });

  it('keeps the concurrency setting as set', async () => {
    expect((await collab(['config', 'set', 'concurrency', '2'])).exitCode).toBe(0);
    const result = await collab(LIST);
    expect(result.exitCode).toBe(0);
    expect(result.lines()).toHaveLength(PROJECTS);
    expect(sandbox.stats.maxInFlight).toBe(2);
  });

  it('keeps --concurrency as given over the setting', async () => {
    expect((await collab(['config', 'set', 'concurrency', '2'])).exitCode).toBe(0);
    const result = await collab([...LIST, '--concurrency', '3']);
    expect(result.exitCode).toBe(0);
    expect(result.lines()).toHaveLength(PROJECTS);
    expect(sandbox.stats.maxInFlight).toBe(3);
  });

  it('starts at the default of 8 when nothing is set', async () => {
    const result = await collab(LIST);
    expect(result.exitCode).toBe(0);
    expect(result.lines()).toHaveLength(PROJECTS);
    // 9 pages after the first: the first round is 8, and the 9th may go out beside it once the
    // round's pages say the service keeps pace.
    expect(sandbox.stats.maxInFlight).toBeGreaterThanOrEqual(8);
    expect(sandbox.stats.maxInFlight).toBeLessThanOrEqual(9);
  });
});
