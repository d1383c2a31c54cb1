import { describe, expect, it } from 'vitest';
import { factorShared, hoist, naturalCompare } from '../../src/desired/factor.js';
import type { Level } from '../../src/desired/load.js';

/** An exported file as a person writes it: what most targets below a group share, once in the group's level. */
const members = (levels: Level[], fill: (section: string, key: string | undefined) => unknown = () => undefined) =>
  levels.map((level) => ({ level, fill }));

describe('hoist', () => {
  it('takes what most levels hold: a map key by key, a list whole; the one that holds another keeps it', () => {
    const hook = [{ url: 'https://h.example' }];
    const levels = [
      { settings: { merge_method: 'ff', visibility: 'internal' }, hooks: hook },
      { settings: { merge_method: 'ff' }, hooks: hook },
      { settings: { merge_method: 'ff', description: 'x' }, hooks: [{ url: 'https://other.example' }] },
    ];
    expect(hoist(members(levels))).toEqual({ settings: { merge_method: 'ff' }, hooks: hook });
    expect(levels).toEqual([
      { settings: { visibility: 'internal' } },
      {},
      { settings: { description: 'x' }, hooks: [{ url: 'https://other.example' }] },
    ]);
    expect(hoist(members([{ archived: true }]))).toEqual({});
  });

  it('11 of 12 holding a value: written once, the twelfth says what it has', () => {
    const levels: Level[] = Array.from({ length: 12 }, (_, i) => (i === 4 ? {} : { settings: { merge_method: 'ff' } }));
    const shared = hoist(
      members(levels, (section, key) => (section === 'settings' && key === 'merge_method' ? 'merge' : undefined)),
    );
    expect(shared).toEqual({ settings: { merge_method: 'ff' } });
    expect(levels.filter((level) => Object.keys(level).length > 0)).toEqual([{ settings: { merge_method: 'merge' } }]);
  });

  it('6 of 12 holding a value: not hoisted, each keeps its own', () => {
    const levels: Level[] = Array.from({ length: 12 }, (_, i) => (i % 2 ? {} : { settings: { merge_method: 'ff' } }));
    expect(hoist(members(levels, () => 'merge'))).toEqual({});
    expect(levels.filter((level) => Object.keys(level).length > 0)).toHaveLength(6);
  });

  it('a key the others cannot say (no push rule to say it of) stays with each target', () => {
    const levels: Level[] = [{ push_rule: { prevent_secrets: true } }, { push_rule: { prevent_secrets: true } }, {}];
    expect(hoist(members(levels))).toEqual({});
    expect(levels).toEqual([{ push_rule: { prevent_secrets: true } }, { push_rule: { prevent_secrets: true } }, {}]);
  });

  it('a list most hold, in any order: written once; one with none says []', () => {
    const bug = { name: 'bug', color: '#d9534f' };
    const docs = { name: 'docs', color: '#5cb85c' };
    const levels: Level[] = [{ labels: [bug, docs] }, { labels: [docs, bug] }, {}];
    expect(hoist(members(levels))).toEqual({ labels: [bug, docs] });
    expect(levels).toEqual([{}, {}, { labels: [] }]);
  });
});

describe('factorShared', () => {
  it('outer groups first: a subgroup says only what its enclosing group did not; nothing empty is written', () => {
    const levels = new Map<string, Level>([
      ['project:acme/a', { settings: { merge_method: 'ff', squash_option: 'always' } }],
      ['project:acme/web/b', { settings: { merge_method: 'ff', squash_option: 'never' } }],
      ['project:acme/web/c', { settings: { merge_method: 'ff', squash_option: 'never' } }],
      ['group:acme', { settings: { description: 'Acme' } }],
      ['group:acme/web', {}],
    ]);
    expect(factorShared(levels, ['acme', 'acme/web'], ['acme/a', 'acme/web/b', 'acme/web/c'])).toEqual({
      version: 1,
      groups: {
        acme: {
          settings: { description: 'Acme' },
          projects: { settings: { merge_method: 'ff', squash_option: 'never' } },
        },
      },
      projects: { 'acme/a': { settings: { squash_option: 'always' } } },
    });
  });

  it('paths in natural order: p2 before p10', () => {
    const paths = ['g/p10', 'g/p2', 'g/p1', 'g/p02'];
    const levels = new Map<string, Level>(
      paths.map((path, i) => [`project:${path}`, { settings: { description: `d${i}` } }]),
    );
    expect(Object.keys(factorShared(levels, [], paths).projects as object)).toEqual(['g/p1', 'g/p2', 'g/p02', 'g/p10']);
    expect(['b10', 'a', 'b9', 'b'].sort(naturalCompare)).toEqual(['a', 'b', 'b9', 'b10']);
  });
});
