import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { streamIO } from '../../src/io.js';
import { tempConfigDir } from '../helpers/cli.js';

/**
 * One HTTP client a run, however many ask for it at once. With `-` as the target, --concurrency
 * targets start together; a client each (its own pool and rate-limit gate) would let the others
 * retry through a 429 that one met, before the service's reset.
 */
describe('Context.client', () => {
  it('gives every caller the same client, even when they ask at the same time', async () => {
    const dir = tempConfigDir();
    const io = streamIO({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() }, {});
    const ctx = new Context(io, { verbose: false, quiet: false }, new AbortController().signal, {
      env: { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'glpat-test-token', COLLAB_CONFIG_DIR: dir, HOME: dir },
    });
    try {
      const clients = await Promise.all(Array.from({ length: 8 }, () => ctx.session.client()));
      for (const client of clients) expect(client).toBe(clients[0]);
      expect(await ctx.session.client()).toBe(clients[0]);
    } finally {
      await ctx.close();
    }
  });
});
