import { describe, expect, it } from 'vitest';
import { factorShared, hoist } from '../../src/desired/factor.js';

/** An exported file as a person writes it: what the targets below a group share, once in the group's level. */
describe('hoist', () => {
  it('takes what every level has alike: a map key by key, a list whole; exceptions stay', () => {
    const hook = [{ url: 'https://h.example' }];
    const levels = [
      { settings: { merge_method: 'ff', visibility: 'internal' }, hooks: hook },
      { settings: { merge_method: 'ff' }, hooks: hook },
      { settings: { merge_method: 'ff', description: 'x' }, hooks: [{ url: 'https://other.example' }] },
    ];
    expect(hoist(levels)).toEqual({ settings: { merge_method: 'ff' } });
    expect(levels).toEqual([
      { settings: { visibility: 'internal' }, hooks: hook },
      { hooks: hook },
      { settings: { description: 'x' }, hooks: [{ url: 'https://other.example' }] },
    ]);
    expect(hoist([{ archived: true }])).toEqual({});
  });
});

describe('factorShared', () => {
  it('outer groups first: a subgroup says only what its enclosing group did not; roots keep projects: and subgroups:', () => {
    const levels = new Map([
      ['project:acme/a', { settings: { merge_method: 'ff', squash_option: 'always' } }],
      ['project:acme/web/b', { settings: { merge_method: 'ff', squash_option: 'never' } }],
      ['project:acme/web/c', { settings: { merge_method: 'ff', squash_option: 'never' } }],
      ['group:acme', { settings: { description: 'Acme' } }],
      ['group:acme/web', {}],
    ]);
    expect(factorShared(levels, ['acme'], [], ['acme', 'acme/web'], ['acme/a', 'acme/web/b', 'acme/web/c'])).toEqual({
      version: 1,
      groups: {
        acme: { settings: { description: 'Acme' }, projects: { settings: { merge_method: 'ff' } }, subgroups: {} },
        'acme/web': { projects: { settings: { squash_option: 'never' } } },
      },
      projects: { 'acme/a': { settings: { squash_option: 'always' } } },
    });
  });
});
