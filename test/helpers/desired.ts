import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { PUSH_RULE_DEFAULTS } from '../../src/params/push-rules.js';
import type { Clock } from '../../src/runtime.js';
import { type Sandbox, type SandboxOptions, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { type RunOptions, runMain, tempConfigDir } from './cli.js';
import { type Json, sandboxApi } from './sandbox-api.js';

/**
 * A sandbox of a test's own, and a directory for its collab.yaml: desired-state tests change many
 * projects at once, so each test starts from the same world whatever ran before it. `clock`
 * (test/helpers/clock.ts virtualClock) is the sandbox's and every run's: waits are jumped over.
 */
async function desiredWorld(options: SandboxOptions & { clock?: Clock } = {}) {
  const { clock, ...sandboxOptions } = options;
  const sandbox: Sandbox = await startSandbox({
    port: 0,
    seed: 30,
    ...sandboxOptions,
    ...(clock ? { now: clock.now } : {}),
  });
  const configDir = tempConfigDir();
  const dir = mkdtempSync(join(tmpdir(), 'collab-desired-'));
  const collab = (args: readonly string[], runOptions: RunOptions & { as?: SandboxRole } = {}) =>
    runMain(
      args,
      {
        PATH: process.env.PATH,
        HOME: configDir,
        COLLAB_CONFIG_DIR: configDir,
        COLLAB_HOST: sandbox.url,
        COLLAB_TOKEN: sandbox.tokens[runOptions.as ?? 'admin'],
        ...runOptions.env,
      },
      { clock, ...runOptions },
    );
  /** Writes `name` (default collab.yaml) in the test's directory; returns its path. */
  const file = (text: string, name = 'collab.yaml') => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** Writes made since the last resetStats (anything but GET, and a GraphQL query's POST). */
  const writes = () => sandbox.requestLog.filter((r) => r.method !== 'GET' && r.path !== '/api/graphql');
  const api = sandboxApi(sandbox);
  const at = (kind: 'projects' | 'groups', path: string) => `/${kind}/${encodeURIComponent(path)}`;
  /** What the service answers after an apply (an administrator's view), for the assertions. */
  const served = {
    project: (path: string): Promise<Json> => api.getJson(at('projects', path)),
    group: (path: string): Promise<Json> => api.getJson(at('groups', path)),
    /** The projects of a group and of its subgroups. */
    projectsUnder: async (group: string): Promise<Json[]> =>
      api.getJson(`${at('groups', group)}/projects?include_subgroups=true&per_page=100`),
    /** A project's push rule: only the fields that differ from the defaults (null: no rule). */
    pushRule: async (path: string): Promise<Record<string, unknown> | null> => {
      const rule = await api.getJson(`${at('projects', path)}/push_rule`);
      return (
        rule &&
        Object.fromEntries(
          Object.entries(rule).filter(([key, value]) => key in PUSH_RULE_DEFAULTS && value !== PUSH_RULE_DEFAULTS[key]),
        )
      );
    },
    /**
     * A project's hooks as the service lists them, each with its secret token added from the
     * store: the API never returns a hook's token (it is write-only).
     */
    hooks: async (path: string): Promise<Json[]> =>
      (await api.getJson(`${at('projects', path)}/hooks?per_page=100`)).map((hook: Json) => ({
        ...hook,
        token: sandbox.store.hooks.get(hook.id)?.token,
      })),
  };
  return { sandbox, collab, file, dir, writes, ...api, served, close: () => sandbox.close() };
}

/** `const world = useDesiredWorlds()` in a test file: each `await world()` is a fresh sandbox, closed after its test. */
export function useDesiredWorlds(options: SandboxOptions & { clock?: Clock } = {}) {
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

/** A variable, a label, a protected branch and a member on every project of acme: each section with a GraphQL read. */
export const EVERY_ACME_PROJECT = `version: 1
groups:
  acme:
    projects:
      variables:
        - key: REGION
          value: eu-west-1
      labels:
        - name: triage
          color: "#D9534F"
      protected_branches:
        - name: main
          push_access_level: maintainer
      members:
        - username: dana
          access_level: developer
`;
