import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CollabError } from '../errors.js';
import { apiBaseUrl } from '../http/url.js';
import type { Env } from '../runtime.js';
import { unreadableFile } from '../util/unreadable.js';
import { type AccountEntry, migrateAccounts, needsMigration } from './accounts.js';
import type { ConfFile } from './conf-file.js';

export interface HostEntry {
  /** The active account's token, when it is in this file (accounts.ts: the host's level mirrors the active account). */
  token?: string;
  /** The active account's token command (`collab auth login --token-command`): then no token is kept. */
  token_command?: string;
  /** The active account. */
  user?: string;
  /** Every account of the host and where its token is (accounts.ts). */
  users?: Record<string, AccountEntry>;
  ca_file?: string;
  insecure_http?: boolean;
}

export interface ConfigData {
  host?: string;
  output?: string;
  timeout?: number;
  retries?: number;
  concurrency?: number;
  graphql?: boolean;
  editor?: string;
  hosts?: Record<string, HostEntry>;
  [key: string]: unknown;
}

/** Where a host's entry is kept: the URL without /api/v4, so `https://h` and `https://h/api/v4` agree. */
export function hostKey(host: string): string {
  return apiBaseUrl(host).replace(/\/api\/v4$/, '');
}

/**
 * The settings and accounts, a JSON file of mode 0600 in a directory of mode 0700, kept by conf
 * (its file, its JSON schema built from the settings table in schema.ts, its atomic writes).
 * COLLAB_CONFIG_DIR moves it (tests use a temporary directory).
 *
 * Reading is a readFileSync and a JSON.parse (`readConfigFile`), checked by the zod schema of the
 * table (`check`): a command that only reads loads neither conf nor ajv, and a file that is not JSON
 * gets a message naming it. Every write goes through conf (its schema, its atomic write). Each change is made to the file as
 * it is when the change is written, under the file's lock (file-write.ts), so that runs at the same
 * time (three `auth login` to three hosts) each keep their change; the store's copy becomes that
 * merged file. A file of the one-account shape becomes the accounts' shape once, on open, under
 * the same lock (accounts.ts).
 */
export class ConfigStore {
  private checked = false;
  /** conf with the schema (once checked) and without (while unchecked), each made on first use. */
  private readonly confs = new Map<boolean, ConfFile>();

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
    const store = new ConfigStore(path, readConfigFile(path));
    if (needsMigration(store.data)) await store.migrate();
    return store;
  }

  /** gh's multi_account migration, once: a file that cannot be written now is read in the old shape (accounts.ts reads both) and migrated by the next write. */
  private async migrate(): Promise<void> {
    try {
      await this.update(migrateAccounts, { validate: false });
    } catch {
      // A read-only directory, or a bad value check() will name: nothing lost, the next write migrates.
    }
  }

  /**
   * Checks every value read against the settings table: a bad one is a usage error naming the key,
   * the file and what is accepted. Separate from open() so that `config set` can repair a file.
   */
  async check(): Promise<void> {
    if (this.checked) return;
    // The zod schema of the table, loaded only when there is something to check: no file, no cost.
    // Not conf's ajv: compiling its schema would cost every command that reads the file (ARCHITECTURE).
    if (Object.keys(this.data).length > 0) (await import('./schema.js')).checkConfig(this.data, this.path);
    this.checked = true;
  }

  /**
   * The conf of this file, for writing: with the schema once checked (conf refuses to write a value
   * the table refuses), without while unchecked (`config set` repairing a bad value writes the file
   * as it is, bar that value). conf reads the file when it is made: a refusal becomes check()'s message.
   */
  private async confFile(validate: boolean): Promise<ConfFile> {
    let conf = this.confs.get(validate);
    if (!conf) {
      const { openConf } = await import('./conf-file.js');
      conf = openConf(this.path, validate);
      this.confs.set(validate, conf);
    }
    return conf;
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
    await this.update((data) => ({ ...data, [key]: value }));
  }

  async delete(key: keyof ConfigData): Promise<void> {
    await this.update(({ [key]: _removed, ...rest }) => rest);
  }

  /** Applies `change` to the file as it is now, under its lock (file-write.ts), and writes it through conf. */
  private async update(
    change: (current: ConfigData) => ConfigData,
    options: { validate?: boolean } = {},
  ): Promise<void> {
    const { updateFile } = await import('./file-write.js');
    const validate = options.validate ?? this.checked;
    this.data = await updateFile(
      this.path,
      readConfigFile,
      (current) => change(migrateAccounts(current)),
      async (next, path) => {
        // Made under the lock, once the directory is there (0700): conf would make it with the umask's mode.
        const conf = await this.confFile(validate);
        const { writeThroughConf } = await import('./conf-file.js');
        writeThroughConf(conf, next, path);
      },
    );
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

  /**
   * Keeps `entry` (or what `entry` makes of the host's entry as the file has it now) for the host;
   * `becomeDefault` makes it the default host when the file names none.
   */
  async setHost(
    host: string,
    entry: HostEntry | ((current: HostEntry | undefined) => HostEntry),
    options: { becomeDefault?: boolean } = {},
  ): Promise<void> {
    const key = hostKey(host);
    await this.update((data) => {
      const hosts = data.hosts ?? {};
      const next = { ...data, hosts: { ...hosts, [key]: typeof entry === 'function' ? entry(hosts[key]) : entry } };
      return options.becomeDefault && !data.host ? { ...next, host: key } : next;
    });
  }

  /** Forgets the host (and that it is the default); false when the file has no entry for it. */
  async removeHost(host: string): Promise<boolean> {
    const key = hostKey(host);
    let found = false;
    await this.update((data) => {
      const { [key]: removed, ...hosts } = data.hosts ?? {};
      found = removed !== undefined;
      if (!found) return data;
      const { host: current, ...rest } = data;
      return typeof current === 'string' && hostKey(current) === key ? { ...rest, hosts } : { ...data, hosts };
    });
    return found;
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
  if (process.platform === 'win32')
    return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'collab', 'Config', 'config.json');
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
    // Not a path the user gave: the table's hints would ask for another.
    throw unreadableFile(
      `cannot read the config file ${path}`,
      error,
      code === 'EACCES'
        ? `make it readable: chmod 600 ${path}`
        : 'check the file, or point COLLAB_CONFIG_DIR at another directory',
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw corruptConfig(path, `is not valid JSON (${(error as Error).message})`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw corruptConfig(path, 'does not hold a JSON object');
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
