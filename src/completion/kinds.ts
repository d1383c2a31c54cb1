import { commandOptions } from '../commands/common-options.js';
import type { ArgSpec, CommandSpec, OptionSpec } from '../commands/spec.js';
import { groupRef, namespaceRef, projectRef } from '../params/parsers.js';

/**
 * Which values completion fetches from the service: the paths of groups, or of groups and their
 * projects. The same answer for the completion scripts (src/completion/generate.ts, which call
 * `collab __complete` only where one of these is wanted) and for `__complete` itself
 * (src/completion/values.ts, which finds the word's place in the command line). The names of what
 * a project or group holds (labels, variable keys...) are values.ts's own: its commands take
 * --project or --group, so the scripts already ask `__complete` there.
 */
export type ValueKind = 'project' | 'group';

/** Positional arguments, by the name help gives them (`<project>`, `<forked-from>`, `<group>`). */
const ARG_KINDS: Readonly<Record<string, ValueKind>> = { project: 'project', 'forked-from': 'project', group: 'group' };

export function argKind(arg: ArgSpec | undefined): ValueKind | undefined {
  return arg && Object.hasOwn(ARG_KINDS, arg.name) ? ARG_KINDS[arg.name] : undefined;
}

/**
 * Flags, by the parser that reads their value: --project, --from (projects); --group, --with,
 * --parent, --to, and --namespace, whose groups are what can be listed (a user's namespace is
 * typed out).
 */
export function optionKind(option: OptionSpec): ValueKind | undefined {
  if (option.parse === projectRef) return 'project';
  if (option.parse === groupRef || option.parse === namespaceRef) return 'group';
  return undefined;
}

/** Whether a command has an argument or a flag whose values completion fetches. */
export function completesValues(spec: CommandSpec): boolean {
  return (
    (spec.args ?? []).some((arg) => argKind(arg) !== undefined) ||
    commandOptions(spec).some((option) => optionKind(option) !== undefined)
  );
}
