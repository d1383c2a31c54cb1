import { strictObject } from 'zod/mini';
import { addLdapLink, type LdapLink, listLdapLinks, removeLdapLink } from '../../api/groups.js';
import { LDAP_LINK_PARAMS } from '../../params/groups.js';
import { accessLevel, accessLevelWord, listOf, listSchema, shape, unlisted, withSecrets } from './common.js';
import type { Item, OnTarget, Section } from './section.js';

/**
 * `ldap_links`: a group's LDAP group links, by provider and cn (or filter); one list a group. The
 * service has no update: a link whose level changed is removed and added again.
 */

declare module '../model.js' {
  interface LiveTarget {
    ldapLinks?: LdapLink[];
  }
}

/** A link as the file gives it, its level as the service's number. */
type LinkBody = Item & { group_access: number };

type LdapSpec = OnTarget &
  (
    | { op: 'ldap-create'; body: LinkBody }
    | { op: 'ldap-replace'; link: LdapLink; body: LinkBody }
    | { op: 'ldap-delete'; link: LdapLink }
  );

const keyOf = (link: LdapLink | Item) => `${String(link.provider)}/${String(link.cn ?? link.filter)}`;
const same = (a: LdapLink, b: Item) =>
  a.provider === b.provider && (a.cn ?? null) === (b.cn ?? null) && (a.filter ?? null) === (b.filter ?? null);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The fields that name a link (its provider, and cn or filter), as given. */
const namesOf = (link: Item): Item =>
  Object.fromEntries(['provider', 'cn', 'filter'].filter((n) => typeof link[n] === 'string').map((n) => [n, link[n]]));

/** What POST .../ldap_group_links is sent. */
const sent = (body: LinkBody): LdapLink & { provider: string; group_access: number } => ({
  ...(text(body.cn) !== undefined ? { cn: text(body.cn) } : {}),
  ...(text(body.filter) !== undefined ? { filter: text(body.filter) } : {}),
  provider: String(body.provider),
  group_access: body.group_access,
});

export const ldapLinks: Section<LdapSpec> = {
  name: 'ldap_links',
  kinds: ['group'],
  noun: 'ldap_link',
  schema: () =>
    listSchema(
      strictObject(
        shape(
          LDAP_LINK_PARAMS.map((param) =>
            param.name === 'cn' || param.name === 'filter' ? param : { ...param, required: true },
          ),
        ),
      ),
    ),
  itemProblem: (link) =>
    (link.cn === undefined) === (link.filter === undefined) ? 'a link has exactly one of cn and filter' : undefined,
  read: {
    none: (live) => void (live.ldapLinks = []),
    target: async ({ client }, live, resource) => {
      // A group with no link answers 404 "No linked LDAP groups found" (GitLab's API v4 does): none.
      const { expect: _array, ...request } = listLdapLinks(Number(resource.id));
      const response = await client.request<LdapLink[]>({ ...request, okStatuses: [404] });
      live.ldapLinks = response.status === 404 ? [] : response.data;
    },
  },
  diff: ({ value, live, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.ldapLinks ?? [];
    for (const link of wanted.items) {
      // Shown and sent as the plan keeps it (a filter from a secret as its template), resolved when sent.
      const written = kept(link);
      const body = { ...written, group_access: accessLevel(link.group_access) };
      const existing = found.find((l) => same(l, link));
      if (!existing) emit(keyOf(link), 'create', null, body, { op: 'ldap-create', body });
      else if (existing.group_access !== body.group_access)
        emit(
          keyOf(link),
          'update',
          { group_access: existing.group_access },
          { group_access: body.group_access },
          {
            op: 'ldap-replace',
            // The link as the file names it: the live one's cn or filter is the file's, resolved.
            link: { ...existing, ...namesOf(written) },
            body,
          },
        );
    }
    for (const existing of unlisted(wanted, found, (link, live) => same(live, link))) {
      emit(
        keyOf(existing),
        'delete',
        { group_access: existing.group_access },
        null,
        { op: 'ldap-delete', link: existing },
        true,
      );
    }
  },
  export: ({ live }) => {
    const found = live.ldapLinks ?? [];
    if (found.length === 0) return undefined;
    return found.map((link) => ({
      ...(link.cn !== undefined && link.cn !== null ? { cn: link.cn } : { filter: link.filter }),
      provider: link.provider,
      group_access: accessLevelWord(link.group_access),
    }));
  },
  liveFields: (key, live) => ({ link: live.ldapLinks?.find((l) => keyOf(l) === key) ?? null }),
  ops: ['ldap-create', 'ldap-replace', 'ldap-delete'],
  send: async (spec, resolver) => {
    const resolved = (body: LinkBody) => withSecrets(body, resolver.secret) as LinkBody;
    switch (spec.op) {
      case 'ldap-create':
        return [addLdapLink(spec.ref, sent(resolved(spec.body)))];
      case 'ldap-replace':
        return [
          removeLdapLink(spec.ref, withSecrets({ ...spec.link }, resolver.secret) as LdapLink),
          addLdapLink(spec.ref, sent(resolved(spec.body))),
        ];
      case 'ldap-delete':
        return [removeLdapLink(spec.ref, spec.link)];
    }
  },
};
