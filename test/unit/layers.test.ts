import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The rules of src/ that are not imports (those are .dependency-cruiser.cjs's). */
const SRC = new URL('../../src/', import.meta.url).pathname;

describe('services', () => {
  it('are composed in src/bulk/, never extended: no class there extends Context or a service class', () => {
    const serviceClasses = readdirSync(join(SRC, 'services'))
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        [...readFileSync(join(SRC, 'services', name), 'utf8').matchAll(/export class (\w+)/g)].map(
          (match) => match[1] as string,
        ),
      );
    expect(serviceClasses.length).toBeGreaterThan(0);
    const forbidden = new RegExp(`\\bextends\\s+(${['Context', ...serviceClasses].join('|')})\\b`);
    const offenders = readdirSync(join(SRC, 'bulk'))
      .filter((name) => name.endsWith('.ts') && forbidden.test(readFileSync(join(SRC, 'bulk', name), 'utf8')))
      .map((name) => `bulk/${name}`);
    expect(offenders).toEqual([]);
  });
});

describe('errors', () => {
  it('are recognised by isCollabError, never by instanceof (each bundle has its own CollabError class)', () => {
    const offenders = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /instanceof\s+CollabError\b/.test(readFileSync(join(SRC, name), 'utf8')))
      .map((name) => relative(SRC, join(SRC, name)));
    expect(offenders).toEqual([]);
  });
});

describe('sandbox state', () => {
  it('lives in the Store: no WeakMap keeps it beside (a stateless cache is named as one)', () => {
    const holders = (readdirSync(join(SRC, 'sandbox'), { recursive: true }) as string[])
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /new WeakMap\b/.test(readFileSync(join(SRC, 'sandbox', name), 'utf8')));
    expect(holders).toEqual(['pagination.ts']);
  });
});

/** The files under `dirs` (below src/) whose text matches any of `patterns`, as `dir/file: pattern`. */
function offenders(
  dirs: readonly string[],
  patterns: readonly RegExp[],
  skip: (name: string) => boolean = () => false,
): string[] {
  return dirs.flatMap((dir) =>
    (readdirSync(join(SRC, dir), { recursive: true }) as string[])
      .filter((name) => name.endsWith('.ts') && !skip(`${dir}/${name}`))
      .flatMap((name) => {
        const text = readFileSync(join(SRC, dir, name), 'utf8');
        return patterns.filter((pattern) => pattern.test(text)).map((pattern) => `${dir}/${name}: ${pattern.source}`);
      }),
  );
}

/** What runs a verb: its code, and the desired-state engine that plan and apply hand their context to. */
const VERB_CODE = ['commands', 'desired'];

describe('the output format', () => {
  it('is read only in src/output/: nothing above asks for it or reads its flags (the presenter shows what a verb says)', () => {
    expect(
      offenders(
        [...VERB_CODE, 'bulk', 'services', 'api'],
        [/outputOptions\(/, /globals\.(output|fields|jq)\b/, /\bformat === '(json|ndjson|csv|table)'/],
      ),
    ).toEqual([]);
  });
});

describe('a verb', () => {
  it('runs on a VerbContext (src/context.ts): never the whole Context', () => {
    expect(
      offenders(VERB_CODE, [/\bctx: Context\b/, /import type \{[^}]*\bContext\b[^}]*\} from '[./]*context\.js'/]),
    ).toEqual([]);
  });

  it('writes nothing itself: data through the presenter, lines through the terminal, stdin through the prompter', () => {
    expect(
      offenders(VERB_CODE, [/\bctx\.io\b/, /\.io\.(stdout|stderr|stdin)\b/, /\bprocess\.(stdout|stderr|stdin)\b/]),
    ).toEqual([]);
  });

  it('assigns nothing on its context: run-wide state is set by the services that own it', () => {
    expect(offenders([...VERB_CODE, 'bulk'], [/\bctx\.[\w.]+\s*=[^=>]/, /\.context\.[\w.]+\s*=[^=>]/])).toEqual([]);
  });
});

describe('the JSON array of a streamed list', () => {
  it('has its punctuation written in one place (src/output/json-array.ts), whoever streams it', () => {
    const writers = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.ts') && !name.startsWith('sandbox'))
      .filter((name) => /'\[\\n'|'\[\]\\n'|'\\n\]\\n'|'\[\\n'\)/.test(readFileSync(join(SRC, name), 'utf8')));
    expect(writers).toEqual(['output/json-array.ts']);
  });
});
