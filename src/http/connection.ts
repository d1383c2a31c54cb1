import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { CollabError } from '../errors.js';
import { Agent, EnvHttpProxyAgent } from './undici.js';

/** undici's connect timeout: a host that does not answer a SYN in this long is not coming. */
export const MAX_CONNECT_TIMEOUT_MS = 30_000;

export interface ConnectionOptions {
  timeoutMs?: number | undefined;
  caFile?: string | undefined;
}

/** The connection pool: timeouts, the host's CA file beside the system roots, the proxy from the environment. */
export function createDispatcher(options: ConnectionOptions): Dispatcher {
  const timeout = options.timeoutMs ?? 30_000;
  const ca = options.caFile ? caBundle(options.caFile) : undefined;
  const connect = { timeout: Math.min(timeout, MAX_CONNECT_TIMEOUT_MS), ...(ca ? { ca } : {}) };
  const agentOptions = { connect, headersTimeout: timeout, bodyTimeout: timeout, keepAliveTimeout: 10_000 };
  const env = process.env;
  if (env.HTTP_PROXY || env.http_proxy || env.HTTPS_PROXY || env.https_proxy) {
    return new EnvHttpProxyAgent({ ...agentOptions, ...(ca ? { requestTls: { ca } } : {}) });
  }
  return new Agent(agentOptions);
}

/**
 * A `ca` option replaces Node's trust store, so the bundle keeps the system roots and
 * NODE_EXTRA_CA_CERTS beside the host's own ca_file.
 */
function caBundle(caFile: string): string[] {
  // Loaded here, not at the top: node:tls brings crypto, 4 ms of every command's start, and plain
  // http and the default trust store never need it.
  const { rootCertificates } = process.getBuiltinModule('node:tls') as typeof import('node:tls');
  const bundle = [...rootCertificates];
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  try {
    if (extra) bundle.push(readFileSync(extra, 'utf8'));
    bundle.push(readFileSync(caFile, 'utf8'));
  } catch (error) {
    throw new CollabError('usage', `cannot read CA file ${caFile}: ${(error as Error).message}`, {
      hint: 'fix the path with `collab config set ca_file <path> --host <url>`',
    });
  }
  return bundle;
}
