import { boolean, minLength, optional, string, strictObject, superRefine } from 'zod/mini';
import { ROLES } from '../../api/roles.js';
import {
  addDeployKey,
  type DeployKey,
  deployKeysPath,
  removeDeployKey,
  updateDeployKey,
} from '../../api/deploy-keys.js';
import { DEPLOY_KEY_KEY, DEPLOY_KEY_TITLE } from '../../params/deploy-keys.js';
import { ruleError } from '../../params/rules.js';
import { CollabError } from '../../errors.js';
import {
  isItem,
  itemAt,
  keysApart,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  unlisted,
  withSecret,
} from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `deploy_keys`: a project's deploy keys by title, each with its public key (an OpenSSH line,
 * inline or `${file:ci.pub}`) and can_push; one list a project, read with one GET. The keys are
 * compared by algorithm and body (the comment aside); another key under a title is removed and
 * added again (with the live can_push where the file says none), can_push alone is a PUT.
 */

declare module '../model.js' {
  interface LiveTarget {
    deployKeys?: DeployKey[];
  }
}

type KeyBody = Body & { title: string; key: string };

type DeployKeySpec = OnTarget &
  (
    | { op: 'deploy-key-create'; body: KeyBody }
    | { op: 'deploy-key-update'; keyId: number; body: Body }
    | { op: 'deploy-key-replace'; keyId: number; body: KeyBody }
    | { op: 'deploy-key-delete'; keyId: number }
  );

/** `ssh-ed25519 AAAA…` without its comment: what tells two keys apart. */
const keyBody = (key: unknown): string =>
  String(key ?? '')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .join(' ');

/** A live key's can_push: the service leaves it out when false. */
const canPushOf = (key: DeployKey) => key.can_push ?? false;

/**
 * Whether the live key holds what the file gives a field: the same key by algorithm and body,
 * the same can_push; the diff's rule and a saved plan's.
 */
const holds = (key: DeployKey, field: string, wanted: unknown) =>
  field === 'key' ? keyBody(key.key) === keyBody(wanted) : field === 'can_push' && canPushOf(key) === wanted;

