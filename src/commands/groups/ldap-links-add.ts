import { addLdapLink, type GroupRef, type LdapLink } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { accessLevelName } from '../../params/access.js';
import type { VerbInput } from '../verb.js';
import { LDAP_LINK_COLUMNS } from './group-output.js';
import { ldapLinkSubject } from './ldap-link-subject.js';
import { asText, option } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { ACCESS, accessParser, CN, FILTER, PROVIDER } from './ldap-link-subject.js';
import { verb } from '../verb.js';

export const LDAP_LINKS_ADD = verb({
  name: 'add',
  summary: 'Link an LDAP group (--cn) or filter (--filter) to a group',
  description: 'Exactly one of --cn and --filter.',
  args: { group: GROUP },
  flags: {
    cn: option(CN.flags, CN.description, asText),
    filter: option(FILTER.flags, FILTER.description, asText),
    provider: option(PROVIDER.flags, PROVIDER.description, asText, { required: true }),
    access: option(ACCESS.flags, ACCESS.description, accessParser, { required: true, aliases: ACCESS.aliases ?? [] }),
  },
  mutating: true,
  examples: [
    'collab groups ldap-links add acme --cn engineers --provider ldapmain --group-access developer',
    "collab groups ldap-links add acme --filter '(department=ops)' --provider ldapmain --group-access 20",
  ],
});

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
