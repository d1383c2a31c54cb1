import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * An export adopted without its secrets: a variable item without `value` manages the other fields
 * and leaves the value alone, and a secret the service never shows (a hook's token) is needed only
 * by a change that sends it.
 */
const world = useDesiredWorlds();
const $ = (name: string) => '$' + `{env:${name}}`;
const STOREFRONT = 'acme/web/storefront';
const STRIPE = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';

describe('a variable item without a value', () => {
  it('changes the other fields of a masked variable with a PUT that carries no value; the value stays', async () => {
    const { collab, file, sandbox, served } = await world();
    const path = file(
      `version: 1\nprojects:\n  ${STOREFRONT}:\n    variables:\n      - { key: STRIPE_API_KEY, masked: true, protected: false, description: Payments }\n`,
    );
    const planned = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(planned.exitCode).toBe(8);
    expect(
      planned.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        target: STOREFRONT,
        kind: 'project',
        section: 'variables',
        key: 'STRIPE_API_KEY',
        from: { protected: true, description: null },
        to: { protected: false, description: 'Payments' },
        action: 'update',
      },
    ]);
    // What apply sends: the fields alone.
    const json = JSON.parse((await collab(['plan', '-f', path, '-o', 'json'])).stdout);
    expect(json.changes.map((c: { request: unknown }) => c.request)).toEqual([
      expect.objectContaining({ op: 'variable-update', body: { protected: false, description: 'Payments' } }),
    ]);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const project = await served.project(STOREFRONT);
    const variable = sandbox.store.variables.find((v) => v.owner.id === project.id && v.key === 'STRIPE_API_KEY');
    expect(variable).toMatchObject({ value: STRIPE, protected: false, description: 'Payments' });
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('leaves a hidden variable as it is when its fields agree, and changes them without the value', async () => {
    const { collab, file, sandbox, call } = await world();
    await call('POST', `/projects/${encodeURIComponent(STOREFRONT)}/variables`, {
      json: { key: 'SIGNING_KEY', value: 'hidden-value-1234', masked_and_hidden: true },
    });
    const exported = await collab(['export', STOREFRONT, '--sections', 'variables']);
    const items = parse(exported.stdout).projects[STOREFRONT].variables;
    expect(items).toContainEqual({ key: 'SIGNING_KEY', masked: true });
    expect((await collab(['plan', '-f', file(exported.stdout)])).exitCode).toBe(0);
    const path = file(
      `version: 1\nprojects:\n  ${STOREFRONT}:\n    variables:\n      - { key: SIGNING_KEY, protected: true }\n`,
      'protect.yaml',
    );
    const json = JSON.parse((await collab(['plan', '-f', path, '-o', 'json'])).stdout);
    expect(json.changes.map((c: { request: { body: unknown } }) => c.request.body)).toEqual([{ protected: true }]);
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(sandbox.store.variables.find((v) => v.key === 'SIGNING_KEY')).toMatchObject({
      value: 'hidden-value-1234',
      protected: true,
      hidden: true,
    });
  });

  it('one that does not exist: exit 2 saying it needs a value, nothing sent', async () => {
    const { collab, file, writes } = await world();
    const path = file(
      `version: 1\nprojects:\n  ${STOREFRONT}:\n    variables:\n      - { key: NEW_ONE, protected: true }\n`,
    );
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const run = await collab(args);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toBe(
        `error: variables: NEW_ONE does not exist on project ${STOREFRONT}: making it needs a value, and the file gives none\nhint: give it one (value: ${$('NAME')} for a secret), or leave it out until it exists\n`,
      );
    }
    expect(writes()).toEqual([]);
  });
});

describe('a secret the service never shows, needed only by what sends it', () => {
  const HOOKS = (url: string) =>
    `version: 1\nprojects:\n  ${STOREFRONT}:\n    hooks:\n      - url: ${url}\n        token: ${$('AUDIT_TOKEN')}\n        push_events: false\n`;

  it('plan runs without it and says which change needs it; apply refuses before any write', async () => {
    const { collab, file, writes, dir } = await world();
    const path = file(HOOKS('https://hooks.example.com/audit'));
    const planned = await collab(['plan', '-f', path, '-o', 'json']);
    expect(planned.exitCode).toBe(8);
    const need = `environment variable AUDIT_TOKEN is not set (named by ${$('AUDIT_TOKEN')})`;
    const id = `project:${STOREFRONT} hooks https://hooks.example.com/audit`;
    expect(planned.stderr).toContain(
      `note: a secret not set now, needed only to apply the changes that send it:\n  ${need}, sent by ${id}\n`,
    );
    expect(JSON.parse(planned.stdout).unset).toEqual([{ problem: need, changes: [id] }]);
    const markdown = await collab(['plan', '-f', path, '-o', 'markdown']);
    expect(markdown.stdout).toContain(
      `\n> environment variable AUDIT\\_TOKEN is not set (named by ${$('AUDIT\\_TOKEN')}): needed to apply a change\n`,
    );

    const applied = await collab(['apply', '-f', path, '--yes', '--journal', join(dir, 'j')]);
    expect(applied.exitCode).toBe(2);
    expect(applied.stderr).toContain(
      `${need}, sent by ${id}\nerror: the plan needs a secret that is not there; nothing was sent\n`,
    );
    expect(writes()).toEqual([]);
    expect(existsSync(join(dir, 'j'))).toBe(false);

    // A saved plan made without it is refused the same way until it is set.
    const out = join(dir, 'plan.json');
    expect((await collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    expect(JSON.parse(readFileSync(out, 'utf8')).unset).toEqual([{ problem: need, changes: [id] }]);
    expect((await collab(['apply', '-f', out])).exitCode).toBe(2);
    expect(writes()).toEqual([]);
    expect((await collab(['apply', '-f', out], { env: { AUDIT_TOKEN: 'audit-token-9876' } })).exitCode).toBe(0);
  });

  it('an existing hook whose other fields change: the update sends no token, so plan and apply need none', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(HOOKS('https://hooks.example.com/audit'));
    expect((await collab(['apply', '-f', path, '--yes'], { env: { AUDIT_TOKEN: 'audit-token-9876' } })).exitCode).toBe(
      0,
    );
    const changed = file(HOOKS('https://hooks.example.com/audit').replace('push_events: false', 'push_events: true'));
    const planned = await collab(['plan', '-f', changed]);
    expect(planned.exitCode).toBe(8);
    expect(planned.stderr).not.toContain('AUDIT_TOKEN');
    const json = JSON.parse((await collab(['plan', '-f', changed, '-o', 'json'])).stdout);
    expect(json.changes.map((c: { request: { body: unknown } }) => c.request.body)).toEqual([
      { url: 'https://hooks.example.com/audit', push_events: true },
    ]);
    expect((await collab(['apply', '-f', changed, '--yes'])).exitCode).toBe(0);
    const hook = [...sandbox.store.hooks.values()].find((h) => h.url === 'https://hooks.example.com/audit');
    expect(hook?.token).toBe('audit-token-9876');
  });

  it('a value that is compared still needs its variable to plan', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      `version: 1\nprojects:\n  ${STOREFRONT}:\n    variables:\n      - { key: APP_ENV, value: "${$('APP_ENV_VALUE')}" }\n`,
    );
    const planned = await collab(['plan', '-f', path]);
    expect(planned.exitCode).toBe(2);
    expect(planned.stderr).toContain(
      'hint: set APP_ENV_VALUE in the environment (export APP_ENV_VALUE=…) and run again',
    );
    expect(sandbox.requestLog).toEqual([]);
  });
});
