import { describe, expect, it } from 'vitest';
import { urlScope } from '../../src/http/url.js';

/** Where the token may go from an API root: below it, and GitLab's GraphQL endpoint beside it. */
describe('urlScope', () => {
  it('/api/graphql beside /api/v4 is the API (under a sub-path too); /api/graphql/x and /graphql are not', () => {
    expect(urlScope('https://h/api/graphql', 'https://h/api/v4')).toBe('api');
    expect(urlScope('https://h/gitlab/api/graphql', 'https://h/gitlab/api/v4')).toBe('api');
    expect(urlScope('https://h/api/graphql/x', 'https://h/api/v4')).toBe('outside');
    expect(urlScope('https://h/graphql', 'https://h/api/v4')).toBe('outside');
    expect(urlScope('https://other/api/graphql', 'https://h/api/v4')).toBe('foreign');
  });
});
