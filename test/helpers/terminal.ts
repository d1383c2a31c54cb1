import { PassThrough, Writable } from 'node:stream';
import { main } from '../../src/main.js';
import type { Clock, InStream, OutStream, Runtime } from '../../src/runtime.js';
import { tempConfigDir } from './cli.js';

/**
 * A terminal, as far as collab's output needs one: what ends on its screen once every byte written
 * to it is drawn (text, CR, LF, and the cursor moves and line erasures a spinner uses: CSI G, A,
 * B, C, D, K). Colours and modes (CSI m, h, l) draw nothing. Several streams may write to it: a
 * tty stderr and a stdout piped to `cat` on the same terminal.
 */
export class TerminalScreen {
  private readonly lines: string[][] = [[]];
  private row = 0;
  private col = 0;

  /** The screen's lines, trailing blanks cut, trailing empty lines dropped. */
  text(): string[] {
    const out = this.lines.map((line) =>
      line
        .map((c) => c ?? ' ')
        .join('')
        .trimEnd(),
    );
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  draw(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string;
      if (c === '\u001b') {
        const csi = /^\u001b\[([?0-9;]*)([A-Za-z])/.exec(text.slice(i));
        if (csi) {
          this.control(csi[1] ?? '', csi[2] as string);
          i += csi[0].length - 1;
        }
        continue;
      }
      if (c === '\n') this.moveTo(this.row + 1, 0);
      else if (c === '\r') this.col = 0;
      else {
        const line = this.line();
        while (line.length < this.col) line.push(' ');
        line[this.col++] = c;
      }
    }
  }

  private line(): string[] {
    while (this.lines.length <= this.row) this.lines.push([]);
    return this.lines[this.row] as string[];
  }

  private moveTo(row: number, col: number): void {
    this.row = Math.max(0, row);
    this.col = Math.max(0, col);
    this.line();
  }

  private control(params: string, final: string): void {
    if (params.startsWith('?')) return;
    const n = Number(params || '0');
    const by = n || 1;
    switch (final) {
      case 'G':
        this.col = by - 1;
        break;
      case 'A':
        this.moveTo(this.row - by, this.col);
        break;
      case 'B':
        this.moveTo(this.row + by, this.col);
        break;
      case 'C':
        this.col += by;
        break;
      case 'D':
        this.col = Math.max(0, this.col - by);
        break;
      case 'K': {
        const line = this.line();
        if (n === 0) line.length = Math.min(line.length, this.col);
        else if (n === 1) for (let j = 0; j <= this.col && j < line.length; j++) line[j] = ' ';
        else line.length = 0;
        break;
      }
      default:
    }
  }
}

/** A stream that draws on a TerminalScreen: a terminal (with tty.WriteStream's cursor methods) or a pipe to `cat` on it. */
export class ScreenStream extends Writable {
  readonly isTTY: boolean | undefined;
  constructor(
    readonly screen: TerminalScreen,
    tty: boolean,
    readonly columns?: number,
  ) {
    super();
    this.isTTY = tty || undefined;
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.screen.draw(String(chunk));
    done();
  }
  cursorTo(x: number, _y?: number, done?: () => void): boolean {
    return this.write(`\u001b[${x + 1}G`, done);
  }
  moveCursor(dx: number, dy: number, done?: () => void): boolean {
    return this.write(
      `${dy < 0 ? `\u001b[${-dy}A` : dy > 0 ? `\u001b[${dy}B` : ''}${dx > 0 ? `\u001b[${dx}C` : dx < 0 ? `\u001b[${-dx}D` : ''}`,
      done,
    );
  }
  clearLine(direction: number, done?: () => void): boolean {
    return this.write(`\u001b[${direction < 0 ? 1 : direction > 0 ? 0 : 2}K`, done);
  }
}

/**
 * Runs collab in this process on the given streams (a terminal's, a pipe's), with a config
 * directory of its own and `env` (plus NO_COLOR), stdin holding `input` unless one is given;
 * `signal` stands for Ctrl-C. What the tests at a terminal share.
 */
export async function runOn(
  args: readonly string[],
  streams: { stdout: OutStream; stderr: OutStream; stdin?: InStream; input?: string },
  env: Record<string, string | undefined> = {},
  signal: AbortSignal = AbortSignal.timeout(20_000),
  clock?: Clock,
): Promise<{ exitCode: number; dir: string }> {
  const { stdout, stderr } = streams;
  let stdin = streams.stdin;
  if (!stdin) {
    const input = new PassThrough();
    input.end(streams.input ?? '');
    stdin = input;
  }
  const dir = tempConfigDir();
  const runtime: Runtime = {
    env: { HOME: dir, COLLAB_CONFIG_DIR: dir, NO_COLOR: '1', ...env },
    streams: () => ({ stdout, stderr, stdin: stdin as InStream }),
    write: (fd, text) => (fd === 1 ? stdout : stderr).write(text),
    helpWidth: () => 80,
    signal,
    clock,
  };
  return { exitCode: await main(args, runtime), dir };
}
