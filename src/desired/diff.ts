import { basename } from 'node:path';
import type { LdapLink } from '../api/groups.js';
import { ACCESS_LEVELS } from '../params/access.js';
import type { Level } from './load.js';
import type { Action, Address, Change, LiveTarget, Operation, RequestSpec } from './model.js';
import { CREATE_ONLY_SETTINGS } from './schema.js';
import type { DesiredTarget } from './targets.js';

/**
 * One target's changes: what the file wants against what the service has. Pure: the sections in a
 * fixed order (creation first, archiving last, so that an archived project is changed before it
 * becomes read-only), each comparing only what the file sets.
 */

export interface DiffOptions {
  /** Secret values -> their templates (load.ts): a change keeps the template, never the value. */
  templates: ReadonlyMap<string, string>;
  /** Send write-only secrets (hook tokens) again to hooks that exist. */
  rotateSecrets: boolean;
}

type Item = Record<string, unknown>;

export function diffTarget(target: DesiredTarget, live: LiveTarget, options: DiffOptions): Change[] {
  const s = target.sections;
  const changes: Change[] = [];
  const ref = (live.resource?.id as number | undefined) ?? target.path;
  const make = (section: string, key: string, action: Action, before: unknown, after: unknown, request: Omit<RequestSpec, 'kind' | 'ref' | 'path'>, destructive = false): void => {
    const address: Address = { kind: target.kind, path: target.path, section, key };
    const spec: RequestSpec = { kind: target.kind, ref, path: target.path, ...request };
    changes.push({ id: changeId(address), address, action, before: templated(before, options), after: templated(after, options), live: liveFields(address, live), destructive, request: spec, sends: '' });
  };
  const creating = live.resource === null;
  if (creating) {
    if (!target.create) return [];
    const settings = { ...(s.settings as Item | undefined), ...(s.mirror as Item | undefined) };
    make('create', '', 'create', null, settings, { op: 'create', body: templated(settings, options) as Item });
  }
  const resource = live.resource ?? {};
  // Settings and mirror settings of an existing target: one PUT for all of them.
  for (const section of ['settings', 'mirror'] as const) {
    const wanted = s[section] as Item | undefined;
    if (!wanted || creating) continue;
    for (const [key, value] of Object.entries(wanted)) {
      if (CREATE_ONLY_SETTINGS[target.kind].has(key)) continue;
      const before = settingOf(resource, key);
      if (sameSetting(key, value, before)) continue;
      make(section, key, 'update', before, value, { op: 'update', body: { [key]: templated(value, options) }, batch: 'update' });
    }
  }
  if (s.push_rule) {
    const rule = live.pushRule ?? null;
    for (const [key, value] of Object.entries(s.push_rule as Item)) {
      const before = rule ? rule[key] : undefined;
      if (rule && equal(before, value)) continue;
      make('push_rule', key, rule ? 'update' : 'create', before ?? null, value, { op: rule ? 'push-rule-update' : 'push-rule-create', body: { [key]: value }, batch: 'push_rule' });
    }
  }
  if (s.hooks) diffHooks(listOf(s.hooks), live.hooks ?? [], options, make);
  if (s.shares) diffShares(listOf(s.shares), (resource.shared_with_groups as Item[] | undefined) ?? [], make);
  if (s.members) diffMembers(listOf(s.members), live, make);
  if (s.ldap_links) diffLdapLinks(listOf(s.ldap_links), (live.ldapLinks ?? []) as unknown as Item[], make);
  if (typeof s.avatar === 'string') {
    const file = basename(s.avatar);
    const url = resource.avatar_url;
    if (!(typeof url === 'string' && url.endsWith(`/${file}`))) make('avatar', 'avatar', creating || url == null ? 'create' : 'update', url ?? null, s.avatar, { op: 'avatar', body: { avatar: s.avatar } });
  }
  if (typeof s.archived === 'boolean' && s.archived !== (resource.archived ?? false)) {
    make('archived', 'archived', 'update', resource.archived ?? false, s.archived, { op: s.archived ? 'archive' : 'unarchive' }, s.archived);
  }
  return changes;
}

type Make = (section: string, key: string, action: Action, before: unknown, after: unknown, request: Omit<RequestSpec, 'kind' | 'ref' | 'path'>, destructive?: boolean) => void;

interface ListSection {
  items: Item[];
  enforce: boolean;
}

