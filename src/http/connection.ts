import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { DEFAULT_CLIENT_LIMITS } from '../config/settings.js';
import { unreadableFile } from '../util/unreadable.js';
import { Agent, EnvHttpProxyAgent } from './undici.js';

/** undici's connect timeout: a host that does not answer a SYN in this long is not coming. */
export const MAX_CONNECT_TIMEOUT_MS = 30_000;

interface ConnectionOptions {
  timeoutMs?: number | undefined;
  caFile?: string | undefined;
  /** The run's environment, for HTTP(S)_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS; the process's by default. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** The connection pool: timeouts, the host's CA file beside the system roots, the proxy from the environment. */
export function createDispatcher(options: ConnectionOptions): Dispatcher {
  const timeout = options.timeoutMs ?? DEFAULT_CLIENT_LIMITS.timeoutMs;
  const env = options.env ?? process.env;
  const ca = options.caFile ? caBundle(options.caFile, env.NODE_EXTRA_CA_CERTS) : undefined;
  const connect = { timeout: Math.min(timeout, MAX_CONNECT_TIMEOUT_MS), ...(ca ? { ca } : {}) };
  const agentOptions = { connect, headersTimeout: timeout, bodyTimeout: timeout, keepAliveTimeout: 10_000 };
  if (env.HTTP_PROXY || env.http_proxy || env.HTTPS_PROXY || env.https_proxy) {
    // The run's variables, read as undici reads process.env's ('' is none: https then goes as http does).
    const proxies = {
      httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
      httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
      noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
    };
    return new EnvHttpProxyAgent({ ...agentOptions, ...proxies, ...(ca ? { requestTls: { ca } } : {}) });
  }
  return new Agent(agentOptions);
}

/**
 * A `ca` option replaces Node's trust store, so the bundle keeps the system roots and
 * NODE_EXTRA_CA_CERTS beside the host's own ca_file.
 */
function caBundle(caFile: string, extra: string | undefined): string[] {
  // Loaded here, not at the top: node:tls brings crypto, 4 ms of every command's start, and plain
  // http and the default trust store never need it.
  const { rootCertificates } = process.getBuiltinModule('node:tls') as typeof import('node:tls');
  const bundle = [...rootCertificates];
  // Each file says its own name; one that is there but unreadable keeps the table's hint.
  const read = (file: string, what: string, fix: string) => {
    try {
      bundle.push(readFileSync(file, 'utf8'));
    } catch (error) {
      const denied = (error as NodeJS.ErrnoException).code === 'EACCES';
      throw unreadableFile(`cannot read ${what} ${file}`, error, denied ? undefined : fix);
    }
  };
  if (extra) read(extra, 'the NODE_EXTRA_CA_CERTS file', 'fix the path in NODE_EXTRA_CA_CERTS, or unset it');
  read(caFile, 'CA file', 'fix the path with `collab config set ca_file <path> --host <url>`');
  return bundle;
}
