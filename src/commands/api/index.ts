import { choiceAnyCase } from '../../params/parsers.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const spec: CommandSpec = {
  ...noun('api'),
  description: `The path is relative to the API root (/api/v4) and is sent as written: encode path values
yourself (projects/grp%2Fapp). Fields go to the query string for GET and HEAD, else to a JSON body.
Retries, rate limits and timeouts follow the same policy as every other command.`,
  args: [{ name: 'path', description: 'API path, e.g. projects/42 or /groups?search=ops' }],
  options: [
    { flags: '-X, --method <method>', description: 'HTTP method, in any case (default GET, or POST when fields are given)', choices: METHODS, parse: choiceAnyCase(METHODS) },
    { flags: '-f, --raw-field <key=value>', description: 'a string field (repeatable)', repeatable: true },
    { flags: '-F, --field <key=value>', description: 'a typed field: numbers, true/false/null, @file or @- for contents (repeatable)', repeatable: true },
    { flags: '-H, --header <name:value>', description: 'an extra request header (repeatable)', repeatable: true },
    { flags: '--input <file>', description: 'the request body from a file, or - for standard input' },
    { flags: '--paginate', description: 'follow every page and print one JSON array, streamed' },
    { flags: '-i, --include', description: 'print the status line and response headers before the body' },
  ],
  mutating: true,
  examples: ['collab api user', 'collab api projects/grp%2Fapp/languages', 'collab api -X POST projects -f name=demo -F initialize_with_readme=true', "collab api groups --paginate | jq '.[].full_path'"],
  load: () => import('./run.js'),
};
