import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { colorEnabled, isCI, streamIO } from '../../src/io.js';
import type { OutStream } from '../../src/runtime.js';
import { nounOf, waitText } from '../../src/output/progress.js';

/** The ecosystem's conventions: FORCE_COLOR like NO_COLOR, CI as CI services set it. */

function terminal(isTTY: boolean): OutStream {
  return Object.assign(new PassThrough(), { isTTY, columns: 100 });
}

describe('colour', () => {
  it('FORCE_COLOR turns colour on (unless 0 or false) even in a pipe, and off on a terminal; --no-color wins', () => {
    expect(colorEnabled({}, true, false)).toBe(true);
    expect(colorEnabled({}, false, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1' }, false, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: 'true' }, false, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '3', NO_COLOR: '1' }, false, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, true, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: 'false' }, true, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '' }, true, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '1' }, true, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '1' }, true, false)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, true, false)).toBe(true);
    expect(colorEnabled({ TERM: 'dumb' }, true, false)).toBe(false);
    expect(colorEnabled({ TERM: 'dumb', FORCE_COLOR: '1' }, true, false)).toBe(true);
  });

  it('FORCE_COLOR changes colour only: a pipe stays a pipe, a terminal a terminal', () => {
    const piped = streamIO(
      { stdout: terminal(false), stderr: terminal(false), stdin: new PassThrough() },
      { FORCE_COLOR: '1' },
    );
    expect(piped).toMatchObject({ color: true, stdoutIsTTY: false, stderrIsTTY: false });
    const tty = streamIO(
      { stdout: terminal(true), stderr: terminal(true), stdin: new PassThrough() },
      { FORCE_COLOR: '0' },
    );
    expect(tty).toMatchObject({ color: false, stdoutIsTTY: true, columns: 100 });
  });
});

describe('CI', () => {
  it('is any non-empty CI but false and 0', () => {
    for (const value of ['true', '1', 'yes', 'woodpecker', 'True']) expect(isCI({ CI: value })).toBe(true);
    for (const value of [undefined, '', 'false', 'FALSE', '0']) expect(isCI({ CI: value })).toBe(false);
  });

  it('a CI job never prompts, even at a terminal', async () => {
    const io = streamIO(
      { stdout: terminal(true), stderr: terminal(true), stdin: Object.assign(new PassThrough(), { isTTY: true }) },
      {},
    );
    const globals = { verbose: false, quiet: false };
    const inCI = new Context(io, globals, new AbortController().signal, { env: { CI: '1' } });
    expect(inCI.prompter.interactive).toBe(false);
    await expect(inCI.prompter.prompts('pass --yes')).rejects.toMatchObject({
      kind: 'usage',
      message: 'cannot prompt: this is a CI job (CI is set)',
    });
    expect(new Context(io, globals, new AbortController().signal, { env: { CI: 'false' } }).prompter.interactive).toBe(
      true,
    );
    expect(new Context(io, globals, new AbortController().signal, { env: {} }).prompter.interactive).toBe(true);
  });
});

describe('progress texts', () => {
  const request = { method: 'GET', path: '/projects' };
  it('say why the client waits', () => {
    expect(waitText({ reason: 'rate-limit', seconds: 11.2, status: 429, request })).toBe(
      'rate limited by the service; resuming in 12 s',
    );
    expect(waitText({ reason: 'status', status: 503, seconds: 0.4, attempt: 2, retries: 5, request })).toBe(
      'the service answered 503; retry 2 of 5 in 1 s',
    );
    expect(waitText({ reason: 'network', seconds: 3, attempt: 1, retries: 5, request })).toBe(
      'could not reach the service; retry 1 of 5 in 3 s',
    );
    expect(waitText({ reason: 'checking', seconds: 0, request })).toBe(
      'an answer was lost; checking whether the request took effect',
    );
  });

  it('name what a list holds from its path', () => {
    expect(nounOf('/projects')).toBe('projects');
    expect(nounOf('/projects/acme%2Fweb/forks')).toBe('forks');
    expect(nounOf('/groups/7/descendant_groups?x=1')).toBe('descendant groups');
    expect(nounOf('/groups/7')).toBe('items');
  });
});
