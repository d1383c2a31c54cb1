import { CollabError } from '../../errors.js';

/** Exactly one of --cn and --filter, checked before anything is sent. */
export function ldapLinkSubject({
  cn,
  filter,
}: {
  cn: string | undefined;
  filter: string | undefined;
}): { cn: string } | { filter: string } {
  if (cn !== undefined && filter === undefined) return { cn };
  if (filter !== undefined && cn === undefined) return { filter };
  throw new CollabError(
    'usage',
    cn === undefined ? 'missing --cn or --filter' : '--cn and --filter cannot be used together',
    {
      hint: 'give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>',
    },
  );
}

/** A flag that one form of a verb needs: refused with a hint saying why when it is missing. */
export function requiredFlag<T>(value: T | undefined, flag: string, hint: string): T {
  if (value === undefined) throw new CollabError('usage', `missing ${flag}`, { hint });
  return value;
}
