import { CollabError } from '../errors.js';
import { apiPath } from '../http/path.js';
import { groupRef, projectRef } from '../commands/parsers.js';
import type { OptionSpec } from '../commands/spec.js';

/**
 * Hooks, push rules and shares exist on projects and groups alike: one implementation serves
 * both, bound to an owner (gitbeaker's template-per-kind idea).
 */
export interface Owner {
  kind: 'project' | 'group';
  ref: string | number;
}

export function ownerPath(owner: Owner): string {
  return owner.kind === 'project' ? apiPath`/projects/${owner.ref}` : apiPath`/groups/${owner.ref}`;
}

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

/** `project acme/web/app`, `group 42`: the owner as messages name it. */
export function describeOwner(owner: Owner): string {
  return `${owner.kind} ${owner.ref}`;
}
