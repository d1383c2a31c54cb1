import { describe, expect, it } from 'vitest';
import type { IO } from '../../src/io.js';
import { spinnerStarter } from '../../src/output/spinner.js';
import { StreamTerminal } from '../../src/services/terminal.js';
import { ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/** A terminal's stderr of 80 columns, as the spinner sees it. */
function terminalIO(): { io: IO; stderr: ScreenStream; screen: TerminalScreen } {
  const screen = new TerminalScreen();
  const stderr = new ScreenStream(screen, true, 80);
  const stdout = new ScreenStream(screen, false);
  const io = {
    stdout,
    stderr,
    stdin: process.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: true,
    stdinIsTTY: false,
    color: false,
    columns: 80,
    stderrColumns: 80,
  } as IO;
  return { io, stderr, screen };
}

describe("ora's hooks on the stream it draws on", () => {
  it('are all taken off once a spinner stops, however many spinners came before', async () => {
    const { io, stderr } = terminalIO();
    const write = stderr.write;
    const start = await spinnerStarter();
    for (let i = 0; i < 40; i++) start(io, `waiting ${i}`).stop();
    expect(stderr.write).toBe(write);
  });

  it('are all taken off when two spinners were asked for at once, as two waiting requests do', async () => {
    const { io, stderr } = terminalIO();
    const write = stderr.write;
    const terminal = new StreamTerminal(io, { quiet: false, verbose: false });
    const [first, second] = await Promise.all([
      terminal.spinner('retry 1/5 in 2 s'),
      terminal.spinner('retry 1/5 in 3 s'),
    ]);
    expect(first?.active).toBe(false);
    expect(second?.active).toBe(true);
    terminal.stopSpinner();
    expect(stderr.write).toBe(write);
  });
});
