import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { type Sandbox, type SandboxOptions, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { type RunOptions, runMain, tempConfigDir } from './cli.js';

/**
 * A sandbox of a test's own, and a directory for its collab.yaml: desired-state tests change many
 * projects at once, so each test starts from the same world whatever ran before it.
 */
export async function desiredWorld(options: SandboxOptions = {}) {
  const sandbox: Sandbox = await startSandbox({ port: 0, seed: 30, ...options });
  const configDir = tempConfigDir();
  const dir = mkdtempSync(join(tmpdir(), 'collab-desired-'));
  const collab = (args: readonly string[], runOptions: RunOptions & { as?: SandboxRole } = {}) =>
    runMain(args, { PATH: process.env.PATH, HOME: configDir, COLLAB_CONFIG_DIR: configDir, COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens[runOptions.as ?? 'admin'], ...runOptions.env }, runOptions);
  /** Writes `name` (default collab.yaml) in the test's directory; returns its path. */
  const file = (text: string, name = 'collab.yaml') => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** Writes made since the last resetStats (anything but GET). */
  const writes = () => sandbox.requestLog.filter((r) => r.method !== 'GET');
  return { sandbox, collab, file, dir, writes, close: () => sandbox.close() };
}

/** `const world = useDesiredWorlds()` in a test file: each `await world()` is a fresh sandbox, closed after its test. */
export function useDesiredWorlds(options: SandboxOptions = {}) {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((w) => w.close()));
  });
  return async () => {
    const w = await desiredWorld(options);
    open.push(w);
    return w;
  };
}
