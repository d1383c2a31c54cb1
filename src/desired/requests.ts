import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { UploadFile } from '../api/form.js';
import { addLdapLink, createGroup, removeLdapLink, updateGroup } from '../api/groups.js';
import { createHook, deleteHook, updateHook } from '../api/hooks.js';
import { addMember, type MemberParams, removeMember, updateMember } from '../api/members.js';
import type { Owner } from '../api/owner.js';
import { archiveProject, createProject, unarchiveProject, updateProject } from '../api/projects.js';
import { createPushRule, updatePushRule } from '../api/push-rules.js';
import { shareWithGroup, unshareGroup } from '../api/shares.js';
import { CollabError } from '../errors.js';
import type { ApiRequest } from '../http/client.js';
import type { LdapLink } from '../api/groups.js';
import type { RequestSpec } from './model.js';

/**
 * A change's request as data (RequestSpec) -> the src/api/ descriptors that send it, with their
 * `recover` and idempotence rules. What only the moment of sending knows is asked of `Resolver`:
 * a secret's value from its template, a group's ID from its path (a parent made by this apply).
 */
export interface Resolver {
  /** `${env:NAME}` / `${file:path}` templates in a string -> their values now. */
  secret(text: string): string;
  groupId(ref: string | number): Promise<number>;
  namespaceId(path: string): Promise<number>;
  /** When a resumed change was first sent (its journal line): a recovery looks for what was made since then. */
  sentAt?: number | undefined;
  /** Where relative file paths (avatar) start: the desired-state file's directory. Undefined: only showing, no file is read. */
  dir: string | undefined;
}

type Body = Record<string, unknown>;

function resolveBody(body: Body | undefined, resolver: Resolver): Body {
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') return value.includes('${') ? resolver.secret(value) : value;
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve(body ?? {}) as Body;
}

const ownerOf = (spec: RequestSpec): Owner => ({ kind: spec.kind, ref: spec.ref });

/** The requests a change sends, in order (a share or LDAP link changed is removed and added again: the service has no update). */
export async function toApiRequests(spec: RequestSpec, resolver: Resolver): Promise<ApiRequest[]> {
  const body = resolveBody(spec.body, resolver);
  const owner = ownerOf(spec);
  switch (spec.op) {
    case 'update':
      return [spec.kind === 'project' ? updateProject(spec.ref, body) : updateGroup(spec.ref, body)];
    case 'create':
      return [await createRequest(spec, body, resolver)];
    case 'push-rule-create':
      return [createPushRule(owner, body)];
    case 'push-rule-update':
      return [updatePushRule(owner, body)];
    case 'hook-create':
      return [createHook(owner, body as Body & { url: string }, resolver.sentAt)];
    case 'hook-update':
      return [updateHook(owner, spec.hookId as number, body as Body & { url: string })];
    case 'hook-delete':
      return [deleteHook(owner, spec.hookId as number)];
    case 'share-create':
      return [shareWithGroup(owner, { group_id: await resolver.groupId(spec.group as string | number), ...shareBody(body) })];
    case 'share-replace':
      return [unshareGroup(owner, spec.group as number), shareWithGroup(owner, { group_id: spec.group as number, ...shareBody(body) })];
    case 'share-delete':
      return [unshareGroup(owner, spec.group as number)];
    case 'ldap-create':
      return [addLdapLink(spec.ref, body as unknown as LdapLink & { provider: string; group_access: number })];
    case 'ldap-replace':
      return [removeLdapLink(spec.ref, spec.link as LdapLink), addLdapLink(spec.ref, body as unknown as LdapLink & { provider: string; group_access: number })];
    case 'ldap-delete':
      return [removeLdapLink(spec.ref, spec.link as LdapLink)];
    case 'member-add':
      return [addMember(owner, { username: String(spec.member) }, memberBody(body), resolver.sentAt)];
    case 'member-update':
      return [updateMember(owner, spec.member as number, memberBody(body))];
    case 'member-remove':
      return [removeMember(owner, spec.member as number)];
    case 'archive':
      return [archiveProject(spec.ref)];
    case 'unarchive':
      return [unarchiveProject(spec.ref)];
    case 'avatar': {
      const avatar = await avatarFile(String(body.avatar), resolver.dir);
      return [spec.kind === 'project' ? updateProject(spec.ref, {}, avatar) : updateGroup(spec.ref, {}, avatar)];
    }
  }
}

/** The level, and the expiry only when the file gives one (on update, null removes it). */
function memberBody(body: Body): MemberParams {
  return { access_level: body.access_level as number, ...(body.expires_at !== undefined ? { expires_at: body.expires_at as string | null } : {}) };
}

function shareBody(body: Body): { group_access: number; expires_at?: string } {
  return { group_access: body.group_access as number, ...(typeof body.expires_at === 'string' ? { expires_at: body.expires_at } : {}) };
}

/** A missing group or project, made with its settings in the create call; its parent by ID (made earlier in this apply, perhaps). */
async function createRequest(spec: RequestSpec, body: Body, resolver: Resolver): Promise<ApiRequest> {
  const slash = spec.path.lastIndexOf('/');
  const parent = slash > 0 ? spec.path.slice(0, slash) : undefined;
  const path = spec.path.slice(slash + 1);
  const params = { name: path, path, ...body };
  if (spec.kind === 'group') return createGroup({ ...params, ...(parent ? { parent_id: await resolver.groupId(parent) } : {}) }, undefined, resolver.sentAt);
  return createProject({ ...params, namespace_id: await resolver.namespaceId(parent as string) }, { sentAt: resolver.sentAt });
}

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.bmp': 'image/bmp', '.tiff': 'image/tiff', '.ico': 'image/x-icon', '.webp': 'image/webp' };

async function avatarFile(path: string, dir: string | undefined): Promise<UploadFile> {
  const file = { filename: basename(path), contentType: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' };
  if (dir === undefined) return { ...file, data: Buffer.alloc(0) };
  try {
    return { ...file, data: await readFile(resolve(dir, path)) };
  } catch {
    throw new CollabError('usage', `cannot read the avatar file ${path}`, { hint: 'avatar: is a path relative to the desired-state file' });
  }
}

/** Resolves nothing: for showing what a change sends (templates stay templates, IDs not looked up). */
const SHOWING: Resolver = { secret: (text) => text, groupId: async () => 0, namespaceId: async () => 0, dir: undefined };

/** `PUT /projects/42`, `POST /groups/7/hooks`: what a change sends, for people, from the same descriptors apply sends. */
export async function sendsText(spec: RequestSpec): Promise<string> {
  return (await toApiRequests(spec, SHOWING)).map((req) => `${req.method} ${req.path}`).join(', ');
}
