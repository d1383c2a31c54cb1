import type { VerbContext } from '../../context.js';
import { flat } from '../../error-text.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { ApiRequest } from '../../http/api-request.js';
import { graphqlUrl } from '../../http/url.js';
import { printShaped, reshapes } from './output.js';

/**
 * `collab api graphql`: a query to GitLab's GraphQL API (POST /api/graphql, doc/api/graphql/_index.md),
 * as `gh api graphql` and `glab api graphql` send one: the `query` field (and `operationName`) in the
 * body as they are, every other field a variable. GitLab answers 200 with `errors` for a query it
 * refuses (a field it lacks, a complexity above its limit), so those are an error here too.
 */
export const isGraphqlPath = (path: string): boolean => /^\/?graphql\/?$/.test(path);

interface GraphqlBody {
  query: string;
  operationName?: string;
  variables: Record<string, unknown>;
}

/** The cursor variable --paginate sets: gh's name for it, which a query must declare to be paged. */
const CURSOR = 'endCursor';

/** The body the fields make, or the --input text read as one; a usage error before anything is sent. */
export function graphqlBody(fields: Record<string, unknown> | undefined, input: string | undefined): GraphqlBody {
  if (input !== undefined) return bodyOfInput(input);
  const { query, operationName, ...variables } = fields ?? {};
  if (typeof query !== 'string' || query.trim() === '')
    throw new CollabError('usage', 'collab api graphql needs the query as a field', {
      hint: 'for example: collab api graphql -f query=\'{ project(fullPath: "grp/app") { name } }\' (or -F query=@file.graphql)',
    });
  if (operationName !== undefined && typeof operationName !== 'string')
    throw new CollabError('usage', 'operationName must be a string (give it with -f)');
  return { query, ...(operationName !== undefined ? { operationName } : {}), variables };
}

function bodyOfInput(text: string): GraphqlBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const { query, operationName, variables } = (body ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string' || (variables !== undefined && (variables === null || typeof variables !== 'object')))
    throw new CollabError(
      'usage',
      '--input for collab api graphql must be a JSON object with a query (and variables)',
      {
        hint: 'for example {"query": "query($n: Int) { projects(first: $n) { nodes { fullPath } } }", "variables": {"n": 5}}',
      },
    );
  return {
    query,
    ...(typeof operationName === 'string' ? { operationName } : {}),
    variables: (variables ?? {}) as Record<string, unknown>,
  };
}

/**
 * Sends the query and prints the answer; with --paginate, page after page (the answer's first
 * `pageInfo { hasNextPage endCursor }` gives the next `$endCursor`), printed as one JSON array of the
 * answers, streamed.
 */
