import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConf, writeThroughConf } from '../../src/config/conf-file.js';
import { checkConfig } from '../../src/config/schema.js';
import { accepted, SETTINGS, type SettingValue } from '../../src/config/settings.js';
import { ConfigStore, configPath } from '../../src/config/store.js';
import { isCollabError } from '../../src/errors.js';

const FILE = '/home/u/.config/collab/config.json';

function failure(data: Record<string, unknown>): { kind: string; message: string; hint: string | undefined } {
  return failureOf(data, FILE);
}

function failureOf(
  data: Record<string, unknown>,
  file: string,
): { kind: string; message: string; hint: string | undefined } {
  try {
    checkConfig(data, file);
  } catch (error) {
    if (!isCollabError(error)) throw error;
    return { kind: error.kind, message: error.message, hint: error.hint };
  }
  throw new Error(`expected ${JSON.stringify(data)} to be refused`);
}

/** Values each kind of setting must refuse, as they could stand in a hand-edited file. */
function badValues(value: SettingValue): unknown[] {
  switch (value.type) {
    case 'integer':
      return ['abc', String(value.min), value.min - 1, value.max + 1, value.min + 0.5, true, null];
    case 'choice':
      return ['nope', value.choices[0]?.toUpperCase(), 1];
    case 'boolean':
      return ['yes', 'true', 1, null];
    case 'text':
      return ['', 5, false, ['a']];
    case 'url':
      return ['gitlab.example.com', 'ftp://example.com', 'https://user:pw@example.com', 7];
  }
}

describe('the config file is checked against the settings table', () => {
  it('accepts every default and a full file of good values', () => {
    const good = {
      host: 'https://gitlab.example.com',
      output: 'json',
      timeout: 1,
      retries: 0,
      concurrency: 32,
      editor: 'vim',
      unknown_key: 'kept',
      hosts: {
        'https://gitlab.example.com': { token: 'glpat-x', user: 'u', ca_file: '/ca.pem', insecure_http: false },
        'http://127.0.0.1:3000': { token_command: 'pass show t' },
      },
    };
    expect(() => checkConfig(good, FILE)).not.toThrow();
    for (const setting of SETTINGS)
      if (setting.default !== undefined)
        expect(() =>
          checkConfig(
            setting.scope === 'global'
              ? { [setting.key]: setting.default }
              : { hosts: { 'https://h': { [setting.key]: setting.default } } },
            FILE,
          ),
        ).not.toThrow();
  });

  it.each(
    SETTINGS.flatMap((setting) =>
      badValues(setting.value).map((value) => [setting.key, setting.scope, value] as const),
    ),
  )('refuses %s = %j (%s) naming the key, the file and the values accepted', (key, scope, value) => {
    const setting = SETTINGS.find((s) => s.key === key);
    const data = scope === 'global' ? { [key]: value } : { hosts: { 'https://h.example': { [key]: value } } };
    const error = failure(data);
    expect(error.kind).toBe('usage');
    expect(error.message).toContain(`invalid ${key} `);
    expect(error.message).toContain(`in the config file ${FILE}: expected ${accepted(setting?.value as SettingValue)}`);
    if (scope === 'host') expect(error.message).toContain('for https://h.example');
    expect(error.hint).toContain(
      `collab config set ${key} <value>${scope === 'host' ? ' --host https://h.example' : ''}`,
    );
  });

  it('words the messages for people', () => {
    expect(failure({ timeout: 'abc' }).message).toBe(
      `invalid timeout "abc" in the config file ${FILE}: expected a whole number from 1 to 3600`,
    );
    expect(failure({ output: 'yaml' }).message).toBe(
      `invalid output "yaml" in the config file ${FILE}: expected one of table, json, ndjson, csv`,
    );
    expect(failure({ hosts: { 'https://h': { insecure_http: 'yes' } } }).message).toBe(
      `invalid insecure_http "yes" for https://h in the config file ${FILE}: expected true or false`,
    );
    expect(failure({ timeout: 'x'.repeat(100) }).message).toContain(`invalid timeout "${'x'.repeat(39)}… in`);
  });

  it('never quotes a stored credential back', () => {
    const error = failure({ hosts: { 'https://h': { token: ['glpat-secret-value'] } } });
    expect(error.message).toBe(`invalid token for https://h in the config file ${FILE}: expected a non-empty text`);
    expect(error.hint).toContain('collab auth login --host https://h');
    expect(failure({ hosts: { 'https://h': { token_command: '' } } }).message).toContain(
      'invalid token_command for https://h',
    );
  });

  it('refuses hosts that are not an object of host URLs and entries', () => {
    expect(failure({ hosts: [] }).message).toBe(
      `invalid hosts in the config file ${FILE}: expected an object of host URLs and their entries`,
    );
    expect(failure({ hosts: { 'gitlab.example.com': {} } }).message).toBe(
      `invalid host "gitlab.example.com" under hosts in the config file ${FILE}: expected an http(s) URL such as https://gitlab.example.com`,
    );
    expect(failure({ hosts: { 'https://h': 'token' } }).message).toBe(
      `invalid entry for https://h under hosts in the config file ${FILE}: expected an object`,
    );
  });

  it('is checked when the store is, not when it is opened (config set repairs a file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-schema-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ retries: -1 }));
    const store = await ConfigStore.open({ COLLAB_CONFIG_DIR: dir });
    expect(store.get('retries')).toBe(-1);
    await expect(store.check()).rejects.toThrow(
      `invalid retries -1 in the config file ${join(dir, 'config.json')}: expected a whole number from 0 to 20`,
    );
  });
});

