/**
 * A tagged template that URL-encodes every interpolated path value, so `grp/sub/app` becomes
 * `grp%2Fsub%2Fapp` and numeric IDs stay as they are:
 *   apiPath`/projects/${project}/hooks/${hookId}`
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += encodeURIComponent(String(values[i])) + (strings[i + 1] ?? '');
  }
  return out;
}
