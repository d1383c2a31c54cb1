import { CollabError } from '../errors.js';
import { maskUrlCredentials } from '../util/secrets.js';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The API root of a host: `https://host` -> `https://host/api/v4`. A service under a sub-path has
 * its API below that path, as GitLab installed with a relative URL root does:
 * `https://example.com/gitlab` -> `https://example.com/gitlab/api/v4`. A URL that already ends
 * with /api/v4 is taken as it is. (hostKey, src/config/store.ts, is this without the /api/v4.)
 */
export function apiBaseUrl(host: string): string {
  if (/^[\w.-]+(:\d+)?(\/\S*)?$/.test(host.trim()) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(host.trim())) {
    // `127.0.0.1:34505` or `gitlab.example.com`: URL would read the first as scheme "127.0.0.1:"
    // or refuse it; which scheme is meant is the user's to say, not collab's to guess.
    const bare = host.trim().replace(/^\/+/, '');
    const hostname = bare.split(/[/:]/)[0] ?? '';
    const shown = maskUrlCredentials(bare);
    const loopback = isLoopbackHost(hostname) ? ` (or http://${shown} for a service on this machine)` : '';
    throw new CollabError('usage', `invalid host "${shown}": give the URL with its scheme`, {
      hint: `--host https://${shown}${loopback}`,
    });
  }
  // `robot:pw@gitlab.example.com`: URL would read `robot:` as a scheme and the rest as a path, and
  // the message would quote the password as the scheme's text.
  if (/^[^/@\s]*@/.test(host.trim()) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(host.trim())) throw credentialsInHost();
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new CollabError(
      'usage',
      `invalid host "${maskUrlCredentials(host)}": expected a URL such as https://gitlab.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CollabError(
      'usage',
      `invalid host "${maskUrlCredentials(host)}": only http and https URLs are supported`,
    );
  }
  if (url.username || url.password) throw credentialsInHost();
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${/\/api\/v4$/.test(path) ? path : `${path}/api/v4`}`;
}

function credentialsInHost(): CollabError {
  return new CollabError('usage', 'the host URL must not carry credentials: use `collab auth login` or COLLAB_TOKEN');
}

/** GitLab's GraphQL endpoint: the API root's sibling (/api/graphql beside /api/v4), the same token's. */
export function graphqlUrl(baseUrl: string): string {
  return baseUrl.replace(/\/v4\/?$/, '/graphql');
}

/**
 * Where a URL leads from an API root: below it or to its GraphQL endpoint (`api`), elsewhere on the same host (`outside`: a
 * path that climbs out, `collab api ../../users`), or to another origin (`foreign`: a link from a
 * misconfigured proxy).
 */
export function urlScope(url: string | URL, baseUrl: string): 'api' | 'outside' | 'foreign' {
  const target = new URL(url);
  const base = new URL(baseUrl);
  if (target.origin !== base.origin) return 'foreign';
  if (target.pathname === new URL(graphqlUrl(baseUrl)).pathname) return 'api';
  return target.pathname === base.pathname || target.pathname.startsWith(`${base.pathname}/`) ? 'api' : 'outside';
}
