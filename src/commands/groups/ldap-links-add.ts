import { addLdapLink, type GroupRef, type LdapLink } from '../../api/groups.js';
import type { Context } from '../../context.js';
import { accessLevelName } from '../../params/access.js';
import type { CommandInput } from '../spec.js';
import { groupArg } from '../resource-args.js';
import { LDAP_LINK_COLUMNS } from './group-output.js';
import { ldapLinkSubject } from './ldap-link-subject.js';

export interface LdapLinksAddOptions {
  group: GroupRef;
  link: LdapLink & { provider: string; group_access: number };
}

export function options({ args, options: o }: CommandInput): LdapLinksAddOptions {
  const group = groupArg(args);
  const subject = ldapLinkSubject(o);
  return { group, link: { ...subject, provider: o.provider as string, group_access: o.access as number } };
}

export async function run(ctx: Context, opts: LdapLinksAddOptions): Promise<void> {
  const response = await ctx.mutate(addLdapLink(opts.group, opts.link));
  if (!response) return;
  const { link } = opts;
  ctx.info(`linked ${link.cn !== undefined ? `LDAP group ${link.cn}` : `LDAP filter ${link.filter}`} (${link.provider}) to group ${opts.group} as ${accessLevelName(link.group_access)}`);
  await ctx.printResource(response.data, { columns: LDAP_LINK_COLUMNS });
}
