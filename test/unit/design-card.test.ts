import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The design card names the packages collab is built from: each is a dependency (the test tools
 * dev dependencies) and is imported by the code that uses it, so a reader of the card finds it.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The card's packages, each with where it must be imported from. */
const CARD = [
  ...['commander', 'undici', 'cli-table3', 'chalk', 'ora', 'conf', '@inquirer/prompts', 'zod'].map((name) => ({
    name,
    kind: 'dependencies' as const,
    under: 'src',
  })),
  ...['vitest', 'execa'].map((name) => ({ name, kind: 'devDependencies' as const, under: 'test' })),
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|cts)$/.test(file))
    .map((file) => readFileSync(join(ROOT, dir, file), 'utf8'));
}

/** `from 'x'`, `from 'x/sub'`, `import('x')`, `import 'x'`: an import of the package, not a mention. */
const importOf = (name: string) =>
  new RegExp(`(?:from\\s+|import\\s*\\(\\s*|import\\s+)['"]${name.replace(/[/.@-]/g, '\\$&')}(?:/[^'"]*)?['"]`);

describe("the design card's packages", () => {
  const code = { src: sources('src'), test: sources('test') };

  it.each(CARD)('$name is in $kind and imported under $under/', ({ name, kind, under }) => {
    expect(pkg[kind][name], `${name} in package.json ${kind}`).toMatch(/^\^?\d/);
    const pattern = importOf(name);
    expect(
      code[under as 'src' | 'test'].some((text) => pattern.test(text)),
      `an import of ${name} under ${under}/`,
    ).toBe(true);
  });

  it('tells an import from a mention', () => {
    expect(importOf('conf').test("import Conf from 'conf';")).toBe(true);
    expect(importOf('zod').test("import { int } from 'zod/mini';")).toBe(true);
    expect(importOf('conf').test("const { openConf } = await import('./conf.js');")).toBe(false);
    expect(importOf('ora').test('// ora draws the spinner')).toBe(false);
  });
});
