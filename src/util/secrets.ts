/** Shows that a token is there without showing it: `glpat-****`, `****`. */
export function maskToken(token: string | undefined): string {
  if (!token) return '';
  const prefix = /^([a-z]+[-_])/i.exec(token)?.[1] ?? '';
  return `${prefix}****`;
}

/**
 * `https://user:secret@host/x.git` -> `https://user:****@host/x.git`, wherever an import URL is shown.
 * A user part alone is often a token itself (`https://<token>@host/x.git`): it is masked whole.
 */
export function maskUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@\s:]*)(:[^/@\s]*)?@/i, (_all, scheme: string, user: string, password: string | undefined) =>
    password === undefined ? `${scheme}****@` : `${scheme}${user}:****@`,
  );
}

/** Fields of service objects that hold secrets: never printed (read them with `collab api` when really wanted). */
const SECRET_FIELDS = ['runners_token'] as const;

/** A copy of a resource with its secret fields replaced by "[redacted]"; the values are returned for stderr redaction. */
export function redactSecretFields<T>(resource: T): { shown: T; secrets: string[] } {
  if (!resource || typeof resource !== 'object' || Array.isArray(resource)) return { shown: resource, secrets: [] };
  const record = resource as Record<string, unknown>;
  const secrets: string[] = [];
  let shown: Record<string, unknown> = record;
  for (const field of SECRET_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value) {
      secrets.push(value);
      shown = { ...shown, [field]: '[redacted]' };
    }
  }
  return { shown: shown as T, secrets };
}
