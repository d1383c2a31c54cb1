import { CollabError } from '../../errors.js';

/** Exactly one of --cn and --filter, checked before anything is sent. */
export function ldapLinkSubject(o: Record<string, unknown>): { cn: string } | { filter: string } {
  const cn = o.cn as string | undefined;
  const filter = o.filter as string | undefined;
  if ((cn === undefined) === (filter === undefined)) {
    throw new CollabError('usage', cn === undefined ? 'missing --cn or --filter' : '--cn and --filter cannot be used together', {
      hint: 'give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>',
    });
  }
  return cn !== undefined ? { cn } : { filter: filter as string };
}

export function requiredFlag<T>(o: Record<string, unknown>, key: string, flag: string, hint: string): T {
  const value = o[key];
  if (value === undefined) throw new CollabError('usage', `missing ${flag}`, { hint });
  return value as T;
}
