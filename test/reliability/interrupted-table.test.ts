import { beforeAll, describe, expect, it } from 'vitest';
import { project, useHostileServer } from '../helpers/hostile-server.js';

/**
 * Ctrl-C while a table comes in leaves the table closed: its bottom
 * border is drawn under the rows already shown. The formats for programs stay as they were cut.
 */

const { collab, answer } = useHostileServer();

/**
 * The first page, then a second that never comes: Ctrl-C (the run's signal, aborted) once the
 * second is asked for, with the first page's rows shown.
 */
function firstPageThenNothing(): AbortSignal {
  // Newest first, as the service orders projects by default.
  const items = Array.from({ length: 3 }, (_, i) => project({ id: 6 - i, path_with_namespace: `acme/p${6 - i}` }));
  const ctrlC = new AbortController();
  answer(/^GET \/projects\?/, {
    body: items,
    headers: { 'x-next-page': '2', 'x-total-pages': '2', 'x-total': '6', 'x-per-page': '3', 'x-page': '1' },
  });
  answer(/^GET \/projects\?.*page=2/, () => {
    // The client asks for page 2 before it hands page 1 over, and writes page 1 without waiting on
    // the network: by the turn after this request reached the server, the rows are out.
    setImmediate(() => ctrlC.abort());
    return { hang: true };
  });
  return ctrlC.signal;
}

describe('Ctrl-C during a table', () => {
  // Loaded once before the cases: a first run loads the table's code (files read, a turn of the
  // event loop or more) between asking for page 2 and drawing page 1, and Ctrl-C would come first.
  beforeAll(async () => {
    answer(/^GET \/projects\?/, { body: [] });
    await collab(['projects', 'list', '-o', 'json']);
    await collab(['projects', 'list'], { tty: true });
  });

  it('draws the bottom border under the rows shown, then says interrupted', async () => {
    const signal = firstPageThenNothing();
    const result = await collab(['projects', 'list', '--all', '--per-page', '3'], { tty: true, signal });
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toContain('│ acme/p4');
    expect(result.stdout).toMatch(/└─+┴[─┴]+┘\n$/);
    expect(result.stderr).toMatch(/error: interrupted\n$/);
  });

  it('leaves json as it was cut (no closing bracket to pass it off as whole)', async () => {
    const signal = firstPageThenNothing();
    const result = await collab(['projects', 'list', '--all', '--per-page', '3', '-o', 'json'], { signal });
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toMatch(/^\[\n\{"id":6,/);
    expect(result.stdout).not.toMatch(/\]\n$/);
  });
});
