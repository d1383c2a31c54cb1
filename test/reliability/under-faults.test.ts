import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { virtualClock } from '../helpers/clock.js';
import { FAULTS, faultsCli, mostWaitedMs } from '../helpers/faults.js';
import type { Note } from '../../src/sandbox/model.js';
import type { Store } from '../../src/sandbox/store.js';
import type { Clock } from '../../src/runtime.js';

/**
 * Under faults nothing is lost and nothing is done twice: on a sandbox failing one request in five
 * and limiting the rate (test/helpers/faults.ts), a scripted session of mutations ends in the same
 * state as on a sandbox without faults, with no duplicate fork, note or hook. (Listing under the
 * same faults: under-faults-listing.test.ts.)
 */

/** The session: every kind of mutation, each through the real command (only they carry `recover`). */
function sessionSteps(): Array<(ids: Map<string, number>) => string[]> {
  const steps: Array<(ids: Map<string, number>) => string[]> = [];
  const names = [1, 2, 3, 4, 5, 6].map((i) => `rel-${i}`);
  const at = (name: string) => `acme/web/${name}`;
  for (const name of names)
    steps.push(() => [
      'projects',
      'create',
      '--name',
      name,
      '--namespace-id',
      'acme/web',
      '--description',
      `${name} made`,
      '--visibility',
      'internal',
      '--json',
    ]);
  names.forEach((name, i) => {
    steps.push(() => ['projects', 'update', at(name), '--description', `${name} updated`, '--topics', `api,t${i}`]);
    steps.push(() => ['projects', 'star', at(name)]);
    steps.push(() => [
      'hooks',
      'create',
      '--project',
      at(name),
      '--url',
      `https://hooks.example/${name}`,
      '--merge-requests-events',
      '--json',
    ]);
    steps.push(() => ['notes', 'create', '--project', at(name), '--issue', '1', '--body', `note on ${name}`, '--json']);
    steps.push(() => [
      'notes',
      'create',
      '--project',
      at(name),
      '--merge-request',
      '2',
      '--body',
      `review of ${name}`,
      '--json',
    ]);
    steps.push(() => ['share', 'add', '--project', at(name), '--with', 'globex', '--access', 'developer']);
    steps.push(() => [
      'push-rule',
      'set',
      '--project',
      at(name),
      '--commit-message-regex',
      `^${name}`,
      '--deny-delete-tag',
    ]);
  });
  names.forEach((name) => {
    steps.push((ids) => [
      'notes',
      'update',
      String(ids.get(`note on ${name}`)),
      '--project',
      at(name),
      '--issue',
      '1',
      '--body',
      `note on ${name}, edited`,
    ]);
    steps.push((ids) => [
      'hooks',
      'update',
      String(ids.get(`https://hooks.example/${name}`)),
      '--project',
      at(name),
      '--url',
      `https://hooks.example/${name}/v2`,
    ]);
    steps.push(() => ['push-rule', 'set', '--project', at(name), '--max-file-size', '10']);
  });
  steps.push(() => ['projects', 'archive', at('rel-1')]);
  steps.push(() => ['projects', 'archive', at('rel-1')]);
  steps.push(() => ['projects', 'unstar', at('rel-2')]);
  steps.push(() => ['projects', 'star', at('rel-3')]);
  steps.push(() => ['share', 'remove', '--project', at('rel-3'), '--with', 'globex']);
  steps.push((ids) => [
    'hooks',
    'delete',
    String(ids.get('https://hooks.example/rel-4')),
    '--project',
    at('rel-4'),
    '--yes',
  ]);
  steps.push((ids) => [
    'notes',
    'delete',
    String(ids.get('review of rel-4')),
    '--project',
    at('rel-4'),
    '--merge-request',
    '2',
  ]);
  steps.push(() => [
    'projects',
    'fork',
    at('rel-5'),
    '--namespace',
    'globex',
    '--name',
    'rel-5-fork',
    '--path',
    'rel-5-fork',
    '--wait',
    '--json',
  ]);
  steps.push(() => ['projects', 'delete', at('rel-6'), '--yes']);
  steps.push(() => ['push-rule', 'delete', '--project', at('rel-2')]);
  steps.push(() => ['projects', 'unarchive', at('rel-1')]);
  steps.push(() => ['projects', 'update', at('rel-1'), '--visibility', 'private']);
  return steps;
}

