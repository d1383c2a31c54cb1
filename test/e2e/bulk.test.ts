import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';
import { mostWaitedMs } from '../helpers/faults.js';

/**
 * `-` as the project or group reads the targets from standard input, one a line, and
 * runs the command once per target with --concurrency targets in flight: one result per target in
 * input order, a summary on stderr, and the exit code of the failures.
 */

interface Result {
  target: string | number;
  status: 'ok' | 'unchanged' | 'failed';
  error: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: responses are the service's JSON, read loosely
  response: any;
}

const lines = (...items: (string | number | object)[]) =>
  `${items.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join('\n')}\n`;

describe('- as the target', () => {
  const { collab, sandbox, call, getJson } = useSandbox({ seed: 30 });
  /** A project or group as the service shows it now. */
  const project = (ref: string | number) => getJson(`/projects/${encodeURIComponent(ref)}`);
  const group = (ref: string | number) => getJson(`/groups/${encodeURIComponent(ref)}`);
  const pushRule = (ref: string) => getJson(`/projects/${encodeURIComponent(ref)}/push_rule`);

  it("sets a push rule on every project of a group, fed by collab's own ndjson (README's example)", async () => {
    const listed = await collab(['groups', 'projects', 'acme', '--include-subgroups', '--all', '-o', 'ndjson']);
    const paths = listed.lines<{ path_with_namespace: string }>().map((p) => p.path_with_namespace);
    expect(paths.length).toBeGreaterThan(10);
    const result = await collab(
      [
        'push-rule',
        'set',
        '--project',
        '-',
        '--deny-delete-tag',
        '--commit-message-regex',
        'JIRA-\\d+',
        '-o',
        'ndjson',
      ],
      { input: listed.stdout },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe(`${paths.length} ok\n`);
    const results = result.lines<Result>();
    // In input order, named as the objects read name them: their full paths.
    expect(results.map((r) => r.target)).toEqual(paths);
    for (const r of results)
      expect(r).toMatchObject({
        status: 'ok',
        error: null,
        response: { deny_delete_tag: true, commit_message_regex: 'JIRA-\\d+' },
      });
    for (const path of paths)
      expect(await pushRule(path)).toMatchObject({ deny_delete_tag: true, commit_message_regex: 'JIRA-\\d+' });
  });

  it('reads IDs, paths, objects and result lines, one a line; bad lines and unknown paths fail in place', async () => {
    const input = [
      '2',
      '',
      '  acme/web/storefront  ',
      '{"id": 3, "path_with_namespace": "acme/platform/infra/terraform"}',
      '{"path_with_namespace": "globex/handbook"}',
      // A result line whose response is the project: its id. A push rule's result: its target.
      '{"target": "old/path", "status": "ok", "error": null, "response": {"id": 4, "path_with_namespace": "acme/legacy-monolith"}}',
      '{"target": "acme/web/design-system", "status": "ok", "error": null, "response": {"id": 99, "deny_delete_tag": true}}',
      '{"id": 5,',
      'not a/../path',
      'nope/missing',
      '{"name": "no id"}',
    ].join('\n');
    const result = await collab(['projects', 'update', '-', '--description', 'bulk', '-o', 'ndjson'], { input });
    const results = result.lines<Result>();
    expect(results.map((r) => [r.target, r.status])).toEqual([
      [2, 'ok'],
      ['acme/web/storefront', 'ok'],
      ['acme/platform/infra/terraform', 'ok'],
      ['globex/handbook', 'ok'],
      [4, 'ok'],
      ['acme/web/design-system', 'ok'],
      ['{"id": 5,', 'failed'],
      ['not a/../path', 'failed'],
      ['nope/missing', 'failed'],
      ['{"name": "no id"}', 'failed'],
    ]);
    expect(results[6]?.error).toBe('line 8 is not valid JSON');
    expect(results[7]?.error).toMatch(
      /^invalid value "not a\/\.\.\/path" for line 9: expected a project ID or full path/,
    );
    expect(results[8]?.error).toMatch(/^404 Project Not Found/);
    expect(results[9]?.error).toMatch(/^line 11 names no project/);
    for (const id of [2, 1, 3, 5, 4, 8]) expect((await project(id)).description).toBe('bulk');
    expect(results[1]?.response).toMatchObject({ id: 1, description: 'bulk' });
    // Usage (2) and not found (4) mixed: exit 1, the summary as the error.
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^hint for nope\/missing: no project with that path or ID[^\n]*\nerror: 6 ok, 4 failed\nhint: /,
    );
  });

  it('reads a JSON array of targets from standard input', async () => {
    const array = await collab(['projects', 'view', '-', '--json'], { input: JSON.stringify([{ id: 1 }, { id: 2 }]) });
    expect(array.exitCode).toBe(0);
    expect(array.json<Result[]>().map((r) => [r.target, r.response.id])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('exits with the failures’ own code when they share one (all 404: 4), and feeds failed results back', async () => {
    const first = await collab(['projects', 'star', '-', '-o', 'ndjson'], {
      input: lines('acme/web/storefront', 'nope/a', 'nope/b'),
      as: 'developer',
    });
    expect(first.exitCode).toBe(4);
    expect(first.stderr).toMatch(
      /^hint for nope\/a and 1 other: no project with that path or ID[^\n]*\nerror: 1 ok, 2 failed\n/,
    );
    const failed = first.stdout
      .split('\n')
      .filter((line) => line.includes('"failed"'))
      .join('\n');
    const again = await collab(['projects', 'view', '-', '-o', 'ndjson'], { input: failed });
    expect(again.lines<Result>().map((r) => r.target)).toEqual(['nope/a', 'nope/b']);
  });

  it('says unchanged where the service says nothing changed: already starred, already archived, no push rule to delete', async () => {
    await collab(['projects', 'star', '-'], { input: lines(5, 6), as: 'developer' });
    const starred = await collab(['projects', 'star', '-', '-o', 'ndjson'], { input: lines(5, 6, 7), as: 'developer' });
    expect(starred.lines<Result>().map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'failed']);
    expect(starred.lines<Result>()[0]?.response).toMatchObject({ id: 5 });

    await collab(['projects', 'archive', '-', '--yes'], { input: lines(9) });
    const archived = await collab(['projects', 'archive', '-', '--yes', '-o', 'ndjson'], { input: lines(9, 10) });
    expect(archived.exitCode).toBe(0);
    expect(archived.lines<Result>().map((r) => [r.target, r.status])).toEqual([
      [9, 'unchanged'],
      [10, 'ok'],
    ]);
    expect(archived.stderr).toBe('1 ok, 1 unchanged\n');
    expect((await project(10)).archived).toBe(true);

    const deleted = await collab(['push-rule', 'delete', '--project', '-', '--yes', '-o', 'ndjson'], {
      input: lines('globex/nimble-atlas-13'),
    });
    expect(deleted.lines<Result>().map((r) => r.status)).toEqual(['unchanged']);
  });

  it('shows a row per target on a terminal: target, status and what happened', async () => {
    expect((await call('POST', '/projects/5/star', { as: 'developer' })).status).toBe(201);
    const result = await collab(['projects', 'unstar', '-'], { input: lines(5, 'nope/x'), as: 'developer', tty: true });
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toMatch(/TARGET\s.*STATUS\s.*RESULT/);
    expect(result.stdout).toMatch(/5\s.*ok\s.*unstarred project globex\/handbook/);
    expect(result.stdout).toMatch(/nope\/x\s.*failed\s.*404 Project Not Found/);
  });

  it('runs over groups, and a list command per target', async () => {
    const updated = await collab(['groups', 'update', '-', '--description', 'many', '-o', 'ndjson'], {
      input: lines('globex', 12),
    });
    expect(updated.exitCode).toBe(0);
    expect((await group('globex')).description).toBe('many');
    expect((await group(12)).description).toBe('many');
    const listed = await collab(['groups', 'projects', '-', '--all', '-o', 'ndjson'], {
      input: lines('globex/research', 'initech'),
    });
    const [research, initech] = listed.lines<Result>();
    expect(research?.response.map((p: { path_with_namespace: string }) => p.path_with_namespace).sort()).toEqual([
      'globex/research/atlas',
      'globex/research/deft-beacon-23',
      'globex/research/opal-atlas-14',
    ]);
    expect(initech?.response.length).toBe(3);
  });

  it('--dry-run gives each target the request it would send, and sends nothing', async () => {
    const before = (await project(1)).description;
    sandbox.resetStats();
    const result = await collab(['projects', 'update', '-', '--description', 'dry', '--dry-run', '-o', 'ndjson'], {
      input: lines(1, 'acme/platform/api'),
    });
    expect(result.exitCode).toBe(0);
    expect(result.lines<Result>().map((r) => r.response)).toEqual([
      { method: 'PUT', url: `${sandbox.url}/api/v4/projects/1`, json: { description: 'dry' } },
      { method: 'PUT', url: `${sandbox.url}/api/v4/projects/acme%2Fplatform%2Fapi`, json: { description: 'dry' } },
    ]);
    expect(result.lines<Result>().map((r) => r.status)).toEqual(['dry-run', 'dry-run']);
    expect(result.stderr).toBe('2 dry-run: nothing was sent\n');
    expect(sandbox.stats.requests).toBe(0);
    expect((await project(1)).description).toBe(before);
  });

  it('destructive verbs over many need --yes without a terminal, refused before any request; --dry-run needs none', async () => {
    sandbox.resetStats();
    for (const args of [
      ['projects', 'archive', '-'],
      ['projects', 'delete', '-'],
      ['projects', 'transfer', '-', '--namespace', 'globex'],
      ['share', 'remove', '--project', '-', '--with', 'globex'],
      ['hooks', 'delete', '1', '--project', '-'],
    ]) {
      const result = await collab(args, { input: lines(11, 12) });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: run \`collab ${args.slice(0, 2).join(' ')}\` on 2 projects needs confirmation, and this is a CI job \\(CI is set\\)`,
        ),
      );
      expect(result.stderr).toMatch(/\nhint: pass --yes to run .* without confirmation\n$/);
    }
    expect(sandbox.stats.requests).toBe(0);
    const dry = await collab(['projects', 'delete', '-', '--dry-run', '-o', 'ndjson'], { input: lines(11) });
    expect(dry.exitCode).toBe(0);
    expect(dry.lines<Result>()[0]?.response).toMatchObject({ method: 'DELETE' });
    expect(sandbox.stats.requests).toBe(0);
  });

  it.each<[string, string[], RegExp]>([
    [
      'a second reader of standard input',
      ['hooks', 'create', '--project', '-', '--url', 'https://ci.example.com/hook', '--token-file', '-'],
      /^error: --token-file cannot read standard input: --project - reads the targets from it\n/,
    ],
    [
      'two targets from standard input',
      ['groups', 'transfer-project', '-', '-'],
      /^error: <group> and <project> cannot both be - \(standard input is read once\)\n/,
    ],
    ['push-rule set with no field', ['push-rule', 'set', '--project', '-'], /^error: nothing to change\n/],
    [
      'too many in flight',
      ['projects', 'update', '-', '--concurrency', '17', '--description', 'x'],
      /^error: invalid value "17" for --concurrency: expected a whole number from 1 to 16\n/,
    ],
  ])('refuses %s once, exit 2, before any request', async (_case, args, message) => {
    sandbox.resetStats();
    const result = await collab(args, { input: lines(1, 2) });
    expect(result.exitCode, args.join(' ')).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('help says what - does', async () => {
    const help = await collab(['projects', 'archive', '--help']);
    expect(help.stdout).toMatch(/; -\s+reads many from standard input, one a line/);
    expect(help.stdout).toMatch(/--concurrency <n>\s+with - as the target/);
    expect(help.stdout).toMatch(/-y, --yes\s+with - as the target/);
    const hooks = await collab(['hooks', 'list', '--help']);
    expect(hooks.stdout).toMatch(/--project <project>\s+the project \(ID or full path\); -\s+reads many/);
  });
});

describe('- as the target under faults and a rate limit', () => {
  // One clock for the runs and the sandbox's rate-limit windows: the backoffs and the waits for
  // the next window are jumped over (test/helpers/clock.ts), not waited out.
  const clock = virtualClock();
  const rateLimit = '40/2s';
  const { collab, sandbox } = useSandbox({ seed: 30, failRate: 0.25, faultSeed: 7, rateLimit, clock });
  // The end state is read from the store: this sandbox's API answers with faults and 429s (a read
  // back would need retries of its own, and would count in the requests and 429s asserted).

  it('ends every target in the asked state, creates no hook twice, keeps input order, and shares one rate-limit state', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => 30 - i);
    const input = lines(...ids);
    const updated = await collab(
      ['projects', 'update', '-', '--description', 'under faults', '--concurrency', '8', '-o', 'ndjson'],
      { input },
    );
    expect(updated.stderr).toBe('30 ok\n');
    expect(updated.exitCode).toBe(0);
    expect(updated.lines<Result>().map((r) => r.target)).toEqual(ids);
    for (const id of ids) expect(sandbox.store.findProject(id)?.description).toBe('under faults');

    const url = 'https://ci.example.com/bulk-hook';
    const hooks = await collab(
      ['hooks', 'create', '--project', '-', '--url', url, '--concurrency', '8', '-o', 'ndjson'],
      { input },
    );
    expect(hooks.exitCode).toBe(0);
    for (const id of ids)
      expect(
        [...sandbox.store.hooks.values()].filter(
          (h) => h.owner.kind === 'project' && h.owner.id === id && h.url === url,
        ),
      ).toHaveLength(1);
    expect(sandbox.stats.faults).toBe(25);
    // More requests than a window takes: the limit was met.
    expect(sandbox.stats.requests).toBeGreaterThan(40);
    // A 429, or RateLimit-Remaining no more than the requests on their way, holds every target
    // back until the reset: at most the requests already on the wire meet a 429 (concurrency - 1
    // a window), never a storm; usually none.
    const windows = Math.ceil(sandbox.stats.requests / 40);
    expect(sandbox.stats.rateLimited).toBeLessThanOrEqual(7 * windows);
    // It did wait (on the clock) for the windows and the backoffs: how long, jitter decides.
    expect(clock.skipped()).toBeGreaterThan(0);
    expect(clock.skipped()).toBeLessThanOrEqual(mostWaitedMs(sandbox, rateLimit));
  }, 120_000);
});

