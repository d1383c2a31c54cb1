import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** Saved plans (collab plan --out, collab apply -f plan.json): stale targets, another host, the journal and --resume, --shard. */
const world = useDesiredWorlds();

const POLICY = `version: 1
groups:
  acme/web:
    projects:
      settings:
        merge_method: rebase_merge
      hooks:
        - url: https://hooks.example.com/audit
          token: $\{env:AUDIT_TOKEN}
`;
const env = { AUDIT_TOKEN: 'audit-token-9876' };

async function saved() {
  const w = await world();
  const path = w.file(POLICY);
  const out = join(w.dir, 'plan.json');
  expect((await w.collab(['plan', '-f', path, '--out', out], { env })).exitCode).toBe(8);
  return { ...w, path, out, hooksOf: w.served.hooks };
}

describe('collab apply -f plan.json', () => {
  it('applies the saved plan (the token from the environment at apply time); the plan is then done', async () => {
    const { collab, out, path, served, hooksOf } = await saved();
    const applied = await collab(['apply', '-f', out], { env });
    expect(applied.exitCode).toBe(0);
    expect(applied.stderr).toBe('4 ok\n');
    expect((await served.project('acme/web/storefront')).merge_method).toBe('rebase_merge');
    expect((await hooksOf('acme/web/storefront')).map((h) => h.token)).toEqual(['audit-token-9876']);
    expect((await collab(['plan', '-f', path], { env })).exitCode).toBe(0);
  });

  it('refuses a target whose planned-from fields moved (stale), writes nothing of it, applies the others; exit 5', async () => {
    const { collab, out, sandbox, writes, hooksOf, call, served } = await saved();
    // Someone changes the storefront after the plan was made.
    expect((await call('PUT', '/projects/acme%2Fweb%2Fstorefront', { json: { merge_method: 'ff' } })).status).toBe(200);
    const storefront = await served.project('acme/web/storefront');
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out, '-o', 'ndjson'], { env });
    expect(applied.exitCode).toBe(5);
    const results = applied.lines<{ target: string; status: string; error: string | null }>();
    expect(results.map((r) => [r.target, r.status])).toEqual([
      ['acme/web/brisk-beacon-21', 'ok'],
      ['acme/web/design-system', 'ok'],
      ['acme/web/mellow-atlas-12', 'ok'],
      ['acme/web/storefront', 'failed'],
    ]);
    expect(results[3]?.error).toBe(
      'stale: project:acme/web/storefront settings merge_method was planned from {"merge_method":"merge"}, the service now has {"merge_method":"ff"}; nothing of acme/web/storefront was changed',
    );
    expect(applied.stderr).toContain('error: 3 ok, 1 failed\n');
    expect((await served.project('acme/web/storefront')).merge_method).toBe('ff');
    expect(await hooksOf('acme/web/storefront')).toEqual([]);
    expect(
      writes().filter(
        (r) =>
          r.path.startsWith(`/api/v4/projects/${storefront.id}/`) || r.path === `/api/v4/projects/${storefront.id}`,
      ),
    ).toEqual([]);
    expect(writes().length).toBe(6);
  });

  it.each([
    ['through GraphQL', []],
    ['by REST', ['--no-graphql']],
  ])('refuses as stale a variable whose value another client changed after the plan (%s)', async (_, flags) => {
    const { collab, file, dir, call, getJson } = await world();
    const variable = `/projects/acme%2Fweb%2Fstorefront/variables/APP_ENV?filter[environment_scope]=production`;
    const out = join(dir, 'vars.json');
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - { key: APP_ENV, value: prod2, environment_scope: production }\n',
      'vars.yaml',
    );
    expect((await collab(['plan', '-f', path, '--out', out, ...flags])).exitCode).toBe(8);
    // The plan was reviewed as production -> prod2; someone sets another value before it is applied.
    expect((await call('PUT', variable, { json: { value: 'hotfix' } })).status).toBe(200);
    const applied = await collab(['apply', '-f', out, '-o', 'ndjson', ...flags]);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(5);
    expect(applied.lines<{ error: string | null }>()[0]?.error).toMatch(
      /^stale: project:acme\/web\/storefront variables APP_ENV@production was planned from /,
    );
    expect((await getJson(variable)).value).toBe('hotfix');
  });

  it("keeps no digest of a masked variable's value in the saved plan", async () => {
    const { collab, file, dir, call } = await world();
    const variable = `/projects/acme%2Fweb%2Fstorefront/variables/APP_ENV?filter[environment_scope]=production`;
    expect((await call('PUT', variable, { json: { value: 'short-secret-1', masked: true } })).status).toBe(200);
    const out = join(dir, 'masked.json');
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - { key: APP_ENV, value: "$\{env:NEW_SECRET}", masked: true, environment_scope: production }\n`,
      'masked.yaml',
    );
    const planned = await collab(['plan', '-f', path, '--out', out], { env: { NEW_SECRET: 'other-secret-2' } });
    expect(planned.exitCode, planned.stderr).toBe(8);
    const saved = readFileSync(out, 'utf8');
    expect(saved).not.toContain('value_sha256');
    expect(saved).not.toContain('short-secret-1');
    expect(saved).not.toContain(createHash('sha256').update('short-secret-1').digest('hex'));
  });

  it("keeps no digest of an unmasked variable's value the file gives as a template; apply says it is unchecked", async () => {
    const { collab, file, dir, call, getJson } = await world();
    const variable = `/projects/acme%2Fweb%2Fstorefront/variables/APP_ENV?filter[environment_scope]=production`;
    expect((await call('PUT', variable, { json: { value: 'short-secret-1' } })).status).toBe(200);
    const out = join(dir, 'templated.json');
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - { key: APP_ENV, value: "$\{env:NEW_SECRET}", environment_scope: production }\n`,
      'templated.yaml',
    );
    const env = { NEW_SECRET: 'other-secret-2' };
    const planned = await collab(['plan', '-f', path, '--out', out], { env });
    expect(planned.exitCode, planned.stderr).toBe(8);
    const saved = readFileSync(out, 'utf8');
    expect(saved).not.toContain('value_sha256');
    expect(saved).not.toContain(createHash('sha256').update('short-secret-1').digest('hex'));
    // Another client sets it after the plan: the check cannot tell, and says so as it sends it.
    expect((await call('PUT', variable, { json: { value: 'hotfix' } })).status).toBe(200);
    const applied = await collab(['apply', '-f', out], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(
      'project:acme/web/storefront variables APP_ENV@production: its value, a secret the plan keeps no digest of, cannot be checked',
    );
    expect((await getJson(variable)).value).toBe('other-secret-2');
  });

  it('refuses a plan made for another host before any request', async () => {
    const { collab, out, sandbox } = await saved();
    writeFileSync(out, readFileSync(out, 'utf8').replace(sandbox.url, 'https://collab.other.example'));
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out], { env });
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toBe(
      `error: the plan was made for https://collab.other.example, not ${sandbox.url}\nhint: apply it with --host https://collab.other.example, or make a new plan with collab plan\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('--resume after a crash: done changes are not sent again, a started one asks its recover first; no write twice', async () => {
    const { collab, out, dir, sandbox, writes, hooksOf, call } = await saved();
    const journal = join(dir, 'apply.journal');
    const before = new Date(Date.now() - 1000).toISOString();
    // The first apply made every change; say (as a crash would leave it) the storefront's hook was started and not known done.
    expect((await collab(['apply', '-f', out, '--journal', journal], { env })).exitCode).toBe(0);
    const plan = JSON.parse(readFileSync(out, 'utf8')) as { changes: Array<{ id: string }> };
    const ids = plan.changes.map((c) => c.id);
    const hook = 'project:acme/web/storefront hooks https://hooks.example.com/audit';
    const lines = [
      { event: 'begin', at: before, host: sandbox.url },
      { event: 'started', at: before, changes: ids.filter((id) => id !== hook) },
      { event: 'done', at: before, changes: ids.filter((id) => id !== hook) },
      { event: 'started', at: before, changes: [hook] },
    ];
    writeFileSync(journal, lines.map((l) => JSON.stringify(l)).join('\n'));

    const refused = await collab(['apply', '-f', out, '--journal', journal], { env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`error: an unfinished apply left its journal at ${journal}\n`);

    sandbox.resetStats();
    const resumed = await collab(['apply', '-f', out, '--journal', journal, '--resume'], { env });
    expect(resumed.exitCode).toBe(0);
    expect(writes()).toEqual([]);
    expect(await hooksOf('acme/web/storefront')).toHaveLength(1);

    // The hook was not made after all: --resume sends it, once.
    writeFileSync(journal, lines.map((l) => JSON.stringify(l)).join('\n'));
    for (const h of await hooksOf('acme/web/storefront'))
      expect((await call('DELETE', `/projects/acme%2Fweb%2Fstorefront/hooks/${h.id}`)).status).toBe(204);
    sandbox.resetStats();
    const again = await collab(['apply', '-f', out, '--journal', journal, '--resume'], { env });
    expect(again.exitCode).toBe(0);
    expect(writes().map((r) => r.method)).toEqual(['POST']);
    expect((await hooksOf('acme/web/storefront')).map((h) => h.token)).toEqual(['audit-token-9876']);
    expect(() => readFileSync(journal)).toThrow();
  });

  it('--shard k/n splits the targets: the shards are disjoint and together the whole plan', async () => {
    const { collab, path } = await saved();
    const targets = async (...args: string[]) =>
      new Set(
        (await collab(['plan', '-f', path, '-o', 'ndjson', ...args], { env }))
          .lines<{ target: string }>()
          .map((l) => l.target),
      );
    const all = await targets();
    const one = await targets('--shard', '1/2');
    const two = await targets('--shard', '2/2');
    expect([...one].filter((t) => two.has(t))).toEqual([]);
    expect(new Set([...one, ...two])).toEqual(all);
    expect(all.size).toBe(4);
    expect((await collab(['plan', '-f', path, '--shard', '3/2'])).stderr).toContain(
      'error: invalid value "3/2" for --shard: expected k/n with 1 <= k <= n, e.g. 1/4',
    );
  });
});