/** The error and hint lines of a run (its verbose request log left out). */
function errorLines(result: CliResult): string {
  return result.stderr
    .split('\n')
    .filter((line) => /^(error|hint):/.test(line))
    .join(' | ');
}

interface SessionRun {
  results: Array<{ args: string[]; result: CliResult }>;
}

/** Runs the session; IDs of what it created are taken from the JSON the commands print. */
async function runSession(sandbox: Sandbox, clock: Clock): Promise<SessionRun> {
  const collab = faultsCli(sandbox, 'owner', clock);
  const ids = new Map<string, number>();
  const results: SessionRun['results'] = [];
  for (const step of sessionSteps()) {
    const args = step(ids);
    const result = await collab([...args, '--verbose']);
    results.push({ args, result });
    if (result.exitCode === 0 && args.includes('--json')) {
      const printed = result.json<{ id: number; url?: string; body?: string }>();
      if (printed.url) ids.set(printed.url, printed.id);
      if (printed.body) ids.set(printed.body, printed.id);
    }
  }
  return { results };
}

/** The project a note is on (its noteable's parent; epics are on groups), as the store records it. */
function noteProject(store: Store, note: Note): number | undefined {
  const on = store.noteables.get(note.noteableKey);
  return on && on.kind !== 'epic' ? on.parentId : undefined;
}

/** What the session changed, named by paths, URLs and bodies (IDs may differ between sandboxes). */
function projection(store: Store): unknown {
  const projects = store.allProjects().filter((p) => /^rel-/.test(p.path));
  const out: Record<string, unknown> = {};
  for (const project of projects) {
    const full = store.projectFullPath(project);
    const hooks = [...store.hooks.values()].filter((h) => h.owner.kind === 'project' && h.owner.id === project.id);
    const notes = [...store.notes.values()].filter((n) => !n.system && noteProject(store, n) === project.id);
    const pushRule = [...store.pushRules.values()].find(
      (rule) => rule.owner.kind === 'project' && rule.owner.id === project.id,
    );
    const source = project.forked_from_id === null ? null : store.projects.get(project.forked_from_id);
    out[full] = {
      name: project.name,
      description: project.description,
      visibility: project.visibility,
      topics: [...project.topics].sort(),
      archived: project.archived,
      markedForDeletion: project.marked_for_deletion_on !== null,
      forkedFrom: source ? store.projectFullPath(source) : null,
      importStatus: project.import.status,
      stars: [...(store.stars.get(project.id)?.keys() ?? [])].map((id) => store.users.get(id)?.username).sort(),
      shares: project.shares
        .map((s) => `${store.groupFullPath(store.groups.get(s.group_id) as never)}:${s.group_access_level}`)
        .sort(),
      hooks: hooks
        .map((h) => ({
          url: h.url,
          merge_requests_events: h.attrs.merge_requests_events ?? null,
          push_events: h.attrs.push_events ?? null,
        }))
        .sort((a, b) => a.url.localeCompare(b.url)),
      notes: notes
        .map((n) => {
          const on = store.noteables.get(n.noteableKey);
          return `${on?.kind}#${on?.iid}: ${n.body}`;
        })
        .sort(),
      pushRule: pushRule
        ? {
            commit_message_regex: pushRule.attrs.commit_message_regex ?? null,
            deny_delete_tag: pushRule.attrs.deny_delete_tag ?? null,
            max_file_size: pushRule.attrs.max_file_size ?? null,
          }
        : null,
    };
  }
  return out;
}

