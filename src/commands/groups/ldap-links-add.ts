import { addLdapLink, type GroupRef, type LdapLink } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { accessLevelName } from '../../params/access.js';
import type { VerbInput } from '../verb.js';
import type { LDAP_LINKS_ADD } from './verbs.js';
import { LDAP_LINK_COLUMNS } from './group-output.js';
import { ldapLinkSubject } from './ldap-link-subject.js';

interface LdapLinksAddOptions {
  group: GroupRef;
  link: LdapLink & { provider: string; group_access: number };
}

/** Once a run: exactly one of --cn and --filter. */
export function parse(input: VerbInput<typeof LDAP_LINKS_ADD>): LdapLinksAddOptions {
  return {
    group: input.group,
    link: { ...ldapLinkSubject(input), provider: input.provider, group_access: input.access },
  };
}

export async function run(ctx: VerbContext, opts: LdapLinksAddOptions): Promise<void> {
  const response = await ctx.session.mutate(addLdapLink(opts.group, opts.link));
  if (!response) return;
  const { link } = opts;
  ctx.terminal.info(
    `linked ${link.cn !== undefined ? `LDAP group ${link.cn}` : `LDAP filter ${link.filter}`} (${link.provider}) to group ${opts.group} as ${accessLevelName(link.group_access)}`,
  );
  await ctx.presenter.resource(response.data, { columns: LDAP_LINK_COLUMNS });
}
