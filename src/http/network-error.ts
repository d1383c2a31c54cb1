import { CollabError, isCollabError, type RequestInfo, requestLabel } from '../errors.js';
import { MAX_CONNECT_TIMEOUT_MS } from './connection.js';

/** Errors where the request never reached the service: safe to repeat even for POST. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What a failure to send or to read an answer was, for the retry policy and for the message. */
interface NetworkFailure {
  kind: 'network' | 'timeout' | 'interrupted';
  /** The request never reached the service: even a POST may be sent again. */
  notSent: boolean;
  /**
   * Sending again cannot help: the host name does not resolve, its certificate is not trusted, or
   * the answer's headers never came within the timeout (a second wait of as long would only
   * double it). The failure is reported at once, with its hint.
   */
  final: boolean;
  /**
   * Worth one quick retry and no more: a refused connection (nothing listens on the port) is
   * refused again a second later; one short retry covers a listener that was swapping sockets.
   */
  once?: boolean;
  /** A few words for a retry message: `connection reset (host:port)`. */
  short: string;
  error(info: RequestInfo): CollabError;
}

export function classifyNetworkError(
  error: unknown,
  url: string,
  clientTimeout: number,
  requestTimeout: number | undefined,
): NetworkFailure {
  if (isCollabError(error))
    return { kind: 'network', notSent: false, final: false, short: error.message, error: () => error };
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  const host = safeHost(url);
  // A proxy (HTTP(S)_PROXY) that answers the tunnel's CONNECT with another status: undici says so
  // as an aborted request, which is no Ctrl-C. The proxy's URL may carry its credentials: unnamed.
  const tunnel = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/.exec(err.message ?? '')?.[1];
  if (tunnel !== undefined) {
    const status = Number(tunnel);
    return {
      kind: 'network',
      notSent: true,
      // A refusal (407: the proxy's credentials; 403: its rules) comes again; a 5xx of its own may pass.
      final: status < 500,
      short: `the proxy refused (${status})`,
      error: (info) =>
        new CollabError(
          'network',
          `cannot reach ${host}: the proxy refused to connect to it (${status}) ${requestLabel(info)}`,
          {
            request: info,
            cause: error,
            hint:
              status === 407
                ? 'the proxy asks for credentials, or refused those given: check them in HTTPS_PROXY or HTTP_PROXY (http://user:password@proxy:port)'
                : 'check HTTPS_PROXY, HTTP_PROXY and NO_PROXY (a host in NO_PROXY is reached without the proxy)',
          },
        ),
    };
  }
  // Ctrl-C, or this run's own connection pool closed (another read failed first and ended the
  // command): a read still going stops here rather than retrying against a pool that is gone.
  if (
    err.name === 'AbortError' ||
    ['UND_ERR_ABORTED', 'ABORT_ERR', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED'].includes(code)
  ) {
    return {
      kind: 'interrupted',
      notSent: false,
      final: true,
      short: 'interrupted',
      error: (info) => new CollabError('interrupted', 'interrupted', { request: info }),
    };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    const connecting = code === 'UND_ERR_CONNECT_TIMEOUT';
    const limit = connecting ? Math.min(clientTimeout, MAX_CONNECT_TIMEOUT_MS) : (requestTimeout ?? clientTimeout);
    const seconds = Math.round(limit / 100) / 10;
    const phase = connecting ? 'connecting to' : 'waiting for';
    // A per-request timeout comes from the command's own --timeout; the rest from the config.
    const hint =
      requestTimeout !== undefined && !connecting
        ? "raise the limit with the command's --timeout option"
        : `raise the limit with \`collab config set timeout <seconds>\` (now ${Math.round(clientTimeout / 100) / 10})`;
    return {
      kind: 'timeout',
      notSent: connecting,
      // Headers that never came: one wait, not one per retry (a body that stops coming is the reader's, response-body.ts).
      final: code === 'UND_ERR_HEADERS_TIMEOUT',
      short: `timeout ${phase} ${host}`,
      error: (info) =>
        new CollabError('timeout', `timed out after ${seconds}s ${phase} ${host} ${requestLabel(info)}`, {
          request: info,
          hint,
        }),
    };
  }
  const notSent = NOT_SENT_CODES.has(code);
  const hostname = safeHostname(url);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    // The resolver's answer does not change in the seconds of a retry budget: said once, at once.
    const reason = code === 'ENOTFOUND' ? 'host not found' : 'the name could not be resolved (DNS)';
    return {
      kind: 'network',
      notSent,
      final: true,
      short: `${reason} (${host})`,
      error: (info) =>
        new CollabError('network', `cannot reach ${host}: ${reason} ${requestLabel(info)}`, {
          request: info,
          cause: error,
          hint: `check the host name in --host, COLLAB_HOST or \`collab config get host\` (${hostname})`,
        }),
    };
  }
  if (PLAIN_HTTP_CODES.has(code)) {
    // OpenSSL read an answer that is no TLS record: what listens there speaks plain HTTP (or
    // something else), and its certificate was never in question. OpenSSL's own text (its source
    // file and line) says no more than the code.
    const plain = `http://${host}`;
    return {
      kind: 'network',
      notSent: true,
      final: true,
      short: `no TLS at ${host}`,
      error: (info) =>
        new CollabError('network', `cannot reach ${host}: it does not answer in TLS (https) ${requestLabel(info)}`, {
          request: info,
          cause: error,
          hint: `if the service there is plain HTTP, give ${plain} as the host (--host, COLLAB_HOST or \`collab config set host ${plain}\`)`,
        }),
    };
  }
  if (isTlsError(code)) {
    return {
      kind: 'network',
      notSent: true,
      final: true,
      short: `TLS certificate not accepted (${host})`,
      error: (info) =>
        new CollabError(
          'network',
          `cannot reach ${host}: its TLS certificate is not accepted (${code}: ${err.message ?? 'certificate error'}) ${requestLabel(info)}`,
          {
            request: info,
            cause: error,
            hint: `if the host uses a private CA, give its PEM file with \`collab config set ca_file <path> --host https://${host}\` (or NODE_EXTRA_CA_CERTS)`,
          },
        ),
    };
  }
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
        ? 'connection reset'
        : (err.message ?? 'network error');
  return {
    kind: 'network',
    notSent,
    final: false,
    ...(code === 'ECONNREFUSED' ? { once: true } : {}),
    short: `${reason} (${host})`,
    error: (info) =>
      new CollabError('network', `cannot reach ${host}: ${reason} ${requestLabel(info)}`, {
        request: info,
        cause: error,
        // Refused: nothing listens on that port (a service not started, a wrong port or host).
        ...(code === 'ECONNREFUSED'
          ? {
              hint: `nothing answers at ${host}: check that the service is running there, and the host and port in --host, COLLAB_HOST or \`collab config get host\``,
            }
          : reason === 'connection reset' && url.startsWith('http://')
            ? {
                // A TLS server hangs up on plain HTTP (Node's does; nginx answers 400 instead).
                hint: `if the service there speaks https, give https://${host} as the host (--host, COLLAB_HOST or \`collab config set host https://${host}\`)`,
              }
            : {}),
      }),
  };
}

/**
 * OpenSSL's codes for a first answer that is no TLS record ("wrong version number" when the bytes
 * are `HTTP/1.1 400`, "packet length too long" for others): a TLS handshake sent to plain HTTP.
 */
const PLAIN_HTTP_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']);

/** OpenSSL's verification codes and Node's name check: the certificate, not the network. */
function isTlsError(code: string): boolean {
  return /^(CERT_|ERR_TLS_CERT|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE|GET_CRL|DECRYPT)|HOSTNAME_MISMATCH|ERR_SSL_)/.test(
    code,
  );
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
