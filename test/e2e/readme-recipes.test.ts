import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of ours in JavaScript, run by node as it is; its two exports are used here.
import { recipes, runRecipes } from '../../scripts/readme-recipes.mjs';

/**
 * README's recipes are run by bash as a reader would, in order, against one sandbox seeded as the
 * README says, with collab from this checkout (dist/ is built by `npm test`); each prints what the
 * README shows under it. When output changes on purpose: `node scripts/readme-recipes.mjs --write`.
 */

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

describe('README recipes', () => {
  it('each run and print what README shows under them', { timeout: 60_000 }, async (ctx) => {
    ctx.skip(!process.env.PATH?.split(':').some((dir) => dir && existsJq(dir)), 'jq is not on PATH');
    const { blocks } = recipes(readFileSync(README, 'utf8')) as { blocks: { script: string; shown: string }[] };
    expect(blocks.length).toBe(7);
    const results = (await runRecipes(blocks)) as { status: number; out: string }[];
    for (const [i, block] of blocks.entries()) {
      const result = results[i] ?? { status: -1, out: '' };
      const allowedFailure = /echo "exit \$\?"/.test(block.script);
      expect({ status: allowedFailure ? 0 : result.status, out: result.out }, block.script).toEqual({
        status: 0,
        out: block.shown,
      });
    }
  });
});

function existsJq(dir: string): boolean {
  try {
    readFileSync(`${dir}/jq`);
    return true;
  } catch {
    return false;
  }
}