/** The key's rule, for a key written in the file; one from a template is the service's to check when sent. */
const KEY_SCHEMA = string().check(
  minLength(1),
  superRefine((value, ctx) => {
    if (value.includes('$' + '{')) return;
    const message = ruleError(DEPLOY_KEY_KEY, value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  }),
);

const isKey = (item: Item): item is DeployKey => typeof item.id === 'number' && typeof item.title === 'string';

export const deployKeys: Section<DeployKeySpec> = {
  name: 'deploy_keys',
  kinds: ['project'],
  noun: 'deploy key',
  identity: 'title',
  schema: () =>
    listSchema(
      strictObject({
        title: paramSchema(DEPLOY_KEY_TITLE),
        key: KEY_SCHEMA,
        can_push: optional(boolean()),
      }),
    ),
  read: {
    none: (live) => void (live.deployKeys = []),
    target: async (reader, live, resource) =>
      void (live.deployKeys = (await reader.list(deployKeysPath(Number(resource.id)), {}, ROLES.maintainers)).filter(
        isKey,
      )),
  },
  diff: ({ value, live, target, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.deployKeys ?? [];
    for (const [index, item] of wanted.items.entries()) {
      const title = String(item.title);
      const body: KeyBody = {
        // As the plan keeps it: a title from a secret is its template, resolved when sent.
        title: String(kept(item).title),
        key: String(kept(item).key),
        ...(item.can_push !== undefined ? { can_push: item.can_push } : {}),
      };
      const existing = found.find((key) => key.title === title);
      // A project has a key once: POST with a key it has answers that key as it is (its title,
      // its can_push) and makes nothing, else 400 on its fingerprint (lib/api/deploy_keys.rb; the
      // sandbox's deploy-keys route), and enforce (or a replaced key's removal) would then leave the
      // project without it. A new key, or a title's new key, that the project has under another
      // title is refused here, with that title.
      const same = (other: unknown) => keyBody(other) === keyBody(item.key);
      const elsewhere = existing && same(existing.key) ? undefined : found.find((key) => same(key.key));
      if (elsewhere)
        throw new CollabError(
          'usage',
          `deploy_keys: ${body.title} on ${target.kind} ${target.path} is the key it has as ${JSON.stringify(elsewhere.title)}: a project holds a key once, and GitLab would answer that key unchanged`,
          {
            hint: `give it the title ${JSON.stringify(elsewhere.title)} in the file, or rename the key first (collab deploy-keys update --title)`,
          },
        );
      const listed = wanted.items.slice(0, index).find((other) => same(other.key));
      if (listed)
        throw new CollabError(
          'usage',
          `deploy_keys: ${body.title} on ${target.kind} ${target.path} is the key the file lists as ${JSON.stringify(String(listed.title))} too: a project holds a key once`,
          { hint: 'list the key once' },
        );
      if (!existing) {
        emit(title, 'create', null, body, { op: 'deploy-key-create', body });
        continue;
      }
      const canPush = canPushOf(existing);
      if (!holds(existing, 'key', item.key)) {
        // Another key under the title is still the file's item: what the file leaves unsaid stays
        // as it is, as for a plain update. POST takes can_push as optional, default false
        // (doc/api/deploy_keys.md), so the new key is sent the live key's can_push unless the file
        // gives one, and the change shows it on both sides: a key that could push keeps pushing.
        const replacement: KeyBody = { ...body, can_push: item.can_push ?? canPush };
        emit(
          title,
          'update',
          { key: existing.key, can_push: canPush },
          { key: replacement.key, can_push: replacement.can_push },
          { op: 'deploy-key-replace', keyId: existing.id, body: replacement },
          true,
        );
        continue;
      }
      if (item.can_push !== undefined && !holds(existing, 'can_push', item.can_push))
        emit(
          title,
          'update',
          { can_push: canPush },
          { can_push: item.can_push },
          { op: 'deploy-key-update', keyId: existing.id, body: { can_push: item.can_push } },
        );
    }
    const keyOf = keysApart((key: DeployKey) => key.title);
    for (const existing of unlisted(wanted, found, (item, key) => item.title === key.title)) {
      emit(
        keyOf(existing),
        'delete',
        { title: existing.title },
        null,
        { op: 'deploy-key-delete', keyId: existing.id },
        true,
      );
    }
  },
  liveFields: (key, live) => {
    const found = itemAt(key, live.deployKeys, (k) => k.title);
    return { deploy_key: found ? { id: found.id, key: found.key, can_push: canPushOf(found) } : null };
  },
  // A key the plan keeps as its template (`${file:ci.pub}`) is not what the service holds: such a
  // change cannot be told made (listReached), and stays stale when its key moved. A new title
  // without can_push cannot push: POST takes it as optional (doc/api/deploy_keys.md), and the
  // service adds such a key read-only; another key under a title always says its can_push.
  reached: (title, after, live) =>
    listReached(
      itemAt(title, live.deployKeys, (key) => key.title),
      isItem(after) && 'key' in after ? { can_push: false, ...after } : after,
      holds,
      ['title'],
    ),
  // Another key under the title is removed and added again: a new key, ID and can_push, all made.
  updates: (_title, after) => (isItem(after) && !('key' in after) ? Object.keys(after) : undefined),
  ops: ['deploy-key-create', 'deploy-key-update', 'deploy-key-replace', 'deploy-key-delete'],
  send: async (spec, resolver) => {
    const resolved = (body: KeyBody): KeyBody => ({
      ...body,
      title: withSecret(body.title, resolver.secret),
      key: resolver.secret(body.key),
    });
    switch (spec.op) {
      case 'deploy-key-create':
        return [addDeployKey(spec.ref, resolved(spec.body))];
      case 'deploy-key-update':
        return [updateDeployKey(spec.ref, spec.keyId, spec.body)];
      case 'deploy-key-replace':
        return [removeDeployKey(spec.ref, spec.keyId), addDeployKey(spec.ref, resolved(spec.body))];
      case 'deploy-key-delete':
        return [removeDeployKey(spec.ref, spec.keyId)];
    }
  },
  export: ({ live }) => {
    const items = (live.deployKeys ?? []).map((key) => ({
      title: key.title,
      key: key.key,
      ...(key.can_push === true ? { can_push: true } : {}),
    }));
    return items.length > 0 ? items : undefined;
  },
};
