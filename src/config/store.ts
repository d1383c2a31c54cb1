import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type Conf from 'conf';
import { CollabError } from '../errors.js';
import { apiBaseUrl } from '../http/url.js';
import type { Env } from '../runtime.js';

export interface HostEntry {
  token?: string;
  /** A command that prints the token (`collab auth login --token-command`): then no token is kept here. */
  token_command?: string;
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
 *
 * Reading is a readFileSync and a JSON.parse: conf and its validator (ajv) take about 45 ms to
 * load, which every command that talks to the service would pay just to read a host and a token
 * (or nothing at all, when COLLAB_HOST and COLLAB_TOKEN are set). conf is loaded only to write,
 * for its atomic writes with mode 0600.
 */
export class ConfigStore {
  private writer: Conf<ConfigData> | undefined;
  private checked = false;

  private constructor(
    readonly path: string,
    private data: ConfigData,
  ) {}

  /**
   * The store of the run whose environment is `env` (COLLAB_CONFIG_DIR, HOME, XDG_CONFIG_HOME,
   * APPDATA). A file that is not a JSON object is refused here; its values are checked by check().
   */
  static async open(env: Env): Promise<ConfigStore> {
    const path = configPath(env);
    return new ConfigStore(path, readConfigFile(path));
  }

  /**
   * Checks every value read against the settings table: a bad one is a usage error naming the key,
   * the file and what is accepted. Separate from open() so that `config set` can repair a file.
   */
  async check(): Promise<void> {
    if (this.checked) return;
    // zod is loaded only when there is something to check: no file, no cost.
    if (Object.keys(this.data).length > 0) (await import('./schema.js')).checkConfig(this.data, this.path);
    this.checked = true;
  }

  /** A warning when others can read the file that holds tokens; undefined when all is well. */
  permissionWarning(): string | undefined {
    try {
      const mode = statSync(this.path).mode & 0o777;
      if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
        return `warning: ${this.path} is readable by others (mode ${mode.toString(8)}); run: chmod 600 ${this.path}`;
      }
    } catch {
      // No file yet: nothing to warn about.
    }
    return undefined;
  }

  get<K extends keyof ConfigData>(key: K): ConfigData[K] {
    return this.data[key];
  }

  async set<K extends keyof ConfigData>(key: K, value: ConfigData[K]): Promise<void> {
    (await this.conf()).set(key, value);
    this.data = { ...this.data, [key]: value };
  }

  async delete(key: keyof ConfigData): Promise<void> {
    (await this.conf()).delete(key);
    const { [key]: _removed, ...rest } = this.data;
    this.data = rest;
  }

  all(): ConfigData {
    return { ...this.data };
  }

  hosts(): Record<string, HostEntry> {
    return this.data.hosts ?? {};
  }

  host(host: string): HostEntry | undefined {
    return this.hosts()[hostKey(host)];
  }

  async setHost(host: string, entry: HostEntry): Promise<void> {
    const hosts = { ...this.hosts() };
    hosts[hostKey(host)] = entry;
    await this.set('hosts', hosts);
  }

  async removeHost(host: string): Promise<boolean> {
    const hosts = { ...this.hosts() };
    const key = hostKey(host);
    if (!(key in hosts)) return false;
    delete hosts[key];
    await this.set('hosts', hosts);
    const current = this.get('host');
    if (typeof current === 'string' && hostKey(current) === key) await this.delete('host');
    return true;
  }

  private async conf(): Promise<Conf<ConfigData>> {
    if (!this.writer) {
      const { default: ConfModule } = await import('conf');
      // cwd is the directory read from, so conf writes the very file this store read.
      this.writer = new ConfModule<ConfigData>({
        projectName: 'collab',
        projectSuffix: '',
        configName: 'config',
        accessPropertiesByDotNotation: false,
        configFileMode: 0o600,
        cwd: dirname(this.path),
      });
    }
    return this.writer;
  }
}

/**
 * Where conf keeps the file (env-paths' config directory for `collab`, no suffix), or
 * COLLAB_CONFIG_DIR/config.json. `collab config path` prints it.
 */
/** The user's home directory as the run sees it (the config file's and the completion cache's base). */
export function homeDirectory(env: Env): string {
  // os.homedir() reads the process's HOME; the run's comes first (on Windows, USERPROFILE is os.homedir's).
  return (process.platform === 'win32' ? undefined : env.HOME) || homedir();
}

export function configPath(env: Env): string {
  const dir = env.COLLAB_CONFIG_DIR;
  if (dir) return resolve(dir, 'config.json');
  const home = homeDirectory(env);
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'collab', 'config.json');
  if (process.platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'collab', 'Config', 'config.json');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'collab', 'config.json');
}

/** The settings in the file; none when there is no file. A file that is not a JSON object is a usage error naming it. */
export function readConfigFile(path: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    throw new CollabError('usage', `cannot read the config file ${path}: ${code ?? (error as Error).message}`, {
      hint: code === 'EACCES' ? `make it readable: chmod 600 ${path}` : `check the file, or point COLLAB_CONFIG_DIR at another directory`,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw corruptConfig(path, `is not valid JSON (${(error as Error).message})`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw corruptConfig(path, 'does not hold a JSON object');
  return data as ConfigData;
}

function corruptConfig(path: string, what: string): CollabError {
  return new CollabError('usage', `the config file ${path} ${what}`, {
    hint: `fix it in an editor, or move it away (mv ${path} ${path}.bak) and run \`collab auth login\` again`,
  });
}

export function noHostError(): CollabError {
  return new CollabError('usage', 'no host given', {
    hint: 'pass --host <url>, set COLLAB_HOST, or run `collab auth login --host <url>`',
  });
}
