import { CollabError } from '../errors.js';

/**
 * A tagged template that URL-encodes every interpolated path value, so `grp/sub/app` becomes
 * `grp%2Fsub%2Fapp` and numeric IDs stay as they are:
 *   apiPath`/projects/${project}/hooks/${hookId}`
 * A value that is `.` or `..` is refused: encoding leaves dots alone (and URL parsing reads `%2E%2E`
 * as `..` too), so the segment would name the path above it, and `labels delete ..` on project 49
 * would be DELETE /projects/49: the project, not a label. Whether the name came from argv or from
 * the service (a protected branch `apply` removes), the request is never sent.
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    const value = String(values[i]);
    if (value === '.' || value === '..')
      throw new CollabError(
        'usage',
        `"${value}" cannot be named in a request's path: the URL would lead to what is above it`,
      );
    out += encodeURIComponent(value) + (strings[i + 1] ?? '');
  }
  return out;
}
