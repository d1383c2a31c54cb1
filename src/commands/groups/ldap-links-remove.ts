import { type GroupRef, type LdapLink, removeLdapLink } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import type { LDAP_LINKS_REMOVE } from './verbs.js';
import { ldapLinkSubject, requiredFlag } from './ldap-link-subject.js';

interface LdapLinksRemoveOptions {
  group: GroupRef;
  link: LdapLink;
  legacyPath: boolean;
}

/** Once a run: which form of the request, and the flags it needs. */
export function parse(input: VerbInput<typeof LDAP_LINKS_REMOVE>): LdapLinksRemoveOptions {
  const { group, legacyPath, provider } = input;
  if (legacyPath) {
    // The deprecated forms name the link by cn in the path: /ldap_group_links/:cn or /:provider/:cn.
    if (input.filter !== undefined)
      throw new CollabError('usage', '--filter cannot be used with --legacy-path', {
        hint: 'the deprecated paths name a link by --cn only',
      });
    const cn = requiredFlag(input.cn, '--cn', 'the deprecated paths name the link by its --cn');
    return { group, link: { cn, provider }, legacyPath };
  }
  const subject = ldapLinkSubject(input);
  return {
    group,
    link: {
      ...subject,
      provider: requiredFlag(provider, '--provider', 'name the LDAP server of the link, e.g. --provider ldapmain'),
    },
    legacyPath,
  };
}

export async function run(ctx: VerbContext, opts: LdapLinksRemoveOptions): Promise<void> {
  const response = await ctx.session.mutate(removeLdapLink(opts.group, opts.link, { legacyPath: opts.legacyPath }));
  if (!response) return;
  const what = opts.link.cn !== undefined ? `LDAP group ${opts.link.cn}` : `LDAP filter ${opts.link.filter}`;
  ctx.terminal.info(
    `removed the link of ${what}${opts.link.provider ? ` (${opts.link.provider})` : ''} from group ${opts.group}`,
  );
}
