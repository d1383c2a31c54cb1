import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/commands/manifest.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { helpText } from '../helpers/cli.js';

/** Every flag's help says its default once and its negation once, whoever wrote which part. */

async function commandPaths(): Promise<string[][]> {
  const found: string[][] = [[]];
  const walk = (spec: CommandSpec, path: string[]) => {
    found.push(path);
    for (const sub of spec.subcommands ?? []) walk(sub, [...path, sub.name]);
  };
  for (const entry of NOUNS) walk((await entry.load()).spec, [(await entry.load()).spec.name]);
  return found;
}

/** The help's flag entries, one a flag, its description on one line (a wide terminal). */
function flagEntries(text: string): string[] {
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^ {2}-/.test(line)) entries.push(line.trim());
    else if (/^ {4,}\S/.test(line) && entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
  }
  return entries;
}

describe('flag help', () => {
  it('names each default and each --no- form once', async () => {
    const repeated: string[] = [];
    for (const path of await commandPaths()) {
      for (const entry of flagEntries(await helpText(path, 400))) {
        const description = entry.replace(/^\S+(?:, \S+)*(?: <[^>]+>)? {2,}/, '');
        const defaults = description.match(/\(default\b/g)?.length ?? 0;
        const negations = [...description.matchAll(/--no-[a-z-]+/g)].map((m) => m[0]);
        if (defaults > 1 || new Set(negations).size < negations.length)
          repeated.push(`collab ${path.join(' ')}: ${entry}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});
