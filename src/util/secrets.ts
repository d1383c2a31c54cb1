import { grapeBoolean } from '../params/grape-boolean.js';

/** Shows that a token is there without showing it: `glpat-****`, `****`. */
export function maskToken(token: string | undefined): string {
  if (!token) return '';
  const prefix = /^([a-z]+[-_])/i.exec(token)?.[1] ?? '';
  return `${prefix}****`;
}

/**
 * `scheme://user:password@` or `scheme://user@` anywhere in a text (a URL alone, or one inside a
 * message). A scheme is short: bounded, a long dotted word (`a.a.a…@`, which the service may send)
 * costs one look at each start, not a scan to its end from each (minutes for 200,000 characters).
 */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)([^/@\s:"'<>]*)(:[^/@\s"'<>]*)?@/gi;

/**
 * `user:password@host` with no scheme (`--host robot:pw@gitlab.example.com`): URL reads `robot:`
 * as the scheme, and URL_CREDENTIALS, which looks for `//`, finds nothing. Only at a word's start
 * (or after `=` or a quote) and only with a password: an address (`dana@example.com`) or an SSH
 * remote (`git@host:x.git`) has none. Bounded as URL_CREDENTIALS is, for the same long words.
 */
const BARE_CREDENTIALS = /(^|[\s"'`(<=,;])([^/@\s:"'`<>]{1,64}):([^/@\s"'`<>]{0,1024})@/g;

/**
 * Credentials that are collab.yaml's templates (`${env:NAME}`, `user:${file:path}`, as a plan keeps
 * a secret): names of where a secret is, not the secret, and masked they would read as a broken
 * template (`${env:****@`).
 */
const TEMPLATED_USERINFO = /^(?:[^:${}]*:|\$\{(?:env|file):[^}]*\}:)?\$\{(?:env|file):[^}]*\}$/;

/**
 * `https://user:secret@host/x.git` -> `https://user:****@host/x.git`, in a URL or in a text holding
 * URLs (an import error quoting the URL). A user part alone is often a token itself
 * (`https://<token>@host/x.git`): it is masked whole, but for `git`, the user SSH remotes sign in
 * as, which GitLab itself shows (RemoteMirror#safe_url). Without a scheme, `user:secret@host`
 * reads `user:****@host`.
 */
export function maskUrlCredentials(text: string): string {
  if (!text.includes('@')) return text;
  return text
    .replace(URL_CREDENTIALS, (all, scheme: string, user: string, password: string | undefined) =>
      TEMPLATED_USERINFO.test(`${user}${password ?? ''}`)
        ? all
        : password === undefined
          ? user === 'git'
            ? all
            : `${scheme}****@`
          : `${scheme}${user}:****@`,
    )
    .replace(BARE_CREDENTIALS, (_all, before: string, user: string) => `${before}${user}:****@`);
}

/**
 * Fields of service objects that hold secrets: never shown in a human view (the table, on a
 * terminal or piped); json, ndjson and csv carry them, since the user asked for the data.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['runners_token']);

/** Whether the last key of a dot path names a secret (`runners_token`, `x.runners_token`). */
export function isSecretField(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return SECRET_FIELDS.has(dot < 0 ? path : path.slice(dot + 1));
}

/**
 * Whether a key a user sends (`collab api -f token=...`) names a secret, for --dry-run to redact:
 * token, password, secret, private_token, and any *_token, *_password or *_secret; and the keys
 * integrations take as secrets by other names (doc/api/project_integrations.md, gitlabhq/gitlabhq
 * ba00d505: Asana's and Datadog's api_key, Apple App Store's app_store_private_key, Google Play's
 * service_account_key). Not every *_key: Bamboo's build_key is a plan's name.
 */
export function looksSecret(key: string): boolean {
  return /(^|_)(token|password|secret|api_key|private_key|service_account_key)$/i.test(key);
}

/**
 * The keys of a body collab sends whose values are secrets: those looksSecret names, and `value`
 * where the same body marks it masked or hidden: a CI/CD variable's (`masked`,
 * `masked_and_hidden`: doc/api/project_level_variables.md, group_level_variables.md; `hidden` as
 * the answer names it), given true as Grape reads a Boolean (`-f masked=true`, `yes`, `1`...).
 * The rule for `collab api`'s --dry-run, --verbose and errors alike, and for collab.yaml's
 * variables (src/desired/load.ts).
 */
export function secretKeysOf(body: Readonly<Record<string, unknown>>): string[] {
  const keys = Object.keys(body).filter(looksSecret);
  if ('value' in body && MASKING_KEYS.some((key) => grapeBoolean(body[key]) === true)) keys.push('value');
  return keys;
}

const MASKING_KEYS = ['masked', 'masked_and_hidden', 'hidden'] as const;

/** The values of a resource's secret fields, to register for redaction on stderr. */
export function secretValues(resource: unknown): string[] {
  if (!resource || typeof resource !== 'object' || Array.isArray(resource)) return [];
  const record = resource as Record<string, unknown>;
  const secrets: string[] = [];
  for (const field of SECRET_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value) secrets.push(value);
  }
  return secrets;
}
