import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { streamIO } from '../../src/io.js';

/** Ctrl-C's hooks are a stack on the context, not a slot that a verb sets and another clears. */
describe('interrupt hooks', () => {
  const context = () =>
    new Context(
      streamIO({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() }, {}),
      { verbose: false, quiet: false },
      new AbortController().signal,
      { env: {} },
    );

  it('run innermost first; each piece of work removes only its own', () => {
    const ctx = context();
    const said: string[] = [];
    const outer = ctx.terminal.onInterrupt(() => said.push('the fork may have been created'));
    const inner = ctx.terminal.onInterrupt(() => said.push('the import goes on'));
    ctx.terminal.interrupted();
    expect(said).toEqual(['the import goes on', 'the fork may have been created']);
    // The outer work ends first (a slot cleared here would have dropped the inner hook too).
    outer();
    said.length = 0;
    ctx.terminal.interrupted();
    expect(said).toEqual(['the import goes on']);
    inner();
    inner();
    said.length = 0;
    ctx.terminal.interrupted();
    expect(said).toEqual([]);
  });
});
