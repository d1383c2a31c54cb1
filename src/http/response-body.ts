import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import { CollabError, isCollabError, type RequestInfo } from '../errors.js';
import { splitJsonArrayBytes, withoutLineBreaks } from './json-array.js';
import { stringHeader } from './headers.js';
import { classifyNetworkError } from './network-error.js';
import { thousands } from '../util/thousands.js';

/**
 * Reading an answer's body and checking that it is what was asked for: JSON where JSON was
 * expected, an object for one resource, an array of objects for a list.
 */

/** What a 2xx JSON body must be (see ApiRequest.expect). */
export type ExpectedShape = 'object' | 'array' | 'object-or-null';

/** The limits a body is read under, and the timeouts that applied (for the message when a body stops coming). */
export interface BodyLimits {
  client: number;
  request?: number | undefined;
  /** The most bytes a body may have (max_body); past it reading stops, and the request fails. */
  maxBytes?: number | undefined;
  /** The whole body must have come this long (ms) after its headers (body_timeout): a body that trickles ends. */
  deadlineMs?: number | undefined;
}

export async function readText(
  response: Dispatcher.ResponseData,
  info: RequestInfo,
  url: string,
  limits: BodyLimits = { client: 0 },
): Promise<string> {
  const text = (await readBytes(response, undefined, info, url, limits)).toString('utf8');
  // As undici's text() (a TextDecoder) did: a byte order mark is no part of the text.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The body's bytes, into a buffer from `into` (a pool) when given. A body larger than
 * `limits.maxBytes` (declared or counted) or slower than `limits.deadlineMs` is abandoned, its
 * connection closed, and the request fails: such a failure is final (sending again would download
 * it again, as `collab api` did six times over for a body of 600 MB).
 */
export async function readBytes(
  response: Dispatcher.ResponseData,
  into: ((length: number) => Buffer) | undefined,
  info: RequestInfo,
  url: string,
  limits: BodyLimits,
): Promise<Buffer> {
  const body = response.body;
  const max = limits.maxBytes ?? Number.POSITIVE_INFINITY;
  const declared = Number(stringHeader(response.headers['content-length']));
  if (Number.isSafeInteger(declared) && declared > max) {
    body.destroy();
    throw tooLarge(info, max, `declares ${describeBytes(declared)}`);
  }
  return readBody(
    async () => {
      // Each chunk is copied as it arrives, so that it is garbage at once: chunks kept until the
      // end would live through young-generation collections and be promoted (external memory
      // that waits for a full collection). Read by 'data' events, not the stream's async iterator,
      // whose machinery per chunk was a tenth of the client's CPU per page (100 pages: 28 ms less).
      const take = into ?? ((length: number) => Buffer.allocUnsafe(length));
      // As long as declared, up to 8 MiB: a length that lies costs no more than that until the bytes come.
      let target = take(Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, 8 * 1024 * 1024) : 65_536);
      let length = 0;
      body.on('data', (chunk: Buffer) => {
        if (length + chunk.length > max) {
          body.destroy(tooLarge(info, max, 'goes on'));
          return;
        }
        if (length + chunk.length > target.length) {
          const larger = take(Math.max(2 * target.length, length + chunk.length));
          target.copy(larger, 0, 0, length);
          target = larger;
        }
        length += chunk.copy(target, length);
      });
      const deadline = limits.deadlineMs;
      const timer =
        deadline === undefined ? undefined : setTimeout(() => body.destroy(tooSlow(info, deadline, length)), deadline);
      try {
        await finished(body);
      } finally {
        clearTimeout(timer);
      }
      return target.subarray(0, length);
    },
    info,
    url,
    limits,
  );
}

/** A body past max_body. */
function tooLarge(info: RequestInfo, max: number, what: string): CollabError {
  return new CollabError(
    'malformed',
    `the answer to ${info.method} ${info.path} ${what} past the limit of ${describeBytes(max)} for one response; stopped reading it`,
    {
      request: info,
      hint: `raise the limit with \`collab config set max_body <MiB>\` (now ${describeBytes(max)})`,
    },
  );
}

/** A body that did not come within body_timeout. */
function tooSlow(info: RequestInfo, deadline: number, received: number): CollabError {
  return new CollabError(
    'timeout',
    `the answer to ${info.method} ${info.path} did not arrive in full within ${formatSeconds(deadline)} (${describeBytes(received)} came); stopped reading it`,
    {
      request: info,
      hint: `raise the limit with \`collab config set body_timeout <seconds>\` (now ${formatSeconds(deadline)})`,
    },
  );
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return bytes >= 1024 * 1024 && Number.isInteger(mib) ? `${mib} MiB` : `${thousands(bytes)} bytes`;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * A body that fails mid-transfer is "cut off", of the kind its cause says (network, timeout). The
 * limits' own errors go up as they are.
 */
async function readBody<T>(read: () => Promise<T>, info: RequestInfo, url: string, timeouts: BodyLimits): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isCollabError(error)) throw error;
    const failure = classifyNetworkError(error, url, timeouts.client, timeouts.request);
    const described = failure.error(info);
    if (failure.kind === 'interrupted') throw described;
    throw new CollabError(failure.kind, `${CUT_OFF}${failure.short}`, {
      request: info,
      cause: error,
      ...(described.hint ? { hint: described.hint } : {}),
    });
  }
}

