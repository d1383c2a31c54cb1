import { NOTE_ORDER_BY, NOTE_SORTS, NOTEABLES, type NoteableKind } from '../../params/notes.js';
import { canReadNoteable } from '../access.js';
import { readableGroup, readableProject } from '../guards.js';
import type { Route, SandboxRequest, SandboxResponse } from '../http.js';
import type { Noteable } from '../model.js';
import { noteableJson } from '../note-views.js';
import { noteablesOf } from '../noteables.js';
import { paginateArray, sortBy } from '../pagination.js';
import { choice } from '../params.js';

/**
 * Read-only lists of what notes hang on: GET /projects/:id/issues, /merge_requests, /snippets and
 * GET /groups/:id/epics. Anonymous callers see those of public projects and groups, as on the
 * service. Each list takes order_by (created_at, updated_at) and sort (default created_at desc).
 */
function listOf(kind: NoteableKind): Route {
  const { parent, segment } = NOTEABLES[kind];
  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = parent === 'project' ? readableProject(req) : readableGroup(req);
    const orderBy = choice(req.input, 'order_by', NOTE_ORDER_BY) ?? 'created_at';
    const sort = choice(req.input, 'sort', NOTE_SORTS) ?? 'desc';
    const visible = noteablesOf(req.store, owner, kind).filter((n) => canReadNoteable(req.store, req.user, n));
    const views = new Map<Noteable, Record<string, unknown>>(visible.map((n) => [n, noteableJson(req.store, n)]));
    const ordered = sortBy(visible, (n) => String((views.get(n) as Record<string, unknown>)[orderBy]), sort);
    return paginateArray(req, ordered, (n) => JSON.stringify(views.get(n)));
  };
  return ['GET', `/${parent}s/:id/${segment}`, list];
}

export const noteableRoutes: readonly Route[] = (Object.keys(NOTEABLES) as NoteableKind[]).map(listOf);
