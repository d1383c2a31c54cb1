import { redactSecretFields } from '../../util/secrets.js';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { UploadFile } from '../../api/form.js';
import type { GroupRecord, GroupRef } from '../../api/groups.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { QueryParams } from '../../http/query.js';
import { type Column, cellText } from '../../output/format.js';
import type { DetailField } from '../../output/writer.js';
import { accessLevelName } from '../../params/access.js';
import { collectParams, flagName, optionKey, paramOption } from '../../params/derive.js';
import { AVATAR_EXTENSIONS, GROUP_PATH_RULE, GROUP_SETTINGS, GROUP_SETTINGS_WITH_OWN_FLAGS, isValidGroupPath } from '../../params/groups.js';
import type { ParamSpec } from '../../params/types.js';
import { groupRef, keyValue, parseArg } from '../../params/parsers.js';
import type { OptionSpec } from '../spec.js';

/** What groups commands share: columns, the view summary, filter flags, arguments and files. */

export const GROUP_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'FULL PATH', path: 'full_path' },
  { header: 'NAME', path: 'name' },
  { header: 'VISIBILITY', path: 'visibility' },
  { header: 'DESCRIPTION', path: 'description' },
];

export const PROJECT_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path_with_namespace' },
  { header: 'NAME', path: 'name' },
  { header: 'VISIBILITY', path: 'visibility' },
  { header: 'LAST ACTIVITY', path: 'last_activity_at' },
];

export const PROVISIONED_USER_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'USERNAME', path: 'username' },
  { header: 'NAME', path: 'name' },
  { header: 'STATE', path: 'state' },
  { header: 'EMAIL', path: 'email' },
  { header: 'CREATED', path: 'created_at' },
];

export const LDAP_LINK_COLUMNS: readonly Column[] = [
  { header: 'CN', path: 'cn' },
  { header: 'FILTER', path: 'filter' },
  { header: 'PROVIDER', path: 'provider' },
  { header: 'ACCESS', path: 'group_access', format: (value) => accessLevelName(value) },
];

export const GROUP_ARG = { name: 'group', description: 'the group: numeric ID or full path (grp/sub)' } as const;

/** The <group> argument (always the first). */
export function groupArg(args: readonly string[]): GroupRef {
  return parseArg<GroupRef>(groupRef, args[0], 'group');
}

export { listFlags } from '../common-options.js';

// ---- filters ----

/** Flags for a list endpoint's filters; a hash filter becomes a repeatable `--<flag> key=value`. */
export function filterOptions(params: readonly ParamSpec[]): OptionSpec[] {
  return params.map((param) =>
    param.type === 'hash' && !param.keys
      ? { flags: `--${flagName(param)} <key=value>`, description: `${param.description}${param.adminOnly ? ' [administrators only]' : ''}`, parse: keyValue, repeatable: true }
      : paramOption(param),
  );
}

/** The given filter flags as query parameters (unset stays unset). */
export function collectFilters(o: Record<string, unknown>, params: readonly ParamSpec[]): QueryParams {
  const hashes = params.filter((param) => param.type === 'hash' && !param.keys);
  const query = collectParams(
    o,
    params.filter((param) => !hashes.includes(param)),
  ) as Record<string, QueryParams[string]>;
  for (const param of hashes) {
    const pairs = o[optionKey(param)] as Array<readonly [string, string]> | undefined;
    if (pairs?.length) query[param.name] = Object.fromEntries(pairs);
  }
  return query;
}

// ---- one group ----

/** Settings shown in a group's summary: those of the settings table that are not already a line of their own. */
const SUMMARY_SETTINGS = GROUP_SETTINGS.filter((s) => !['name', 'path', 'description', 'visibility', 'parent_id', 'avatar'].includes(s.name)).map((s) => s.name);

/** The parent's full path, from the group's own; empty when the service left full_path out. */
function parentPath(group: GroupRecord): string {
  const fullPath = typeof group.full_path === 'string' ? group.full_path : '';
  const at = fullPath.lastIndexOf('/');
  return at > 0 ? fullPath.slice(0, at) : '';
}

/** One entry of shared_with_groups for people: `grp/ops (developer, until 2026-01-31)`; missing fields are left out. */
function shareText(share: { group_id?: number; group_full_path?: string; group_access_level?: number; expires_at?: string | null }): string {
  const group = share.group_full_path ?? (share.group_id !== undefined ? `group ${share.group_id}` : '(unknown group)');
  const terms = [accessLevelName(share.group_access_level), share.expires_at ? `until ${share.expires_at}` : ''].filter(Boolean);
  return terms.length ? `${group} (${terms.join(', ')})` : group;
}

