import type { Dispatcher } from 'undici';

/** Response headers as undici gives them: a name may carry several values. */
type RawHeaders = Dispatcher.ResponseData['headers'];

/**
 * Headers whose values are credentials: never shown on the verbose log, never sent on to another
 * origin. GitLab signs a request in by PRIVATE-TOKEN, JOB-TOKEN and DEPLOY-TOKEN as well as by
 * Authorization (lib/gitlab/auth/auth_finders.rb, PRIVATE_TOKEN_HEADER, JOB_TOKEN_HEADER,
 * DEPLOY_TOKEN_HEADER; X-Gitlab-Static-Object-Token for archives and raw files).
 */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'private-token',
  'authorization',
  'job-token',
  'deploy-token',
  'x-gitlab-static-object-token',
  'cookie',
  'proxy-authorization',
]);

/** One header's value; several (a repeated header) joined as HTTP joins them. */
export function stringHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Every header once, by lower-case name. */
export function flattenHeaders(headers: RawHeaders): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = stringHeader(value);
  return out;
}

/** A decimal header (x-total, x-next-page...); undefined when absent, empty (the last page's x-next-page) or not a number. */
export function numberHeader(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** `<https://h/api/v4/projects?page=2>; rel="next", <...>; rel="last"` -> { next: ..., last: ... } */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match) continue;
    const rel = /rel="?([^";]+)"?/.exec(match[2] ?? '')?.[1];
    if (rel && match[1]) for (const name of rel.split(/\s+/)) links[name] = match[1];
  }
  return links;
}
