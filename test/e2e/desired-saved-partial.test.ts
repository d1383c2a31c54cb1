import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** A saved plan applied to one target, then whole: the target already at the plan's result is done, not stale. */
const world = useDesiredWorlds();

const POLICY = `version: 1
groups:
  acme/web:
    projects:
      settings:
        merge_method: rebase_merge
        description: Kept by collab
`;

const FIRST = 'acme/web/storefront';

async function appliedToOne(flags: readonly string[] = []) {
  const w = await world();
  const path = w.file(POLICY);
  const out = join(w.dir, 'plan.json');
  expect((await w.collab(['plan', '-f', path, '--out', out, ...flags])).exitCode).toBe(8);
  const one = await w.collab(['apply', '-f', out, FIRST, ...flags]);
  expect(one.exitCode, one.stderr).toBe(0);
  expect((await w.served.project(FIRST)).merge_method).toBe('rebase_merge');
  const first = await w.served.project(FIRST);
  const toFirst = () =>
    w.sandbox.requestLog.filter(
      (r) =>
        r.method !== 'GET' &&
        r.path !== '/api/graphql' &&
        (r.path === `/api/v4/projects/${first.id}` ||
          r.path.startsWith(`/api/v4/projects/${first.id}/`) ||
          r.path.includes(encodeURIComponent(FIRST))),
    );
  return { ...w, out, toFirst };
}

describe('collab apply -f plan.json after applying it to one target', () => {
  it.each([
    ['through GraphQL', []],
    ['by REST', ['--no-graphql']],
  ])(
    'reports the target applied before as done, writes nothing to it, applies the others; exit 0 (%s)',
    async (_, flags) => {
      const { collab, out, sandbox, writes, toFirst, served } = await appliedToOne(flags);
      sandbox.resetStats();
      const whole = await collab(['apply', '-f', out, '-o', 'ndjson', ...flags]);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(0);
      const results = whole.lines<{ target: string; status: string; error: string | null }>();
      expect(results.map((r) => [r.target, r.status, r.error])).toEqual([
        ['acme/web/brisk-beacon-21', 'ok', null],
        ['acme/web/design-system', 'ok', null],
        ['acme/web/mellow-atlas-12', 'ok', null],
        [FIRST, 'unchanged', null],
      ]);
      expect(whole.stdout).toContain('"changes":[]');
      expect(toFirst()).toEqual([]);
      expect(writes()).toHaveLength(3);
      for (const r of results) expect((await served.project(r.target)).merge_method).toBe('rebase_merge');
    },
  );

  it('refuses as stale the target applied before that another client then moved elsewhere; exit 5', async () => {
    const { collab, out, call, sandbox, toFirst, served } = await appliedToOne();
    expect((await call('PUT', `/projects/${encodeURIComponent(FIRST)}`, { json: { merge_method: 'ff' } })).status).toBe(
      200,
    );
    sandbox.resetStats();
    const whole = await collab(['apply', '-f', out, '-o', 'ndjson']);
    expect(whole.exitCode).toBe(5);
    const results = whole.lines<{ target: string; status: string; error: string | null }>();
    expect(results.find((r) => r.target === FIRST)?.error).toMatch(
      /^stale: project:acme\/web\/storefront settings merge_method was planned from \{"merge_method":"merge"\}, the service now has \{"merge_method":"ff"\}/,
    );
    expect(results.filter((r) => r.target !== FIRST).map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(toFirst()).toEqual([]);
    expect((await served.project(FIRST)).merge_method).toBe('ff');
  });

  it('refuses as stale a target of which one change is at its result and another moved elsewhere; exit 5', async () => {
    const { collab, out, call, toFirst, served, sandbox } = await appliedToOne();
    // merge_method stays at the plan's result; the description is moved by someone else.
    expect(
      (await call('PUT', `/projects/${encodeURIComponent(FIRST)}`, { json: { description: 'hand edited' } })).status,
    ).toBe(200);
    sandbox.resetStats();
    const whole = await collab(['apply', '-f', out, '-o', 'ndjson']);
    expect(whole.exitCode).toBe(5);
    const results = whole.lines<{ target: string; error: string | null }>();
    expect(results.find((r) => r.target === FIRST)?.error).toMatch(
      /^stale: project:acme\/web\/storefront settings description was planned from /,
    );
    expect(toFirst()).toEqual([]);
    expect((await served.project(FIRST)).description).toBe('hand edited');
  });
});
