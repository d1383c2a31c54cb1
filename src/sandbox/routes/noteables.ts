import { NOTE_ORDER_BY, NOTE_SORTS, NOTEABLES, type NoteableKind } from '../../params/notes.js';
import { notFound } from '../errors.js';
import type { Router, SandboxRequest } from '../http.js';
import type { Group, Noteable, Project } from '../model.js';
import { canReadNoteable, noteableJson, noteablesOf } from '../noteables.js';
import { paginateArray, sortBy } from '../pagination.js';
import { choice } from '../params.js';

/**
 * Read-only lists of what notes hang on: GET /projects/:id/issues, /merge_requests, /snippets and
 * GET /groups/:id/epics. Anonymous callers see those of public projects and groups, as on the
 * service. Each list takes order_by (created_at, updated_at) and sort (default created_at desc).
 */
export function register(router: Router): void {
  for (const kind of Object.keys(NOTEABLES) as NoteableKind[]) {
    const { parent, segment } = NOTEABLES[kind];
    router.get(`/${parent}s/:id/${segment}`, (req) => {
      const owner = parent === 'project' ? readableProject(req) : readableGroup(req);
      const orderBy = choice(req.input, 'order_by', NOTE_ORDER_BY) ?? 'created_at';
      const sort = choice(req.input, 'sort', NOTE_SORTS) ?? 'desc';
      const visible = noteablesOf(req.store, owner, kind).filter((n) => canReadNoteable(req.store, req.user, n));
      const views = new Map<Noteable, Record<string, unknown>>(visible.map((n) => [n, noteableJson(req.store, n)]));
      const ordered = sortBy(visible, (n) => String((views.get(n) as Record<string, unknown>)[orderBy]), sort);
      return paginateArray(req, ordered, (n) => JSON.stringify(views.get(n)));
    });
  }
}

function readableProject(req: SandboxRequest): Project {
  const project = req.store.findProject(req.params.id as string);
  if (!project || !req.store.canReadProject(req.user, project)) throw notFound('Project');
  return project;
}

function readableGroup(req: SandboxRequest): Group {
  const group = req.store.findGroup(req.params.id as string);
  if (!group || !req.store.canReadGroup(req.user, group)) throw notFound('Group');
  return group;
}
