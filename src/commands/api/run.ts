import { readFile } from 'node:fs/promises';
import type { VerbContext } from '../../context.js';
import { quoted } from '../../config/settings.js';
import { CollabError, isCollabError } from '../../errors.js';
import type { HttpMethod } from '../../http/client.js';
import { paginate } from '../../http/paginate.js';
import type { QueryParams } from '../../http/query.js';
import { nounOf } from '../../output/progress.js';
import { looksSecret, secretKeysOf } from '../../util/secrets.js';
import { unreadableFile } from '../../util/unreadable.js';
import { graphqlBody, isGraphqlPath, runGraphql } from './graphql.js';
import { checkOutputFlags, notFoundHint, printShaped, reshapes } from './output.js';
import { pageSize } from '../../list-flags.js';
import type { VerbInput } from '../verb.js';
import { type API, methodOf } from './index.js';

interface ApiOptions {
  path: string;
  method: HttpMethod;
  /** -f values as given; -F values still to be typed (an @file or @- read in run, first). */
  fields: Array<{ key: string; value: string; typed: boolean }>;
  headers: Record<string, string>;
  input: string | undefined;
  paginate: boolean;
  include: boolean;
  /** The path `graphql`: a query to GitLab's GraphQL API (graphql.ts). */
  graphql: boolean;
  /** With --paginate: the per_page given in the path or a field, taken out of them (the paginator sends it). */
  perPage: number | undefined;
}

