import { describe, expect, it } from 'vitest';
import { sameSetting } from '../../src/desired/sections/settings.js';
import { GROUP_SETTINGS } from '../../src/params/groups.js';
import { PROJECT_SETTINGS } from '../../src/params/projects.js';

/** How collab.yaml's settings compare with the service's: an array as a set only where its table says so. */
describe('settings compared', () => {
  it('the array settings whose order GitLab does not keep, topics and tag_list, are marked unordered', () => {
    const arrays = [...PROJECT_SETTINGS, ...GROUP_SETTINGS].filter((p) => p.type.endsWith('-array'));
    expect(arrays.map((p) => [p.name, p.unordered === true])).toEqual([
      ['tag_list', true],
      ['topics', true],
    ]);
  });

  it('topics in another order are the same setting', () => {
    expect(sameSetting('topics', ['web', 'shop'], ['shop', 'web'])).toBe(true);
    expect(sameSetting('topics', ['web', 'shop'], ['shop'])).toBe(false);
  });

  it('an array not marked unordered in another order is a different value', () => {
    expect(sameSetting('not_a_set', ['first', 'second'], ['second', 'first'])).toBe(false);
    expect(sameSetting('not_a_set', ['first', 'second'], ['first', 'second'])).toBe(true);
  });
});
