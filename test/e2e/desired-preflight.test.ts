import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** A saved plan is all-or-nothing on what it needs before writing: secrets, reach; a stale target has a way on. */
const world = useDesiredWorlds();

const POLICY = `version: 1
projects:
  acme/web/storefront:
    settings:
      merge_method: ff
    hooks:
      - url: https://hooks.example.com/audit
        token: \${env:AUDIT_TOKEN}
  acme/web/design-system:
    settings:
      merge_method: ff
`;
const env = { AUDIT_TOKEN: 'audit-token-9876' };

async function saved(policy = POLICY) {
  const w = await world();
  const path = w.file(policy);
  const out = join(w.dir, 'plan.json');
  expect((await w.collab(['plan', '-f', path, '--out', out], { env })).exitCode).toBe(8);
  w.sandbox.resetStats();
  return { ...w, path, out, journal: join(w.dir, 'apply.journal') };
}

describe('collab apply -f plan.json: checked whole before writing', () => {
  it('a secret that does not resolve: exit 2 naming it, nothing sent, no journal', async () => {
    const { collab, out, writes, journal } = await saved();
    const applied = await collab(['apply', '-f', out, '--journal', journal]);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toBe(
      'environment variable AUDIT_TOKEN is not set (named by $' +
        '{env:AUDIT_TOKEN}), sent by project:acme/web/storefront hooks https://hooks.example.com/audit\nerror: the plan needs a secret that is not there; nothing was sent\nhint: set them, then apply the plan again\n',
    );
    expect(writes()).toEqual([]);
    expect(existsSync(journal)).toBe(false);
  });

  it('a plan of a file whose secret is unset: the hint names the variable to set', async () => {
    const { collab, file } = await world();
    const policy =
      'version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: DEPLOY_TOKEN\n        value: $' +
      '{env:DEPLOY_TOKEN}\n';
    const planned = await collab(['plan', '-f', file(policy)]);
    expect(planned.exitCode).toBe(2);
    expect(planned.stderr).toContain(
      '\nhint: set DEPLOY_TOKEN in the environment (export DEPLOY_TOKEN=…) and run again\n',
    );
  });

  it('a target the caller can no longer reach: exit 2 naming it, nothing sent', async () => {
    const { collab, out, path, writes } = await saved(
      `version: 1\nprojects:\n  initech/tps-reports:\n    settings:\n      merge_method: ff\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n`,
    );
    // Olivia owns acme but cannot see initech's private project: the plan was made by the administrator.
    const applied = await collab(['apply', '-f', out], { as: 'owner' });
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toBe(
      `project initech/tps-reports cannot be found (removed, moved, or no longer visible to you)\nerror: a target of the plan cannot be reached; nothing was sent\nhint: check the token's access, or make a new plan (\`collab plan -f ${path} --out <file>\`)\n`,
    );
    expect(writes()).toEqual([]);
  });

  it('the file changed since the plan: a note, and the plan is applied as saved (without asking)', async () => {
    const { collab, out, path, served } = await saved();
    writeFileSync(path, `${readFileSync(path, 'utf8')}# edited\n`);
    const applied = await collab(['apply', '-f', out], { env });
    expect(applied.exitCode).toBe(0);
    expect(applied.stderr).toBe(
      `warning: ${path} changed since the plan was made: applying the plan as saved (\`collab plan -f ${path} --out <file>\` plans the file as it is now)\n2 ok\n`,
    );
    expect((await served.project('acme/web/design-system')).merge_method).toBe('ff');
  });

  it('only stale targets refused: the way on is a new plan of them, and no journal is left for --resume to loop on', async () => {
    const { collab, out, path, journal, call, served, sandbox, writes } = await saved();
    expect(
      (await call('PUT', '/projects/acme%2Fweb%2Fstorefront', { json: { merge_method: 'rebase_merge' } })).status,
    ).toBe(200);
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', out, '--journal', journal], { env });
    expect(applied.exitCode).toBe(5);
    expect(applied.stderr).toBe(
      `error: 1 ok, 1 failed\nhint: the stale target needs a new plan: \`collab plan -f ${path} --out <file> acme/web/storefront\`\n`,
    );
    expect(existsSync(journal)).toBe(false);
    expect((await served.project('acme/web/design-system')).merge_method).toBe('ff');
    expect((await served.project('acme/web/storefront')).merge_method).toBe('rebase_merge');
    // Nothing of the stale target was written: one PUT, the design system's.
    expect(writes().map((r) => r.method)).toEqual(['PUT']);
    const resumed = await collab(['apply', '-f', out, '--journal', journal, '--resume'], { env });
    expect(resumed.exitCode).toBe(2);
    expect(resumed.stderr).toContain(`error: nothing to resume: no journal at ${journal}\n`);
  });
});
