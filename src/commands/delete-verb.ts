import { type Args, bool, type Flags } from './flags.js';
import { type OwnerKind, ownerVerb } from './owner.js';

/**
 * The delete verb of what a project or group holds (a hook, a label, a badge, a variable, a deploy
 * key, a protected branch or tag): one declaration for all. It asks on a terminal to type what is
 * deleted (scripts pass --yes), counts a thing already gone as done, and takes --strict to make
 * that exit 4. Each noun binds it with its words, its argument and its kinds of owner.
 */
export function confirmedDelete<
  const K extends OwnerKind,
  const A extends Args,
  const F extends Flags = Record<never, never>,
  const V extends Readonly<Record<string, string>> = Record<never, never>,
>(declaration: {
  kinds: readonly K[];
  /** The verb's fixed values (src/commands/verb.ts), where one implementation serves several nouns. */
  fixed?: V;
  /** `Remove a label (one already gone is not an error)`. */
  summary: string;
  /** What is typed to confirm: `the name`, `the hook’s ID`. */
  typing: string;
  /** A sentence more of help, after the confirmation's. */
  note?: string;
  args: A;
  flags?: F;
  /** When --strict makes it exit 4: `the label does not exist`. */
  strict: string;
  examples: readonly string[];
}) {
  const { kinds, fixed, summary, typing, note, args, flags, strict, examples } = declaration;
  return ownerVerb({
    kinds,
    fixed: fixed as V,
    name: 'delete',
    destructive: true,
    summary,
    description: `On a terminal you confirm by typing ${typing}; scripts pass --yes.${note ? ` ${note}` : ''}`,
    args,
    flags: { ...(flags as F), strict: bool('--strict', `fail with exit 4 when ${strict}`) },
    mutating: true,
    confirm: true,
    examples,
  });
}
