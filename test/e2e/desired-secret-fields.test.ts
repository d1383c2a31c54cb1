import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * A secret's template is bound to the field it was written in: two fields whose templates resolve to
 * the same text each keep their own, through the plan, the saved plan, and its apply with other values.
 */
const world = useDesiredWorlds();
const $ = (name: string) => '$' + `{env:${name}}`;
const STOREFRONT = '/projects/acme%2Fweb%2Fstorefront';

type Variable = { key: string; environment_scope: string; value: string };
type Request = { op: string; body: Record<string, unknown> };

/** Plans `text` with `planEnv`, saves the plan, applies it with `applyEnv`: the saved requests by change id, and the variables (scope *) after. */
async function planSaveApply(text: string, planEnv: Record<string, string>, applyEnv: Record<string, string>) {
  const w = await world();
  const path = w.file(text);
  const out = join(w.dir, 'plan.json');
  expect((await w.collab(['plan', '-f', path, '--out', out], { env: planEnv })).exitCode).toBe(8);
  const saved = JSON.parse(readFileSync(out, 'utf8')) as { changes: Array<{ id: string; request: Request }> };
  const applied = await w.collab(['apply', '-f', out], { env: applyEnv });
  expect(applied.exitCode).toBe(0);
  const values = Object.fromEntries(
    ((await w.getJson(`${STOREFRONT}/variables`)) as Variable[])
      .filter((v) => v.environment_scope === '*')
      .map((v) => [v.key, v.value]),
  );
  const requests = Object.fromEntries(saved.changes.map((change) => [change.id, change.request.body]));
  return { ...w, values, requests };
}

describe('collab.yaml: each secret keeps the template of its own field', () => {
  it('two secrets that resolve to the same value: each variable and hook ends with its own secret', async () => {
    const { values, requests, served } = await planSaveApply(
      `version: 1
projects:
  acme/web/storefront:
    variables:
      - key: ONE_SECRET
        value: "${$('ONE')}"
      - key: TWO_SECRET
        value: "${$('TWO')}"
    hooks:
      - url: https://one.example.com/hook
        token: "${$('ONE')}"
      - url: https://two.example.com/hook
        token: "${$('TWO')}"
`,
      { ONE: 'same', TWO: 'same' },
      { ONE: 'first', TWO: 'second' },
    );
    expect(requests['project:acme/web/storefront variables ONE_SECRET']).toMatchObject({ value: $('ONE') });
    expect(requests['project:acme/web/storefront variables TWO_SECRET']).toMatchObject({ value: $('TWO') });
    expect(values).toMatchObject({ ONE_SECRET: 'first', TWO_SECRET: 'second' });
    expect((await served.hooks('acme/web/storefront')).map((hook) => [hook.url, hook.token])).toEqual([
      ['https://one.example.com/hook', 'first'],
      ['https://two.example.com/hook', 'second'],
    ]);
  });

  it('a secret equal to a plain value: the plain one is sent as written, the secret as its template', async () => {
    const { values, requests } = await planSaveApply(
      `version: 1
projects:
  acme/web/storefront:
    variables:
      - key: PLAIN
        value: same
      - key: ONE_SECRET
        value: "${$('ONE')}"
`,
      { ONE: 'same' },
      { ONE: 'first' },
    );
    expect(requests['project:acme/web/storefront variables PLAIN']).toMatchObject({ value: 'same' });
    expect(requests['project:acme/web/storefront variables ONE_SECRET']).toMatchObject({ value: $('ONE') });
    expect(values).toMatchObject({ PLAIN: 'same', ONE_SECRET: 'first' });
  });

  it("a secret equal to another variable's live value: the live one keeps its own template", async () => {
    // The seeded APP_ENV (scope *) holds `staging`; ONE resolves to the same text at plan time,
    // ENV_NAME to another (an update sends a value only where the plan shows it change).
    const { values, requests } = await planSaveApply(
      `version: 1
projects:
  acme/web/storefront:
    variables:
      - key: APP_ENV
        value: "${$('ENV_NAME')}"
        protected: true
      - key: ONE_SECRET
        value: "${$('ONE')}"
`,
      { ENV_NAME: 'production', ONE: 'staging' },
      { ENV_NAME: 'qa', ONE: 'first' },
    );
    expect(requests['project:acme/web/storefront variables APP_ENV']).toEqual({
      value: $('ENV_NAME'),
      protected: true,
    });
    expect(values).toMatchObject({ APP_ENV: 'qa', ONE_SECRET: 'first' });
  });
});
