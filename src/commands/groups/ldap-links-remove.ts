import { type GroupRef, type LdapLink, removeLdapLink } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { ldapLinkSubject, requiredFlag } from './ldap-link-subject.js';
import { asText, bool, option } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { CN, FILTER, PROVIDER } from './ldap-link-subject.js';
import { verb } from '../verb.js';

export const LDAP_LINKS_REMOVE = verb({
  name: 'remove',
  destructive: true,
  summary: 'Remove an LDAP link (exactly one of --cn and --filter, with --provider)',
  args: { group: GROUP },
  flags: {
    cn: option(CN.flags, CN.description, asText),
    filter: option(FILTER.flags, FILTER.description, asText),
    provider: option(PROVIDER.flags, PROVIDER.description, asText),
    legacyPath: bool(
      '--legacy-path',
      'use the deprecated DELETE /ldap_group_links/[:provider/]:cn form (--cn only; --provider optional)',
    ),
  },
  mutating: true,
  examples: [
    'collab groups ldap-links remove acme --cn engineers --provider ldapmain',
    'collab groups ldap-links remove acme --cn engineers --legacy-path',
  ],
});

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
