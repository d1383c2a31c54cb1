import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_LIMITS, findSetting } from '../../src/config/settings.js';
import { Context } from '../../src/context.js';
import { streamIO } from '../../src/io.js';
import { pageSize } from '../../src/list-flags.js';

/**
 * Defaults are written once, in the settings table (src/config/settings.ts), which `config get`
 * shows: the run reads them from there, so changing one there changes what runs.
 */
describe('defaults', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const context = () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-defaults-'));
    dirs.push(dir);
    const io = streamIO({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() }, {});
    return new Context(io, { verbose: false, quiet: false }, new AbortController().signal, {
      env: { COLLAB_CONFIG_DIR: dir, HOME: dir },
    });
  };

  it("a setting not in the config file is the table's default, whatever the table says", async () => {
    const concurrency = findSetting('concurrency');
    const was = concurrency.default;
    try {
      expect(await context().session.numberSetting('concurrency')).toBe(was);
      concurrency.default = 3;
      expect(await context().session.numberSetting('concurrency')).toBe(3);
    } finally {
      concurrency.default = was;
    }
  });

  it("the HTTP client's own defaults are the table's", () => {
    expect(DEFAULT_CLIENT_LIMITS).toEqual({
      timeoutMs: Number(findSetting('timeout').default) * 1000,
      retries: findSetting('retries').default,
      maxBodyBytes: Number(findSetting('max_body').default) * 1024 * 1024,
      bodyDeadlineMs: Number(findSetting('body_timeout').default) * 1000,
    });
  });

  it('the page size has one rule: --per-page, else 100 with --all, else what --limit asks up to 100, else 20', () => {
    expect(pageSize({ perPage: 7, all: true })).toBe(7);
    expect(pageSize({ all: true })).toBe(100);
    expect(pageSize({ limit: 5 })).toBe(5);
    expect(pageSize({ limit: 500 })).toBe(100);
    expect(pageSize({ limit: 5, page: 2 })).toBe(20);
    expect(pageSize({})).toBe(20);
  });
});
