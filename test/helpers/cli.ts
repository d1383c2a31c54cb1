import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { execa, type Result } from 'execa';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { main } from '../../src/main.js';
import type { CredentialStore } from '../../src/config/credentials.js';
import type { Clock, Runtime } from '../../src/runtime.js';
import { TextSink } from '../../src/util/text-sink.js';
import { type Sandbox, type SandboxOptions, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { type Ids, listIds, sandboxApi } from './sandbox-api.js';

/**
 * How tests run collab. In this process by default: `main()` of src/main.ts with a Runtime of
 * the test's own (environment, stdin, captured stdout and stderr), against a sandbox started in
 * this process, over real HTTP on 127.0.0.1. `spawn: true` (or runCollab) runs bin/collab from
 * dist/ in a process of its own instead: only for what needs one (the launcher and its caches,
 * signals, pipes and EPIPE, the real binary's exit codes, COLLAB_FORCE_TTY of a real process,
 * `--version`, which bin/collab answers itself).
 */

/** COLLAB_TEST_SPAWN=1 runs every case through bin/collab, as the suite did before it ran in-process. */
const SPAWN_ALL = process.env.COLLAB_TEST_SPAWN === '1';

/** bin/collab; COLLAB_TEST_DIST runs another build's entry (node build.mjs --outdir DIR). */
export const BIN = process.env.COLLAB_TEST_DIST
  ? join(process.env.COLLAB_TEST_DIST, 'cli.cjs')
  : fileURLToPath(new URL('../../bin/collab.js', import.meta.url));

export interface RunOptions {
  /** Which sandbox user's token to use (default admin); null for no token at all. */
  as?: SandboxRole | null;
  input?: string;
  env?: Record<string, string | undefined>;
  /** Make stdout/stderr behave as a terminal (COLLAB_FORCE_TTY). */
  tty?: boolean;
  /** Standard input is a terminal too (a person typing `input`; CI unset): prompts ask and read it. In this process only. */
  stdinTTY?: boolean;
  /** In this process: ends the run as Ctrl-C would (exit 130); spawned: kills the process. */
  timeout?: number;
  /** Ctrl-C when the test aborts it: in this process the run's signal (with the timeout's); spawned, a SIGINT. */
  signal?: AbortSignal;
  /** Run bin/collab in a process of its own (see above for when that is needed). */
  spawn?: boolean;
  /** In this process: the run's clock (test/helpers/clock.ts), for the waits and limits of the run. */
  clock?: Clock;
  /** In this process: the credential store the run keeps tokens in (a MemoryCredentialStore), never the user's. */
  credentialStore?: CredentialStore;
  /** In this process: the width help is laid out at, as on a terminal of that many columns (else 80, as in a pipe). */
  helpWidth?: number;
  /** In this process: the run's HTTP dispatcher (an undici MockAgent that answers some requests itself). */
  dispatcher?: Dispatcher;
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

function wrap(spawned: Result): CliResult {
  return result(spawned.exitCode ?? -1, String(spawned.stdout ?? ''), String(spawned.stderr ?? ''));
}

function result(exitCode: number, stdout: string, stderr: string): CliResult {
  return {
    exitCode,
    stdout,
    stderr,
    json: <T>() => JSON.parse(stdout) as T,
    lines: <T>() =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
  };
}

/** The whole environment of a run: nothing of the test process's leaks in (as a spawned run with extendEnv: false). */
function runEnv(env: Record<string, string | undefined>, options: RunOptions): Record<string, string | undefined> {
  return {
    NO_COLOR: '1',
    CI: options.stdinTTY ? undefined : 'true',
    ...env,
    ...(options.tty ? { COLLAB_FORCE_TTY: '120' } : {}),
    ...options.env,
  };
}

/** Runs bin/collab in a process of its own with the given environment; never throws on a non-zero exit. */
export async function runCollab(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: RunOptions = {},
): Promise<CliResult> {
  const spawned = await execa('node', [BIN, ...args], {
    reject: false,
    input: options.input ?? '',
    timeout: options.timeout ?? 60_000,
    // The test's Ctrl-C: SIGINT, as a terminal sends it.
    ...(options.signal ? { cancelSignal: options.signal, killSignal: 'SIGINT' as const } : {}),
    env: runEnv(env, options),
    extendEnv: false,
    stripFinalNewline: false,
  });
  return wrap(spawned);
}

/**
 * Runs collab in this process, as bin/collab would run with the given environment (and nothing
 * else of this process's) and stdin; never throws on a non-zero exit. `spawn: true` runs bin/collab.
 */
export async function runMain(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: RunOptions = {},
): Promise<CliResult> {
  // A run given a clock stays in this process under COLLAB_TEST_SPAWN=1: the clock cannot go to another.
  if (options.spawn || (SPAWN_ALL && !options.clock && !options.dispatcher)) return runCollab(args, env, options);
  const stdout = new TextSink();
  const stderr = new TextSink();
  const stdin = new PassThrough();
  if (options.stdinTTY) Object.assign(stdin, { isTTY: true });
  stdin.end(options.input ?? '');
  const runtime: Runtime = {
    env: runEnv(env, options),
    streams: () => ({ stdout, stderr, stdin }),
    write: (fd, text) => (fd === 1 ? stdout : stderr).write(text),
    // What commander uses when its output is not a terminal, as on the pipes of a spawned run.
    helpWidth: () => options.helpWidth ?? 80,
    signal: options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeout ?? 60_000)])
      : AbortSignal.timeout(options.timeout ?? 60_000),
    clock: options.clock,
    credentialStore: options.credentialStore,
    dispatcher: options.dispatcher,
  };
  const exitCode = await main(args, runtime);
  return result(exitCode, stdout.text(), stderr.text());
}

