import { optional, string, strictObject } from 'zod/mini';
import { ownerAdminRole } from '../../api/roles.js';
import { createHook, deleteHook, type Hook, hooksPath, updateHook } from '../../api/hooks.js';
import { HOOK_DEFAULTS, HOOK_URL, hookParamsFor } from '../../params/hooks.js';
import {
  differingFields,
  equal,
  isItem,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  shape,
  unlisted,
  withSecrets,
  itemAt,
  keysApart,
} from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `hooks`: a project's or group's webhooks by URL (one list a target). The token is write-only: sent
 * when a hook is made (or with --rotate-secrets), never compared, and a secret in the file.
 */

declare module '../model.js' {
  interface LiveTarget {
    hooks?: Hook[];
  }
}

type HookBody = Body & { url: string };

type HookSpec = OnTarget &
  (
    | { op: 'hook-create'; body: HookBody }
    | { op: 'hook-update'; hookId: number; body: HookBody }
    | { op: 'hook-delete'; hookId: number }
  );

/** Whether the live hook holds what the file gives a field (never its token): the diff's rule and a saved plan's. */
const holds = (hook: Hook, field: string, wanted: unknown) => equal(hook[field], wanted);

export const hooks: Section<HookSpec> = {
  name: 'hooks',
  kinds: ['project', 'group'],
  noun: 'hook',
  identity: 'url',
  unshown: (_item, field) => field === 'token',
  schema: (kind) =>
    listSchema(
      strictObject({
        url: paramSchema(HOOK_URL),
        token: optional(string()),
        ...shape(hookParamsFor(kind === 'group' ? 'group' : 'project')),
      }),
    ),
  read: {
    none: (live) => void (live.hooks = []),
    target: async (reader, live, resource) =>
      void (live.hooks = (
        await reader.list(
          hooksPath({ kind: live.kind, ref: Number(resource.id) }),
          {},
          ownerAdminRole({ kind: live.kind, ref: live.path }),
        )
      ).filter(isHook)),
  },
  diff: ({ value, live, rotateSecrets, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.hooks ?? [];
    for (const hook of wanted.items) {
      const url = String(hook.url);
      const existing = found.find((h) => h.url === url);
      if (!existing) {
        const body = bodyOf(kept(hook));
        emit(url, 'create', null, hook, { op: 'hook-create', body: { ...body, url: String(body.url) } });
        continue;
      }
      const { token, url: _url, ...fields } = hook;
      const changed = Object.entries(fields).filter(([key, v]) => !holds(existing, key, v));
      const rotate = rotateSecrets && token !== undefined;
      if (changed.length === 0 && !rotate) continue;
      const shown = kept(hook);
      const after: Item = Object.fromEntries(changed.map(([key]) => [key, shown[key]]));
      if (rotate) after.token = shown.token;
      const before = Object.fromEntries(changed.map(([key]) => [key, existing[key]]));
      emit(url, 'update', before, after, {
        op: 'hook-update',
        hookId: existing.id,
        body: { url: String(shown.url), ...after },
      });
    }
    const keyOf = keysApart((hook: Hook) => hook.url);
    for (const existing of unlisted(wanted, found, (item, hook) => item.url === hook.url)) {
      emit(keyOf(existing), 'delete', { url: existing.url }, null, { op: 'hook-delete', hookId: existing.id }, true);
    }
  },
  export: ({ live, placeholder }) => {
    const found = live.hooks ?? [];
    if (found.length === 0) return undefined;
    // The token is write-only: the file names it as a secret to set, one variable a receiver (its URL).
    return found.map((hook) => ({
      url: hook.url,
      token: placeholder(
        `HOOK_TOKEN_${hook.url.replace(/^[a-z]+:\/\/([^/@]*@)?/i, '')}`,
        `the token of the hook ${hook.url}`,
      ),
      ...differingFields(hook, hookParamsFor(live.kind), HOOK_DEFAULTS),
    }));
  },
  liveFields: (key, live) => {
    const hook = itemAt(key, live.hooks, (h) => h.url);
    return {
      hook: hook
        ? { id: hook.id, ...Object.fromEntries(Object.entries(hook).filter(([field]) => field !== 'created_at')) }
        : null,
    };
  },
  // The token is never shown: a change that sends one (a new hook given one, --rotate-secrets)
  // cannot be told made, and stays stale when its hook moved.
  reached: (url, after, live) =>
    !(after !== null && typeof after === 'object' && 'token' in after) &&
    listReached(
      itemAt(url, live.hooks, (hook) => hook.url),
      after,
      holds,
      ['url'],
    ),
  updates: (_url, after) => (isItem(after) ? Object.keys(after) : undefined),
  ops: ['hook-create', 'hook-update', 'hook-delete'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    // The token (and anything else the file gave as a secret, the URL too) is in the plan as its
    // template: resolved now, and only those become the run's secrets (a plain URL is not one).
    const resolved = (body: HookBody): HookBody => withSecrets(body, resolver.secret) as HookBody;
    switch (spec.op) {
      case 'hook-create':
        return [createHook(owner, resolved(spec.body), resolver.sentAt)];
      case 'hook-update':
        return [updateHook(owner, spec.hookId, resolved(spec.body))];
      case 'hook-delete':
        return [deleteHook(owner, spec.hookId)];
    }
  },
};

const isHook = (item: Item): item is Hook => typeof item.id === 'number' && typeof item.url === 'string';

const bodyOf = (value: unknown): Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