describe('a scripted session of mutations, with and without faults', () => {
  let clean: Sandbox;
  let faulty: Sandbox;
  let cleanRun: SessionRun;
  let faultyRun: SessionRun;
  // Each sandbox and its runs on a clock of their own: the waits (rate limit, retries, --wait's polls) are jumped over.
  const cleanClock = virtualClock();
  const faultyClock = virtualClock();
  beforeAll(async () => {
    clean = await startSandbox({ port: 0, seed: 20, forkDuration: 100, now: cleanClock.now });
    faulty = await startSandbox({ port: 0, seed: 20, forkDuration: 100, ...FAULTS, now: faultyClock.now });
    [cleanRun, faultyRun] = await Promise.all([runSession(clean, cleanClock), runSession(faulty, faultyClock)]);
  }, 600_000);
  afterAll(async () => {
    await clean?.close();
    await faulty?.close();
  });

  it('succeeds at every step without faults', () => {
    const failed = cleanRun.results
      .filter((r) => r.result.exitCode !== 0)
      .map((r) => `${r.args.join(' ')} -> ${r.result.exitCode}: ${errorLines(r.result)}`);
    expect(failed).toEqual([]);
  });

  it('succeeds at every step under faults (retries, recover, idempotent answers)', () => {
    expect(faulty.stats.faults).toBeGreaterThan(10);
    // The client waited (backoff, the rate limit), on the clock: how long, jitter decides.
    expect(faultyClock.skipped()).toBeGreaterThan(0);
    expect(faultyClock.skipped()).toBeLessThanOrEqual(mostWaitedMs(faulty, FAULTS.rateLimit));
    const log = faultyRun.results.map((r) => r.result.stderr).join('');
    // Lost answers to creating POSTs were looked for rather than sent again.
    expect(log).toMatch(/checking whether it took effect before sending it again/);
    const failed = faultyRun.results
      .filter((r) => r.result.exitCode !== 0)
      .map((r) => `${r.args.join(' ')} -> ${r.result.exitCode}: ${errorLines(r.result)}`);
    expect(failed).toEqual([]);
  });

  it('ends in the same state', () => {
    const expected = projection(clean.store);
    expect(Object.keys(expected as object)).toHaveLength(7);
    expect(projection(faulty.store)).toEqual(expected);
  });

  it('made no duplicate fork, note, hook or project', () => {
    for (const store of [clean.store, faulty.store]) {
      const forks = store.allProjects().filter((p) => p.path.startsWith('rel-5-fork'));
      expect(forks).toHaveLength(1);
      const relIds = new Set(
        store
          .allProjects()
          .filter((p) => /^rel-/.test(p.path))
          .map((p) => p.id),
      );
      const noteBodies = [...store.notes.values()]
        .filter((n) => !n.system && relIds.has(noteProject(store, n) ?? -1))
        .map((n) => `${n.noteableKey}|${n.body}`);
      expect(new Set(noteBodies).size).toBe(noteBodies.length);
      const hookUrls = [...store.hooks.values()].filter((h) => relIds.has(h.owner.id)).map((h) => h.url);
      expect(new Set(hookUrls).size).toBe(hookUrls.length);
      expect(store.allProjects().filter((p) => /^rel-\d$/.test(p.path))).toHaveLength(6);
    }
  });

  it('prints the same data for each step', () => {
    // What a script reads from stdout must not depend on whether an answer was lost on the way.
    const shape = (run: SessionRun) =>
      run.results.map(({ args, result }) => {
        if (!args.includes('--json') || result.exitCode !== 0) return result.exitCode;
        const printed = result.json<Record<string, unknown>>();
        return {
          name: printed.name ?? null,
          url: printed.url ?? null,
          body: printed.body ?? null,
          path: printed.path_with_namespace ?? null,
        };
      });
    expect(shape(faultyRun)).toEqual(shape(cleanRun));
  });
});
