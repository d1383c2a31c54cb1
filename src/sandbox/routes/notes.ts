import {
  awardEmojiName,
  characterCount,
  isAwardEmojiOnly,
  NOTE_BODY_MAX,
  NOTE_ORDER_BY,
  NOTE_SORTS,
  NOTEABLES,
  type NoteableKind,
} from '../../params/notes.js';
import {
  canModifyNote,
  canReadNote,
  canReadNoteable,
  isReadOnly,
  canBackdateNote,
  canMarkNoteConfidential,
} from '../access.js';
import { readableGroup, readableProject, requireUser } from '../guards.js';
import { badRequest, forbidden, notFound, paramError } from '../errors.js';
import { collectionRoutes, json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Note, Noteable } from '../model.js';
import { awardAnswerJson, noteJson } from '../note-views.js';
import { addNote, findEpic, findProjectNoteable, noteOf, notesOf, removeNote, toggleAward } from '../noteables.js';
import { paginateArray, sortBy } from '../pagination.js';
import { bool, choice, str } from '../params.js';

/** The path parameter naming the noteable, as the API reference calls it. */
const REF_PARAM: Record<NoteableKind, string> = {
  issue: 'issue_iid',
  merge_request: 'merge_request_iid',
  snippet: 'snippet_id',
  epic: 'epic_id',
};

/**
 * The 20 note endpoints (the notes API reference): five per kind of noteable,
 * one implementation. Order of checks as on GitLab: authentication, parameter validation, the
 * project or group (404), the noteable (404), the note (404), rights (403), then the note's own
 * validation (400 "Note {...}").
 */
