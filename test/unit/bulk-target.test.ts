import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Target } from '../../src/bulk/target-context.js';
import { Context } from '../../src/context.js';
import { streamIO } from '../../src/io.js';
import { tempConfigDir } from '../helpers/cli.js';

/** A target of a run over many is composed from the run's services, not a subclass of Context. */
describe('Target', () => {
  const root = (options: { dryRun?: boolean } = {}) => {
    const dir = tempConfigDir();
    const stderr = new PassThrough();
    const io = streamIO({ stdout: new PassThrough(), stderr, stdin: new PassThrough() }, {});
    const ctx = new Context(io, { verbose: false, quiet: false }, new AbortController().signal, {
      env: { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'glpat-test-token', COLLAB_CONFIG_DIR: dir, HOME: dir },
      dryRun: options.dryRun,
    });
    return { ctx, stderr };
  };

  it("shares the run's client (one pool, one rate gate) and its secrets; a status line becomes the target's message, redacted", async () => {
    const { ctx } = root();
    try {
      const target = new Target(ctx, 'acme/web');
      expect(await target.context.session.client()).toBe(await ctx.session.client());
      target.context.terminal.info('sent with glpat-test-token');
      expect(target.message).toBe('sent with [redacted]');
    } finally {
      await ctx.close();
    }
  });

  it('refuses to prompt (standard input carries the targets), except that --yes confirms without asking', async () => {
    const { ctx } = root();
    const target = new Target(ctx, 'acme/web');
    expect(target.context.prompter.interactive).toBe(false);
    await expect(target.context.prompter.confirmByTyping('acme/web', 'delete it', false)).rejects.toMatchObject({
      kind: 'usage',
      hint: 'pass --yes to delete it without confirmation',
    });
    await expect(target.context.prompter.confirmByTyping('acme/web', 'delete it', true)).resolves.toBeUndefined();
  });

  it("has its own dry run, taken from the run's, and shows the request as the target's response", async () => {
    const { ctx } = root({ dryRun: true });
    const target = new Target(ctx, 'acme/web');
    expect(await target.context.session.mutate({ method: 'POST', path: '/projects/1/star' })).toBeUndefined();
    expect([target.status, target.message]).toEqual(['dry-run', 'POST /projects/1/star']);
    expect(target.captured).toMatchObject({ method: 'POST' });
  });

  it("names itself in a warning on the run's stderr", () => {
    const { ctx, stderr } = root();
    new Target(ctx, 'acme/web').context.terminal.warn('warning: slow');
    expect(String(stderr.read())).toBe('warning: acme/web: slow\n');
  });
});
