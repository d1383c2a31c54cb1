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
/** A target whose settings change its visibility. */
const visibility = (kind: 'group' | 'project', path: string, before: string, after: string): TargetChanges => {
  const base = target(kind, path);
  const change = base.changes[0] as Change;
  return {
    ...base,
    changes: [
      {
        ...change,
        id: `${kind}:${path} settings visibility`,
        address: { ...change.address, key: 'visibility' },
        before,
        after,
      },
    ],
  };
};
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

  it('makes a group less visible after the projects and subgroups below it, the deepest first', () => {
    const work = [
      visibility('group', 'acme', 'public', 'private'),
      visibility('group', 'acme/web', 'public', 'private'),
      visibility('project', 'acme/web/app', 'public', 'private'),
      target('group', 'globex'),
    ];
    expect(paths(targetWaves(work, () => false))).toEqual([
      ['group globex'],
      ['project acme/web/app'],
      ['group acme/web'],
      ['group acme'],
    ]);
  });

  it('makes groups more visible parents first, then the projects below them', () => {
    const work = [
      visibility('project', 'acme/web/app', 'private', 'public'),
      visibility('group', 'acme/web', 'private', 'public'),
      visibility('group', 'acme', 'private', 'public'),
    ];
    expect(paths(targetWaves(work, () => false))).toEqual([
      ['group acme'],
      ['group acme/web'],
      ['project acme/web/app'],
    ]);
  });

  it('makes a group more visible before the targets made below it; a change the journal has done counts for nothing', () => {
    const work = [target('project', 'acme/web/new', 'create'), visibility('group', 'acme/web', 'private', 'public')];
    expect(paths(targetWaves(work, () => false))).toEqual([['group acme/web'], ['project acme/web/new']]);
    expect(paths(targetWaves(work, (id) => id === 'group:acme/web settings visibility'))).toEqual([
      ['project acme/web/new'],
      ['group acme/web'],
    ]);
  });
});