function routesOf(kind: NoteableKind): Route[] {
  const { parent, segment } = NOTEABLES[kind];
  const ref = REF_PARAM[kind];
  const base = `/${parent}s/:id/${segment}/:${ref}/notes`;

  const list = (req: SandboxRequest): SandboxResponse => {
    const user = requireUser(req);
    const orderBy = choice(req.input, 'order_by', NOTE_ORDER_BY) ?? 'created_at';
    const sort = choice(req.input, 'sort', NOTE_SORTS) ?? 'desc';
    const noteable = findNoteable(req, kind, ref);
    const visible = notesOf(req.store, noteable).filter((note) => canReadNote(req.store, user, noteable, note));
    const ordered = sortBy(visible, (note) => note[orderBy], sort);
    return paginateArray(req, ordered, (note) => JSON.stringify(noteJson(req.store, noteable, note)));
  };

  // The reference's single-read example for snippet and epic notes shows the snippet-like object
  // of section 2; GitLab itself answers with the note (Entities::Note) for every kind, and so does
  // the sandbox. `collab notes view` accepts either shape.
  const view = (req: SandboxRequest): SandboxResponse => {
    requireUser(req);
    const noteId = notePathId(req);
    const noteable = findNoteable(req, kind, ref);
    return json(noteJson(req.store, noteable, readableNote(req, noteable, noteId)));
  };

  const create = (req: SandboxRequest): SandboxResponse => {
    const user = requireUser(req);
    const body = str(req.input, 'body');
    if (body === undefined) throw paramError('body is missing');
    const confidential = bool(req.input, 'confidential') ?? false;
    const createdAt = dateTimeParam(req, 'created_at');
    // The SHA only matters to a /merge quick action, which the sandbox does not run.
    if (kind === 'merge_request') str(req.input, 'merge_request_diff_sha');
    const noteable = findNoteable(req, kind, ref);
    if (isReadOnly(req.store, noteable)) throw forbidden('the project is archived');
    if (createdAt !== undefined && !canBackdateNote(req.store, user, noteable)) {
      throw forbidden(`created_at can be set only by administrators and ${NOTEABLES[kind].parent} owners`);
    }
    checkBody(body);
    if (isAwardEmojiOnly(body)) {
      toggleAward(req.store, noteable, awardEmojiName(body), user);
      return json(awardAnswerJson(req.store, noteable), 201);
    }
    // Only issue notes take confidential (the API reference); for a caller who may not mark notes
    // internal (a Guest) the flag is dropped silently, as GitLab's Notes::BuildService does.
    const note = addNote(req.store, noteable, {
      body,
      author: user,
      confidential: confidential && canMarkNoteConfidential(req.store, user, noteable),
      created_at: createdAt,
    });
    return json(noteJson(req.store, noteable, note), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    const user = requireUser(req);
    const noteId = notePathId(req);
    const body = str(req.input, 'body');
    // Issue notes: body or confidential; the others: body is required (the API reference).
    const confidential = kind === 'issue' ? bool(req.input, 'confidential') : undefined;
    if (kind === 'issue' && body === undefined && confidential === undefined)
      throw paramError('body, confidential are missing, at least one parameter must be provided');
    if (kind !== 'issue' && body === undefined) throw paramError('body is missing');
    if (body !== undefined && body.trim() === '') throw paramError('body is empty');
    const noteable = findNoteable(req, kind, ref);
    const note = readableNote(req, noteable, noteId);
    if (!canModifyNote(req.store, user, noteable, note) || isReadOnly(req.store, noteable)) throw forbidden();
    if (body !== undefined) checkBody(body);
    let changed = false;
    if (body !== undefined && body !== note.body) {
      note.body = body;
      changed = true;
    }
    if (confidential !== undefined && confidential !== note.confidential) {
      note.confidential = confidential;
      changed = true;
    }
    if (changed) note.updated_at = req.store.nowIso();
    return json(noteJson(req.store, noteable, note));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const user = requireUser(req);
    const noteId = notePathId(req);
    const noteable = findNoteable(req, kind, ref);
    const note = readableNote(req, noteable, noteId);
    if (!canModifyNote(req.store, user, noteable, note) || isReadOnly(req.store, noteable)) throw forbidden();
    removeNote(req.store, note);
    return noContent();
  };

  return collectionRoutes(base, 'note_id', { list, view, create, update, remove });
}

export const noteRoutes: readonly Route[] = (Object.keys(NOTEABLES) as NoteableKind[]).flatMap(routesOf);

function pathInteger(req: SandboxRequest, name: string): number {
  const value = req.params[name] ?? '';
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw paramError(`${name} is invalid`);
  return Number(value);
}

function notePathId(req: SandboxRequest): number {
  return pathInteger(req, 'note_id');
}

/** The project or group, then the noteable in it: 404 when missing or hidden from the caller. */
function findNoteable(req: SandboxRequest, kind: NoteableKind, refParam: string): Noteable {
  const refValue = pathInteger(req, refParam);
  const { store, user } = req;
  const noteable =
    kind === 'epic'
      ? findEpic(store, readableGroup(req), refValue)
      : findProjectNoteable(store, readableProject(req), kind, refValue);
  if (!noteable || !canReadNoteable(store, user, noteable)) throw notFound(NOTEABLES[kind].typeName);
  return noteable;
}

/** A note of the noteable the caller may read; a confidential one is as missing to others. */
function readableNote(req: SandboxRequest, noteable: Noteable, noteId: number): Note {
  const note = noteOf(req.store, noteable, noteId);
  if (!note || !canReadNote(req.store, req.user, noteable, note)) throw notFound('Note');
  return note;
}

/** The note model's validations, in GitLab's message shape (`bad_request!("Note #{errors}")`). */
function checkBody(body: string): void {
  if (body.trim() === '') throw badRequest(`Note {:note=>["can't be blank"]}`);
  if (characterCount(body) > NOTE_BODY_MAX)
    throw badRequest(`Note {:note=>["is too long (maximum is ${NOTE_BODY_MAX} characters)"]}`);
}

/** An ISO 8601 date-time parameter, normalised; 400 "<name> is invalid" otherwise. */
function dateTimeParam(req: SandboxRequest, name: string): string | undefined {
  const value = str(req.input, name);
  if (value === undefined || value === '') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  // Without a zone the service reads the time as UTC.
  const ms = match
    ? Date.parse(`${match[1]}T${match[2] ?? '00:00:00'}${(match[3] ?? 'Z').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`)
    : Number.NaN;
  if (Number.isNaN(ms)) throw paramError(`${name} is invalid`);
  return new Date(ms).toISOString();
}
