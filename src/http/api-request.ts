import type { Readable } from 'node:stream';
import type { FormData } from 'undici';
import type { RequestInfo } from '../errors.js';
import type { QueryParams } from './query.js';
import type { ExpectedShape } from './response-body.js';

/** What a command asks of the service (built by src/api/), and what comes back. */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a recovery and the paginator use of the run's HTTP client (client.ts HttpClient implements
 * it): declared here, beside the request it sends, so that this file needs nothing from client.ts.
 */
export interface RequestClient {
  readonly baseUrl: string;
  readonly origin: string;
  resolve(path: string, query?: QueryParams): string;
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>>;
}

export interface ApiRequest {
  method: HttpMethod;
  /** A path below the API root (`/projects/1`), or an absolute URL taken from a `link` header. */
  path: string;
  query?: QueryParams;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads); a promise when its builder loads undici's FormData on demand. */
  form?: FormData | Promise<FormData>;
  /** Sent as given (collab api --input). */
  body?: string | Buffer;
  headers?: Readonly<Record<string, string>>;
  /**
   * A POST that is safe to send twice (star, archive, restore...): retried like a GET.
   * Plain POSTs are retried only when the service never saw them; so is a PUT marked false.
   */
  idempotent?: boolean;
  /**
   * For a POST that creates something: after a failure that leaves it unknown whether the service
   * acted (a 5xx, or a connection lost after sending), looks for the effect. It returns the
   * created resource if it is there (the request then counts as done), or undefined if it is
   * not (the request is then sent again). Without it such a POST is not repeated.
   * `since`: when the request was first sent, if before this descriptor was made (a rerun of
   * targets a Ctrl-C left unknown, src/bulk/): what was made since then is the request's effect.
   */
  recover?: (client: RequestClient, since?: number) => Promise<unknown | undefined>;
  /**
   * Who the service lets send this, in the API reference's words ("owners and administrators"):
   * a 403 then says so in its hint (src/api/roles.ts holds the words). Unset where the reference
   * names no role.
   */
  requires?: string;
  /**
   * An update's read of what it changes (the GET of the same resource). Over many targets
   * (src/bulk/) it is read first, so that a target's result names what changed (`merge_method:
   * merge -> ff`) or is `unchanged` when the service already held the value; alone it is not sent.
   */
  current?: ApiRequest;
  /** Statuses that are answers, not errors (304 for star/unstar, 404 for an idempotent delete). */
  okStatuses?: readonly number[];
  /**
   * json (default): parse the body. text: the body as a string, checked against its content type
   * (a JSON type must hold JSON, and an HTML page where the API was expected is refused).
   * json-text: JSON kept as a string and not checked here, for callers that check it themselves
   * in one pass (the paginator splits arrays). json-bytes: like json-text, but the body's bytes
   * (in `bytes`), never decoded, for list output that passes them through. stream: the body unread.
   */
  responseType?: 'json' | 'text' | 'json-text' | 'json-bytes' | 'stream';
  /**
   * json-bytes: where to put the body: a buffer of at least the given length (such as one from a
   * pool the caller reuses); `bytes` is then a view of it. Without it, a new buffer.
   */
  bytesInto?: (length: number) => Buffer;
  /** Per-request timeout in ms, overriding the client's. */
  timeoutMs?: number;
  /**
   * What a 2xx JSON body must be: `object` for a single resource, `array` for an unpaginated list.
   * Anything else (a list where one resource was asked for, a bare string) is a malformed response.
   * `object-or-null` is for a resource whose absence is answered 200 `null` (a project's push rule).
   */
  expect?: ExpectedShape;
}

/** `req` with the GET of its own path as its `current`: an update of a resource that GET shows at the same path. */
export function readsCurrent(req: ApiRequest): ApiRequest {
  return { ...req, current: { method: 'GET', path: req.path, expect: 'object' } };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  data: T;
  /** The text of the body when the response type was json or text. */
  text: string;
  /** The body's bytes when the response type was json-bytes (text is then empty). */
  bytes?: Buffer;
  /** The request's method and path (path values encoded), for messages. */
  request: RequestInfo;
  /** The absolute URL the response came from (after redirects). */
  url: string;
}

export interface StreamResponse {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  body: Readable;
  request: RequestInfo;
}
