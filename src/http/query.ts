/**
 * Query encoding the way the service (Rails/Grape) reads it:
 *   arrays   skip_groups[]=1&skip_groups[]=2
 *   hashes   custom_attributes[key]=value
 * Booleans become true/false; undefined and null are left out.
 */
type QueryValue =
  | string
  | number
  | boolean
  | undefined
  | null
  | ReadonlyArray<string | number | boolean>
  | { readonly [key: string]: string | number | boolean | undefined };

export type QueryParams = Readonly<Record<string, QueryValue>>;

function encodeKey(key: string): string {
  // Brackets are kept literal: readable in --verbose output and understood by the service.
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeKey(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else if (typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) {
        if (subValue === undefined) continue;
        parts.push(`${encodeKey(`${key}[${sub}]`)}=${encodeURIComponent(String(subValue))}`);
      }
    } else {
      parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** Appends an encoded query to a path or URL that may already carry one. */
export function withQuery(pathOrUrl: string, params: QueryParams | undefined): string {
  const query = encodeQuery(params);
  if (!query) return pathOrUrl;
  return pathOrUrl + (pathOrUrl.includes('?') ? '&' : '?') + query;
}