export async function runGraphql(
  ctx: VerbContext,
  body: GraphqlBody,
  opts: { headers: Record<string, string>; paginate: boolean; include: boolean },
  secretKeys: readonly string[],
): Promise<void> {
  if (opts.paginate && !new RegExp(`\\$${CURSOR}\\b`).test(body.query))
    throw new CollabError('usage', `--paginate needs a query that takes $${CURSOR}: String`, {
      hint: `declare it, pass it to the connection's after: and select pageInfo { hasNextPage ${CURSOR} } there`,
    });
  if (opts.paginate && reshapes(ctx))
    throw new CollabError(
      'usage',
      `--paginate of a GraphQL query cannot be combined with ${ctx.presenter.reshaping?.flag}`,
      {
        hint: 'each page is an answer, not a row: pick the nodes with --jq',
      },
    );
  const client = await ctx.session.client();
  const request = (variables: Record<string, unknown>): ApiRequest => ({
    method: 'POST',
    path: graphqlUrl(client.baseUrl),
    json: { ...body, variables },
    headers: opts.headers,
    responseType: 'text',
    // A query changes nothing and may be sent again after a lost answer; a mutation may not.
    idempotent: !/\bmutation\b/.test(body.query),
  });
  if (ctx.session.dryRun) {
    await ctx.presenter.action({ dryRun: await ctx.session.describeRequest(request(body.variables), secretKeys) });
    return;
  }
  const send = async (variables: Record<string, unknown>) =>
    ctx.session.request<string>(request(variables)).catch((error: unknown) => {
      throw isCollabError(error) && error.kind === 'not-found'
        ? withHint(error, 'this instance serves no GraphQL API at /api/graphql, or an administrator turned it off')
        : error;
    });
  if (!opts.paginate) {
    const response = await send(body.variables);
    if (opts.include) {
      let head = `HTTP ${response.status}\n`;
      for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\n`;
      await ctx.presenter.value({ json: `${head}\n`, body: { json: false, head: true } });
    }
    if (reshapes(ctx)) await printShaped(ctx, response.text, response.request);
    else await ctx.presenter.value({ json: response.text, body: { json: true } });
    const refused = refusal(answerOf(response.text));
    if (refused) throw refused;
    return;
  }
  const pages = async function* (): AsyncGenerator<readonly string[]> {
    const given = new Set<string>();
    let variables = body.variables;
    for (let page = 1; ; page++) {
      const { text } = await send(variables);
      const answer = answerOf(text);
      yield [text];
      const refused = refusal(answer);
      if (refused) throw refused;
      const info = pageInfoOf(answer.data);
      if (info === undefined) {
        if (page === 1) ctx.terminal.warn(`the answer selects no pageInfo { hasNextPage ${CURSOR} }: one page printed`);
        return;
      }
      if (!info.hasNextPage) return;
      // A cursor given before would read the same page again, and again: stop instead.
      if (typeof info.endCursor !== 'string' || info.endCursor === '' || given.has(info.endCursor))
        throw new CollabError(
          'malformed',
          `page ${page} of the GraphQL answers has a next page but ${info.endCursor ? 'a cursor already followed' : 'no endCursor'}; stopped rather than read a page again`,
        );
      given.add(info.endCursor);
      variables = { ...body.variables, [CURSOR]: info.endCursor };
    }
  };
  await ctx.presenter.value({
    jsonTexts: pages(),
    failed: (error, written) =>
      written > 0 && isCollabError(error) && error.kind !== 'interrupted'
        ? withHint(error, `stdout holds the first ${written} page${written === 1 ? '' : 's'}`)
        : error,
  });
}

/** An answer's object; one that is not JSON is no GraphQL answer. */
function answerOf(text: string): { data?: unknown; errors?: unknown } {
  try {
    const answer = JSON.parse(text) as unknown;
    if (answer !== null && typeof answer === 'object' && !Array.isArray(answer)) return answer;
  } catch {
    // said below
  }
  throw new CollabError(
    'malformed',
    'POST /api/graphql answered something that is not a GraphQL answer (a JSON object)',
  );
}

/** The answer's errors as one error (exit 5, as a refusal): its first message, and how many more there are. */
function refusal(answer: { errors?: unknown }): CollabError | undefined {
  const errors = Array.isArray(answer.errors) ? answer.errors : [];
  if (errors.length === 0) return undefined;
  const first = errors[0] as { message?: unknown } | null;
  const message = typeof first?.message === 'string' ? flat(first.message) : 'an error without a message';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more, in the answer on stdout)` : '';
  return new CollabError('rejected', `the GraphQL API refused the query: ${message}${more}`);
}

/** The first `pageInfo` in the answer's data, depth first in the order of its fields. */
function pageInfoOf(value: unknown): { hasNextPage?: unknown; endCursor?: unknown } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = pageInfoOf(item);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const info = record.pageInfo;
  if (info !== null && typeof info === 'object' && 'hasNextPage' in info) return info as { hasNextPage?: unknown };
  for (const item of Object.values(record)) {
    const found = pageInfoOf(item);
    if (found) return found;
  }
  return undefined;
}
