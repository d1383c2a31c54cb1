import type { HttpMethod } from '../../http/client.js';
import { choiceAnyCase } from '../../params/parsers.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { arg, asText, bool, option } from '../flags.js';
import { verb } from '../verb.js';

const METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The method sent: -X's, else POST when fields or --input give a body (gh api's rule), else GET. */
export function methodOf(options: {
  method?: unknown;
  rawField?: unknown;
  field?: unknown;
  input?: unknown;
}): HttpMethod {
  const given = METHODS.find((method) => method === options.method);
  if (given) return given;
  const fields = [options.rawField, options.field].some((given) => Array.isArray(given) && given.length > 0);
  return fields || options.input !== undefined ? 'POST' : 'GET';
}

export const API = verb({
  ...noun('api'),
  description: `The path is relative to the API root (/api/v4) and is sent as written: encode path values
yourself (projects/grp%2Fapp). Fields go to the query string for GET and HEAD, else to a JSON body.
Retries, rate limits and timeouts follow the same policy as every other command.

The path graphql sends a query to GitLab's GraphQL API (/api/graphql), as gh and glab do: the query
field (-f query=..., or -F query=@file.graphql) and operationName as they are, every other field a
variable. An answer with errors exits 5, the answer printed. --paginate reads page after page: the
query takes $endCursor: String, passes it to a connection's after: and selects pageInfo { hasNextPage
endCursor } there; the answers are printed as one JSON array.`,
  args: { path: arg({ name: 'path', description: 'API path, e.g. projects/42 or /groups?search=ops' }, asText) },
  flags: {
    method: option(
      '-X, --method <method>',
      'HTTP method, in any case (default GET, or POST when fields are given)',
      choiceAnyCase(METHODS),
      { choices: METHODS },
    ),
    rawField: option('-f, --raw-field <key=value>', 'a string field (repeatable)', asText, { repeatable: true }),
    field: option(
      '-F, --field <key=value>',
      'a typed field: numbers, true/false/null, @file or @- for contents (repeatable)',
      asText,
      { repeatable: true },
    ),
    header: option('-H, --header <name:value>', 'an extra request header (repeatable)', asText, { repeatable: true }),
    input: option('--input <file>', 'the request body from a file, or - for standard input', asText),
    paginate: bool('--paginate', 'follow every page and print one JSON array, streamed (GraphQL: by $endCursor)'),
    include: bool('-i, --include', 'print the status line and response headers before the body'),
  },
  mutating: true,
  reads: (options) => ['GET', 'HEAD'].includes(methodOf(options)),
  examples: [
    'collab api user',
    'collab api projects/grp%2Fapp/languages',
    'collab api -X POST projects -f name=demo -F initialize_with_readme=true',
    "collab api groups --paginate | jq '.[].full_path'",
    'collab api graphql -f query=\'{ project(fullPath: "grp/app") { name } }\'',
  ],
});

export const spec: CommandSpec = { ...API, load: () => import('./run.js') };
