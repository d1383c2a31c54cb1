import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Change, Plan } from '../../src/desired/model.js';
import { humanPlan, NO_PAINT } from '../../src/desired/render.js';
import { escapeControls } from '../../src/output/escape.js';
import { note, project, useHostileServer } from '../helpers/hostile-server.js';
import { runOn, ScreenStream, TerminalScreen } from '../helpers/terminal.js';
import { expectEscapesWhole, expectFits, viewValueLines } from '../helpers/views.js';

/**
 * No control sequence the service sends reaches a terminal (tables,
 * views, tab-separated text in a pipe, info lines, error messages, bulk results show them as
 * visible escapes, -o json, ndjson and csv on a terminal too), json, ndjson and csv in a pipe stay byte-exact, and
 * a token the service echoes in an error message is `[redacted]` in a bulk result, whatever the
 * format.
 */

const server = useHostileServer();
const { collab, answer } = server;
const origin = () => server.origin;

/** A window title, a screen clear, an OSC 8 hyperlink, 8-bit CSI and OSC, a backspace, a bidi override. */
const HOSTILE =
  'a\x1b]0;pwned\x07b\x1b[2J\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\c\x9b31m\x9dd\be\u202eevil\u202cf\u2066g\u2069\r';
/** What a person sees instead. */
const SHOWN =
  'a\\x1b]0;pwned\\x07b\\x1b[2J\\x1b]8;;http://evil.example/\\x1b\\link\\x1b]8;;\\x1b\\c\\x9b31m\\x9dd\\x08e\\u202eevil\\u202cf\\u2066g\\u2069\\x0d';

