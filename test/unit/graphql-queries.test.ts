import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { accessQueries } from '../../src/commands/access-report/graphql.js';
import { everyQuery } from '../../src/desired/graphql.js';
import { GRAPHQL_LIMITS, gitlabSchema, queryComplexity } from '../../src/graphql/complexity.js';

/**
 * Every query the desired state's GraphQL read can send (src/desired/graphql.ts: each set of
 * sections a batch may ask for, of projects and of a group, and each follow-up page) is valid
 * against the committed part of GitLab's schema and within GitLab's limits (doc/api/graphql/_index.md,
 * Limits): a complexity of at most 250 for an authenticated caller, 10,000 characters.
 */
const queries = everyQuery();

describe('the GraphQL queries of the desired state', () => {
  it('are every set of the sections a batch may ask for, of projects and groups, and each page query', () => {
    // Projects: 31 sets of variables, labels, members, protected_branches, job_token_scope, and 3 page
    // queries (the job token scope and the protected branches are fields of the project, never paged);
    // groups: 7 and 3.
    expect(queries.length).toBe(31 + 3 + 7 + 3);
  });

  it.each(queries.map((query) => [query.slice(0, 60), query]))('%s… is valid against the schema', (_name, query) => {
    expect(validate(gitlabSchema(), parse(query)).map((error) => error.message)).toEqual([]);
  });

  it('each scores at most 250 and is under 10,000 characters; the largest, of projects with all five, scores 213', () => {
    const scores = queries.map((query) => queryComplexity(parse(query), { paths: [], path: '', after: '' }));
    for (const score of scores) expect(score).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxComplexityAuthenticated);
    for (const query of queries) expect(query.length).toBeLessThan(GRAPHQL_LIMITS.maxQueryCharacters);
    expect(Math.max(...scores)).toBe(213);
  });
});

/** collab access-report's: the projects' direct members with the user's name, state and bot, and its page query. */
describe('the GraphQL queries of collab access-report', () => {
  const access = accessQueries();

  it('are the batch of projects and the members page query', () => {
    expect(access.length).toBe(2);
  });

  it.each(access.map((query) => [query.slice(0, 60), query]))('%s… is valid against the schema', (_name, query) => {
    expect(validate(gitlabSchema(), parse(query)).map((error) => error.message)).toEqual([]);
  });

  it('score 52 (50 projects a batch) and 31 (a page), under 10,000 characters', () => {
    const scores = access.map((query) => queryComplexity(parse(query), { paths: [], path: '', after: '' }));
    for (const score of scores) expect(score).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxComplexityAuthenticated);
    for (const query of access) expect(query.length).toBeLessThan(GRAPHQL_LIMITS.maxQueryCharacters);
    expect(scores).toEqual([52, 31]);
  });
});
