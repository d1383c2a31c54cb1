import { type Args, bool, type Flags } from './flags.js';
import { verb } from './verb.js';

/**
 * The delete verb of what a project or group holds (a hook, a label, a badge, a variable, a deploy
 * key, a protected branch or tag): one declaration for all. It asks on a terminal to type what is
 * deleted (scripts pass --yes), counts a thing already gone as done, and takes --strict to make
 * that exit 4. Each noun binds it with its words, its argument and its owner flags.
 */
export function confirmedDelete<const A extends Args, const F extends Flags>(declaration: {
  /** `Remove a label (one already gone is not an error)`. */
  summary: string;
  /** What is typed to confirm: `the name`, `the hook’s ID`. */
  typing: string;
  /** A sentence more of help, after the confirmation's. */
  note?: string;
  args: A;
  flags: F;
  /** When --strict makes it exit 4: `the label does not exist`. */
  strict: string;
  examples: readonly string[];
}) {
  const { summary, typing, note, args, flags, strict, examples } = declaration;
  return verb({
    name: 'delete',
    destructive: true,
    summary,
    description: `On a terminal you confirm by typing ${typing}; scripts pass --yes.${note ? ` ${note}` : ''}`,
    args,
    flags: { ...flags, strict: bool('--strict', `fail with exit 4 when ${strict}`) },
    mutating: true,
    confirm: true,
    examples,
  });
}
