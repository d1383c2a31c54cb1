import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The sandbox's rules of structure, checked over its sources: every right is decided in
 * access.ts (routes ask it, they compare no roles; it is policy only, guards.ts applies it to
 * requests), one clock (store.now), and the cached project JSON is the view cache's, made stale
 * by the store (Store.touch, view-cache.ts), never cleared by hand.
 */
const root = fileURLToPath(new URL('../../src/sandbox/', import.meta.url));

function sources(dir: string): Array<{ file: string; lines: string[] }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: name, lines: readFileSync(join(dir, name), 'utf8').split('\n') }));
}

/** `file:line: text` of every line matching one of `patterns`, comments left out. */
function offending(files: Array<{ file: string; lines: string[] }>, patterns: RegExp[]): string[] {
  return files.flatMap(({ file, lines }) =>
    lines.flatMap((line, index) =>
      !/^\s*(\/\/|\*|\/\*)/.test(line) && patterns.some((p) => p.test(line))
        ? [`${file}:${index + 1}: ${line.trim()}`]
        : [],
    ),
  );
}

describe('the sandbox', () => {
  it('decides rights in access.ts only: no route compares roles, reads a membership or checks is_admin to refuse', () => {
    const patterns = [
      /[<>]=?\s*ACCESS\./,
      /ACCESS\.\w+\s*[<>]/,
      /\.members\.get\(/,
      /(Access|Level)\([^)]*\)\s*[<>]/,
      /is_admin\)\s*throw/,
    ];
    expect(offending(sources(join(root, 'routes')), patterns)).toEqual([]);
  });

  it('keeps access.ts policy only: it throws nothing and knows no request (guards.ts answers for it)', () => {
    const access = sources(root).filter(({ file }) => file === 'access.ts');
    expect(access).toHaveLength(1);
    expect(offending(access, [/\bthrow\b/, /from '\.\/(errors|http)\.js'/, /SandboxRequest/])).toEqual([]);
  });

  it('reads one clock, store.now(): never the wall clock', () => {
    const files = sources(root).filter(({ file }) => file !== 'store.ts');
    expect(offending(files, [/Date\.now\(\)/, /new Date\(\)/])).toEqual([]);
  });

  it("leaves a project's cached JSON to the view cache", () => {
    const files = sources(root).filter(({ file }) => file !== 'view-cache.ts');
    expect(offending(files, [/\.json\s*=[^=]/])).toEqual([]);
  });
});
