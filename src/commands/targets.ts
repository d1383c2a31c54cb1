import { CollabError } from '../errors.js';
import type { ArgSpec, CommandInput, CommandSpec, OptionSpec } from './spec.js';

/**
 * Where a command takes the one project or group it acts on, derived from its definition: a
 * `<project>` or `<group>` argument, or a `--project` or `--group` option. There, `-` means "read
 * the targets from standard input" and the command runs once per target (src/bulk/). Nothing is
 * listed by hand: a new command with such an argument or option can take `-` at once.
 */

/** The value of a target argument or option that reads the targets from standard input. */
export const STDIN_TARGET = '-';

export type TargetNoun = 'project' | 'group';

export type TargetSlot =
  /** `<project>` at `index` of the positional arguments. */
  | { kind: 'arg'; index: number; noun: TargetNoun; label: string }
  /** `--project` (key `project`) or `--group` (key `group`). */
  | { kind: 'option'; key: TargetNoun; noun: TargetNoun; label: string };

/** What a run over targets read from standard input needs to know of its command. */
export interface BulkRun {
  slot: TargetSlot;
  /** Asks to type the number of targets (or needs --yes) before acting on them. */
  destructive: boolean;
  /** The command's --concurrency counts pages (a list): in a bulk run it counts targets. */
  list: boolean;
  /** The command changes nothing (no `mutating`, or a run of it that only reads): a table shows its targets' data. */
  reads: boolean;
  /** `collab projects archive`, for the confirmation and messages. */
  command: string;
}

const NOUNS: readonly string[] = ['project', 'group'];

function argSlot(arg: ArgSpec, index: number): TargetSlot | undefined {
  return !arg.variadic && NOUNS.includes(arg.name)
    ? { kind: 'arg', index, noun: arg.name as TargetNoun, label: `<${arg.name}>` }
    : undefined;
}

/** `--project <project>` and `--group <group>`: the flags that name what the command acts on (not --with, --to, --from...). */
export function targetOptionNoun(option: OptionSpec): TargetNoun | undefined {
  const long = option.flags.split(/[ ,]+/).find((part) => part.startsWith('--'));
  const noun = long?.slice(2);
  return noun !== undefined && NOUNS.includes(noun) && /<[^>]+>/.test(option.flags) ? (noun as TargetNoun) : undefined;
}

/** Every place of the command that can take `-`. */
export function targetSlots(spec: CommandSpec): TargetSlot[] {
  const slots: TargetSlot[] = [];
  (spec.args ?? []).forEach((arg, index) => {
    const slot = argSlot(arg, index);
    if (slot) slots.push(slot);
  });
  for (const option of spec.options ?? []) {
    const noun = targetOptionNoun(option);
    if (noun) slots.push({ kind: 'option', key: noun, noun, label: `--${noun}` });
  }
  return slots;
}

/** Declared on the verb (`destructive: true`): over many targets it asks for the number of targets first. */
function isDestructive(spec: CommandSpec): boolean {
  return spec.destructive === true;
}

/** The slot given as `-` in this command line, if any; two are refused (standard input is read once). */
export function bulkRun(spec: CommandSpec, input: CommandInput, command: string): BulkRun | undefined {
  const given = targetSlots(spec).filter(
    (slot) => (slot.kind === 'arg' ? input.args[slot.index] : input.options[slot.key]) === STDIN_TARGET,
  );
  if (given.length === 0) return undefined;
  if (given.length > 1) {
    throw new CollabError(
      'usage',
      `${given.map((slot) => slot.label).join(' and ')} cannot both be - (standard input is read once)`,
      {
        hint: 'give one of them from standard input and the other on the command line',
      },
    );
  }
  return {
    slot: given[0] as TargetSlot,
    destructive: isDestructive(spec),
    list: spec.list === true,
    reads: spec.mutating !== true || spec.reads?.(input.options) === true,
    command,
  };
}

/** Targets in flight at once, at most. */
export const MAX_TARGET_CONCURRENCY = 16;

const STDIN_NOTE = '; - reads many from standard input, one a line';

/** Help of a target argument or option says what `-` does. */
export function withStdinNote<T extends { description: string }>(item: T): T {
  return { ...item, description: `${item.description}${STDIN_NOTE}` };
}

/** The positional arguments as help shows them. */
export function commandArgs(spec: CommandSpec): ArgSpec[] {
  return (spec.args ?? []).map((arg, index) => (argSlot(arg, index) ? withStdinNote(arg) : arg));
}
