import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** No silent no-op: a file given as a word, a filter that selects nothing, paths and globs that name nothing. */
const world = useDesiredWorlds();

const POLICY = `version: 1
projects:
  acme/web/storefront:
    settings:
      merge_method: ff
`;

describe('collab plan and apply: what the file reaches', () => {
  it('a word naming a file is the file (plan other.yaml, apply plan.json); beside -f it is refused, nothing read', async () => {
    const { collab, file, dir, sandbox, served } = await world();
    const other = file(POLICY, 'other.yaml');
    const planned = await collab(['plan', other]);
    expect(planned.exitCode).toBe(8);
    expect(planned.stdout).toBe(
      '~ project acme/web/storefront\n    ~ merge_method: merge -> ff\n\nsection   add  change  remove\nsettings    0       1       0\n',
    );
    expect(planned.stderr).toBe('1 change on 1 target (1 to change); 1 request read 1 target (1.00 a target)\n');

    const out = join(dir, 'plan.json');
    expect((await collab(['plan', '-f', other, '--out', out])).exitCode).toBe(8);
    const applied = await collab(['apply', out]);
    expect(applied.exitCode).toBe(0);
    expect((await served.project('acme/web/storefront')).merge_method).toBe('ff');

    sandbox.resetStats();
    const both = await collab(['plan', '-f', other, out]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toBe(
      `error: ${out} is a file, not a target: the file is given with -f (here ${other})\nhint: drop ${out}, or give it as -f ${out}\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a filter that selects nothing in the file: exit 2 naming the nearest path it reaches; nothing written', async () => {
    const { collab, file, writes } = await world();
    const path = file(POLICY);
    for (const args of [['plan'], ['apply', '--yes']]) {
      const result = await collab([...args, '-f', path, 'acme/web/storefrnt']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe(
        `error: acme/web/storefrnt selects nothing in ${path} (nearest: acme/web/storefront)\nhint: give a group or project the file reaches, e.g. acme/web/storefront\n`,
      );
    }
    expect(writes()).toEqual([]);
    // A group above a target selects it.
    expect((await collab(['plan', '-f', path, 'acme'])).exitCode).toBe(8);
  });

  it('a path that does not exist and a glob that matches nothing: exit 4 naming each, nothing written; --allow-missing warns', async () => {
    const { collab, file, writes, call, sandbox } = await world();
    // An empty group: a glob below it matches nothing by right.
    expect((await call('POST', '/groups', { json: { name: 'empty', path: 'empty' } })).status).toBe(201);
    sandbox.resetStats();
    const path = file(`version: 1
projects:
  acme/web/storefront:
    settings:
      merge_method: ff
  acme/web/nope:
    settings:
      merge_method: ff
  acme/webb/*:
    settings:
      merge_method: ff
  acme/web/zz*:
    settings:
      merge_method: ff
  empty/*:
    settings:
      merge_method: ff
groups:
  acme/missing:
    settings:
      description: none
`);
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(4);
    expect(plan.stdout).toBe('');
    expect(plan.stderr).toBe(
      [
        `${path}: group acme/missing does not exist (add create: true to make it)`,
        `${path}: project acme/web/nope does not exist (add create: true to make it)`,
        `${path}: projects: acme/webb/* matches no project (acme/webb does not exist; did you mean acme/web/*?)`,
        `${path}: projects: acme/web/zz* matches no project (acme/web holds none that match)`,
        `error: 4 paths in ${path} name nothing on the service; nothing was sent`,
        'hint: fix or remove them, or pass --allow-missing to plan the rest',
        '',
      ].join('\n'),
    );
    const apply = await collab(['apply', '-f', path, '--yes']);
    expect(apply.exitCode).toBe(4);
    expect(writes()).toEqual([]);

    const one = await collab(['plan', '-f', path, 'acme/web/nope']);
    expect(one.exitCode).toBe(4);
    expect(one.stderr).toBe(
      `error: ${path}: project acme/web/nope does not exist (add create: true to make it); nothing was sent\nhint: fix or remove it, or pass --allow-missing to plan the rest\n`,
    );

    const allowed = await collab(['plan', '-f', path, '--allow-missing']);
    expect(allowed.exitCode).toBe(8);
    expect(allowed.stderr).toContain('warning: project acme/web/nope does not exist (add create: true to make it)\n');
    expect(allowed.stderr).toContain(
      'warning: projects: acme/webb/* matches no project (acme/webb does not exist; did you mean acme/web/*?)\n',
    );
    expect(allowed.stderr).toMatch(/1 change on 1 target \(1 to change\); \d+ requests read 3 targets/);
  });
});
