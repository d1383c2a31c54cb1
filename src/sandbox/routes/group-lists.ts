import { GROUP_LIST_FILTERS, SUBGROUP_LIST_FILTERS } from '../../params/groups.js';
import { ACCESS, canReadGroup, isAdministrator, isGroupMember } from '../access.js';
import { readableGroup } from '../guards.js';
import { methodNotAllowed, paramError } from '../errors.js';
import type { SandboxRequest, SandboxResponse } from '../http.js';
import type { Group, User } from '../model.js';
import { compareText, keysetResponse, pageRequest, paginateArray, similarity } from '../pagination.js';
import { readParams } from '../params.js';
import type { Store } from '../store.js';
import { groupObject } from '../views.js';

/** GET /groups, /groups/:id/subgroups and /groups/:id/descendant_groups (the groups API reference). */

type GroupQuery = Record<string, unknown>;

/**
 * GitLab's GroupsFinder: owned and min_access_level take precedence; then administrators with
 * all_available see everything; others see their groups, plus every group visible to them when
 * all_available (anonymous callers: public groups only).
 */
function scopeGroups(
  store: Store,
  user: User | undefined,
  groups: Group[],
  query: GroupQuery,
  allAvailableByDefault: boolean,
): Group[] {
  if (query.owned === true) return groups.filter((g) => isGroupMember(store, user, g, ACCESS.owner));
  if (query.min_access_level !== undefined)
    return groups.filter((g) => isGroupMember(store, user, g, query.min_access_level as number));
  const allAvailable = (query.all_available as boolean | undefined) ?? allAvailableByDefault;
  if (isAdministrator(user) && allAvailable) return groups;
  return groups.filter(
    (g) => isGroupMember(store, user, g) || ((allAvailable || !user) && canReadGroup(store, user, g)),
  );
}

/**
 * Filters and orders a list of groups. `/groups` searches full paths and names too; subgroup
 * and descendant lists search only the groups' own (short) paths and names.
 */
function filterAndOrder(req: SandboxRequest, groups: Group[], query: GroupQuery, searchParents: boolean): Group[] {
  const { store } = req;
  let out = groups;
  const skip = query.skip_groups as number[] | undefined;
  if (skip?.length) out = out.filter((g) => !skip.includes(g.id));
  const search = typeof query.search === 'string' && query.search !== '' ? query.search.toLowerCase() : undefined;
  const haystack = (g: Group) =>
    searchParents ? [g.name, g.path, store.groupFullPath(g), store.groupFullName(g)] : [g.name, g.path];
  if (search) out = out.filter((g) => haystack(g).some((text) => text.toLowerCase().includes(search)));
  const attributes = query.custom_attributes as Record<string, unknown> | undefined;
  // As on GitLab, only administrators may filter by custom attributes; for others the filter is ignored.
  if (attributes && isAdministrator(req.user))
    out = out.filter((g) =>
      Object.entries(attributes).every(([key, value]) => g.custom_attributes[key] === String(value)),
    );

  const orderBy = (query.order_by as string | undefined) ?? 'name';
  const direction = query.sort === 'desc' ? -1 : 1;
  if (orderBy === 'similarity' && search) {
    const score = (g: Group) => similarity(haystack(g), search);
    return [...out].sort((a, b) => score(b) - score(a) || (b.parent_id ?? 0) - (a.parent_id ?? 0) || a.id - b.id);
  }
  // Without a search, similarity orders by name; ties are broken by ascending id.
  const key = (g: Group): string | number => (orderBy === 'path' ? g.path : orderBy === 'id' ? g.id : g.name);
  return [...out].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : compareText(String(ka), String(kb));
    return order * direction || a.id - b.id;
  });
}

function groupSerializer(req: SandboxRequest, query: GroupQuery): (g: Group) => string {
  const options = { statistics: query.statistics === true, customAttributes: query.with_custom_attributes === true };
  return (g) => JSON.stringify(groupObject(req.store, g, req.user, options));
}

/** The opaque cursor of keyset pages: where the previous page ended in (name, id) order. */
function encodeCursor(group: Group): string {
  return Buffer.from(JSON.stringify({ name: group.name, id: group.id })).toString('base64url');
}

function decodeCursor(text: string): { name: string; id: number } {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { name?: unknown; id?: unknown };
    if (typeof value.name === 'string' && typeof value.id === 'number') return { name: value.name, id: value.id };
  } catch {
    // falls through to the error below
  }
  throw paramError('cursor is invalid');
}

/**
 * Keyset pagination of GET /groups: only for anonymous callers, only ordered by name ascending
 * (GitLab answers 405 for other orders). Each full page links to the next with an opaque cursor;
 * the end is an empty page without a link.
 */
function keysetGroups(req: SandboxRequest, ordered: Group[], query: GroupQuery): SandboxResponse {
  if ((query.order_by ?? 'name') !== 'name' || (query.sort ?? 'asc') !== 'asc')
    throw methodNotAllowed('Keyset pagination is not yet available for this type of request');
  const { perPage } = pageRequest(req);
  const cursorText = req.query.get('cursor');
  let start = 0;
  if (cursorText) {
    const cursor = decodeCursor(cursorText);
    start = ordered.findIndex((g) => {
      const order = compareText(g.name, cursor.name);
      return order > 0 || (order === 0 && g.id > cursor.id);
    });
    if (start < 0) start = ordered.length;
  }
  const slice = ordered.slice(start, start + perPage);
  const last = slice[slice.length - 1];
  return keysetResponse(
    req,
    slice,
    groupSerializer(req, query),
    slice.length === perPage && last ? { cursor: encodeCursor(last) } : undefined,
  );
}

export function listGroups(req: SandboxRequest): SandboxResponse {
  const { store, user } = req;
  const query = readParams(req.input, GROUP_LIST_FILTERS);
  let groups = scopeGroups(store, user, [...store.groups.values()], query, isAdministrator(user));
  if (query.top_level_only === true) groups = groups.filter((g) => g.parent_id === null);
  const ordered = filterAndOrder(req, groups, query, true);
  // Keyset pagination is offered to anonymous callers only; others get offset pages as usual.
  if (!user && req.query.get('pagination') === 'keyset') return keysetGroups(req, ordered, query);
  return paginateArray(req, ordered, groupSerializer(req, query));
}

/**
 * Subgroups and descendants of a group the caller can see. Which of them are listed follows the
 * same finder; all_available defaults to true here, so a group's visible subgroups are listed to
 * non-members too (GitLab's GroupsFinder includes public groups when filtering by parent).
 */
function listBelow(req: SandboxRequest, which: 'children' | 'descendants'): SandboxResponse {
  const { store, user } = req;
  const query = readParams(req.input, SUBGROUP_LIST_FILTERS);
  const parent = readableGroup(req);
  const candidates = which === 'children' ? store.children(parent) : store.descendants(parent);
  const groups = scopeGroups(store, user, candidates, query, true);
  return paginateArray(req, filterAndOrder(req, groups, query, false), groupSerializer(req, query));
}

export const listSubgroups = (req: SandboxRequest) => listBelow(req, 'children');
export const listDescendants = (req: SandboxRequest) => listBelow(req, 'descendants');
