import { beforeAll, describe, expect, it } from 'vitest';
import { project, useHostileServer } from '../helpers/hostile-server.js';

/**
 * Issue 23, item 10 (part): Ctrl-C while a table comes in leaves the table closed: its bottom
 * border is drawn under the rows already shown. The formats for programs stay as they were cut.
 */

const { collab, answer } = useHostileServer();

function firstPageThenNothing(): void {
  // Newest first, as the service orders projects by default.
  const items = Array.from({ length: 3 }, (_, i) => project({ id: 6 - i, path_with_namespace: `acme/p${6 - i}` }));
  answer(/^GET \/projects\?/, { body: items, headers: { 'x-next-page': '2', 'x-total-pages': '2', 'x-total': '6', 'x-per-page': '3', 'x-page': '1' } });
  answer(/^GET \/projects\?.*page=2/, { hang: true });
}

describe('Ctrl-C during a table', () => {
  // Loaded once before the clock of each case runs: its second is for the listing alone.
  beforeAll(async () => {
    answer(/^GET \/projects\?/, { body: [] });
    await collab(['projects', 'list', '-o', 'json']);
    await collab(['projects', 'list'], { tty: true });
  });

  it('draws the bottom border under the rows shown, then says interrupted', async () => {
    firstPageThenNothing();
    // `timeout` ends the run as Ctrl-C would.
    const result = await collab(['projects', 'list', '--all', '--per-page', '3'], { tty: true, timeout: 1000 });
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toContain('│ acme/p4');
    expect(result.stdout).toMatch(/└─+┴[─┴]+┘\n$/);
    expect(result.stderr).toMatch(/error: interrupted\n$/);
  });

  it('leaves json as it was cut (no closing bracket to pass it off as whole)', async () => {
    firstPageThenNothing();
    const result = await collab(['projects', 'list', '--all', '--per-page', '3', '-o', 'json'], { timeout: 1000 });
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toMatch(/^\[\n\{"id":6,/);
    expect(result.stdout).not.toMatch(/\]\n$/);
  });
});
