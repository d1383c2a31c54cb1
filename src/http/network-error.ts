import { CollabError, isCollabError, type RequestInfo } from '../errors.js';
import { MAX_CONNECT_TIMEOUT_MS } from './connection.js';

/** Errors where the request never reached the service: safe to repeat even for POST. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** What a failure to send or to read an answer was, for the retry policy and for the message. */
export interface NetworkFailure {
  kind: 'network' | 'timeout' | 'interrupted';
  /** The request never reached the service: even a POST may be sent again. */
  notSent: boolean;
  /** A few words for a retry message: `connection reset (host:port)`. */
  short: string;
  error(info: RequestInfo): CollabError;
}

export function classifyNetworkError(error: unknown, url: string, clientTimeout: number, requestTimeout: number | undefined): NetworkFailure {
  if (isCollabError(error)) return { kind: 'network', notSent: false, short: error.message, error: () => error };
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  const host = safeHost(url);
  if (err.name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
    return { kind: 'interrupted', notSent: false, short: 'interrupted', error: (info) => new CollabError('interrupted', 'interrupted', { request: info }) };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    const connecting = code === 'UND_ERR_CONNECT_TIMEOUT';
    const limit = connecting ? Math.min(clientTimeout, MAX_CONNECT_TIMEOUT_MS) : (requestTimeout ?? clientTimeout);
    const seconds = Math.round(limit / 100) / 10;
    const phase = connecting ? 'connecting to' : 'waiting for';
    // A per-request timeout comes from the command's own --timeout; the rest from the config.
    const hint = requestTimeout !== undefined && !connecting ? 'raise the limit with the command\'s --timeout option' : `raise the limit with \`collab config set timeout <seconds>\` (now ${Math.round(clientTimeout / 100) / 10})`;
    return {
      kind: 'timeout',
      notSent: connecting,
      short: `timeout ${phase} ${host}`,
      error: (info) =>
        new CollabError('timeout', `timed out after ${seconds}s ${phase} ${host} (${info.method} ${info.path})`, {
          request: info,
          hint,
        }),
    };
  }
  const notSent = NOT_SENT_CODES.has(code);
  const reason = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? 'connection reset' : (err.message ?? 'network error');
  return {
    kind: 'network',
    notSent,
    short: `${reason} (${host})`,
    error: (info) => new CollabError('network', `cannot reach ${host}: ${reason} (${info.method} ${info.path})`, { request: info, cause: error }),
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
