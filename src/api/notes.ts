import type { ApiRequest, RequestClient } from '../http/client.js';
import { paginateItems } from '../http/paginate.js';
import { apiPath } from '../http/path.js';
import type { QueryParams } from '../http/query.js';
import { isAwardEmojiOnly, NOTEABLES, type NoteableKind, type NoteOrderBy, type NoteSort } from '../params/notes.js';
import { clockOffset, createdSince } from './recover.js';
import { type CurrentUser, getCurrentUser } from './users.js';

/**
 * Notes hang on four kinds of noteable: project issues, merge requests and snippets, and group
 * epics. One implementation serves all four, bound to a target (gitbeaker's template-per-kind
 * idea): every request below is built from the target's notes path.
 */
export interface NoteTarget {
  kind: NoteableKind;
  /** The project (ID or full path), or the group for epics. */
  parent: string | number;
  /** The iid of an issue or merge request, the ID of a snippet or epic. */
  ref: number;
}

interface NoteAuthor {
  id: number;
  username: string;
  name?: string;
}

/** The Note shape (the API reference); real answers carry more fields, passed through untouched. */
export interface Note {
  id: number;
  body: string;
  author: NoteAuthor;
  created_at: string;
  updated_at: string;
  system: boolean;
  confidential: boolean | null;
  noteable_type?: string;
  noteable_iid?: number | null;
}

/**
 * The other shape a note endpoint may answer with (the API reference): for a body that is only an
 * award emoji, the object the emoji went to (id, title, file_name, author, expires_at, updated_at,
 * created_at; epics add confidential). It has no body.
 */
export interface AwardedObject {
  id: number;
  title: string;
  file_name: string | null;
  author: NoteAuthor;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  confidential?: boolean;
}

export function isNote(value: unknown): value is Note {
  return typeof value === 'object' && value !== null && typeof (value as { body?: unknown }).body === 'string';
}

/** /projects/:id/issues/:iid/notes, /groups/:id/epics/:epic_id/notes... */
export function notesPath(target: NoteTarget): string {
  const { parent, segment } = NOTEABLES[target.kind];
  return `${parent === 'project' ? apiPath`/projects/${target.parent}` : apiPath`/groups/${target.parent}`}/${segment}${apiPath`/${target.ref}/notes`}`;
}

function notePath(target: NoteTarget, noteId: number): string {
  return `${notesPath(target)}${apiPath`/${noteId}`}`;
}

/** For people: "issue #3 of project grp/app", "snippet 12 of project 42", "epic 7 of group grp". */
export function describeTarget(target: NoteTarget): string {
  const { label, addressedBy, parent } = NOTEABLES[target.kind];
  return `${label} ${addressedBy === 'iid' ? `#${target.ref}` : target.ref} of ${parent} ${target.parent}`;
}

export function listNotesQuery(options: {
  sort?: NoteSort | undefined;
  orderBy?: NoteOrderBy | undefined;
}): QueryParams {
  return { ...(options.sort ? { sort: options.sort } : {}), ...(options.orderBy ? { order_by: options.orderBy } : {}) };
}

export function getNote(target: NoteTarget, noteId: number): ApiRequest {
  return { method: 'GET', path: notePath(target, noteId), expect: 'object' };
}

interface NewNote {
  body: string;
  confidential?: boolean | undefined;
  created_at?: string | undefined;
  merge_request_diff_sha?: string | undefined;
}

/**
 * POST a note. A lost answer must not lead to a second note: `recover` looks among the target's
 * notes for one with this body by the caller, created since the request was sent (`createdSince`,
 * the service's clock read from GET /user). An emoji-only body toggles an award emoji instead,
 * which cannot be looked for: it is never sent twice.
 */
export function createNote(target: NoteTarget, note: NewNote): ApiRequest {
  const json: Record<string, unknown> = { body: note.body };
  if (note.confidential !== undefined) json.confidential = note.confidential;
  if (note.created_at !== undefined) json.created_at = note.created_at;
  if (note.merge_request_diff_sha !== undefined) json.merge_request_diff_sha = note.merge_request_diff_sha;
  const request: ApiRequest = { method: 'POST', path: notesPath(target), json };
  if (!isAwardEmojiOnly(note.body)) {
    const sentAt = Date.now();
    let caller: Caller | undefined;
    request.recover = async (client, since = sentAt) => {
      caller ??= await callerSince(client, since);
      return findCreatedNote(client, target, note, { ...caller, sentAt: since });
    };
  }
  return request;
}

/** Who sent the note, and the service's clock offset (both read from GET /user). */
interface Caller {
  id: number;
  sentAt: number;
  clockOffset: number;
}

async function callerSince(client: RequestClient, sentAt: number): Promise<Caller> {
  const me = await client.request<CurrentUser>(getCurrentUser());
  return { id: me.data.id, sentAt, clockOffset: clockOffset(me) };
}

async function findCreatedNote(
  client: RequestClient,
  target: NoteTarget,
  note: NewNote,
  caller: Caller,
): Promise<Note | undefined> {
  const requestedAt = note.created_at === undefined ? undefined : Date.parse(note.created_at);
  const matches = (candidate: Note) => {
    if (candidate.system || candidate.author?.id !== caller.id || candidate.body !== note.body) return false;
    // A backdated note carries the time it was given, not the time it was made.
    return requestedAt === undefined
      ? createdSince(candidate.created_at, caller.sentAt, caller.clockOffset)
      : Date.parse(candidate.created_at) === requestedAt;
  };
  if (requestedAt === undefined) {
    const newest = await client.request<Note[]>({
      method: 'GET',
      path: notesPath(target),
      query: { sort: 'desc', order_by: 'created_at', per_page: 100 },
      expect: 'array',
    });
    return newest.data.find(matches);
  }
  // Backdated, it may sit anywhere in the list: look through all of it.
  for await (const candidate of paginateItems<Note>(client, {
    path: notesPath(target),
    query: { sort: 'asc', order_by: 'created_at' },
    perPage: 100,
  })) {
    if (matches(candidate)) return candidate;
  }
  return undefined;
}

interface NoteChanges {
  body?: string | undefined;
  confidential?: boolean | undefined;
}

export function updateNote(target: NoteTarget, noteId: number, changes: NoteChanges): ApiRequest {
  const json: Record<string, unknown> = {};
  if (changes.body !== undefined) json.body = changes.body;
  if (changes.confidential !== undefined) json.confidential = changes.confidential;
  return { method: 'PUT', path: notePath(target, noteId), json };
}

/** DELETE a note; its 404 is among the answers, for the verb to tell apart from its thread's. */
export function deleteNote(target: NoteTarget, noteId: number): ApiRequest {
  return { method: 'DELETE', path: notePath(target, noteId), okStatuses: [404] };
}

/**
 * The thread's first note: read to tell a note's 404 from its thread's. The notes path serves
 * all four kinds of noteable alike, and its 404 is the issue's, merge request's, snippet's, epic's
 * or their project's or group's, with the service's own message.
 */
export function getThread(target: NoteTarget): ApiRequest {
  return { method: 'GET', path: notesPath(target), query: { per_page: 1 }, expect: 'array' };
}
