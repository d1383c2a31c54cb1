import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/commands/manifest.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { useSandbox } from '../helpers/cli.js';

/** Nouns are named, aliased and summarised once, in src/commands/manifest.ts. */
describe('nouns', () => {
  const { collab } = useSandbox({ seed: 1 });

  it('each definition takes its name, aliases and summary from the manifest', async () => {
    const specs = await loadCommandTree();
    expect(specs.map((spec) => ({ name: spec.name, aliases: spec.aliases, summary: spec.summary }))).toEqual(
      NOUNS.map((entry) => ({ name: entry.name, aliases: entry.aliases, summary: entry.summary })),
    );
  });

  it('runs a noun named by its alias (the alias was known only once the noun was loaded)', async () => {
    const aliased = NOUNS.filter((entry) => entry.aliases?.length);
    expect(aliased.map((entry) => entry.name)).toContain('projects');
    for (const entry of aliased) {
      for (const alias of entry.aliases ?? []) {
        const result = await collab([alias, '--help']);
        expect(result.exitCode, alias).toBe(0);
        expect(result.stdout, alias).toMatch(new RegExp(`^Usage: collab ${entry.name}\\|`));
      }
    }
    const verb = await collab(['project', 'list', '--help']);
    expect(verb.stdout).toMatch(/^Usage: collab projects list\|ls /);
  });
});
