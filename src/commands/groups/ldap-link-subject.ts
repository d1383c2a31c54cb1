import { CollabError } from '../../errors.js';
import { tableOption, valueParser } from '../../params/derive.js';
import { LDAP_GROUP_ACCESS, LDAP_LINK_PARAMS } from '../../params/groups.js';
import type { ValueParser } from '../../params/option.js';

/** The flags of an LDAP link as the table describes them (ldap-links add and remove). */
export const CN = tableOption(LDAP_LINK_PARAMS, 'cn');
export const FILTER = tableOption(LDAP_LINK_PARAMS, 'filter');
export const PROVIDER = tableOption(LDAP_LINK_PARAMS, 'provider');
export const ACCESS = tableOption(LDAP_LINK_PARAMS, 'group_access');
/** --group-access read by its parameter's rule: minimal access is a role an LDAP link may give. */
export const accessParser = valueParser(LDAP_GROUP_ACCESS) as ValueParser<number>;

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
