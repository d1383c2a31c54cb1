import type { Owner } from '../api/owner.js';
import { CollabError } from '../errors.js';
import type { OptionSpec } from '../params/option.js';
import { groupRef, projectRef } from '../params/parsers.js';

/** `--project` or `--group`: what a hook, push rule or share belongs to (hooks, push-rule, share). */
export const OWNER_OPTIONS: readonly OptionSpec[] = [
  { flags: '--project <project>', description: 'the project (ID or full path)', parse: projectRef },
  { flags: '--group <group>', description: 'the group (ID or full path)', parse: groupRef },
];

/** Exactly one of --project and --group. */
export function ownerFromOptions(options: Record<string, unknown>): Owner {
  const project = options.project as string | number | undefined;
  const group = options.group as string | number | undefined;
  if ((project === undefined) === (group === undefined)) {
    throw new CollabError('usage', project === undefined ? 'missing --project or --group' : '--project and --group cannot be used together', {
      hint: 'give exactly one: --project <id|path> or --group <id|path>',
    });
  }
  return project !== undefined ? { kind: 'project', ref: project } : { kind: 'group', ref: group as string | number };
}