/** Once a run, before anything is read or sent: the path, fields and headers as HTTP allows them. */
export function parse(input: VerbInput<typeof API>): ApiOptions {
  const path = input.path.trim();
  if (!path) throw new CollabError('usage', 'missing API path', { hint: 'for example: collab api projects' });
  // A URL drops a line break or tab silently: the request would go to another path than the one given.
  if (/[\x00-\x1f\x7f]/.test(path))
    throw new CollabError('usage', 'the API path holds a control character (a line break, a tab)', {
      hint: 'percent-encode it (%0A, %09) if the path is to carry it, else remove it',
    });
  if (/^https?:\/\//i.test(path))
    throw new CollabError('usage', 'give the path below /api/v4, not a full URL', {
      hint: 'use --host for the server: collab api projects --host https://example.com',
    });
  const fields: ApiOptions['fields'] = [
    ...input.rawField.map((raw) => ({ ...splitField(raw, '-f'), typed: false })),
    ...input.field.map((raw) => ({ ...splitField(raw, '-F'), typed: true })),
  ];
  const headers: Record<string, string> = {};
  for (const raw of input.header) {
    const { name, value } = splitHeader(raw);
    headers[name] = value;
  }
  if (input.input !== undefined && fields.length > 0)
    throw new CollabError('usage', '--input cannot be combined with -f/-F fields');
  // Standard input is read once: a second @- would get nothing, and send an empty value.
  const fromStdin = fields.filter((field) => field.typed && field.value === '@-').map((field) => field.key);
  if (fromStdin.length > 1)
    throw new CollabError('usage', `-F ${fromStdin.join('=@-, -F ')}=@- all read standard input, which is read once`, {
      hint: 'give one of them @-, the others @file',
    });
  const method = methodOf(input);
  const graphql = isGraphqlPath(path);
  if (graphql && input.method !== undefined && method !== 'POST')
    throw new CollabError('usage', `a GraphQL query is sent with POST, not ${method}`, { hint: 'drop -X' });
  if (input.paginate && method !== 'GET' && !graphql)
    throw new CollabError('usage', '--paginate works only with GET (and with collab api graphql)');
  const paging = input.paginate && !graphql ? ownPaging(path, fields) : { path, fields, perPage: undefined };
  return {
    path: paging.path.startsWith('/') ? paging.path : `/${paging.path}`,
    method: graphql ? 'POST' : method,
    graphql,
    fields: paging.fields,
    perPage: paging.perPage,
    headers,
    input: input.input,
    paginate: input.paginate,
    include: input.include,
  };
}

/**
 * --paginate sends page and per_page itself. Left in the path as well, each would go twice, and
 * which one counts is the server's choice (Rack keeps the last, so a per_page=10 of the path would
 * be dropped unsaid): a per_page given is taken out and sent as the size of every page; a page is
 * refused, as the walk starts at the first.
 */
function ownPaging(
  path: string,
  fields: ApiOptions['fields'],
): { path: string; fields: ApiOptions['fields']; perPage: number | undefined } {
  const at = path.indexOf('?');
  const pairs = at < 0 ? [] : path.slice(at + 1).split('&');
  const given = [
    ...pairs.map((pair) => {
      const eq = pair.indexOf('=');
      return { key: decodedKey(eq < 0 ? pair : pair.slice(0, eq)), value: eq < 0 ? '' : pair.slice(eq + 1) };
    }),
    ...fields,
  ];
  let perPage: number | undefined;
  for (const { key, value } of given) {
    if (key === 'page')
      throw new CollabError('usage', `--paginate reads every page from the first, so page=${value} cannot be given`, {
        hint: 'drop page=, or drop --paginate to read that one page',
      });
    if (key === 'per_page') {
      if (!/^\d+$/.test(value) || Number(value) < 1)
        throw new CollabError('usage', `invalid per_page=${value}: expected a whole number from 1`, {
          hint: 'give per_page=100 (the most GitLab sends a page), or leave it out',
        });
      perPage = Number(value);
    }
  }
  const kept = pairs.filter((pair) => decodedKey(pair.split('=')[0] as string) !== 'per_page');
  return {
    path: at < 0 ? path : `${path.slice(0, at)}${kept.length ? `?${kept.join('&')}` : ''}`,
    fields: fields.filter((field) => field.key !== 'per_page'),
    perPage,
  };
}

function decodedKey(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * `Name: value` from -H, checked as HTTP allows it before anything is sent: the name a token
 * (RFC 9110), the value printable ASCII (a line break would end the header and start another; undici
 * would refuse it on every retry, as a network failure). The value is never quoted: it may be a secret.
 */
function splitHeader(raw: string): { name: string; value: string } {
  const at = raw.indexOf(':');
  if (at <= 0) throw new CollabError('usage', `invalid header ${quoted(raw)}: expected Name: value`);
  // Spaces and tabs around are dropped, as HTTP does; a line break anywhere is refused.
  const name = raw.slice(0, at).replace(/^[ \t]+|[ \t]+$/g, '');
  const value = raw.slice(at + 1).replace(/^[ \t]+|[ \t]+$/g, '');
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new CollabError('usage', `invalid header name ${quoted(name)}: letters, digits and !#$%&'*+.^_\`|~- only`, {
      hint: 'for example -H "Accept: text/plain"',
    });
  if (/[\r\n]/.test(value))
    throw new CollabError('usage', `the value of header ${name} holds a line break`, {
      hint: 'give each header with its own -H',
    });
  if (!/^[\t\x20-\x7e]*$/.test(value))
    throw new CollabError(
      'usage',
      `the value of header ${name} holds a control or non-ASCII character, which HTTP headers cannot carry`,
      { hint: 'encode it first (percent- or base64-encoding, as the endpoint expects)' },
    );
  if (name.toLowerCase() === 'private-token')
    throw new CollabError('usage', 'do not pass the token as a header', {
      hint: 'collab sends the stored token or COLLAB_TOKEN itself',
    });
  return { name, value };
}

/** The values of the secret-named keys in a path's own query, as written and decoded. */
function pathQuerySecrets(path: string): string[] {
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return query.split('&').flatMap((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0 || !looksSecret(decoded(pair.slice(0, at)))) return [];
    const value = pair.slice(at + 1);
    return [value, decoded(value)];
  });
}

function splitField(raw: string, flag: string): { key: string; value: string } {
  const at = raw.indexOf('=');
  if (at <= 0) throw new CollabError('usage', `invalid field "${raw}" for ${flag}: expected key=value`);
  return { key: raw.slice(0, at), value: raw.slice(at + 1) };
}

async function typedValue(text: string, ctx: VerbContext): Promise<unknown> {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('@')) {
    const file = text.slice(1);
    try {
      return file === '-' ? await ctx.prompter.readStdin() : await readFile(file, 'utf8');
    } catch (error) {
      throw unreadableFile(`cannot read ${file}`, error);
    }
  }
  return text;
}

