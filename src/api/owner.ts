import { apiPath } from '../http/path.js';

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

/** `project acme/web/app`, `group 42`: the owner as messages name it. */
export function describeOwner(owner: Owner): string {
  return `${owner.kind} ${owner.ref}`;
}
