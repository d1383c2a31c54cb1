import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_PATH_RULE } from '../../src/params/groups.js';
import { pathFromName } from '../../src/params/paths.js';
import { PROJECT_PATH_RULE } from '../../src/params/projects.js';
import { problemOf } from '../../src/params/rules.js';

/**
 * One rule makes a path from a name, for groups and projects. The two copies it replaces
 * disagreed: the projects one turned dots into dashes (paths accept dots), the groups one turned
 * accented letters into dashes and kept runs of special characters (refused since GitLab 14.9).
 */
describe('pathFromName', () => {
  it.each([
    ['Data Science!', 'data-science'],
    ['Billing API', 'billing-api'],
    ['Release 2.0', 'release-2.0'],
    ['my_app', 'my_app'],
    ['Café Ünïcode', 'cafe-unicode'],
    ['a..b', 'a.b'],
    ['v1. 2', 'v1-2'],
    ['--web--', 'web'],
    ['Foo.git', 'foo-git'],
    ['feed.atom', 'feed-atom'],
    ['!!!', ''],
  ])('%s -> %s', (name, path) => {
    expect(pathFromName(name)).toBe(path);
  });

  it('makes a path both a project and a group accept, or none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const path = pathFromName(name);
        if (path === '') return;
        expect(problemOf(PROJECT_PATH_RULE, path)).toBeUndefined();
        expect(problemOf(GROUP_PATH_RULE, path)).toBeUndefined();
      }),
    );
  });
});