/** `a[b]=1`, `a[]=1` -> nested objects and arrays, as the service reads them. */
function nest(fields: ReadonlyArray<{ key: string; value: unknown }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of fields) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new CollabError('usage', `invalid field name "${key}"`);
    const parts = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    let target: Record<string, unknown> | unknown[] = out;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const last = i === parts.length - 1;
      const nextIsArray = parts[i + 1] === '';
      if (Array.isArray(target)) {
        if (last) target.push(value);
        else {
          const child: Record<string, unknown> | unknown[] = nextIsArray ? [] : {};
          target.push(child);
          target = child;
        }
      } else if (last) {
        target[part] = value;
      } else {
        target[part] ??= nextIsArray ? [] : {};
        target = target[part] as Record<string, unknown> | unknown[];
      }
    }
  }
  return out;
}

export async function run(ctx: VerbContext, opts: ApiOptions): Promise<void> {
  // The output flags' refusals first (exit 2, nothing read or sent), then -F values typed.
  checkOutputFlags(ctx, { include: opts.include, paginate: opts.paginate });
  const values: Array<{ key: string; value: unknown }> = [];
  for (const { key, value, typed } of opts.fields)
    values.push({ key, value: typed ? await typedValue(value, ctx) : value });
  const nested = nest(values);
  const secretKeys = secretKeysOf(nested);
  // Redacted wherever it would show, not only in --dry-run: a GET sends it in the query, which
  // --verbose and an error naming the request quote (percent-encoded, as it is sent). So is one
  // written in the path's own query (`user?private_token=…`).
  const secrets = [...secretKeys.flatMap((key) => [nested[key]].flat()), ...pathQuerySecrets(opts.path)];
  for (const value of secrets)
    if (typeof value === 'string' || typeof value === 'number') {
      ctx.terminal.addSecret(String(value));
      ctx.terminal.addSecret(encodeURIComponent(String(value)));
    }
  const inQuery = opts.method === 'GET' || opts.method === 'HEAD';
  const body =
    opts.input === undefined
      ? undefined
      : opts.input === '-'
        ? await ctx.prompter.readStdin()
        : await readFile(opts.input, 'utf8').catch((error: unknown) => {
            throw unreadableFile(`cannot read ${opts.input}`, error);
          });
  if (opts.graphql) {
    await runGraphql(ctx, graphqlBody(opts.fields.length ? nested : undefined, body), opts, secretKeys);
    return;
  }
  const request = {
    method: opts.method,
    path: opts.path,
    ...(inQuery && opts.fields.length ? { query: nested as QueryParams } : {}),
    ...(!inQuery && opts.fields.length ? { json: nested } : {}),
    ...(body !== undefined
      ? { body, headers: { 'content-type': 'application/json', ...opts.headers } }
      : { headers: opts.headers }),
    responseType: 'text' as const,
  };
  if (ctx.session.dryRun) {
    // Keys that name secrets read [redacted], as every other command's do.
    await ctx.presenter.action({
      dryRun: await ctx.session.describeRequest(request, secretKeys),
    });
    return;
  }
  if (opts.paginate) {
    await printEveryPage(ctx, opts, request.query);
    return;
  }
  const response = await ctx.session.request<string>(request).catch((error: unknown) => {
    throw notFoundHint(error, opts.path);
  });
  if (opts.include) {
    let head = `HTTP ${response.status}\n`;
    for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\n`;
    // Header values may carry bytes 0x80-0xff, read as C1 controls: escaped on a terminal as the body is.
    await ctx.presenter.value({ json: `${head}\n`, body: { json: false, head: true } });
  }
  const text = response.text;
  if (!text) return;
  if (reshapes(ctx)) {
    await printShaped(ctx, text, response.request);
    return;
  }
  // Byte for byte in a pipe; pretty-printed and escaped for people on a terminal (the presenter's rule).
  await ctx.presenter.value({ json: text, body: { json: /json/.test(response.headers['content-type'] ?? '') } });
}

/**
 * Streams every page as one JSON array. When a page fails after some were written, the array is
 * closed before the error travels up, so stdout stays valid JSON (the items read so far) and the
 * error says that the list is incomplete.
 */
async function printEveryPage(ctx: VerbContext, opts: ApiOptions, query: QueryParams | undefined): Promise<void> {
  const client = await ctx.session.client();
  // A spinner with a live count on stderr when it is a terminal (stopped before the first items on a shared terminal).
  const progress = ctx.terminal.listProgress({ noun: nounOf(opts.path) });
  const pages = paginate(client, {
    path: opts.path,
    ...(query ? { query } : {}),
    perPage: opts.perPage ?? pageSize({ all: true }),
    concurrency: await ctx.session.numberSetting('concurrency'),
    onProgress: progress.onProgress,
    onSummary: progress.onSummary,
  });
  await progress.start();
  try {
    if (reshapes(ctx)) {
      // -o ndjson, csv, table or --fields: the list writer of every list command (columns from --fields).
      await ctx.presenter.list(pages, { columns: [] }).catch((error: unknown) => {
        throw listFailure(error, opts.path, 0);
      });
    } else {
      // The items as they came, one JSON array (--jq sees the whole array, each item with -o ndjson).
      const texts = async function* (): AsyncGenerator<readonly string[]> {
        for await (const page of pages) {
          const { items } = page;
          if (items.length === 0) continue;
          progress.rows();
          yield items;
        }
      };
      await ctx.presenter.value({
        jsonTexts: texts(),
        failed: (error, written) => listFailure(error, opts.path, written),
      });
    }
  } finally {
    progress.finish();
  }
}

/** A failed page: the service's error, with a hint on what stdout holds and how to get the rest. */
function listFailure(error: unknown, path: string, written: number): unknown {
  if (!isCollabError(error) || error.kind === 'interrupted') return error;
  const hints = written > 0 ? [`stdout holds only the first ${written} item${written === 1 ? '' : 's'}`] : [];
  // GET /projects answers 405 past offset 50,000 (GitLab API v4 behaviour); keyset pages have no such limit.
  if (error.status === 405 && !/[?&]pagination=keyset(&|$)/.test(path)) {
    const projects = /^\/projects\/?(\?|$)/.test(path) ? ', or use `collab projects list --all`' : '';
    hints.push(
      `offset pages end there, so add pagination=keyset&order_by=id: collab api '${withKeyset(path)}' --paginate${projects}`,
    );
  } else if (error.hint) {
    hints.push(error.hint);
  } else if (written === 0 && error.kind === 'malformed' && /a JSON object where a JSON array/.test(error.message)) {
    // `collab api user --paginate`: the path is one resource, not a list.
    hints.push(`GET ${path} answers one object, not a list: drop --paginate`);
  }
  if (hints.length === 0) return error;
  return new CollabError(error.kind, error.message, {
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.request ? { request: error.request } : {}),
    hint: hints.join('; '),
    cause: error,
  });
}

/** The path asking for keyset pages by id (the paginator follows their `link` headers as given); the user's other parameters stay. */
function withKeyset(path: string): string {
  const bare = path.replace(/^\//, '');
  const at = bare.indexOf('?');
  const base = at < 0 ? bare : bare.slice(0, at);
  const kept =
    at < 0
      ? []
      : bare
          .slice(at + 1)
          .split('&')
          .filter((pair) => pair !== '' && !/^(pagination|order_by|page)=/.test(pair));
  const sort = kept.some((pair) => pair.startsWith('sort=')) ? [] : ['sort=asc'];
  return `${base}?${[...kept, 'pagination=keyset', 'order_by=id', ...sort].join('&')}`;
}
