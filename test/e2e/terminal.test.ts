import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import type { Clock, Runtime } from '../../src/runtime.js';
import { BIN, tempConfigDir, useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';

/**
 * Friendly at a terminal: collab run in this process on streams that
 * say they are terminals, as a person's would: stderr alone (stdout to a file or a pipe), both on
 * one terminal (a single stream, so that what each writes is seen in order), or neither.
 */

/** A stream that keeps what is written, and says whether it is a terminal. */
class Screen extends Writable {
  readonly chunks: string[] = [];
  constructor(
    readonly isTTY: boolean,
    readonly columns = 120,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(String(chunk));
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
  // What a tty.WriteStream also has, for the spinner.
  cursorTo(x: number, _y?: number, done?: () => void): boolean {
    return this.write(`${ESC}[${x + 1}G`, done);
  }
  moveCursor(dx: number, dy: number, done?: () => void): boolean {
    return this.write(`${dy < 0 ? `${ESC}[${-dy}A` : dy > 0 ? `${ESC}[${dy}B` : ''}${dx ? `${ESC}[${dx}C` : ''}`, done);
  }
  clearLine(_direction: number, done?: () => void): boolean {
    return this.write(`${ESC}[2K`, done);
  }
}

interface Terminal {
  /** 'pipe': stdout is not a terminal; 'tty': a terminal of its own; 'shared': the same terminal as stderr. */
  stdout: 'pipe' | 'tty' | 'shared';
  stderrTTY: boolean;
  env?: Record<string, string | undefined>;
  /** The run's clock (test/helpers/clock.ts): its waits are jumped over. */
  clock?: Clock;
}

async function run(args: readonly string[], host: string, token: string, terminal: Terminal) {
  const stderr = new Screen(terminal.stderrTTY);
  const stdout = terminal.stdout === 'shared' ? stderr : new Screen(terminal.stdout === 'tty');
  const stdin = new PassThrough();
  stdin.end();
  const dir = tempConfigDir();
  const runtime: Runtime = {
    env: {
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: host,
      COLLAB_TOKEN: token,
      NO_COLOR: '1',
      // A person's terminal: no CI job, whose log gets no spinner (stdin is no terminal: no prompt).
      ...terminal.env,
    },
    streams: () => ({ stdout, stderr, stdin }),
    write: (fd, text) => (fd === 1 ? stdout : stderr).write(text),
    helpWidth: () => 80,
    signal: AbortSignal.timeout(60_000),
    clock: terminal.clock,
  };
  const exitCode = await main(args, runtime);
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

const ESC = '\u001b';

describe('at a terminal, against the sandbox', () => {
  const { sandbox, get } = useSandbox({ seed: 60 });
  const collab = (args: readonly string[], terminal: Terminal) =>
    run(args, sandbox.url, sandbox.tokens.admin, terminal);
  /** How many projects the service says it has (x-total, to an administrator). */
  const projectCount = async () => Number((await get('/projects?per_page=1')).headers.get('x-total'));

  describe('a list cut at --limit says so on stderr', () => {
    it('names how many the service has and the flags that show more; stdout has only the rows', async () => {
      const result = await collab(['projects', 'list'], { stdout: 'pipe', stderrTTY: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(20);
      expect(result.stdout).not.toContain('showing');
      expect(result.stderr).toContain(
        `showing 20 of ${(await projectCount()).toLocaleString('en-US')} projects; --all for every page, --limit N for more\n`,
      );
    });

    it('with --page: that page, and the next one to ask for', async () => {
      const result = await collab(['projects', 'list', '--page', '2', '--per-page', '10'], {
        stdout: 'pipe',
        stderrTTY: true,
      });
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(10);
      expect(result.stderr).toContain(
        `showing page 2: 10 of ${await projectCount()} projects; --page 3 for the next, --all for every page\n`,
      );
    });

    it('says nothing with --quiet, with --all, or when nothing is left out', async () => {
      const total = await projectCount();
      for (const [args, terminal] of [
        [['projects', 'list', '-q'], { stdout: 'pipe', stderrTTY: true }],
        [['projects', 'list', '-q'], { stdout: 'pipe', stderrTTY: false }],
        [['projects', 'list', '--all'], { stdout: 'pipe', stderrTTY: true }],
        [['projects', 'list', '--limit', String(total + 5)], { stdout: 'pipe', stderrTTY: true }],
      ] as const) {
        const result = await collab(args, terminal);
        expect(result.exitCode).toBe(0);
        expect(result.stderr).not.toContain('showing');
      }
    });

    it('when stderr is not a terminal, says only that a list stopped at the default limit, not at a --limit or --page given', async () => {
      const cut = await collab(['projects', 'list'], { stdout: 'pipe', stderrTTY: false });
      expect(cut.stderr).toMatch(/^showing 20 of \d+ projects; --all for every page, --limit N for more\n$/);
      for (const args of [
        ['projects', 'list', '--limit', '5'],
        ['projects', 'list', '--page', '1'],
      ]) {
        const asked = await collab(args, { stdout: 'pipe', stderrTTY: false });
        expect(asked.stderr).toBe('');
      }
    });

    it('other lists name what they hold', async () => {
      const result = await collab(['groups', 'list', '--limit', '2'], { stdout: 'pipe', stderrTTY: true });
      expect(result.stderr).toMatch(/showing 2 of \d+ groups; /);
    });
  });

  const narrow = { stdout: 'tty', stderrTTY: true, env: { COLLAB_FORCE_TTY: '60' } } as const;

  it('a narrow terminal names the columns it left out in a note on stderr, not a warning', async () => {
    const result = await collab(['projects', 'list', '--limit', '5'], narrow);
    expect(result.exitCode).toBe(0);
    // After the spinner's last frame is cleared, on the line it leaves.
    // Wrapped to the 60 columns between words, the --fields list after a comma.
    expect(result.stderr).toMatch(
      /(\x1b\[\?25h|\n)(STARS, )?LAST ACTIVITY left out to fit 60 columns; --fields\n {2}id,path_with_namespace,visibility,star_count,\n {2}last_activity_at chooses the columns\n/,
    );
    const note = result.stderr.slice(result.stderr.lastIndexOf('\x1b[?25h') + 6).split('\n');
    for (const line of note) expect(line.length).toBeLessThanOrEqual(60);
    expect(result.stderr).not.toContain('warning:');
  });

  it('--quiet silences the note of columns left out', async () => {
    const quiet = await collab(['projects', 'list', '--limit', '5', '-q'], narrow);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).toContain('┌');
    expect(quiet.stderr).not.toContain('left out');
  });

  describe('long work shows progress', () => {
    it('stdout a pipe (it may end on the same terminal: `| cat`): the spinner goes before the first row, rows untouched', async () => {
      const result = await collab(['projects', 'list', '--all', '--per-page', '20'], {
        stdout: 'pipe',
        stderrTTY: true,
      });
      expect(result.exitCode).toBe(0);
      const rows = result.stdout.trimEnd().split('\n');
      expect(rows).toHaveLength(await projectCount());
      expect(result.stdout).not.toContain(ESC);
      expect(result.stderr).toContain('fetching projects…');
      expect(result.stderr).not.toContain('fetched 40 projects…');
      // With stdout in a file the spinner runs for the whole listing: the pseudo-terminal case below.
    });

    it('stdout on the same terminal: the spinner is gone before the first row, the note comes after the table', async () => {
      const result = await collab(['projects', 'list', '--limit', '50', '--per-page', '10'], {
        stdout: 'shared',
        stderrTTY: true,
      });
      expect(result.exitCode).toBe(0);
      const screen = result.stdout;
      const tableStart = screen.indexOf('┌');
      expect(tableStart).toBe(106);
      expect(screen.lastIndexOf('fetch')).toBeLessThan(tableStart);
      expect(screen.indexOf('showing 50 of')).toBeGreaterThan(screen.lastIndexOf('└'));
    });

    for (const [where, env] of [
      ['in a CI job (its log keeps every frame)', { CI: 'true' }],
      ['on TERM=dumb (no cursor moves)', { TERM: 'dumb' }],
    ] as const) {
      it(`no spinner ${where} at a terminal; the note that the list was cut stays`, async () => {
        const result = await collab(['projects', 'list', '--per-page', '10'], { stdout: 'pipe', stderrTTY: true, env });
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toMatch(/^showing 20 of \d+ projects; --all for every page, --limit N for more\n$/);
      });
    }

    it('costs nothing when stderr is not a terminal: not a byte on stderr', async () => {
      const result = await collab(['projects', 'list', '--all'], { stdout: 'pipe', stderrTTY: false });
      expect(result.stderr).toBe('');
    });
  });

  describe('FORCE_COLOR, like NO_COLOR, changes colour only', () => {
    it('in a pipe: tab-separated text, with colour', async () => {
      const result = await collab(['projects', 'list', '--limit', '5'], {
        stdout: 'pipe',
        stderrTTY: false,
        env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
      });
      expect(result.stdout).toContain(ESC);
      expect(result.stdout).not.toMatch(/[│┌]/);
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(5);
      expect(result.stdout.split('\n')[0]?.split('\t')).toHaveLength(5);
    });

    it('on a terminal: FORCE_COLOR=0 draws the same table without colour', async () => {
      const coloured = await collab(['projects', 'list', '--limit', '5'], {
        stdout: 'tty',
        stderrTTY: true,
        env: { NO_COLOR: undefined },
      });
      const plain = await collab(['projects', 'list', '--limit', '5'], {
        stdout: 'tty',
        stderrTTY: true,
        env: { NO_COLOR: undefined, FORCE_COLOR: '0' },
      });
      expect(coloured.stdout).toContain(ESC);
      expect(plain.stdout).not.toContain(ESC);
      expect(coloured.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain.stdout);
    });
  });

  it('--fields that no item has: one warning naming it, exit 0', async () => {
    const result = await collab(['projects', 'list', '--limit', '3', '--fields', 'id,nope.x'], {
      stdout: 'pipe',
      stderrTTY: false,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('warning: no item has the field "nope.x"\n');
    const view = await collab(['projects', 'view', '1', '--fields', 'id,nope', '--json'], {
      stdout: 'pipe',
      stderrTTY: false,
    });
    expect(view.stderr).toBe('warning: no item has the field "nope"\n');
  });
});

/** The built binary at a real pseudo-terminal (`script` from util-linux), 160 columns wide. */
describe('bin/collab at a real pseudo-terminal', () => {
  const { sandbox } = useSandbox({ seed: 60 });
  const shell = (command: string, out: string) => {
    const dir = tempConfigDir();
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.admin,
      TZ: 'Asia/Tokyo',
      OUT: out,
      BIN,
    };
    return execa('script', ['-qec', `stty cols 160; ${command}`, '/dev/null'], {
      env,
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
  };

  it('draws the table to fit, then says the list was cut', async () => {
    const table = await shell('node "$BIN" projects list --limit 3', join(tempConfigDir(), 'out.tsv'));
    const screen = String(table.stdout)
      .replace(/\r/g, '')
      .replace(/\u001b\[[0-9;?]*[a-zA-Z]/g, '');
    expect(screen).toMatch(/│ ID │ PATH +│ VISIBILITY │ STARS │ LAST ACTIVITY +│/);
    for (const line of screen.split('\n').filter((l) => l.startsWith('│')))
      expect(line.length).toBeLessThanOrEqual(160);
    expect(screen.indexOf('showing 3 of 60 projects')).toBeGreaterThan(screen.lastIndexOf('└'));
  });

  it('with stdout in a file, shows the terminal only the progress and the note', async () => {
    const out = join(tempConfigDir(), 'out.tsv');
    const piped = await shell('node "$BIN" projects list --limit 30 --per-page 10 > "$OUT"', out);
    const terminal = String(piped.stdout)
      .replace(/\r/g, '')
      .replace(/\u001b\[[0-9;?]*[a-zA-Z]/g, '');
    expect(terminal).toContain('fetched 30 projects…');
    expect(terminal).toContain('showing 30 of 60 projects; --all for every page, --limit N for more');
    const rows = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(rows).toHaveLength(30);
    expect(rows[0]).toMatch(/^60\t\S+\t(public|internal|private)\t\d+\t\d{4}-\d{2}-\d{2}T/);
  });
});

/**
 * A service that gives no total (as above 10,000 records) and rate-limits the second page once
 * with a 429 and Retry-After: 1.
 */
describe('at a terminal, against a service without totals that rate-limits', () => {
  let server: Server;
  let host: string;
  let throttled = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '20');
      if (page === 2 && !throttled) {
        throttled = true;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"message":"429 Too Many Requests"}');
        return;
      }
      const items = Array.from({ length: perPage }, (_v, i) => ({
        id: 100_000 - (page - 1) * perPage - i,
        path_with_namespace: `big/p${(page - 1) * perPage + i}`,
      }));
      const next = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url.pathname}`);
      next.searchParams.set('page', String(page + 1));
      next.searchParams.set('per_page', String(perPage));
      res.writeHead(200, {
        'content-type': 'application/json',
        link: `<${next}>; rel="next"`,
        'x-next-page': String(page + 1),
        'x-per-page': String(perPage),
      });
      res.end(JSON.stringify(items));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // Each case meets the 429 once, whichever runs first.
  beforeEach(() => {
    throttled = false;
  });

  it('says why it waits, and `N+` when the service gives no total', async () => {
    const clock = virtualClock();
    const result = await run(['projects', 'list', '--limit', '30', '--per-page', '10'], host, 'glpat-test', {
      stdout: 'pipe',
      stderrTTY: true,
      clock,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(30);
    expect(result.stderr).toContain('rate limited by the service; resuming in 1 s');
    expect(result.stderr).toContain('showing 30 of 30+ projects; --all for every page, --limit N for more\n');
    // The second it was asked to wait, on the run's clock, less the real time that passed before
    // the timer fired.
    expect(clock.skipped()).toBeGreaterThan(0);
    expect(clock.skipped()).toBeLessThanOrEqual(1000);
  });

  it('on the terminal of the rows, the reason of a wait between two pages is cleared before the next rows', async () => {
    const clock = virtualClock();
    const result = await run(
      ['projects', 'list', '--limit', '30', '--per-page', '10', '--concurrency', '1'],
      host,
      'glpat-test',
      { stdout: 'shared', stderrTTY: true, clock },
    );
    expect(result.exitCode).toBe(0);
    const screen = result.stdout;
    // Page 2's 429 may come back before page 1's rows are drawn (they are handed over after page 2
    // is asked for; the first run of the file also loads the table's code then): whichever rows
    // come next after the reason, the spinner's line is cleared (cursor to column 1, line erased)
    // before them.
    const waitAt = screen.indexOf('rate limited by the service; resuming in 1 s');
    expect(waitAt).toBeGreaterThan(-1);
    const nextRow = screen.slice(waitAt).search(/big\/p\d+/) + waitAt;
    expect(nextRow).toBeGreaterThan(waitAt);
    expect(screen.slice(waitAt, nextRow)).toContain(`${ESC}[1G${ESC}[2K`);
    for (let i = 0; i < 30; i++) expect(screen).toContain(`big/p${i} `);
  });
});