/** No control character but tab and line feed, no C1 control, no bidi override or isolate. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function expectClean(...texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(RAW_CONTROL);
}

const hostileProject = () =>
  project({ name: HOSTILE, path_with_namespace: `acme/${HOSTILE}`, description: `about ${HOSTILE}` });
const hostileNote = () =>
  note({ body: `first line ${HOSTILE}\r\nsecond line`, author: { id: 1, username: `dana${HOSTILE}`, name: HOSTILE } });

describe('the escape rule', () => {
  it('shows controls and bidi overrides as escapes, keeps tab, line feed and everything else', () => {
    expect(escapeControls(HOSTILE)).toBe(SHOWN);
    expect(escapeControls('tab\there\nnext line\r\nCRLF ü中😀 \\x1b')).toBe('tab\there\nnext line\nCRLF ü中😀 \\x1b');
    expect(escapeControls('\u0000\u001f\u007f\u0080\u009f\u202a\u202e\u2066\u2069\u2067')).toBe(
      '\\x00\\x1f\\x7f\\x80\\x9f\\u202a\\u202e\\u2066\\u2069\\u2067',
    );
  });
});

describe('on a terminal and in a pipe, data from the service shows as text', () => {
  it('a table on a terminal', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const result = await collab(['projects', 'list'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    // A path too long for the terminal is cut in the middle: its first and last segments show.
    expect(result.stdout).toMatch(/│ acme\/…\/.*\/\\x1b\\link\\x1b\]8;;\\x1b\\c\\x9b31m/);
  });

  it('tab-separated text in a pipe: one line, one cell a field', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const result = await collab(['projects', 'list']);
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(result.stdout.split('\n')[0]?.split('\t')).toEqual([
      '7',
      `acme/${SHOWN}`,
      'private',
      '1',
      '2024-01-02T03:04:05.000Z',
    ]);
  });

  it('a view on a terminal and in a pipe', async () => {
    answer(/^GET \/projects\/7(\?|$)/, { body: hostileProject() });
    const terminal = await collab(['projects', 'view', '7'], { tty: true });
    expect(terminal.exitCode).toBe(0);
    expectClean(terminal.stdout, terminal.stderr);
    // Wrapped beside the label at 120 columns (104 cells for the value), never inside an escape.
    expectFits(terminal.stdout, 120);
    expectEscapesWhole(viewValueLines(terminal.stdout, 'Name'), SHOWN);
    const description = viewValueLines(terminal.stdout, 'Description');
    // The hostile word, longer than a line, begins beside `about` and breaks after a slash.
    expect(description[0]).toMatch(/^about a\\x1b\]0;pwned.*\/$/);
    expectEscapesWhole([(description[0] as string).slice('about '.length), ...description.slice(1)], SHOWN);
    const piped = await collab(['projects', 'view', '7']);
    expectClean(piped.stdout);
    expect(piped.stdout).toContain(`Path\tacme/${SHOWN}\n`);
    expect(piped.stdout).toContain(`Name\t${SHOWN}\n`);
  });

  it.each([80, 60, 37])('a view at %i columns: every line fits, each escape whole on one line', async (columns) => {
    answer(/^GET \/projects\/7(\?|$)/, { body: hostileProject() });
    const terminal = await collab(['projects', 'view', '7'], { tty: true, env: { COLLAB_FORCE_TTY: String(columns) } });
    expect(terminal.exitCode).toBe(0);
    expectClean(terminal.stdout);
    expectFits(terminal.stdout, columns);
    expectEscapesWhole(viewValueLines(terminal.stdout, 'Name'), SHOWN);
  });

  it('note bodies, wrapped in a table and in a view; CRLF is a line break', async () => {
    answer(/^GET \/projects\/7\/issues\/1\/notes\?/, { body: [hostileNote()] });
    answer(/^GET \/projects\/7\/issues\/1\/notes\/11/, { body: hostileNote() });
    const list = await collab(['notes', 'list', '--project', '7', '--issue', '1'], { tty: true });
    expect(list.exitCode).toBe(0);
    expectClean(list.stdout, list.stderr);
    expect(list.stdout).toContain('\\x1b]0;pwned');
    const view = await collab(['notes', 'view', '11', '--project', '7', '--issue', '1'], { tty: true });
    expect(view.exitCode).toBe(0);
    expectClean(view.stdout, view.stderr);
    const body = viewValueLines(view.stdout, 'Body');
    expect(body[0]).toMatch(/^first line a\\x1b\]0;pwned.*\/$/);
    expect(body.at(-1)).toBe('second line');
    expectEscapesWhole([(body[0] as string).slice('first line '.length), ...body.slice(1, -1)], SHOWN);
  });

  it('an info line naming what the service answered', async () => {
    answer(/^PUT \/projects\/7/, { body: hostileProject() });
    const result = await collab(['projects', 'update', '7', '--description', 'x'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    // The line wraps on the terminal after a slash of the escaped text: read it back as one. A
    // stderr line is one line as an error's is (flat): the carriage return reads as a space.
    expect(result.stderr.replace(/\n {2}/g, '')).toContain(`updated project acme/${SHOWN.replace('\\x0d', ' ')}`);
  });

  it("an upload's Markdown on a terminal", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'collab-upload-')), 'shot.png');
    writeFileSync(file, 'png');
    answer(/^POST \/projects\/7\/uploads/, {
      status: 201,
      body: {
        alt: 'shot',
        url: '/uploads/x/shot.png',
        full_path: '/x',
        markdown: `![${HOSTILE}](/uploads/x/shot.png)`,
      },
    });
    const result = await collab(['projects', 'upload', '7', file], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout).toBe(`![${SHOWN}](/uploads/x/shot.png)\n`);
  });

  it("an error message quoting the service's message", async () => {
    answer(/^GET \/projects\/7(\?|$)/, { status: 404, body: { message: `404 Project ${HOSTILE} Not Found` } });
    const result = await collab(['projects', 'view', '7'], { tty: true });
    expect(result.exitCode).toBe(4);
    expectClean(result.stdout, result.stderr);
    expect(result.stderr).toContain('\\x1b]0;pwned\\x07');
  });

  it('bulk results on a terminal and in a pipe', async () => {
    answer(/^GET \/projects\/7(\?|$)/, { status: 404, body: { message: `404 Project ${HOSTILE} Not Found` } });
    const terminal = await collab(['projects', 'view', '-'], { tty: true, input: '7\n' });
    expect(terminal.exitCode).toBe(4);
    expectClean(terminal.stdout, terminal.stderr);
    expect(terminal.stdout).toContain('\\x1b]0;pwned');
    const piped = await collab(['projects', 'view', '-'], { input: '7\n' });
    expectClean(piped.stdout, piped.stderr);
    expect(piped.stdout).toContain(`404 Project ${SHOWN.replace('\\x0d', '')} Not Found`);
  });

  it('the tree of groups', async () => {
    const group = {
      id: 3,
      name: HOSTILE,
      path: `p${HOSTILE}`,
      full_path: `acme${HOSTILE}`,
      parent_id: null,
      visibility: 'private',
    };
    answer(/^GET \/groups\?/, { body: [group] });
    const result = await collab(['groups', 'list', '--tree'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout).toContain(`acme${SHOWN}`);
  });
});

describe('what jq prints and the plan diff', () => {
  it('--jq on a terminal shows the strings it prints as text; piped, they are its bytes', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const terminal = await collab(['projects', 'list', '--jq', '.[].name'], { tty: true });
    expect(terminal.exitCode).toBe(0);
    expectClean(terminal.stdout, terminal.stderr);
    // The name ends with a carriage return: before jq's line feed it is a CRLF, a line break.
    expect(terminal.stdout).toBe(`${SHOWN.replace(/\\x0d$/, '')}\n`);
    const piped = await collab(['projects', 'list', '--jq', '.[].name']);
    expect(piped.stdout).toBe(`${HOSTILE}\n`);
  });

  it("the plan's diff shows the service's values and the file's keys as text", () => {
    const change = {
      id: 'x',
      address: { kind: 'project', path: `acme/${HOSTILE}`, section: 'hooks', key: `https://h/${HOSTILE}` },
      action: 'update',
      before: { push_events: HOSTILE },
      after: { push_events: 'b\u202ec' },
      live: {},
      destructive: false,
      request: {},
      sends: 'PUT /projects/7/hooks/1',
    } as unknown as Change;
    const plan = {
      format: 'collab-plan',
      version: 2,
      host: 'h',
      file: { path: 'f', digest: 'd' },
      reads: 1,
      targets: 1,
      changes: [change],
      missing: [],
    } as Plan;
    const text = humanPlan(plan, NO_PAINT);
    expectClean(text);
    expect(text).toContain('\\u202ec');
  });
});

describe('json, ndjson and csv carry the data byte for byte', () => {
  it('as the service sent it', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const json = await collab(['projects', 'list', '-o', 'json']);
    expect(json.json<Array<{ name: string }>>()[0]?.name).toBe(HOSTILE);
    const ndjson = await collab(['projects', 'list', '-o', 'ndjson']);
    expect(ndjson.lines<{ description: string }>()[0]?.description).toBe(`about ${HOSTILE}`);
    const csv = await collab(['projects', 'list', '-o', 'csv', '--fields', 'id,name']);
    // RFC 4180: the carriage return in it makes the field quoted; nothing else changes.
    expect(csv.stdout).toBe(`id,name\r\n7,"${HOSTILE}"\r\n`);
  });
});

describe('-o json on a terminal is for people: pretty and escaped, as collab api shows an answer', () => {
  it('in a list', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const result = await collab(['projects', 'list', '-o', 'json'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    // JSON escapes the C0 controls itself (\u001b); the C1 and bidi ones read as everywhere else.
    expect(result.stdout).toContain('\\x9b31m\\x9dd\\be\\u202eevil\\u202cf\\u2066g\\u2069');
  });

  it('in a view', async () => {
    answer(/^GET \/projects\/7(\?|$)/, { body: hostileProject() });
    const result = await collab(['projects', 'view', '7', '-o', 'json'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout).toContain('\\u202eevil');
  });
});

describe('ndjson and csv on a terminal are escaped as json is there', () => {
  it('ndjson', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const result = await collab(['projects', 'list', '-o', 'ndjson'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout).toContain('\\x9b31m\\x9dd\\be\\u202eevil');
  });

  it('csv', async () => {
    answer(/^GET \/projects\?/, { body: [hostileProject()] });
    const result = await collab(['projects', 'list', '-o', 'csv', '--fields', 'id,name'], { tty: true });
    expect(result.exitCode).toBe(0);
    expectClean(result.stdout, result.stderr);
    expect(result.stdout).toContain('\\u202eevil');
  });
});

describe('a token the service echoes in an error is redacted in bulk results, in every format', () => {
  const TOKEN = 'glpat-hostile-test-token';
  const echo = () => ({ status: 400, body: { message: `token ${TOKEN} is not allowed here` } });

  it.each([
    ['table', ['--no-color'], true],
    ['tab-separated', [], false],
    ['json', ['-o', 'json'], false],
    ['ndjson', ['-o', 'ndjson'], false],
    ['csv', ['-o', 'csv'], false],
  ] as const)('%s', async (_name, flags, tty) => {
    answer(/^GET \/projects\/7(\?|$)/, echo);
    const result = await collab(['projects', 'view', '-', ...flags], { tty, input: '7\n' });
    expect(result.exitCode).toBe(5);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
    expect(result.stdout).toContain('token [redacted] is not allowed here');
  });
});

describe('a token the service echoes where a long message is cut is redacted whole', () => {
  const TOKEN = 'glpat-hostile-test-token';
  // A quoted value past 80 characters keeps its first 60: the cut falls inside the token.
  const url = `https://h/${'a'.repeat(25)}?private_token=${TOKEN}&x=${'b'.repeat(20)}`;
  const echo = () => ({ status: 400, body: { message: `the URL "${url}" is not allowed here` } });

  it('in the error line', async () => {
    answer(/^GET \/projects\/7(\?|$)/, echo);
    const result = await collab(['projects', 'view', '7']);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).not.toContain(TOKEN.slice(0, 10));
    expect(result.stderr).toContain('private_token=[redacted]');
  });

  it('in a bulk result', async () => {
    answer(/^GET \/projects\/7(\?|$)/, echo);
    const result = await collab(['projects', 'view', '-', '-o', 'json'], { input: '7\n' });
    expect(result.exitCode).toBe(5);
    expect(result.stdout + result.stderr).not.toContain(TOKEN.slice(0, 10));
    expect(result.stdout).toContain('private_token=[redacted]');
  });
});

describe('a typed confirmation on a terminal', () => {
  it("shows the service's path in its question as text", async () => {
    answer(/^GET \/projects\/7(\?|$)/, { body: { ...hostileProject(), marked_for_deletion_on: null } });
    const stderr = new ScreenStream(new TerminalScreen(), true, 80);
    const keyboard = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keyboard });
    // What reaches the terminal as it is written (inquirer's own cursor moves among it); Ctrl-C once asked.
    let written = '';
    const draw = stderr.write.bind(stderr);
    stderr.write = ((chunk: unknown, ...rest: never[]) => {
      written += String(chunk);
      if (written.includes('Type ') && !keyboard.writableEnded) setImmediate(() => keyboard.write('\u0003'));
      return draw(chunk as string, ...rest);
    }) as typeof stderr.write;
    const stdout = new ScreenStream(new TerminalScreen(), true, 80);
    const { exitCode } = await runOn(
      ['projects', 'delete', '7'],
      { stdout, stderr, stdin: keyboard },
      {
        COLLAB_HOST: origin(),
        COLLAB_TOKEN: 'glpat-hostile-test-token',
      },
    );
    expect(exitCode).toBe(130);
    expect(written).toContain('Type acme/a\\x1b]0;pwned\\x07b');
    expect(written).not.toContain('\x1b]0;pwned');
    expect(written).not.toMatch(/[\u009b\u009d\u202e\u2066\b]/);
  });
});