describe('- as the target when a POST cannot tell whether it took effect', () => {
  // Fault seed 1 at a fail rate of 0.6, one target at a time: target 2's POST is answered 5xx after
  // the hook is made, and every look for it fails too (found by running seeds 1 to 8).
  const clock = virtualClock();
  const { collab, sandbox } = useSandbox({ seed: 30, failRate: 0.6, faultSeed: 1, clock });
  const url = 'https://ci.example.com/unsure';
  const hooksOf = (id: number) =>
    [...sandbox.store.hooks.values()].filter((h) => h.owner.kind === 'project' && h.owner.id === id && h.url === url);

  it('lists the target as unknown with its send time, and fed back makes no second hook', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const first = await collab(['hooks', 'create', '--project', '-', '--url', url, '--concurrency', '1'], {
      input: lines(...ids),
    });
    const unknown = first.stdout.split('\n').filter((line) => line.split('\t')[1] === 'unknown');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(
      /^2\tunknown\tsent \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z; cannot tell whether the request took effect \(POST \/projects\/2\/hooks\)/,
    );
    expect(first.stderr).toMatch(/^error: 11 ok, 1 unknown\nhint: feed the failed and unknown results back/);
    expect(hooksOf(2)).toHaveLength(1);

    const again = await collab(['hooks', 'create', '--project', '-', '--url', url, '-o', 'ndjson'], {
      input: `${unknown.join('\n')}\n`,
    });
    expect(again.lines<Result>().map((r) => [r.target, r.status])).toEqual([[2, 'ok']]);
    expect(hooksOf(2)).toHaveLength(1);
  });
});

