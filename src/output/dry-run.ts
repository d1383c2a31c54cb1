import type { ApiRequest } from '../http/api-request.js';
import { maskUrlCredentials } from '../util/secrets.js';

/** A request as --dry-run shows it. */
export interface RequestDescription {
  method: string;
  url: string;
  json?: unknown;
  /** A multipart form's fields; files as `<file name>`. */
  form?: Record<string, string>;
}

/**
 * What a request would send, for --dry-run: its URL, and its body with the named keys redacted
 * and files named. A person reads this: credentials in URLs (a hook's, an import's) are masked
 * like everywhere else, and `hide` (the run's Terminal.redact) takes out every secret the run
 * registered, which no key names (a token in a mirror URL's query).
 */
export async function describeRequest(
  host: string,
  req: ApiRequest,
  redact: readonly string[] = [],
  hide: (text: string) => string = maskUrlCredentials,
): Promise<RequestDescription> {
  const { HttpClient: Client } = await import('../http/client.js');
  // Only to resolve the URL; the token is never needed to describe a request.
  const query = req.query && redact.length > 0 ? (redactFields(req.query, redact) as typeof req.query) : req.query;
  const described: RequestDescription = {
    method: req.method,
    url: hide(new Client({ baseUrl: host }).resolve(req.path, query)),
  };
  if (req.json !== undefined)
    described.json = hidden(JSON.parse(JSON.stringify(redactFields(req.json, redact)) ?? 'null'), hide);
  if (req.form) {
    described.form = {};
    for (const [key, value] of (await req.form).entries()) {
      described.form[key] =
        typeof value === 'string'
          ? redact.includes(key)
            ? '[redacted]'
            : hide(value)
          : `<file ${(value as { name?: string }).name ?? ''}>`;
    }
  }
  return described;
}

/** Every string of a JSON value through `hide`, keys as they are. */
function hidden(value: unknown, hide: (text: string) => string): unknown {
  if (typeof value === 'string') return hide(value);
  if (Array.isArray(value)) return value.map((item) => hidden(item, hide));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, hidden(inner, hide)]));
  return value;
}

/** The text --dry-run prints on stdout for a request. */
export function dryRunText(request: RequestDescription): string {
  let text = `${request.method} ${request.url}\n`;
  if (request.json !== undefined) text += `${JSON.stringify(request.json, null, 2)}\n`;
  for (const [key, value] of Object.entries(request.form ?? {})) text += `${key}: ${value}\n`;
  return text;
}

function redactFields(value: unknown, keys: readonly string[]): unknown {
  if (keys.length === 0 || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of keys) if (key in out) out[key] = '[redacted]';
  return out;
}
