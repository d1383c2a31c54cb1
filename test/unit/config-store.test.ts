import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore, readConfigFile } from '../../src/config/store.js';
import { CollabError } from '../../src/errors.js';
import { runMain } from '../helpers/cli.js';

describe('config store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'collab-config-'));
  });

  function failure(text: string): CollabError {
    const file = join(dir, 'config.json');
    writeFileSync(file, text);
    try {
      readConfigFile(file);
    } catch (error) {
      return error as CollabError;
    }
    throw new Error('expected readConfigFile to fail');
  }

  it.each([
    ['invalid JSON', '{"host": "https://h",', 'is not valid JSON'],
    ['an empty file', '', 'is not valid JSON'],
    ['an array', '[1]', 'does not hold a JSON object'],
    ['null', 'null', 'does not hold a JSON object'],
  ])('names the file and the fix when it holds %s', (_name, text, what) => {
    const error = failure(text);
    expect(error).toBeInstanceOf(CollabError);
    expect(error.kind).toBe('usage');
    expect(error.message).toContain(`the config file ${join(dir, 'config.json')} ${what}`);
    expect(error.message).not.toContain('\n');
    expect(error.hint).toContain(`mv ${join(dir, 'config.json')} ${join(dir, 'config.json')}.bak`);
  });

  it('reads no file as no settings', () => {
    expect(readConfigFile(join(dir, 'config.json'))).toEqual({});
  });

  it('says how to fix a file it may not read', () => {
    if (process.getuid?.() === 0) return; // root reads any file
    const file = join(dir, 'config.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o000);
    expect(() => readConfigFile(file)).toThrow(`cannot read the config file ${file}: permission denied`);
  });

  it('a config.json that is a directory says it is a directory, with the hint to point elsewhere, exit 2', async () => {
    const file = join(dir, 'config.json');
    mkdirSync(file);
    const result = await runMain(['projects', 'list'], { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir });
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `error: cannot read the config file ${file}: it is a directory\nhint: check the file, or point COLLAB_CONFIG_DIR at another directory\n`,
    ]);
  });

  it('reads without conf and writes through it (mode 0600), keeping what it read up to date', async () => {
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ output: 'csv', hosts: { 'https://a.example': { token: 't-a' } } }),
    );
    const store = await ConfigStore.open({ COLLAB_CONFIG_DIR: dir });
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(store.get('output')).toBe('csv');
    expect(store.host('https://a.example/api/v4')).toEqual({ token: 't-a' });

    await store.setHost('https://b.example', { token: 't-b', user: 'bo' });
    await store.set('host', 'https://b.example');
    expect(store.host('https://b.example')?.user).toBe('bo');
    const written = JSON.parse(readFileSync(store.path, 'utf8'));
    // The second write found b's one-account entry and gave it the accounts' shape (accounts.ts); a's names no user, so it stays.
    expect(written).toEqual({
      output: 'csv',
      host: 'https://b.example',
      hosts: {
        'https://a.example': { token: 't-a' },
        'https://b.example': { token: 't-b', user: 'bo', users: { bo: { token: 't-b' } } },
      },
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);

    expect(await store.removeHost('https://b.example')).toBe(true);
    expect(await store.removeHost('https://b.example')).toBe(false);
    expect(store.get('host')).toBeUndefined();
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      output: 'csv',
      hosts: { 'https://a.example': { token: 't-a' } },
    });
  });

  it('stops the CLI with exit 2 and two lines (error, hint) on a corrupt file, before any request', async () => {
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"host": "http://127.0.0.1:9",');
    const result = await runMain(['projects', 'list'], { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^error: the config file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON \\(`),
    );
    expect(lines[1]).toContain(`hint: fix it in an editor, or move it away (mv ${file} ${file}.bak)`);
    expect(result.stderr).not.toContain('bug');
  });
});
