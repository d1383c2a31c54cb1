import { describe, expect, it } from 'vitest';
import { targetWaves } from '../../src/desired/apply.js';
import type { Change, TargetChanges } from '../../src/desired/model.js';

/** The order apply takes a plan's targets in: pure, from the targets' kinds, paths and changes. */
const target = (kind: 'group' | 'project', path: string, section = 'settings'): TargetChanges => ({
  kind,
  path,
  changes: [
    {
      id: `${kind}:${path} ${section}`,
      address: { kind, path, section, key: '' },
      action: section === 'create' ? 'create' : 'update',
      before: null,
      after: null,
      live: {},
      destructive: false,
      request: { op: 'create', body: {}, kind, ref: path, path } as unknown as Change['request'],
      sends: '',
    },
  ],
});
const paths = (waves: TargetChanges[][]) => waves.map((wave) => wave.map((t) => `${t.kind} ${t.path}`));

describe('apply order', () => {
  it('applies the groups that exist before the projects that exist, each wave at once', () => {
    const work = [target('project', 'acme/web/app'), target('group', 'acme/web'), target('project', 'acme/api')];
    expect(paths(targetWaves(work, () => false))).toEqual([
      ['group acme/web'],
      ['project acme/web/app', 'project acme/api'],
    ]);
  });

  it('makes new targets first, parents before children, then the groups and projects that exist', () => {
    const work = [
      target('project', 'acme/new/app', 'create'),
      target('group', 'acme/new', 'create'),
      target('project', 'acme/old'),
      target('group', 'acme'),
    ];
    expect(paths(targetWaves(work, () => false))).toEqual([
      ['group acme/new'],
      ['project acme/new/app'],
      ['group acme'],
      ['project acme/old'],
    ]);
  });

  it('takes a target whose creation the journal has done as one that exists', () => {
    const work = [target('group', 'acme/new', 'create'), target('group', 'acme')];
    expect(paths(targetWaves(work, () => false))).toEqual([['group acme/new'], ['group acme']]);
    expect(paths(targetWaves(work, (id) => id === 'group:acme/new create'))).toEqual([
      ['group acme/new', 'group acme'],
    ]);
  });
});
