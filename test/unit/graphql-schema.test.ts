import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, gitlabSchema, queryComplexity } from '../../src/graphql/complexity.js';
import { GITLAB_SDL } from '../../src/graphql/schema.js';

/** A group's projects, a page of 100, with every section the desired state reads. */
const GROUP_PROJECTS = `
query GroupProjects($fullPath: ID!, $after: String) {
  group(fullPath: $fullPath) {
    projects(includeSubgroups: true, first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id
        fullPath
        ciVariables(first: 100) {
          pageInfo { hasNextPage endCursor }
          nodes { key value variableType protected masked raw environmentScope hidden description }
        }
        labels(first: 100) {
          pageInfo { hasNextPage endCursor }
          nodes { title color description }
        }
        branchRules(first: 100) {
          pageInfo { hasNextPage endCursor }
          nodes {
            name
            branchProtection {
              allowForcePush
              codeOwnerApprovalRequired
              mergeAccessLevels { nodes { accessLevel user { username } group { id } } }
              pushAccessLevels { nodes { accessLevel user { username } group { id } } }
            }
          }
        }
        projectMembers(relations: [DIRECT], first: 100) {
          pageInfo { hasNextPage endCursor }
          nodes { user { id username } accessLevel { integerValue stringValue } expiresAt }
        }
      }
    }
  }
}`;

describe('the GitLab GraphQL schema subset', () => {
  it('builds with graphql-js', () => {
    expect(buildSchema(GITLAB_SDL).getQueryType()?.name).toBe('Query');
  });

  it('validates the batched group query of the desired state', () => {
    expect(validate(gitlabSchema(), parse(GROUP_PROJECTS)).map((e) => e.message)).toEqual([]);
  });

  it('refuses a field GitLab does not have, in graphql-js words', () => {
    const errors = validate(gitlabSchema(), parse('{ project(fullPath: "a/b") { id colour } }'));
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "colour" on type "Project".']);
  });
});

describe('queryComplexity', () => {
  it('counts a plain field and its selections one each', () => {
    // project 1 + id 1 + fullPath 1
    expect(queryComplexity(parse('{ project(fullPath: "a/b") { id fullPath } }'))).toBe(3);
  });

  it('doubles a connection loading 100 items', () => {
    // labels: (nodes 1 + title 1) + 1 = 3, * (1 + 100 * 1%) = 6; project 1 + 6
    expect(queryComplexity(parse('{ project(fullPath: "a/b") { labels(first: 100) { nodes { title } } } }'))).toBe(7);
  });

  it('takes the page size of 100 when first is not given, and 1% an item below it', () => {
    const page = (first: string) =>
      queryComplexity(parse(`{ project(fullPath: "a/b") { labels${first} { nodes { title } } } }`));
    expect(page('')).toBe(7);
    // 3 + 3 * 10% = 3.3, truncated
    expect(page('(first: 10)')).toBe(4);
  });

  it('adds 1 for sort and 5 for search on a resolved field', () => {
    // projectMembers: 2 + 1 + 1 (sort) + 5 (search) = 9, * 2 = 18; project 1
    expect(
      queryComplexity(
        parse('{ project(fullPath: "a/b") { projectMembers(sort: ACCESS_LEVEL_ASC, search: "x") { nodes { id } } } }'),
      ),
    ).toBe(19);
  });

  it('counts a connection with only pagination arguments as a plain field', () => {
    // pushAccessLevels 1 + nodes (1 + accessLevel 1) = 3; branchProtection 1 + 3; nodes 1 + 4;
    // branchRules: 5 + 1 = 6, * 2 = 12; project 1 + 12
    const doc = parse(
      '{ project(fullPath: "a/b") { branchRules { nodes { branchProtection { pushAccessLevels { nodes { accessLevel } } } } } } }',
    );
    expect(queryComplexity(doc)).toBe(13);
  });

  it('reads first from the variables', () => {
    const doc = parse('query($n: Int) { project(fullPath: "a/b") { labels(first: $n) { nodes { title } } } }');
    expect(queryComplexity(doc, { n: 50 })).toBe(5); // 3 + 1.5 truncated to 4, + 1
  });

  it('scores the batched group query under the authenticated limit', () => {
    // computed by hand at the end of this file
    const score = queryComplexity(parse(GROUP_PROJECTS), { fullPath: 'g' });
    expect(score).toBe(EXPECTED_GROUP_PROJECTS);
    expect(score).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxComplexityAuthenticated);
  });
});

/*
 * GROUP_PROJECTS by hand:
 * pageInfo {hasNextPage endCursor} = 3
 * ciVariables: pageInfo 3 + nodes (1 + 9) = 13, + 1 = 14, * 2 = 28
 * labels: 3 + (1 + 3) = 7, + 1 = 8, * 2 = 16
 * branchRules: 3 + nodes (1 + name 1 + branchProtection (1 + 1 + 1 + merge + push)) where
 *   mergeAccessLevels (a plain field: no resolver): 1 + nodes (1 + accessLevel 1 + user 2 + group 2) = 7;
 *   pushAccessLevels the same 7; branchProtection = 1 + 2 + 14 = 17; nodes = 1 + 1 + 17 = 19;
 *   3 + 19 = 22, + 1 = 23, * 2 = 46
 * projectMembers: 3 + nodes (1 + user 3 + accessLevel 3 + expiresAt 1) = 11, + 1 = 12, * 2 = 24
 * project node: id 1 + fullPath 1 + 28 + 16 + 46 + 24 = 116; nodes 1 + 116 = 117
 * projects: 3 + 117 = 120, + 1 = 121, * 2 = 242; group 1 + 242 = 243
 */
const EXPECTED_GROUP_PROJECTS = 243;
