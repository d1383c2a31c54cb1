import { loadCommandTree } from '../../commands/tree.js';
import { bashCompletion, fishCompletion, markdownReference, zshCompletion } from '../../completion/generate.js';
import type { Context } from '../../context.js';
import { write } from '../../io.js';
import type { VerbInput } from '../verb.js';
import type { COMPLETION, Shell } from './index.js';

const GENERATORS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion, markdown: markdownReference } as const satisfies Record<Shell, unknown>;

export async function run(ctx: Context, { shell }: VerbInput<typeof COMPLETION>): Promise<void> {
  await write(ctx.io.stdout, GENERATORS[shell](await loadCommandTree()));
}