function listOf(section: unknown): ListSection {
  if (Array.isArray(section)) return { items: section as Item[], enforce: false };
  const map = section as { items: Item[]; enforce?: boolean };
  return { items: map.items, enforce: map.enforce === true };
}

/** Hooks by URL: a missing one is created (with its token), a listed one gets the fields the file sets, an unlisted one is removed only with enforce. */
function diffHooks(wanted: ListSection, hooks: readonly Item[], options: DiffOptions, make: Make): void {
  for (const hook of wanted.items) {
    const url = hook.url as string;
    const found = hooks.find((h) => h.url === url);
    if (!found) {
      make('hooks', url, 'create', null, hook, { op: 'hook-create', body: templated(hook, options) as Item });
      continue;
    }
    const { token, url: _url, ...fields } = hook;
    const changed = Object.entries(fields).filter(([key, value]) => !equal(found[key], value));
    const rotate = options.rotateSecrets && token !== undefined;
    if (changed.length === 0 && !rotate) continue;
    const after: Item = Object.fromEntries(changed);
    if (rotate) after.token = token;
    const before = Object.fromEntries(changed.map(([key]) => [key, found[key]]));
    make('hooks', url, 'update', before, after, { op: 'hook-update', hookId: found.id as number, body: templated({ url, ...after }, options) as Item });
  }
  if (!wanted.enforce) return;
  for (const found of hooks) {
    if (wanted.items.some((hook) => hook.url === found.url)) continue;
    make('hooks', found.url as string, 'delete', { url: found.url }, null, { op: 'hook-delete', hookId: found.id as number }, true);
  }
}

const level = (value: unknown): number => (typeof value === 'number' ? value : ACCESS_LEVELS[value as keyof typeof ACCESS_LEVELS]);

/** Shares by group (its path, or its ID): added, changed (unshared and shared again: the service has no update), removed only with enforce. */
function diffShares(wanted: ListSection, shares: readonly Item[], make: Make): void {
  const same = (share: Item, group: unknown) => (typeof group === 'number' ? share.group_id === group : share.group_full_path === group);
  for (const share of wanted.items) {
    const group = share.group_id as string | number;
    const found = shares.find((s) => same(s, group));
    const after = { group_access: level(share.group_access), expires_at: (share.expires_at as string | undefined) ?? null };
    if (!found) {
      make('shares', String(group), 'create', null, after, { op: 'share-create', group, body: after });
      continue;
    }
    const before = { group_access: found.group_access_level, expires_at: found.expires_at ?? null };
    if (equal(before, after)) continue;
    make('shares', String(group), 'update', before, after, { op: 'share-replace', group: found.group_id as number, body: after });
  }
  if (!wanted.enforce) return;
  for (const found of shares) {
    if (wanted.items.some((share) => same(found, share.group_id))) continue;
    make('shares', String(found.group_full_path), 'delete', { group_access: found.group_access_level }, null, { op: 'share-delete', group: found.group_id as number }, true);
  }
}

/**
 * Members by username: added, their level (and expiry, when the file gives one) changed; with
 * enforce the others removed, but never the caller nor a bot (a project or group access token's
 * user) unless the file names them.
 */
function diffMembers(wanted: ListSection, live: LiveTarget, make: Make): void {
  const members = live.members ?? [];
  for (const member of wanted.items) {
    const username = member.username as string;
    const after = { access_level: level(member.access_level), ...(member.expires_at !== undefined ? { expires_at: member.expires_at } : {}) };
    const found = members.find((m) => m.username === username);
    if (!found) {
      make('members', username, 'create', null, after, { op: 'member-add', member: username, body: after });
      continue;
    }
    const before = { access_level: found.access_level, ...(member.expires_at !== undefined ? { expires_at: found.expires_at ?? null } : {}) };
    if (!equal(before, after)) make('members', username, 'update', before, after, { op: 'member-update', member: found.id, body: after });
  }
  if (!wanted.enforce) return;
  for (const found of members) {
    if (wanted.items.some((member) => member.username === found.username) || found.username === live.caller || isBot(found)) continue;
    make('members', found.username, 'delete', { access_level: found.access_level }, null, { op: 'member-remove', member: found.id }, true);
  }
}

/** The users of project and group access tokens (GitLab names them project_<id>_bot…, group_<id>_bot…). */
function isBot(member: { username: string; bot?: unknown }): boolean {
  return member.bot === true || /^(project|group)_\d+_bot/.test(member.username);
}