describe("conf's JSON Schema, built from the same table", () => {
  const dir = mkdtempSync(join(tmpdir(), 'collab-conf-'));
  const path = join(dir, 'config.json');

  it.each(
    SETTINGS.flatMap((setting) =>
      badValues(setting.value).map((value) => [setting.key, setting.scope, value] as const),
    ),
  )('refuses to write %s = %j (%s), named as check() names it', (key, scope, value) => {
    const data = scope === 'global' ? { [key]: value } : { hosts: { 'https://h.example': { [key]: value } } };
    const conf = openConf(path, true);
    let refused: unknown;
    try {
      writeThroughConf(conf, data, path);
    } catch (error) {
      refused = error;
    }
    expect(isCollabError(refused) && refused.message).toBe(failureOf(data, path).message);
  });

  it('writes a good file, mode 0600, and refuses an account that is not an object', () => {
    const good = {
      host: 'https://h.example',
      output: 'json',
      hosts: { 'https://h.example': { user: 'a', token: 't', users: { a: { token: 't' }, b: { keyring: true } } } },
    };
    writeThroughConf(openConf(path, true), good, path);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(good);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(() =>
      writeThroughConf(openConf(path, true), { hosts: { 'https://h.example': { users: { a: 'token' } } } }, path),
    ).toThrow(/in the config file/);
  });
});

describe('configPath', () => {
  it('is where collab kept it when conf wrote it (env-paths, name collab, no suffix), so files written before stay found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-path-'));
    const env = { HOME: join(dir, 'home'), XDG_CONFIG_HOME: join(dir, 'xdg'), APPDATA: join(dir, 'appdata') };
    const expected =
      process.platform === 'darwin'
        ? join(env.HOME, 'Library', 'Preferences', 'collab', 'config.json')
        : process.platform === 'win32'
          ? join(env.APPDATA, 'collab', 'Config', 'config.json')
          : join(env.XDG_CONFIG_HOME, 'collab', 'config.json');
    expect(configPath(env)).toBe(expected);
    if (process.platform === 'linux')
      expect(configPath({ HOME: env.HOME })).toBe(join(env.HOME, '.config', 'collab', 'config.json'));
  });

  it('is COLLAB_CONFIG_DIR/config.json when that is set', () => {
    expect(configPath({ COLLAB_CONFIG_DIR: '/tmp/somewhere' })).toBe('/tmp/somewhere/config.json');
  });
});