/** `collab <path> --help` as a terminal of `width` columns shows it (exit 0 checked), with a config directory of its own. */
export async function helpText(path: readonly string[], width: number): Promise<string> {
  const dir = tempConfigDir();
  const result = await runMain([...path, '--help'], { HOME: dir, COLLAB_CONFIG_DIR: dir }, { helpWidth: width });
  if (result.exitCode !== 0)
    throw new Error(`collab ${path.join(' ')} --help exited ${result.exitCode}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Starts a sandbox for a test file and gives back `collab(...)` bound to it, run in this process
 * (`{ spawn: true }` for bin/collab in a process of its own), and `call`/`get` for raw requests
 * (test/helpers/sandbox-api.ts):
 *   const { collab, sandbox, call } = useSandbox({ seed: 30 });
 *   const r = await collab(['projects', 'list', '--json'], { as: 'developer' });
 * Every test starts from the same state, whatever ran before it (vitest shuffles the order): before
 * each case the sandbox is reset (a newly seeded store if the last case may have changed it, the
 * request log, fault sequence and rate limits started again) and the config directory emptied.
 * So a test's own set-up goes in its body or a beforeEach, never a beforeAll.
 * `clock` (test/helpers/clock.ts virtualClock) is the sandbox's and every run's: waits are jumped over.
 */
export function useSandbox(options: SandboxOptions & { clock?: Clock } = {}) {
  const { clock, ...sandboxOptions } = options;
  // The config directory exists from the start, so callers may destructure `{ configDir }`.
  const state: { sandbox: Sandbox | undefined; configDir: string } = { sandbox: undefined, configDir: tempConfigDir() };
  beforeAll(async () => {
    state.sandbox = await startSandbox({
      port: 0,
      seed: 30,
      forkDuration: 300,
      ...sandboxOptions,
      ...(clock ? { now: clock.now } : {}),
    });
  });
  beforeEach(() => {
    state.sandbox?.reset();
    rmSync(state.configDir, { recursive: true, force: true });
    mkdirSync(state.configDir, { recursive: true });
  });
  afterAll(async () => {
    await state.sandbox?.close();
  });
  const collab = (args: readonly string[], runOptions: RunOptions = {}) => {
    const sandbox = state.sandbox as Sandbox;
    const role = runOptions.as === undefined ? 'admin' : runOptions.as;
    return runMain(
      args,
      {
        PATH: process.env.PATH,
        HOME: state.configDir,
        COLLAB_CONFIG_DIR: state.configDir,
        COLLAB_HOST: sandbox.url,
        ...(role ? { COLLAB_TOKEN: sandbox.tokens[role] } : {}),
      },
      { clock, ...runOptions },
    );
  };
  // The sandbox starts in beforeAll; a proxy lets callers destructure `{ sandbox }` up front.
  const sandbox = new Proxy({} as Sandbox, {
    get: (_target, property) => {
      if (!state.sandbox) throw new Error('the sandbox is not started yet: use it inside a test');
      // A test that reaches into the store may change it by hand: cached views are stale, and the
      // next reset seeds a new store.
      if (property === 'store') state.sandbox.store.touch();
      return Reflect.get(state.sandbox, property);
    },
  });
  return {
    collab,
    sandbox,
    ...sandboxApi(sandbox),
    get configDir(): string {
      return state.configDir;
    },
  };
}

/**
 * useSandbox for tests of the sandbox's own answers: `call` with a JSON `body`, and `ids`, every
 * seeded project (by full path), group and user (by username) by ID, read again before each case.
 */
export function useSandboxIds(options: SandboxOptions = {}) {
  const { sandbox, call: raw } = useSandbox(options);
  const call = (method: string, path: string, given: { as?: SandboxRole | null; body?: unknown } = {}) =>
    raw(method, path, { as: given.as, json: given.body });
  let read: Ids | undefined;
  beforeEach(async () => {
    read = await listIds(sandbox);
  });
  const ids: Ids = {
    project: (path) => (read as Ids).project(path),
    group: (path) => (read as Ids).group(path),
    user: (username) => (read as Ids).user(username),
  };
  return { sandbox, call, ids };
}
