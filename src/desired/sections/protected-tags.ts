import { optional, strictObject } from 'zod/mini';
import { ROLES } from '../../api/roles.js';
import { type ProtectedTag, protectedRefsPath, protectRef, unprotectRef } from '../../api/protected-refs.js';
import { PROTECTED_TAG_NAME, refAccessName } from '../../params/protected-refs.js';
import { listOf, listReached, listSchema, paramSchema, unlisted, withSecret } from './common.js';
import { isNamed, liveRole, refLevel, refRoleSchema } from './protected-branches.js';
import type { Body, OnTarget, Section } from './section.js';

/**
 * `protected_tags`: a project's protected tags by name or wildcard (`v*`), one list a project, read
 * with one GET; `create_access_level` as a role (no-one, developer, maintainer). The service has
 * no update: a changed role is unprotected and protected again, the entries that name no role (a
 * deploy key, a user, a group) sent back with it.
 */

declare module '../model.js' {
  interface LiveTarget {
    protectedTags?: ProtectedTag[];
  }
}

type ProtectedTagSpec = OnTarget &
  (
    | { op: 'protected-tag-create'; body: Body & { name: string } }
    | { op: 'protected-tag-replace'; body: Body & { name: string } }
    | { op: 'protected-tag-delete'; name: string }
  );

/** Whether the live protection holds what a field says (the role by its name): the diff's rule and a saved plan's. */
const holds = (tag: ProtectedTag, field: string, wanted: unknown) =>
  field === 'create_access_level' && liveRole(tag.create_access_levels) === wanted;

/**
 * The entries of a live protection that name no role (a deploy key, and on a paid tier a user or a
 * group), as `allowed_to_create` takes them back (doc/api/protected_tags.md: `{user_id}`,
 * `{group_id}`, `{deploy_key_id}` or `{access_level}`): the file says only the role, so the
 * re-protect keeps them, as protected_branches keeps a deploy key's entry.
 */
function unsaidEntries(tag: ProtectedTag): Body[] {
  const entries = Array.isArray(tag.create_access_levels) ? tag.create_access_levels : [];
  const kept: Body[] = [];
  for (const entry of entries) {
    for (const field of ['deploy_key_id', 'user_id', 'group_id'] as const) {
      const id = entry[field];
      if (typeof id === 'number') {
        kept.push({ [field]: id });
        break;
      }
    }
  }
  return kept;
}

/** The re-protect's body: the role given, with the entries the file leaves unsaid kept. */
function replaceBody(existing: ProtectedTag, body: Body & { name: string }): Body & { name: string } {
  const kept = unsaidEntries(existing);
  if (kept.length === 0 || body.create_access_level === undefined) return body;
  return { name: body.name, allowed_to_create: [...kept, { access_level: body.create_access_level }] };
}

export const protectedTags: Section<ProtectedTagSpec> = {
  name: 'protected_tags',
  kinds: ['project'],
  noun: 'protected tag',
  identity: 'name',
  schema: () =>
    listSchema(
      strictObject({ name: paramSchema(PROTECTED_TAG_NAME), create_access_level: optional(refRoleSchema('create')) }),
    ),
  read: {
    none: (live) => void (live.protectedTags = []),
    target: async (reader, live, resource) =>
      void (live.protectedTags = (
        await reader.list(protectedRefsPath(Number(resource.id), 'tag'), {}, ROLES.maintainers)
      ).filter(isNamed) as ProtectedTag[]),
  },
  diff: ({ value, live, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.protectedTags ?? [];
    for (const item of wanted.items) {
      const name = String(item.name);
      // Shown and sent as the plan keeps it: a name from a secret as its template, resolved when sent.
      const written = String(kept(item).name);
      const body: Body & { name: string } = {
        name: written,
        ...(item.create_access_level !== undefined ? { create_access_level: refLevel(item.create_access_level) } : {}),
      };
      const existing = found.find((tag) => tag.name === name);
      if (!existing) {
        emit(
          name,
          'create',
          null,
          {
            name: written,
            ...(body.create_access_level !== undefined
              ? { create_access_level: refAccessName(body.create_access_level) }
              : {}),
          },
          { op: 'protected-tag-create', body },
        );
        continue;
      }
      if (item.create_access_level === undefined) continue;
      const after = refAccessName(refLevel(item.create_access_level));
      const before = liveRole(existing.create_access_levels);
      if (!holds(existing, 'create_access_level', after))
        emit(
          name,
          'update',
          { create_access_level: before },
          { create_access_level: after },
          { op: 'protected-tag-replace', body: replaceBody(existing, body) },
        );
    }
    for (const existing of unlisted(wanted, found, (item, tag) => item.name === tag.name)) {
      emit(
        existing.name,
        'delete',
        { name: existing.name },
        null,
        { op: 'protected-tag-delete', name: existing.name },
        true,
      );
    }
  },
  liveFields: (key, live) => ({ protected_tag: live.protectedTags?.find((tag) => tag.name === key) ?? null }),
  reached: (name, after, live) =>
    listReached(
      live.protectedTags?.find((tag) => tag.name === name),
      after,
      holds,
      ['name'],
    ),
  ops: ['protected-tag-create', 'protected-tag-replace', 'protected-tag-delete'],
  send: async (spec, resolver) => {
    const resolved = <B extends { name: string }>(body: B): B => ({
      ...body,
      name: withSecret(body.name, resolver.secret),
    });
    switch (spec.op) {
      case 'protected-tag-create':
        return [protectRef(spec.ref, 'tag', resolved(spec.body))];
      case 'protected-tag-replace': {
        const body = resolved(spec.body);
        return [unprotectRef(spec.ref, 'tag', body.name), protectRef(spec.ref, 'tag', body)];
      }
      case 'protected-tag-delete':
        return [unprotectRef(spec.ref, 'tag', spec.name)];
    }
  },
  export: ({ live }) => {
    const items = (live.protectedTags ?? []).map((tag) => {
      const role = liveRole(tag.create_access_levels);
      return {
        name: tag.name,
        ...(role !== null && role !== 'maintainer' && !role.includes(',') ? { create_access_level: role } : {}),
      };
    });
    return items.length > 0 ? items : undefined;
  },
};