const linkKey = (link: Item) => `${String(link.provider)}/${String(link.cn ?? link.filter)}`;

function diffLdapLinks(wanted: ListSection, links: readonly Item[], make: Make): void {
  const same = (a: Item, b: Item) => a.provider === b.provider && (a.cn ?? null) === (b.cn ?? null) && (a.filter ?? null) === (b.filter ?? null);
  for (const link of wanted.items) {
    const body = { ...link, group_access: level(link.group_access) };
    const found = links.find((l) => same(l, link));
    if (!found) make('ldap_links', linkKey(link), 'create', null, body, { op: 'ldap-create', body });
    else if (found.group_access !== body.group_access) make('ldap_links', linkKey(link), 'update', { group_access: found.group_access }, { group_access: body.group_access }, { op: 'ldap-replace', link: found as LdapLink, body });
  }
  if (!wanted.enforce) return;
  for (const found of links) {
    if (!wanted.items.some((link) => same(found, link))) make('ldap_links', linkKey(found), 'delete', { group_access: found.group_access }, null, { op: 'ldap-delete', link: found as LdapLink }, true);
  }
}

/** `container_expiration_policy_attributes` is set by that name and shown as `container_expiration_policy`. */
function settingOf(resource: Item, key: string): unknown {
  return key.endsWith('_attributes') ? resource[key.slice(0, -'_attributes'.length)] : resource[key];
}

function sameSetting(key: string, wanted: unknown, live: unknown): boolean {
  if (key === 'import_url') return typeof wanted === 'string' && typeof live === 'string' && withoutCredentials(wanted) === withoutCredentials(live);
  if (key.endsWith('_attributes') && isItem(wanted) && isItem(live)) return Object.entries(wanted).every(([k, v]) => equal(live[k], v));
  // Topics are a set; the service may keep them in another order.
  if (Array.isArray(wanted) && Array.isArray(live)) return equal([...wanted].map(String).sort(), [...live].map(String).sort());
  return equal(wanted, live);
}

/** The service never shows an import URL's credentials: compare without them. */
function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
}

const isItem = (value: unknown): value is Item => value !== null && typeof value === 'object' && !Array.isArray(value);

export function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A value as a plan keeps it: a resolved secret as its template (`${env:HOOK_TOKEN}`), never its value. */
function templated(value: unknown, options: DiffOptions): unknown {
  if (typeof value === 'string') return options.templates.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => templated(v, options));
  if (isItem(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templated(v, options)]));
  return value;
}

export function changeId(address: Address): string {
  return `${address.kind}:${address.path} ${address.section}${address.key ? ` ${address.key}` : ''}`;
}

/** The live fields a change at `address` depends on: the same function before planning and before applying a saved plan. */
export function liveFields(address: Address, live: LiveTarget): Record<string, unknown> {
  const resource = live.resource;
  switch (address.section) {
    case 'create':
      return { exists: resource !== null };
    case 'settings':
    case 'mirror':
      return { [address.key]: resource ? (settingOf(resource, address.key) ?? null) : null };
    case 'push_rule':
      return { push_rule: live.pushRule ? (live.pushRule[address.key] ?? null) : null };
    case 'hooks': {
      const hook = live.hooks?.find((h) => h.url === address.key);
      return { hook: hook ? { id: hook.id, ...Object.fromEntries(Object.entries(hook).filter(([key]) => key !== 'created_at')) } : null };
    }
    case 'shares': {
      const shares = (resource?.shared_with_groups as Item[] | undefined) ?? [];
      const share = shares.find((s) => s.group_full_path === address.key || String(s.group_id) === address.key);
      return { share: share ? { group_id: share.group_id, group_access_level: share.group_access_level, expires_at: share.expires_at ?? null } : null };
    }
    case 'members': {
      const member = live.members?.find((m) => m.username === address.key);
      return { member: member ? { id: member.id, access_level: member.access_level, expires_at: member.expires_at ?? null } : null };
    }
    case 'ldap_links':
      return { link: live.ldapLinks?.find((l) => linkKey(l as unknown as Item) === address.key) ?? null };
    case 'avatar':
      return { avatar_url: resource?.avatar_url ?? null };
    case 'archived':
      return { archived: resource?.archived ?? false };
    default:
      return {};
  }
}

export type { Operation, Level };
