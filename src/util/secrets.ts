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
