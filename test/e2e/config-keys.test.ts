import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';

/** A key or value typed for `collab config` may hold anything: the message quotes it short and on one line. */
describe('collab config quotes what was typed short and clean', () => {
  const config = (args: string[]) => {
    const dir = tempConfigDir();
    return runMain(['config', ...args], { PATH: process.env.PATH, HOME: dir, COLLAB_CONFIG_DIR: dir });
  };

  it('cuts an unknown key to 40 characters', async () => {
    const key = `${'k'.repeat(45)}TAIL`;
    for (const args of [
      ['get', key],
      ['set', key, 'x'],
    ]) {
      const result = await config(args);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe(`error: unknown setting "${'k'.repeat(40)}…"`);
      expect(result.stderr).not.toContain('TAIL');
      expect(result.stderr).toMatch(/\nhint: known settings: host, output, timeout/);
    }
  });

  it('replaces control characters in an unknown key', async () => {
    const result = await config(['get', 'col\u001b[31mour\u0007']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: unknown setting "col?[31mour?"');
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('names the setting a misspelt key was likely meant to be', async () => {
    const result = await config(['set', 'concurency', '4']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: unknown setting "concurency"; did you mean concurrency?');
  });

  it('quotes a short unknown key whole', async () => {
    const result = await config(['get', 'colour']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: unknown setting "colour"');
  });

  it('cuts a long invalid value the same way', async () => {
    const result = await config(['set', 'timeout', `${'9'.repeat(50)}x`]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: invalid timeout "${'9'.repeat(40)}…": expected a whole number from 1 to 3600`,
    );
  });
});