describe('- as the target when failures carry a hint', () => {
  const { collab } = useSandbox({ seed: 30 });
  /** Groups max maintains but does not own: updating one needs the Owner role, and the 403 says so in its hint. */
  const GROUPS = lines('acme/web', 'acme/platform', 'acme/platform/infra');
  const OWNERS_HINT =
    'only owners and administrators may do this: it needs the Owner role; ask one of them, or check your role';
  const update = (...extra: string[]) =>
    collab(['groups', 'update', '-', '--description', 'Managed', ...extra], { input: GROUPS, as: 'maintainer' });

  it('shows a hint the failed targets share once on stderr, before the run’s error', async () => {
    const result = await update();
    expect(result.exitCode).toBe(3);
    expect(result.stderr.split('\n').slice(0, 3)).toEqual([
      `hint for acme/web and 2 others: ${OWNERS_HINT}`,
      'error: 3 failed',
      expect.stringMatching(/^hint: each failed target is a result with status failed/),
    ]);
  });

  it('keeps the hint out of the json results, whose fields stay target, status, error and response', async () => {
    const result = await update('-o', 'ndjson');
    const results = result.lines<Record<string, unknown>>();
    expect(results.map((r) => Object.keys(r))).toEqual(Array(3).fill(['target', 'status', 'error', 'response']));
    expect(result.stdout).not.toContain('Owner role');
    expect(result.stderr).toContain(`hint for acme/web and 2 others: ${OWNERS_HINT}\n`);
  });

  it('shows the hint with --quiet too, as a single command’s hint is', async () => {
    const result = await update('--quiet');
    expect(result.stderr.split('\n').filter((line) => line.startsWith('hint for '))).toEqual([
      `hint for acme/web and 2 others: ${OWNERS_HINT}`,
    ]);
  });

  it('shows three distinct hints and counts the rest on one line', async () => {
    // A ref no branch has: each project's hint names the project, so no two are alike.
    const result = await collab(
      ['schedules', 'create', '--project', '-', '--description', 'n', '--ref', 'nope', '--cron', '0 2 * * *'],
      {
        input: lines('acme/web/storefront', 'acme/platform/api', 'acme/web/design-system', 'globex/handbook'),
        as: 'owner',
      },
    );
    expect(result.exitCode).toBe(5);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('hint'))).toEqual([
      expect.stringMatching(
        /^hint for acme\/web\/storefront: --ref nope names no branch or tag of project acme\/web\/storefront,/,
      ),
      expect.stringMatching(
        /^hint for acme\/platform\/api: --ref nope names no branch or tag of project acme\/platform\/api,/,
      ),
      expect.stringMatching(/^hint for acme\/web\/design-system: --ref nope /),
      'hint: 1 more hint, for 1 other target (--verbose shows each)',
      expect.stringMatching(/^hint: each failed target is a result with status failed/),
    ]);
  });
});
