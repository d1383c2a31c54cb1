import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamIO } from '../../src/io.js';
import { StreamTerminal } from '../../src/services/terminal.js';
import { manualClock } from '../helpers/clock.js';
import { ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/**
 * The spinner that says why a single request waits (a 429's Retry-After) stays up as long as the
 * wait, on the run's clock: on a test's clock the wait is jumped over, and no real timer of its
 * length is left behind to fire in whatever test runs next.
 */
describe('the terminal while the client waits', () => {
  it('shows the reason for as long as the wait, on the run’s clock', { timeout: 5_000 }, async () => {
    const screen = new TerminalScreen();
    const stderr = new ScreenStream(screen, true, 80);
    const io = streamIO({ stdout: new PassThrough(), stderr, stdin: new PassThrough() }, {});
    const clock = manualClock();
    const terminal = new StreamTerminal(io, { quiet: false, verbose: false }, clock);
    terminal.waiting({
      reason: 'rate-limit',
      status: 429,
      seconds: 5,
      request: { method: 'GET', path: '/projects/1' },
    });
    // The spinner's end is a timer on the clock, not in real time.
    await clock.timerSet();
    await new Promise((resolve) => setImmediate(resolve));
    expect(screen.text().join('\n')).toContain('resuming in 5 s');
    clock.advance(4_999);
    expect(screen.text().join('\n')).toContain('resuming in 5 s');
    clock.advance(1);
    expect(screen.text().join('\n')).not.toContain('resuming in 5 s');
  });
});
