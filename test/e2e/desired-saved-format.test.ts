import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** A saved plan's requests are data: what each operation needs, named as every build has named it; an operation this build does not know is refused before anything is sent. */
const world = useDesiredWorlds();

describe('collab apply -f plan.json, the requests it carries', () => {
  const saved = async () => {
    const { collab, file, dir, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n    hooks:\n      - url: https://hooks.example.com/a\n        push_events: false\n',
    );
    const out = join(dir, 'plan.json');
    expect((await collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    return { collab, sandbox, out, plan: JSON.parse(readFileSync(out, 'utf8')) };
  };

  it('writes each request with the fields its operation needs', async () => {
    const { plan } = await saved();
    expect(
      plan.changes.map((change: { request: Record<string, unknown> }) => Object.keys(change.request).sort()),
    ).toEqual([
      ['batch', 'body', 'kind', 'op', 'path', 'ref'],
      ['body', 'kind', 'op', 'path', 'ref'],
    ]);
  });

  it('refuses a plan naming an operation it does not know: exit 2, nothing sent', async () => {
    const { collab, sandbox, out, plan } = await saved();
    plan.changes[1].request.op = 'hook-frobnicate';
    writeFileSync(out, JSON.stringify(plan));
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out]);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toContain('has a change this collab cannot send ("hook-frobnicate")');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('refuses a plan with two changes of one ID, which the journal cannot tell apart: exit 2, nothing sent', async () => {
    const { collab, sandbox, out, plan } = await saved();
    plan.changes[1].id = plan.changes[0].id;
    writeFileSync(out, JSON.stringify(plan));
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out]);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toBe(
      `error: ${out} has two changes of one ID (project:acme/web/storefront settings merge_method), which apply cannot tell apart\nhint: make it again with collab plan --out\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('refuses a plan saved by an older build (version 1): exit 2, nothing sent', async () => {
    const { collab, file, dir, sandbox } = await world();
    const path = file('version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n');
    const out = join(dir, 'plan.json');
    expect((await collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    writeFileSync(out, JSON.stringify({ ...JSON.parse(readFileSync(out, 'utf8')), version: 1 }));
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out]);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toBe(
      `error: ${out} was saved by an older collab, which cannot say which template each secret came from\nhint: make it again with collab plan --out\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });
});
