import { statSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import { CollabError } from '../errors.js';
import { apiBaseUrl } from '../http/url.js';

export interface HostEntry {
  token?: string;
  user?: string;
  ca_file?: string;
  insecure_http?: boolean;
}

export interface ConfigData {
  host?: string;
  output?: string;
  timeout?: number;
  retries?: number;
  concurrency?: number;
  editor?: string;
  hosts?: Record<string, HostEntry>;
  [key: string]: unknown;
}

/** Where a host's entry is kept: the URL without /api/v4, so `https://h` and `https://h/api/v4` agree. */
export function hostKey(host: string): string {
  return apiBaseUrl(host).replace(/\/api\/v4$/, '');
}

/**
 * The token store and settings, a JSON file written with mode 0600 through conf.
 * COLLAB_CONFIG_DIR moves it (tests use a temporary directory).
 */
export class ConfigStore {
  private constructor(private readonly conf: Conf<ConfigData>) {}

  static async open(): Promise<ConfigStore> {
    const { default: ConfModule } = await import('conf');
    const cwd = process.env.COLLAB_CONFIG_DIR || undefined;
    const conf = new ConfModule<ConfigData>({
      projectName: 'collab',
      projectSuffix: '',
      configName: 'config',
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
      ...(cwd ? { cwd } : {}),
    });
    return new ConfigStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  /** A warning when others can read the file that holds tokens; undefined when all is well. */
  permissionWarning(): string | undefined {
    try {
      const mode = statSync(this.conf.path).mode & 0o777;
      if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
        return `warning: ${this.conf.path} is readable by others (mode ${mode.toString(8)}); run: chmod 600 ${this.conf.path}`;
      }
    } catch {
      // No file yet: nothing to warn about.
    }
    return undefined;
  }

  get<K extends keyof ConfigData>(key: K): ConfigData[K] {
    return this.conf.get(key);
  }

  set<K extends keyof ConfigData>(key: K, value: ConfigData[K]): void {
    this.conf.set(key, value);
  }

  delete(key: keyof ConfigData): void {
    this.conf.delete(key);
  }

  all(): ConfigData {
    return this.conf.store;
  }

  hosts(): Record<string, HostEntry> {
    return this.conf.get('hosts') ?? {};
  }

  host(host: string): HostEntry | undefined {
    return this.hosts()[hostKey(host)];
  }

  setHost(host: string, entry: HostEntry): void {
    const hosts = { ...this.hosts() };
    hosts[hostKey(host)] = entry;
    this.conf.set('hosts', hosts);
  }

  removeHost(host: string): boolean {
    const hosts = { ...this.hosts() };
    const key = hostKey(host);
    if (!(key in hosts)) return false;
    delete hosts[key];
    this.conf.set('hosts', hosts);
    if (this.conf.get('host') && hostKey(this.conf.get('host') as string) === key) this.conf.delete('host');
    return true;
  }
}

export function configDirHint(): string {
  return process.env.COLLAB_CONFIG_DIR ? join(process.env.COLLAB_CONFIG_DIR, 'config.json') : '~/.config/collab/config.json';
}

export function noHostError(): CollabError {
  return new CollabError('usage', 'no host given', {
    hint: 'pass --host <url>, set COLLAB_HOST, or run `collab auth login --host <url>`',
  });
}
