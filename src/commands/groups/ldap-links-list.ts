import { type GroupRef, listLdapLinks } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { isCollabError } from '../../errors.js';
import { LDAP_LINK_COLUMNS } from './group-output.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const LDAP_LINKS_LIST = verb({
  name: 'list',
  summary: 'List the LDAP links of a group',
  args: { group: GROUP },
  examples: ['collab groups ldap-links list acme'],
});

interface LdapLinksListOptions {
  group: GroupRef;
}

export async function run(ctx: VerbContext, opts: LdapLinksListOptions): Promise<void> {
  const links = await ctx.session.request<unknown[]>(listLdapLinks(opts.group)).then(
    (response) => response.data,
    (error: unknown) => {
      // The service answers a group without links with a 404 of its own: that is an empty list, not a missing group.
      if (isCollabError(error) && error.kind === 'not-found' && /No linked LDAP groups found/i.test(error.message))
        return [];
      throw error;
    },
  );
  await ctx.presenter.list(links, { columns: LDAP_LINK_COLUMNS });
}
