import { bashCompletion, fishCompletion, markdownReference, zshCompletion } from '../../completion/generate.js';
import type { VerbContext } from '../../context.js';
import type { CommandSpec } from '../spec.js';
import type { VerbInput } from '../verb.js';
import type { COMPLETION, Shell } from './index.js';

const GENERATORS = {
  bash: bashCompletion,
  zsh: zshCompletion,
  fish: fishCompletion,
  markdown: markdownReference,
} as const satisfies Record<Shell, unknown>;

/**
 * The verb over the command tree it is given (by the manifest, which lists the nouns): importing the
 * tree from here would make the manifest, through this verb, import itself.
 */
export function completionOver(tree: () => Promise<CommandSpec[]>) {
  return {
    async run(ctx: VerbContext, { shell }: VerbInput<typeof COMPLETION>): Promise<void> {
      await ctx.presenter.value({ plain: GENERATORS[shell](await tree()) });
    },
  };
}