/** How the message of a body cut off mid-transfer starts (the retry message rephrases it). */
export const CUT_OFF = 'the answer was cut off: ';

/** Answers that carry no body by design. */
function emptyIsFine(status: number, info: RequestInfo): boolean {
  return status === 204 || status === 202 || status === 304 || info.method === 'DELETE' || info.method === 'HEAD';
}

/** Parses a JSON body; a 2xx that is not JSON is a malformed response and says what came instead. */
export function parseJsonBody(
  text: string,
  contentType: string | undefined,
  status: number,
  info: RequestInfo,
  url?: string,
): unknown {
  if (text.length === 0) {
    if (emptyIsFine(status, info)) return undefined;
    throw malformed(info, `an empty body with status ${status} where JSON was expected`, url);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformed(info, notJson(text, contentType), url);
  }
}

/** What a body that should have been JSON was instead. */
function notJson(text: string, contentType: string | undefined): string {
  const type = contentType ? contentType.split(';')[0] : 'no content type';
  const body = text.trim();
  if (body.startsWith('<')) return `an HTML page (${type}) instead of JSON; is a proxy or login page in the way?`;
  if (/^[[{]/.test(body))
    return `invalid JSON (${type}, ${text.length} bytes${/[}\]]$/.test(body) ? '' : ', apparently truncated'})`;
  return `text instead of JSON (${type}, ${text.length} bytes: "${preview(body)}")`;
}

/** The start of a body for a message: one line, short. */
export function preview(text: string, length = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}

export function checkShape(data: unknown, expected: ExpectedShape, info: RequestInfo, url: string): void {
  const actual = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  if (actual === expected || (expected === 'object-or-null' && (actual === 'object' || actual === 'null'))) return;
  const wanted = expected === 'object-or-null' ? 'a JSON object or null' : `a JSON ${expected}`;
  throw malformed(info, `${actual === 'null' ? 'a null' : `a JSON ${actual}`} where ${wanted} was expected`, url);
}

/**
 * A body kept as text (collab api) is still checked as far as its content type allows: the API
 * answers JSON or files, never an HTML page, so a page means a proxy or a login form is in the way.
 */
export function checkText(text: string, contentType: string | undefined, info: RequestInfo, url: string): void {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html')
    throw malformed(
      info,
      `an HTML page (${type}) instead of an API response; is a proxy or login page in the way?`,
      url,
    );
  // Callers of text accept an empty body (housekeeping, mirror pull answer with nothing).
  if (text.length === 0 || !/[/+]json$/.test(type)) return;
  try {
    JSON.parse(text);
  } catch {
    throw malformed(info, notJson(text, contentType), url);
  }
}

/**
 * A page of a list: a JSON array of objects. Returns the body, without line breaks (a service that
 * pretty-prints gets its items joined up, so that each is one ndjson line), and where each item
 * lies in it (see splitJsonArrayBytes).
 */
export function listBody(
  bytes: Buffer,
  contentType: string | undefined,
  info: RequestInfo,
  url: string,
): { body: Buffer; bounds: number[] } {
  const body = withoutLineBreaks(bytes);
  const bounds = splitJsonArrayBytes(body);
  if (!bounds) throw malformed(info, notAnArray(body.toString('utf8'), contentType), url);
  // Every list of the API holds objects; anything else is not the list that was asked for.
  for (let i = 0; i < bounds.length; i += 2) {
    if (body[bounds[i] as number] !== 0x7b /* { */) {
      const stray = body.toString('utf8', bounds[i], bounds[i + 1]);
      throw malformed(info, `item ${i / 2 + 1} of the list is ${preview(stray, 40)}, not a JSON object`, url);
    }
  }
  return { body, bounds };
}

/** What came instead of a list. */
function notAnArray(text: string, contentType: string | undefined): string {
  const type = contentType ? contentType.split(';')[0] : 'no content type';
  const body = text.trim();
  if (body === '') return `an empty body (${type}) where a JSON array was expected`;
  if (body.startsWith('<'))
    return `an HTML page (${type}) instead of a JSON array; is a proxy or login page in the way?`;
  if (body.startsWith('{')) return `a JSON object where a JSON array was expected (${preview(body, 80)})`;
  if (body.startsWith('[')) return `a JSON array that is malformed or truncated (${type}, ${text.length} bytes)`;
  return `text instead of a JSON array (${type}, ${text.length} bytes: "${preview(body)}")`;
}

/**
 * The service answered something that cannot be read. The message names the full URL (the host
 * matters when a proxy is in the way) and what came instead of what was expected.
 */
export function malformed(info: RequestInfo, what: string, url?: string): CollabError {
  return new CollabError('malformed', `malformed response from ${info.method} ${url ?? info.path}: ${what}`);
}

/** A stand-in response carrying a resource found by `recover`. */
export function syntheticResponse(value: unknown): Dispatcher.ResponseData {
  const text = JSON.stringify(value);
  const body = Readable.from([Buffer.from(text)]) as unknown as Dispatcher.ResponseData['body'];
  Object.assign(body, {
    text: async () => text,
    bytes: async () => Buffer.from(text),
    json: async () => value,
    dump: async () => undefined,
  });
  return {
    statusCode: 201,
    headers: { 'content-type': 'application/json' },
    body,
    trailers: {},
    opaque: null,
    context: {},
  } as unknown as Dispatcher.ResponseData;
}
