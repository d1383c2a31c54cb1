import { minLength, string, strictObject, superRefine } from 'zod/mini';
import { ROLES } from '../../api/roles.js';
import { CollabError } from '../../errors.js';
import { createMirror, deleteMirror, mirrorsPath, type RemoteMirror, updateMirror } from '../../api/remote-mirrors.js';
import {
  MIRROR_DEFAULTS,
  MIRROR_PARAMS,
  MIRROR_URL_PARAM,
  MIRROR_CREDENTIALS_HINT,
  mirrorBranchesProblem,
  mirrorSetting,
  mirrorUrlHasSecret,
  mirrorUrlProblem,
  mirrorUrlWithoutCredentials,
} from '../../params/remote-mirrors.js';
import { ruleError } from '../../params/rules.js';
import {
  differingFields,
  equal,
  listOf,
  listReached,
  listSchema,
  shape,
  unlisted,
  withSecrets,
  itemAt,
  keysApart,
} from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `remote_mirrors`: a project's push mirrors, each told apart by its URL without credentials (the
 * service never shows them: it scrubs them to `*****`). The credentials are a secret in the file
 * (`https://${env:MIRROR_USER}:${env:MIRROR_TOKEN}@github.com/acme/app.git`), sent when the mirror
 * is made and never compared. One list a project, read with one GET.
 */

declare module '../model.js' {
  interface LiveTarget {
    remoteMirrors?: RemoteMirror[];
  }
}

type MirrorSpec = OnTarget &
  (
    | { op: 'mirror-create'; body: Body & { url: string } }
    | { op: 'mirror-update'; mirrorId: number; body: Body }
    | { op: 'mirror-delete'; mirrorId: number }
    | { op: 'mirror-replace'; mirrorId: number; body: Body & { url: string } }
  );

const FIELDS = MIRROR_PARAMS.map((param) => param.name);
const identityOf = (url: unknown) => mirrorUrlWithoutCredentials(String(url));
/** The URL's rule, held to it without the credentials: their templates are resolved when it is sent. */
const URL_SCHEMA = string().check(
  minLength(1),
  superRefine((value, ctx) => {
    const message = ruleError(MIRROR_URL_PARAM, identityOf(value));
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  }),
);
/** The templates a written URL names (`${env:MIRROR_CREDENTIALS}`), for a message that shows no value. */
const templatesOf = (url: string) => (url.match(/\$\{[^}]*\}/g) ?? []).join(', ');
/**
 * Whether the URL's user part, as written, takes a template: credentials --rotate-secrets sends
 * again. A user name written as it is (`ssh://git@`) is no secret, and making its mirror again
 * would send nothing new.
 */
const templatedCredentials = (url: string) =>
  (/^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(url)?.[1] ?? '').includes('$' + '{');

/**
 * The userinfo of a live mirror's URL as the file writes it, `@` and all: what the service shows
 * as it is (its `git` user: src/params/remote-mirrors.ts), what it scrubbed to `*****` as a secret
 * to set, named for what it holds: over SSH a user alone is a user name, not a token.
 */
function userinfoToWrite(shown: string, url: string, placeholder: (hint: string, what: string) => string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)@/i.exec(shown);
  if (!match) return '';
  const [user, password] = (match[2] as string).split(/:(.*)/s) as [string, string | undefined];
  const name = url.replace(/^[a-z]+:\/\//i, '');
  const web = /^https?$/i.test(match[1] as string);
  if (user === '*****' && password === undefined && !web)
    return `${placeholder(`PUSH_MIRROR_USER_${name}`, `the user name of the push mirror ${url}`)}@`;
  if (user !== '*****' && password === '*****')
    return `${user}:${placeholder(`PUSH_MIRROR_PASSWORD_${name}`, `the password of the push mirror ${url}`)}@`;
  if (!mirrorUrlHasSecret(shown)) return `${match[2]}@`;
  return `${placeholder(`PUSH_MIRROR_CREDENTIALS_${name}`, `the credentials (${web ? 'user:token' : 'user:password'}) of the push mirror ${url}`)}@`;
}

/**
 * A mirror made again: the settings it has, the file's over them; a branch regex it has is dropped
 * where the file turns only_protected_branches on (the service refuses the two together).
 */
