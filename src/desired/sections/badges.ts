import { minLength, optional, string, strictObject } from 'zod/mini';
import { type Badge, badgesPath, createBadge, deleteBadge, updateBadge } from '../../api/badges.js';
import { BADGE_IMAGE_URL, BADGE_LINK_URL } from '../../params/badges.js';
import {
  equal,
  isItem,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  unlisted,
  withSecrets,
  itemAt,
  keysApart,
} from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `badges`: a project's or group's own badges (a project's list holds its groups' too: those are
 * the groups'), each named by its name, else by its link_url. URLs are compared as written, with
 * their %{placeholders}, not as rendered.
 */

declare module '../model.js' {
  interface LiveTarget {
    badges?: Badge[];
  }
}

type BadgeBody = Body & { link_url: string; image_url: string; name?: string };

type BadgeSpec = OnTarget &
  (
    | { op: 'badge-create'; body: BadgeBody }
    | { op: 'badge-update'; badgeId: number; body: Body }
    | { op: 'badge-delete'; badgeId: number }
  );

const FIELDS = ['link_url', 'image_url'] as const;

/** What tells a badge apart in the file: its name, else its link. */
const identityOf = (item: Item): string =>
  typeof item.name === 'string' && item.name !== '' ? item.name : String(item.link_url);
const matches = (item: Item) => (badge: Badge) =>
  typeof item.name === 'string' && item.name !== ''
    ? badge.name === item.name
    : !badge.name && badge.link_url === item.link_url;

/** The live badge a change's key names (its name, else its link): the plan's fields and a saved plan's check. */
const keyOfBadge = (b: Badge) => b.name || b.link_url;
const byKey = (live: { badges?: Badge[] }, key: string) => itemAt(key, live.badges, keyOfBadge);

/** Whether the live badge holds what the file gives a field, as written: the diff's rule and a saved plan's. */
const holds = (badge: Badge, field: string, wanted: unknown) => equal(badge[field], wanted);

export const badges: Section<BadgeSpec> = {
  name: 'badges',
  kinds: ['project', 'group'],
  noun: 'badge',
  identify: identityOf,
  schema: () =>
    listSchema(
      strictObject({
        name: optional(string().check(minLength(1))),
        link_url: paramSchema(BADGE_LINK_URL),
        image_url: paramSchema(BADGE_IMAGE_URL),
      }),
    ),
  read: {
    none: (live) => void (live.badges = []),
    target: async (reader, live, resource) =>
      void (live.badges = (await reader.list(badgesPath({ kind: live.kind, ref: Number(resource.id) })))
        .filter(isBadge)
        .filter((badge) => badge.kind === live.kind)),
  },
  diff: ({ value, live, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.badges ?? [];
    for (const item of wanted.items) {
      const key = identityOf(item);
      const existing = found.find(matches(item));
      const fields = { link_url: String(item.link_url), image_url: String(item.image_url) };
      const shown = { link_url: String(kept(item).link_url), image_url: String(kept(item).image_url) };
      if (!existing) {
        const body: BadgeBody = { ...shown, ...(typeof item.name === 'string' ? { name: item.name } : {}) };
        emit(key, 'create', null, body, { op: 'badge-create', body });
        continue;
      }
      const changed = FIELDS.filter((field) => !holds(existing, field, fields[field]));
      if (changed.length === 0) continue;
      const after = Object.fromEntries(changed.map((field) => [field, shown[field]]));
      emit(key, 'update', Object.fromEntries(changed.map((field) => [field, existing[field]])), after, {
        op: 'badge-update',
        badgeId: existing.id,
        body: after,
      });
    }
    const keyOf = keysApart(keyOfBadge);
    for (const existing of unlisted(wanted, found, (item, badge) => matches(item)(badge))) {
      emit(
        keyOf(existing),
        'delete',
        { name: existing.name, link_url: existing.link_url },
        null,
        { op: 'badge-delete', badgeId: existing.id },
        true,
      );
    }
  },
  liveFields: (key, live) => {
    const badge = byKey(live, key);
    return {
      badge: badge ? { id: badge.id, name: badge.name, link_url: badge.link_url, image_url: badge.image_url } : null,
    };
  },
  reached: (key, after, live) => listReached(byKey(live, key), after, holds, ['name']),
  updates: (_key, after) => (isItem(after) ? Object.keys(after) : undefined),
  ops: ['badge-create', 'badge-update', 'badge-delete'],
  // A URL the file gives with a template is in the plan as written: resolved now.
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    switch (spec.op) {
      case 'badge-create':
        return [createBadge(owner, withSecrets(spec.body, resolver.secret) as BadgeBody)];
      case 'badge-update':
        return [updateBadge(owner, spec.badgeId, withSecrets(spec.body, resolver.secret))];
      case 'badge-delete':
        return [deleteBadge(owner, spec.badgeId)];
    }
  },
  export: ({ live }) => {
    const items = (live.badges ?? []).map((badge) => ({
      ...(badge.name ? { name: badge.name } : {}),
      link_url: badge.link_url,
      image_url: badge.image_url,
    }));
    return items.length > 0 ? items : undefined;
  },
};

const isBadge = (item: Item): item is Badge => typeof item.id === 'number' && typeof item.link_url === 'string';
