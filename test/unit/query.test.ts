import { describe, expect, it } from 'vitest';
import { apiPath } from '../../src/http/path.js';
import { encodeQuery, withQuery } from '../../src/http/query.js';
import { hostKey } from '../../src/config/store.js';
import { apiBaseUrl, isLoopbackHost } from '../../src/http/url.js';

describe('encodeQuery', () => {
  it('encodes scalars, skips undefined and null', () => {
    expect(encodeQuery({ a: 1, b: 'x y', c: true, d: false, e: undefined, f: null })).toBe(
      'a=1&b=x%20y&c=true&d=false',
    );
  });

  it('encodes arrays as key[]= and hashes as key[sub]=, brackets literal', () => {
    expect(encodeQuery({ skip_groups: [1, 2], custom_attributes: { team: 'a&b', none: undefined } })).toBe(
      'skip_groups[]=1&skip_groups[]=2&custom_attributes[team]=a%26b',
    );
  });

  it('encodes characters that would change the query', () => {
    expect(encodeQuery({ search: 'a&b=c#d?e+f/g%h' })).toBe('search=a%26b%3Dc%23d%3Fe%2Bf%2Fg%25h');
    expect(encodeQuery({ 'we ird': '✓' })).toBe('we%20ird=%E2%9C%93');
  });

  it('gives an empty string for nothing', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery({ a: [] })).toBe('');
  });
});

describe('withQuery', () => {
  it('appends with ? or &', () => {
    expect(withQuery('/projects', { page: 2 })).toBe('/projects?page=2');
    expect(withQuery('https://h/api/v4/projects?order_by=id', { page: 2 })).toBe(
      'https://h/api/v4/projects?order_by=id&page=2',
    );
    expect(withQuery('/projects', {})).toBe('/projects');
  });
});

describe('apiPath', () => {
  it('encodes every value as one path segment', () => {
    expect(apiPath`/projects/${'grp/sub/app'}/hooks/${5}`).toBe('/projects/grp%2Fsub%2Fapp/hooks/5');
    expect(apiPath`/projects/${'../../users'}`).toBe('/projects/..%2F..%2Fusers');
    expect(apiPath`/groups/${'a b?c#d'}`).toBe('/groups/a%20b%3Fc%23d');
  });

  it('refuses a value that is . or .., which the URL would read as the path itself or its parent', () => {
    for (const name of ['.', '..'])
      expect(() => apiPath`/projects/${49}/labels/${name}`).toThrow(expect.objectContaining({ kind: 'usage' }));
    expect(apiPath`/projects/${49}/labels/${'...'}`).toBe('/projects/49/labels/...');
  });
});

describe('apiBaseUrl and isLoopbackHost', () => {
  it('appends /api/v4 to a host, below its path, unless the path ends with it', () => {
    expect(apiBaseUrl('https://gitlab.example.com')).toBe('https://gitlab.example.com/api/v4');
    expect(apiBaseUrl('https://gitlab.example.com/')).toBe('https://gitlab.example.com/api/v4');
    expect(apiBaseUrl('https://example.com/gitlab/api/v4/')).toBe('https://example.com/gitlab/api/v4');
    expect(apiBaseUrl('https://example.com/api/v4')).toBe('https://example.com/api/v4');
    // A service under a sub-path: its API is below that path.
    expect(apiBaseUrl('https://example.com/gitlab')).toBe('https://example.com/gitlab/api/v4');
    expect(apiBaseUrl('https://example.com/tools/gitlab/')).toBe('https://example.com/tools/gitlab/api/v4');
  });

  it('keys a host under a sub-path the same whether given with /api/v4 or without', () => {
    expect(hostKey('https://example.com/gitlab')).toBe('https://example.com/gitlab');
    expect(hostKey('https://example.com/gitlab/api/v4/')).toBe('https://example.com/gitlab');
    expect(hostKey('https://example.com/api/v4')).toBe('https://example.com');
  });

  it('refuses other schemes, garbage and credentials, without echoing a password', () => {
    expect(() => apiBaseUrl('ftp://x')).toThrow(/only http and https/);
    expect(() => apiBaseUrl('not a url')).toThrow(/invalid host "not a url"/);
    expect(() => apiBaseUrl('https://user:hunter2@h.example')).toThrow(/must not carry credentials/);
    let message = '';
    try {
      apiBaseUrl('https://user:hunter2@ bad host');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/invalid host/);
    expect(message).not.toContain('hunter2');
  });

  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.255.255.1', 'example.com', '128.0.0.1', 'localhost.example.com', '0.0.0.0'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
