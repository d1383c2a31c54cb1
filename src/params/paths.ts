/**
 * The path made from a name when none is given: by `groups create` (the API requires a path, so
 * collab proposes one as GitLab's web form does), and by POST /projects (the service derives it:
 * the sandbox, and `projects create`'s recovery, which looks for the project at that path).
 *
 * Groups and projects take the same characters in a path, dots included, so one rule serves
 * both: accents are dropped (é -> e, as Rails' parameterize transliterates), letters lowered,
 * any run of other characters becomes one '-', and the result obeys GitLab 14.9's path rule
 * (no special character at either end, none next to another, no .git or .atom ending).
 * An empty result means the name has nothing to make a path from.
 */
export function pathFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/[_.-]{2,}/g, (run) => (run.includes('-') ? '-' : (run[0] as string)))
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .replace(/\.(git|atom)$/, '-$1');
}
