import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Result } from 'execa';
import { afterAll, beforeAll } from 'vitest';
import { type Sandbox, type SandboxOptions, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';

/** bin/collab; COLLAB_TEST_DIST runs another build's entry (node build.mjs --outdir DIR). */
export const BIN = process.env.COLLAB_TEST_DIST ? join(process.env.COLLAB_TEST_DIST, 'cli.cjs') : fileURLToPath(new URL('../../bin/collab.js', import.meta.url));

export interface RunOptions {
  /** Which sandbox user's token to use (default admin); null for no token at all. */
  as?: SandboxRole | null;
  input?: string;
  env?: Record<string, string | undefined>;
  /** Make stdout/stderr behave as a terminal (COLLAB_FORCE_TTY). */
  tty?: boolean;
  timeout?: number;
}

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON. */
  json<T = unknown>(): T;
  /** stdout as ndjson lines parsed. */
  lines<T = unknown>(): T[];
}

/** A fresh, empty config directory per call site, so no test reads the user's real config. */
export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'collab-test-'));
}

export function wrap(result: Result): CliResult {
  const stdout = String(result.stdout ?? '');
  return {
    exitCode: result.exitCode ?? -1,
    stdout,
    stderr: String(result.stderr ?? ''),
    json: <T>() => JSON.parse(stdout) as T,
    lines: <T>() =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
  };
}

/** Runs bin/collab with the given environment; never throws on a non-zero exit. */
export async function runCollab(args: readonly string[], env: Record<string, string | undefined>, options: RunOptions = {}): Promise<CliResult> {
  const result = await execa('node', [BIN, ...args], {
    reject: false,
    input: options.input ?? '',
    timeout: options.timeout ?? 60_000,
    env: { NO_COLOR: '1', CI: 'true', ...env, ...(options.tty ? { COLLAB_FORCE_TTY: '120' } : {}), ...options.env },
    extendEnv: false,
    stripFinalNewline: false,
  });
  return wrap(result);
}

/**
 * Starts a sandbox for a test file and gives back `collab(...)` bound to it:
 *   const { collab, sandbox } = useSandbox({ seed: 30 });
 *   const r = await collab(['projects', 'list', '--json'], { as: 'developer' });
 */
export function useSandbox(options: SandboxOptions = {}) {
  // The config directory exists from the start, so callers may destructure `{ configDir }`.
  const state: { sandbox: Sandbox | undefined; configDir: string } = { sandbox: undefined, configDir: tempConfigDir() };
  beforeAll(async () => {
    state.sandbox = await startSandbox({ port: 0, seed: 30, forkDuration: 300, ...options });
  });
  afterAll(async () => {
    await state.sandbox?.close();
  });
  const collab = (args: readonly string[], runOptions: RunOptions = {}) => {
    const sandbox = state.sandbox as Sandbox;
    const role = runOptions.as === undefined ? 'admin' : runOptions.as;
    return runCollab(
      args,
      {
        PATH: process.env.PATH,
        HOME: state.configDir,
        COLLAB_CONFIG_DIR: state.configDir,
        COLLAB_HOST: sandbox.url,
        ...(role ? { COLLAB_TOKEN: sandbox.tokens[role] } : {}),
      },
      runOptions,
    );
  };
  // The sandbox starts in beforeAll; a proxy lets callers destructure `{ sandbox }` up front.
  const sandbox = new Proxy({} as Sandbox, {
    get: (_target, property) => {
      if (!state.sandbox) throw new Error('the sandbox is not started yet: use it inside a test');
      return Reflect.get(state.sandbox, property);
    },
  });
  return {
    collab,
    sandbox,
    get configDir(): string {
      return state.configDir;
    },
  };
}
