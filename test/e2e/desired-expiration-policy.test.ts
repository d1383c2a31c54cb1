import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * collab.yaml's container_expiration_policy_attributes against a service that, as GitLab, sets the
 * policy's next_run_at on each save (app/models/container_expiration_policy.rb): the file never
 * says next_run_at, so a plan after apply is empty, and a saved plan applied again is done.
 */
const world = useDesiredWorlds();

const STOREFRONT = 'acme/web/storefront';
const POLICY = `version: 1
projects:
  ${STOREFRONT}:
    settings:
      container_expiration_policy_attributes: { enabled: true, cadence: 7d, keep_n: 5 }
`;

describe('collab.yaml: the container expiration policy', () => {
  it('apply moves next_run_at; the plan after it is empty and a second apply writes nothing', async () => {
    const w = await world();
    const path = w.file(POLICY);
    const seeded = (await w.served.project(STOREFRONT)).container_expiration_policy.next_run_at;
    const applied = await w.collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const policy = (await w.served.project(STOREFRONT)).container_expiration_policy;
    expect(policy).toMatchObject({ enabled: true, cadence: '7d', keep_n: 5, next_run_at: expect.any(String) });
    expect(policy.next_run_at).not.toBe(seeded);
    const again = await w.collab(['plan', '-f', path]);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    w.sandbox.resetStats();
    expect((await w.collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(w.writes()).toEqual([]);
  });

  it('a change of one key shows that key on both sides, as the PUT sets it and leaves the others', async () => {
    const w = await world();
    const path = w.file(
      `version: 1\nprojects:\n  ${STOREFRONT}:\n    settings:\n      container_expiration_policy_attributes: { keep_n: 5 }\n`,
    );
    const plan = await w.collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.lines<{ from: unknown; to: unknown }>().map((c) => [c.from, c.to])).toEqual([
      [{ keep_n: 10 }, { keep_n: 5 }],
    ]);
    expect((await w.collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect((await w.served.project(STOREFRONT)).container_expiration_policy).toMatchObject({
      keep_n: 5,
      cadence: '1d',
    });
  });

  it('a saved plan applied twice: the second finds it done, though next_run_at moved; nothing written', async () => {
    const w = await world();
    const path = w.file(POLICY);
    const out = join(w.dir, 'plan.json');
    expect((await w.collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    const first = await w.collab(['apply', '-f', out, '--yes']);
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);
    expect((await w.served.project(STOREFRONT)).container_expiration_policy.next_run_at).toEqual(expect.any(String));
    w.sandbox.resetStats();
    const second = await w.collab(['apply', '-f', out, '--yes']);
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(w.writes()).toEqual([]);
    expect((await w.collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('a saved plan whose policy another client saved again as planned from (only next_run_at moved) applies', async () => {
    const w = await world();
    const path = w.file(POLICY);
    const out = join(w.dir, 'plan.json');
    expect((await w.collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    const at = `/projects/${encodeURIComponent(STOREFRONT)}`;
    const save = (keep_n: number) =>
      w.call('PUT', at, { json: { container_expiration_policy_attributes: { keep_n } } });
    expect((await save(25)).status).toBe(200);
    expect((await save(10)).status).toBe(200);
    expect((await w.served.project(STOREFRONT)).container_expiration_policy.next_run_at).toEqual(expect.any(String));
    const applied = await w.collab(['apply', '-f', out, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    expect((await w.served.project(STOREFRONT)).container_expiration_policy).toMatchObject({
      enabled: true,
      keep_n: 5,
    });
  });
});
