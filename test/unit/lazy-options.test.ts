import { describe, expect, it } from 'vitest';
import { lazyOptions } from '../../src/commands/lazy-options.js';
import type { OptionSpec } from '../../src/params/option.js';

const SPECS: OptionSpec[] = [
  { flags: '--name <text>', description: 'the name' },
  { flags: '--path <text>', description: 'the path' },
];

describe('lazyOptions', () => {
  it('makes nothing until read, however often the reference is copied', () => {
    let made = 0;
    const options = lazyOptions(() => {
      made += 1;
      return SPECS;
    });
    const spec = { name: 'create', options };
    const copies = [{ ...spec }, { ...spec, load: () => undefined }];
    expect(copies.every((copy) => copy.options === options)).toBe(true);
    expect(made).toBe(0);
  });

  it('is made once and read as the array it is by every kind of reader', () => {
    let made = 0;
    const options = lazyOptions(() => {
      made += 1;
      return SPECS;
    });
    expect(Array.isArray(options)).toBe(true);
    expect(options.length).toBe(2);
    expect([...options]).toEqual(SPECS);
    expect([[options]].flat(2)).toEqual(SPECS);
    expect([{ options }].flatMap((flag) => flag.options)).toEqual(SPECS);
    expect(options.map((option) => option.flags)).toEqual(['--name <text>', '--path <text>']);
    expect(options.some((option) => option.flags.startsWith('--path'))).toBe(true);
    expect(Object.keys(options)).toEqual(['0', '1']);
    expect(JSON.parse(JSON.stringify(options))).toEqual(SPECS);
    expect(options).toEqual(SPECS);
    expect(made).toBe(1);
  });
});
