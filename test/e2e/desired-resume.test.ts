import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';
import { virtualClock } from '../helpers/clock.js';
import { until } from '../helpers/processes.js';

/** Ctrl-C during collab apply, then --resume: everything made, nothing made twice. */
const world = useDesiredWorlds({ latency: 100 });

const POLICY = `version: 1
groups:
  acme/web:
    projects:
      settings: { merge_method: ff }
      push_rule: { deny_delete_tag: true }
      hooks:
        - url: https://hooks.example.com/resume
          token: $\{env:TOKEN}
`;

describe('collab apply, interrupted', () => {
  it('Ctrl-C while writing: exit 130, the journal kept; --resume finishes with no hook or push rule made twice', async () => {
    const { collab, file, dir, sandbox, served } = await world();
    const path = file(POLICY);
    const journal = join(dir, 'apply.journal');
    const env = { TOKEN: 'resume-token-777' };
    // Ctrl-C as soon as the first write reaches the service (with 100 ms of latency, while it is on the wire).
    const ctrlC = new AbortController();
    const firstWrite = until(() => sandbox.requestLog.some((r) => r.method !== 'GET'), 'the first write').then(() =>
      ctrlC.abort(),
    );
    const interrupted = await collab(['apply', '-f', path, '--yes', '--journal', journal, '--concurrency', '1'], {
      env,
      signal: ctrlC.signal,
    });
    await firstWrite;
    expect(interrupted.exitCode).toBe(130);
    expect(interrupted.stderr).toContain(`To finish: collab apply --resume with the same file (journal ${journal})`);
    expect(existsSync(journal)).toBe(true);

    const resumed = await collab(['apply', '-f', path, '--yes', '--journal', journal, '--resume'], { env });
    expect(resumed.exitCode).toBe(0);
    expect(existsSync(journal)).toBe(false);
    const projects = await served.projectsUnder('acme/web');
    expect(projects.length).toBe(4);
    // Read side by side: each request takes 100 ms here.
    const states = await Promise.all(
      projects.map(async (p) => ({
        merge_method: p.merge_method,
        pushRule: await served.pushRule(p.path_with_namespace),
        hooks: (await served.hooks(p.path_with_namespace)).map((h) => [h.url, h.token]),
      })),
    );
    for (const state of states)
      expect(state).toEqual({
        merge_method: 'ff',
        pushRule: { deny_delete_tag: true },
        hooks: [['https://hooks.example.com/resume', 'resume-token-777']],
      });
    // Every write of both runs: none refused (a push rule created twice would be a 422).
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET' && r.status >= 400)).toEqual([]);
  });
});

describe('collab apply, when a create cannot tell whether it took effect', () => {
  // Fault seed 1 at a fail rate of 0.5: the hook's POST is answered 502 after the hook is made, and every
  // look for it fails too (found by running seeds 1 to 150).
  const clock = virtualClock();
  const unsureWorld = useDesiredWorlds({ failRate: 0.5, faultSeed: 1, clock });
  const url = 'https://hooks.example.com/unsure';

  it('lists the target as unknown with its send time; --resume finds the hook and makes no second one', async () => {
    const { collab, file, dir, sandbox } = await unsureWorld();
    const path = file(`version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: ${url}\n`);
    const journal = join(dir, 'apply.journal');
    const hooks = () => [...sandbox.store.hooks.values()].filter((hook) => hook.url === url);

    const first = await collab(['apply', '-f', path, '--yes', '--journal', journal]);
    expect(first.exitCode).toBe(1);
    expect(first.stdout).toMatch(
      /^acme\/web\/storefront\tunknown\tsent \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z; cannot tell whether the request took effect \(POST \/projects\/1\/hooks\)/,
    );
    expect(first.stderr).toContain(
      `hint: the journal ${journal} keeps what was done: fix the cause of the failures, then \`collab apply --resume\` (it looks for what an unknown change made before sending it again)`,
    );
    expect(hooks()).toHaveLength(1);

    const resumed = await collab(['apply', '-f', path, '--yes', '--journal', journal, '--resume', '-o', 'ndjson']);
    expect(resumed.exitCode).toBe(0);
    expect(hooks()).toHaveLength(1);
    expect(existsSync(journal)).toBe(false);
  });
});
