import { loadCommandTree } from '../../commands/tree.js';
import { bashCompletion, fishCompletion, markdownReference, zshCompletion } from '../../completion/generate.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { write } from '../../io.js';
import type { CommandInput } from '../spec.js';

// `markdown` is the command reference (docs/COMMANDS.md), generated from the same tree.
const GENERATORS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion, markdown: markdownReference } as const;
type Shell = keyof typeof GENERATORS;

export function options({ args }: CommandInput): { shell: Shell } {
  const shell = args[0] ?? '';
  // Own keys only: `in` also finds what every object inherits (toString printed "[object Object]").
  if (!Object.hasOwn(GENERATORS, shell)) throw new CollabError('usage', `unsupported shell "${shell}"`, { hint: 'choose bash, zsh or fish' });
  return { shell: shell as Shell };
}

export async function run(ctx: Context, { shell }: { shell: Shell }): Promise<void> {
  await write(ctx.io.stdout, GENERATORS[shell](await loadCommandTree()));
}
