import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * collab export writes what most projects below a group share once, in the group's projects:
 * level, with the exceptions per project; and the plan of it, with no environment set, is clean.
 */
const world = useDesiredWorlds();
const EXAMPLE = fileURLToPath(new URL('../../examples/collab.yaml', import.meta.url));

/** Group g and its projects p1..p12, each as `project(n)` says (its level in collab.yaml, as YAML flow). */
const twelve = (project: (n: number) => string) =>
  [
    'version: 1',
    'groups:',
    '  g: { create: true }',
    'projects:',
    ...Array.from({ length: 12 }, (_, i) => `  g/p${i + 1}: { create: true, ${project(i + 1)} }`),
    '',
  ].join('\n');

async function exported(w: Awaited<ReturnType<typeof world>>, roots: string[]) {
  const out = await w.collab(['export', ...roots]);
  expect(out.exitCode).toBe(0);
  const planned = await w.collab(['plan', '-f', w.file(out.stdout, 'exported.yaml')]);
  expect(planned.stderr).toMatch(/^no changes; /);
  expect(planned.exitCode).toBe(0);
  return { text: out.stdout, data: parse(out.stdout) };
}

describe('collab export: shared values by majority', () => {
  it('11 of 12 projects with a value: written once in the group, the twelfth its exception; a label on all once', async () => {
    const w = await world();
    const policy = twelve(
      (n) =>
        `${n === 5 ? '' : 'settings: { merge_method: ff }, '}labels: [{ name: security, color: "#ff0000" }${n === 7 ? ', { name: urgent, color: "#00ff00" }' : ''}]`,
    );
    expect((await w.collab(['apply', '-f', w.file(policy), '--yes', '--journal', join(w.dir, 'j')])).exitCode).toBe(0);
    const { data } = await exported(w, ['g']);
    expect(data.groups.g.projects).toEqual({
      settings: { merge_method: 'ff' },
      labels: [{ name: 'security', color: '#ff0000' }],
    });
    // A project's list replaces its group's (targets.ts): the one with another label lists both.
    expect(data.projects).toEqual({
      'g/p5': { settings: { merge_method: 'merge' } },
      'g/p7': {
        labels: [
          { name: 'security', color: '#ff0000' },
          { name: 'urgent', color: '#00ff00' },
        ],
      },
    });
  });

  it('6 of 12: not hoisted, each written with its project, in natural order; no empty block', async () => {
    const w = await world();
    const policy = twelve((n) => (n % 2 === 0 ? 'settings: { merge_method: ff }' : 'settings: {}'));
    expect((await w.collab(['apply', '-f', w.file(policy), '--yes', '--journal', join(w.dir, 'j')])).exitCode).toBe(0);
    const { text, data } = await exported(w, ['g']);
    // The group says only who its members are (its creator): no empty projects: block.
    expect(data.groups).toEqual({ g: { members: [{ username: 'root', access_level: 'owner' }] } });
    expect(Object.keys(data.projects)).toEqual(['g/p2', 'g/p4', 'g/p6', 'g/p8', 'g/p10', 'g/p12']);
    for (const path of Object.keys(data.projects))
      expect(data.projects[path]).toEqual({ settings: { merge_method: 'ff' } });
    expect(text).not.toMatch(/\{\}|\[\]/);
  });

  it('examples/collab.yaml applied, then one project changed: only its exception is new, and the plan is clean', async () => {
    const w = await world();
    const applied = await w.collab(['apply', '-f', EXAMPLE, '--yes', '--journal', join(w.dir, 'j')], {
      env: { CI_HOOK_TOKEN: 'ci-token-abcdef' },
    });
    expect(applied.exitCode).toBe(0);
    const before = await exported(w, ['acme']);
    const project = 'acme/web/design-system';
    expect(before.data.projects[project].settings.merge_method).toBeUndefined();
    await w.call('PUT', `/projects/${encodeURIComponent(project)}`, { json: { merge_method: 'rebase_merge' } });
    const after = await exported(w, ['acme']);
    const expected = structuredClone(before.data);
    expected.projects[project].settings.merge_method = 'rebase_merge';
    expect(after.data).toEqual(expected);
  });
});