function projectPaths(value: unknown): string {
  const list = Array.isArray(value) ? (value.filter((project) => typeof project === 'object' && project !== null) as Array<{ id?: number; path_with_namespace?: string }>) : [];
  return list.length ? list.map((p) => p.path_with_namespace ?? (p.id !== undefined ? `project ${p.id}` : '(unknown project)')).join(', ') : 'none';
}

/** The summary of `groups view` (and of what create, update, restore and transfer return) on a terminal. */
export function groupDetail(group: GroupRecord, options: { withProjects?: boolean } = {}): DetailField[] {
  const fields: DetailField[] = [
    { label: 'Full path', path: 'full_path' },
    { label: 'Name', path: 'name' },
    { label: 'ID', path: 'id' },
    { label: 'Visibility', path: 'visibility' },
    { label: 'Parent', path: 'parent_id', format: (id) => (id === null || id === undefined ? 'none (top-level group)' : [parentPath(group), `(id ${String(id)})`].filter(Boolean).join(' ')) },
    { label: 'Description', path: 'description' },
    { label: 'Web URL', path: 'web_url' },
    { label: 'Created', path: 'created_at' },
    {
      label: 'Marked for deletion',
      path: 'marked_for_deletion_on',
      format: (date) => (date ? `yes: to be removed on ${String(date)} (undo with \`collab groups restore ${group.full_path ?? group.id}\`)` : 'no'),
    },
    {
      label: 'Shared with groups',
      path: 'shared_with_groups',
      format: (value) => {
        const shares = Array.isArray(value) ? value.filter((share) => typeof share === 'object' && share !== null) : [];
        if (shares.length === 0) return 'none';
        return shares.map(shareText).join(', ');
      },
    },
  ];
  // null: the setting follows the instance (or, for booleans, is off).
  for (const name of SUMMARY_SETTINGS) if (name in group) fields.push({ label: name, path: name, format: (value) => (value === null ? '(default)' : cellText(value)) });
  if (options.withProjects) {
    fields.push({ label: 'Projects', path: 'projects', format: projectPaths }, { label: 'Shared projects', path: 'shared_projects', format: projectPaths });
  }
  return fields;
}

/**
 * Prints a group. The runners registration token that owners are sent is a secret: it is never
 * printed (read it with `collab api groups/<id>` when it is really wanted).
 */
export async function printGroup(ctx: Context, group: GroupRecord, options: { withProjects?: boolean } = {}): Promise<void> {
  const redacted = redactSecretFields(group);
  for (const secret of redacted.secrets) ctx.addSecret(secret);
  let shown: GroupRecord = redacted.shown;
  if (!options.withProjects) {
    const { projects: _projects, shared_projects: _shared, ...rest } = shown;
    shown = rest as GroupRecord;
  }
  await ctx.printResource(shown, { columns: GROUP_COLUMNS, detail: groupDetail(shown, options) });
}

// ---- create and update ----

/** The settings that create and update take as table-derived flags (--parent and --avatar are their own). */
export const TABLE_SETTINGS = GROUP_SETTINGS.filter((s) => !(GROUP_SETTINGS_WITH_OWN_FLAGS as readonly string[]).includes(s.name));

export function checkPath(path: string): void {
  if (!isValidGroupPath(path)) throw new CollabError('usage', `invalid --path "${path}": a group path ${GROUP_PATH_RULE}`);
}

// ---- files ----

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  webp: 'image/webp',
};

/** Reads an avatar image for upload; a missing file or a format the service refuses is a usage error. */
export async function readAvatar(path: string): Promise<UploadFile> {
  const extension = extname(path).slice(1).toLowerCase();
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new CollabError('usage', `--avatar ${path}: the service accepts only ${AVATAR_EXTENSIONS.join(', ')} images`);
  }
  try {
    return { filename: basename(path), contentType: IMAGE_TYPES[extension] ?? 'application/octet-stream', data: await readFile(path) };
  } catch (error) {
    throw new CollabError('usage', `cannot read --avatar ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

// ---- LDAP links ----

/** Exactly one of --cn and --filter, checked before anything is sent. */
export function ldapLinkSubject(o: Record<string, unknown>): { cn: string } | { filter: string } {
  const cn = o.cn as string | undefined;
  const filter = o.filter as string | undefined;
  if ((cn === undefined) === (filter === undefined)) {
    throw new CollabError('usage', cn === undefined ? 'missing --cn or --filter' : '--cn and --filter cannot be used together', {
      hint: 'give exactly one: --cn <LDAP group common name> or --filter <LDAP user filter>',
    });
  }
  return cn !== undefined ? { cn } : { filter: filter as string };
}

export function requiredFlag<T>(o: Record<string, unknown>, key: string, flag: string, hint: string): T {
  const value = o[key];
  if (value === undefined) throw new CollabError('usage', `missing ${flag}`, { hint });
  return value as T;
}
