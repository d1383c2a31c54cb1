import { CollabError } from '../errors.js';
import { maskUrlCredentials } from '../util/secrets.js';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `https://host` -> `https://host/api/v4`; a URL with a path is taken as the API root. */
export function apiBaseUrl(host: string): string {
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new CollabError('usage', `invalid host "${maskUrlCredentials(host)}": expected a URL such as https://gitlab.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CollabError('usage', `invalid host "${host}": only http and https URLs are supported`);
  }
  if (url.username || url.password) {
    throw new CollabError('usage', 'the host URL must not carry credentials: use `collab auth login` or COLLAB_TOKEN');
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/api/v4' : path}`;
}