function settingsOf(existing: RemoteMirror, fields: Item): Item {
  const kept = Object.fromEntries(
    FIELDS.filter((name) => existing[name] !== undefined && existing[name] !== null).map((n) => [n, existing[n]]),
  );
  const body: Item = { ...kept, ...fields };
  if (body.only_protected_branches === true && fields.mirror_branch_regex === undefined)
    delete body.mirror_branch_regex;
  return body;
}

/**
 * A new mirror's body as POST takes it: the service refuses only_protected_branches and
 * mirror_branch_regex in one request whatever their values (mutually exclusive parameters), so
 * of the two only the one that says something is sent: a regex (only_protected_branches off is a
 * new mirror's own), or none (no regex is a new mirror's own).
 */
function creatable(body: Item): Item {
  const { only_protected_branches, mirror_branch_regex, ...rest } = body;
  if (typeof mirror_branch_regex === 'string' && mirror_branch_regex !== '') return { ...rest, mirror_branch_regex };
  return only_protected_branches === undefined ? rest : { ...rest, only_protected_branches };
}

const isMirror = (item: Item): item is RemoteMirror => typeof item.id === 'number' && typeof item.url === 'string';

export const remoteMirrors: Section<MirrorSpec> = {
  name: 'remote_mirrors',
  kinds: ['project'],
  noun: 'push mirror',
  identify: (item) => identityOf(item.url),
  // Templates only in the credentials: the URL without them, which is compared, is all there.
  unshown: (_item, field, written) => field === 'url' && !identityOf(written).includes('$' + '{'),
  schema: () => listSchema(strictObject({ url: URL_SCHEMA, ...shape(MIRROR_PARAMS) })),
  itemProblem: (item) => mirrorBranchesProblem(item),
  read: {
    none: (live) => void (live.remoteMirrors = []),
    target: async (reader, live, resource) =>
      void (live.remoteMirrors = (await reader.list(mirrorsPath(Number(resource.id)), {}, ROLES.maintainers)).filter(
        isMirror,
      )),
  },
  diff: ({ value, live, target, rotateSecrets, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.remoteMirrors ?? [];
    for (const item of wanted.items) {
      const url = identityOf(item.url);
      // Credentials from a template that end the URL's authority early (a / ? # in a token) send
      // another host than the file's, and would show a part of themselves: refused by template.
      // What no push mirror URL may hold is the flags' rule too (mirrorUrlProblem).
      const written = identityOf(kept(item).url);
      const problem =
        !written.includes('$' + '{') && written !== url
          ? { says: "it holds a character a URL's user:token cannot", hint: MIRROR_CREDENTIALS_HINT }
          : mirrorUrlProblem(String(item.url));
      if (problem) {
        const templates = templatesOf(String(kept(item).url));
        throw new CollabError(
          'usage',
          `remote_mirrors: ${templates ? `${templates} breaks ` : ''}the push mirror URL ${written} on ${target.kind} ${target.path}: ${problem.says}`,
          { hint: problem.hint },
        );
      }
      const fields: Item = Object.fromEntries(FIELDS.filter((n) => item[n] !== undefined).map((n) => [n, item[n]]));
      // What the plan shows and sends: each field as kept (a branch regex from a secret, its template).
      const shownFields: Item = Object.fromEntries(Object.keys(fields).map((n) => [n, kept(item)[n]]));
      const existing = found.find((m) => identityOf(m.url) === url);
      if (!existing) {
        // The URL as the plan keeps it: its credentials as their template, resolved when sent, and
        // shown so where it has some (the change's name is the URL without them).
        const sent = String(kept(item).url);
        emit(
          url,
          'create',
          null,
          { ...(sent !== url ? { url: sent } : {}), ...shownFields },
          {
            op: 'mirror-create',
            body: { url: sent, ...shownFields },
          },
        );
        continue;
      }
      const changed = Object.entries(fields).filter(
        ([name, v]) => !equal(mirrorSetting(name, existing[name] ?? MIRROR_DEFAULTS[name]), mirrorSetting(name, v)),
      );
      // New credentials: the service takes no URL for a mirror that exists (PUT remote_mirrors/:id has
      // none: doc/api/remote_mirrors.md), so --rotate-secrets makes it again, with its settings and the
      // file's (a moment without the mirror, hence asked for as a removal is).
      if (rotateSecrets && templatedCredentials(String(kept(item).url))) {
        const shown = Object.fromEntries(changed.map(([name]) => [name, shownFields[name]]));
        emit(
          url,
          'update',
          { ...Object.fromEntries(changed.map(([name]) => [name, existing[name] ?? MIRROR_DEFAULTS[name]])), url },
          { ...shown, url: String(kept(item).url) },
          {
            op: 'mirror-replace',
            mirrorId: existing.id,
            body: { ...settingsOf(existing, shownFields), url: String(kept(item).url) },
          },
          true,
        );
        continue;
      }
      if (changed.length === 0) continue;
      const after = Object.fromEntries(changed.map(([name]) => [name, shownFields[name]]));
      emit(
        url,
        'update',
        Object.fromEntries(changed.map(([name]) => [name, existing[name] ?? MIRROR_DEFAULTS[name]])),
        after,
        { op: 'mirror-update', mirrorId: existing.id, body: after },
      );
    }
    const keyOf = keysApart((m: RemoteMirror) => identityOf(m.url));
    for (const existing of unlisted(wanted, found, (item, m) => identityOf(item.url) === identityOf(m.url)))
      emit(
        keyOf(existing),
        'delete',
        { url: identityOf(existing.url) },
        null,
        { op: 'mirror-delete', mirrorId: existing.id },
        true,
      );
  },
  liveFields: (key, live) => {
    const found = itemAt(key, live.remoteMirrors, (m) => identityOf(m.url));
    return {
      mirror: found ? { id: found.id, ...Object.fromEntries(FIELDS.map((n) => [n, found[n] ?? null])) } : null,
    };
  },
  // A mirror's settings as the diff compares them, its URL without credentials; credentials sent
  // as a template (a new mirror's, a replace's) cannot be told, as a hook's token cannot.
  reached: (key, after, live) =>
    listReached(
      itemAt(key, live.remoteMirrors, (m) => identityOf(m.url)),
      after,
      (mirror, field, wanted) =>
        field === 'url'
          ? identityOf(mirror.url) === identityOf(wanted)
          : (FIELDS as readonly string[]).includes(field) &&
            equal(mirrorSetting(field, mirror[field] ?? MIRROR_DEFAULTS[field]), mirrorSetting(field, wanted)),
    ),
  ops: ['mirror-create', 'mirror-update', 'mirror-delete', 'mirror-replace'],
  send: async (spec, resolver) => {
    switch (spec.op) {
      case 'mirror-create': {
        const body = withSecrets(spec.body, resolver.secret);
        return [createMirror(spec.ref, { ...creatable(body), url: String(body.url) })];
      }
      case 'mirror-update': {
        // The service refuses the two branch settings in one request (mutually exclusive parameters).
        const body = withSecrets(spec.body, resolver.secret);
        const { only_protected_branches, ...rest } = body;
        if (only_protected_branches === undefined || rest.mirror_branch_regex === undefined)
          return [updateMirror(spec.ref, spec.mirrorId, body)];
        return [
          updateMirror(spec.ref, spec.mirrorId, { only_protected_branches }),
          updateMirror(spec.ref, spec.mirrorId, rest),
        ];
      }
      case 'mirror-delete':
        return [deleteMirror(spec.ref, spec.mirrorId)];
      case 'mirror-replace': {
        const body = withSecrets(spec.body, resolver.secret);
        return [
          deleteMirror(spec.ref, spec.mirrorId),
          createMirror(spec.ref, { ...creatable(body), url: String(body.url) }),
        ];
      }
    }
  },
  export: ({ live, placeholder }) => {
    const items = (live.remoteMirrors ?? []).map((m) => {
      const url = identityOf(m.url);
      return {
        url: url.replace(/^([a-z][a-z0-9+.-]*:\/\/)/i, `$1${userinfoToWrite(m.url, url, placeholder)}`),
        ...differingFields(m, MIRROR_PARAMS, MIRROR_DEFAULTS),
      };
    });
    return items.length > 0 ? items : undefined;
  },
};
