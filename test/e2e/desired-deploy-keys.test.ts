import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';
import type { Json } from '../helpers/sandbox-api.js';

/**
 * collab.yaml's deploy_keys when the file gives another key under a title the project has: the
 * key is removed and added again, and POST's can_push is optional, default false
 * (doc/api/deploy_keys.md). A file silent on can_push keeps the live key's; one that says it sends
 * that; the plan shows it, a saved plan's request carries it, and the service's key has it after.
 */
const world = useDesiredWorlds();

const STOREFRONT = 'acme/web/storefront';
const keys = `/projects/${encodeURIComponent(STOREFRONT)}/deploy_keys`;
/** Another key for the seed's `CI deploy`, which the storefront holds read-write. */
const OTHER_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBwTGsQyn6f8uBKdQKwvJtnNZw4eQHvNsVkG6ZV4c2JX ops@example';

const policy = (canPush = '') =>
  `version: 1\nprojects:\n  ${STOREFRONT}:\n    deploy_keys:\n      - { title: CI deploy, key: "${OTHER_KEY}"${canPush} }\n`;

type World = Awaited<ReturnType<typeof world>>;

/** The storefront's `CI deploy` as the service lists it. */
const served = async (w: World): Promise<Json> =>
  ((await w.getJson(keys)) as Json[]).find((key) => key.title === 'CI deploy');

/** The one POST of the replacement: the keys its body sent. */
const posted = (w: World) =>
  w
    .writes()
    .filter((r) => r.method === 'POST' && r.path.endsWith('/deploy_keys'))
    .map((r) => r.bodyKeys);

describe('collab.yaml deploy_keys: another key under a title', () => {
  it('the file silent on can_push: the new key keeps the live key push, shown, sent, and a second plan is empty', async () => {
    const w = await world();
    const before = await served(w);
    expect(before.can_push).toBe(true);
    const path = w.file(policy());
    const plan = await w.collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines()).toEqual([
      expect.objectContaining({
        section: 'deploy_keys',
        key: 'CI deploy',
        action: 'update',
        from: { key: before.key, can_push: true },
        to: { key: OTHER_KEY, can_push: true },
      }),
    ]);
    w.sandbox.resetStats();
    const applied = await w.collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(posted(w)).toEqual([['title', 'key', 'can_push']]);
    const after = await served(w);
    expect([after.id === before.id, after.key, after.can_push]).toEqual([false, OTHER_KEY, true]);
    const again = await w.collab(['plan', '-f', path]);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
  });

  it('the file says can_push: false: the plan shows it and the new key is sent and made read-only', async () => {
    const w = await world();
    const path = w.file(policy(', can_push: false'));
    const plan = await w.collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.lines()).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ can_push: true }),
        to: { key: OTHER_KEY, can_push: false },
      }),
    ]);
    w.sandbox.resetStats();
    const applied = await w.collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(posted(w)).toEqual([['title', 'key', 'can_push']]);
    expect((await served(w)).can_push).toBe(false);
    expect((await w.collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it.each([
    ['silent on can_push', true, ''],
    ['saying can_push: false', false, ', can_push: false'],
  ] as const)(
    'a saved plan, the file %s: its request carries can_push %s, and apply -f plan.json sends it',
    async (_, canPush, said) => {
      const w = await world();
      const out = join(w.dir, 'plan.json');
      const path = w.file(policy(said));
      const plan = await w.collab(['plan', '-f', path, '--out', out]);
      expect(plan.exitCode, plan.stderr).toBe(8);
      const saved = JSON.parse(readFileSync(out, 'utf8'));
      expect(saved.changes.map((change: Json) => [change.request.op, change.request.body, change.after])).toEqual([
        [
          'deploy-key-replace',
          { title: 'CI deploy', key: OTHER_KEY, can_push: canPush },
          { key: OTHER_KEY, can_push: canPush },
        ],
      ]);
      w.sandbox.resetStats();
      const applied = await w.collab(['apply', '-f', out, '--yes']);
      expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
      expect(posted(w)).toEqual([['title', 'key', 'can_push']]);
      expect((await served(w)).can_push).toBe(canPush);
      expect((await w.collab(['plan', '-f', path])).exitCode).toBe(0);
    },
  );
});
