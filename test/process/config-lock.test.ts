import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/config/store.js';
import { tempConfigDir } from '../helpers/cli.js';

/** The config file's lock (src/config/file-write.ts): released after each write, taken over from a run that died holding it. */
describe('the config file lock', () => {
  it("is gone after a write, and a change is made to the file as it is then (another run's host kept)", async () => {
    const dir = tempConfigDir();
    const store = await ConfigStore.open({ COLLAB_CONFIG_DIR: dir });
    // Another run wrote since this store read the file.
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ hosts: { 'https://a.example': { token: 'a' } } }));
    await store.setHost('https://b.example', { token: 'b' }, { becomeDefault: true });
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false);
    const data = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(Object.keys(data.hosts).sort()).toEqual(['https://a.example', 'https://b.example']);
    expect(data.host).toBe('https://b.example');
    expect(store.hosts()).toEqual(data.hosts);
  });

  it('left by a process of this machine that has ended is taken over', async () => {
    const dir = tempConfigDir();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, 'config.json.lock'), `${ended.stdout} ${hostname()}`);
    const store = await ConfigStore.open({ COLLAB_CONFIG_DIR: dir });
    await store.set('output', 'json');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ output: 'json' });
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false);
  });
});
