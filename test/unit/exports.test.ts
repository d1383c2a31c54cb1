import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Every name a module of src/ exports is imported somewhere else (src/, the tests, bench/,
 * scripts/, bin/, build.mjs): an export nothing imports is dead code or a name that should stay
 * in its file. The one allowance is a verb module's entry points, `run`, `parse`, `bind` and a
 * noun's `spec`, which the command tree reaches through `load: () => import('./verb.js')` by
 * property, never by name.
 */
const ENTRY_POINTS = new Set(['run', 'parse', 'bind', 'spec']);
const DECLARATION =
  /^export (?:async )?(?:declare )?(?:const|let|function\*?|class|type|interface|enum|abstract class) (\w+)/gm;

describe('exports', () => {
  it('names nothing that no other file imports', () => {
    const files = execFileSync('git', ['ls-files', 'src', 'test', 'bench', 'scripts', 'bin', 'build.mjs'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|mjs|cjs|js)$/.test(file));
    const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
    const unused: string[] = [];
    for (const file of files.filter((name) => name.startsWith('src/'))) {
      for (const [, name] of (text.get(file) ?? '').matchAll(DECLARATION)) {
        if (name === undefined || ENTRY_POINTS.has(name)) continue;
        const word = new RegExp(`\\b${name}\\b`);
        if (!files.some((other) => other !== file && word.test(text.get(other) ?? ''))) unused.push(`${file}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
