import { LABEL_NAME, LABEL_PARAMS, LABEL_PRIORITY } from '../../params/labels.js';
import { ACCESS, canAdministerProjectLabels, canReadProjectLabels, LABEL_ADMIN_ROLE, ownerChain } from '../access.js';
import { cssColorHex } from '../../params/css-colors.js';
import { conflict, forbidden, notFound, paramError, validationError } from '../errors.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { type Label, type OwnerKey, sameOwner, type User } from '../model.js';
import { compareText, paginateArray } from '../pagination.js';
import { bool, checkParam, int, readParams, requireStr, str } from '../params.js';
import type { Store } from '../store.js';
import { findOwner, requireGroupRole, requireUser } from '../guards.js';

/**
 * Project and group labels as GitLab's API v4 serves them (doc/api/labels.md, group_labels.md): anyone
 * who can see the project or group lists them, a Reporter manages them (GitLab's admin_label); a
 * project's list and lookups include its ancestor groups' labels unless include_ancestor_groups=false,
 * each marked with is_project_label; a name taken there too is a 409 "Label already exists". Lists
 * are ordered by name, as GitLab's LabelsFinder orders them.
 */
type Kind = 'project' | 'group';

/**
 * The labels an owner sees: its own and, unless asked not to, its ancestor groups'. Asked not to, a
 * project in a group still sees that group's own: GitLab's LabelsFinder takes a project's group,
 * and only adds its ancestors when include_ancestor_groups is true (item_ids and group_ids_for:
 * app/finders/labels_finder.rb @0e3af7b0, app/finders/concerns/finder_with_group_hierarchy.rb
 * @383ec680, gitlabhq/gitlabhq); each is marked by is_project_label. Through a project whose labels
 * are off for the caller it finds none, its groups' neither (canReadProjectLabels).
 */
function visibleLabels(store: Store, user: User | undefined, owner: OwnerKey, withAncestors: boolean): Label[] {
  const project = owner.kind === 'project' ? store.projects.get(owner.id) : undefined;
  if (project && !canReadProjectLabels(store, user, project)) return [];
  const chain = ownerChain(store, owner);
  const owners = withAncestors ? chain : chain.slice(0, owner.kind === 'project' ? 2 : 1);
  return [...store.labels.values()].filter((label) => owners.some((o) => sameOwner(o, label.owner)));
}

/**
 * A label's text_color as Gitlab::Color#contrast chooses it (lib/gitlab/color.rb, gitlabhq/gitlabhq
 * 419c53ec, matching GitLab UI): WCAG 2.1 relative luminance; dark text (#1F1E24) unless white's
 * contrast is at least 2.4 or above the dark's. `#RGB` reads as `#RRGGBB`; an invalid color, white.
 */
export function textColor(color: string): string {
  if (!/^#(?:[0-9A-Fa-f]{3}){1,2}$/.test(color)) return LIGHT_TEXT;
  const full = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const rgb = [1, 3, 5].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  const luminance = relativeLuminance(rgb);
  const light = relativeLuminance([255, 255, 255]);
  const dark = relativeLuminance([31, 30, 36]);
  const contrastLight = (light + 0.05) / (luminance + 0.05);
  const contrastDark = (luminance + 0.05) / (dark + 0.05);
  return contrastLight >= 2.4 || contrastLight > contrastDark ? LIGHT_TEXT : DARK_TEXT;
}

const LIGHT_TEXT = '#FFFFFF';
const DARK_TEXT = '#1F1E24';

const toSrgb = (value: number) => {
  const normalized = value / 255;
  return normalized <= 0.03928 ? normalized / 12.92 : ((normalized + 0.055) / 1.055) ** 2.4;
};

const relativeLuminance = ([r = 0, g = 0, b = 0]: readonly number[]) =>
  0.2126 * toSrgb(r) + 0.7152 * toSrgb(g) + 0.0722 * toSrgb(b);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function labelJson(label: Label, endpoint: Kind, withCounts = false): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: label.id,
    name: label.name,
    color: label.color,
    text_color: textColor(label.color),
    description: label.description,
    description_html: label.description === null ? null : escapeHtml(label.description),
  };
  // The sandbox keeps no issues or merge requests that carry labels: every count is 0.
  if (withCounts) Object.assign(view, { open_issues_count: 0, closed_issues_count: 0, open_merge_requests_count: 0 });
  view.subscribed = false;
  if (endpoint === 'project')
    Object.assign(view, { priority: label.priority, is_project_label: label.owner.kind === 'project' });
  return view;
}

/**
 * `#RRGGBB` or `#RGB` kept as given, a color name as GitLab's hex for it (`#FFA500`): the label
 * services' convert_color_name_to_hex is Gitlab::Color.of (lib/gitlab/color.rb @419c53ec); the
 * color's rule refuses anything else.
 */
function readColor(value: string): string {
  checkParam(COLOR, value);
  return /^#(?:[0-9A-Fa-f]{3}){1,2}$/.test(value) ? value : (cssColorHex(value) as string);
}

const COLOR = LABEL_PARAMS.find((param) => param.name === 'color') as (typeof LABEL_PARAMS)[number];

function labelRoutes(kind: Kind): Route[] {
  const base = kind === 'project' ? '/projects/:id/labels' : '/groups/:id/labels';
  const ownerOf = (req: SandboxRequest, level: number): OwnerKey => ({ kind, id: findOwner(req, kind, level).id });

  /**
   * The owner whose labels the caller may create or change (create_label, update_label, asked of
   * it first): 403 below admin_label's role, and through a project whose labels are off for the
   * caller whatever the role (canAdministerProjectLabels).
   */
  const administered = (req: SandboxRequest): OwnerKey => {
    const owner = findOwner(req, kind, LABEL_ADMIN_ROLE);
    if (owner.kind === 'project' && !canAdministerProjectLabels(req.store, req.user, owner.project)) throw forbidden();
    return { kind, id: owner.id };
  };

  /** :label_id (an ID, else a name), or the deprecated forms' `name`/`label_id` parameter. */
  const findLabel = (req: SandboxRequest, owner: OwnerKey, withAncestors: boolean): Label => {
    const ref = req.params.label_id ?? str(req.input, 'label_id') ?? requireStr(req.input, 'name');
    const labels = visibleLabels(req.store, req.user, owner, withAncestors);
    const found =
      (/^\d+$/.test(ref) ? labels.find((l) => l.id === Number(ref)) : undefined) ?? labels.find((l) => l.name === ref);
    if (!found) throw notFound('Label');
    return found;
  };

  /**
   * The label a PUT or DELETE names: found as include_ancestor_groups=false finds it, so through a
   * project its group's own too, which GitLab then changes only for who may change the group's
   * labels (update_label and delete_label on the label: lib/api/helpers/label_helpers.rb @055e3c66).
   */
  const changeable = (req: SandboxRequest, owner: OwnerKey): Label => {
    const label = findLabel(req, owner, false);
    const group =
      label.owner.kind === 'group' && owner.kind === 'project' ? req.store.groups.get(label.owner.id) : undefined;
    if (group) requireGroupRole(req, group, LABEL_ADMIN_ROLE);
    return label;
  };

  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, ACCESS.none);
    let labels = visibleLabels(req.store, req.user, owner, bool(req.input, 'include_ancestor_groups') ?? true);
    const group =
      kind === 'group' && bool(req.input, 'include_descendant_groups') === true
        ? req.store.groups.get(owner.id)
        : undefined;
    if (group) {
      const below = new Set(req.store.descendants(group).map((g) => g.id));
      labels = labels.concat(
        [...req.store.labels.values()].filter((l) => l.owner.kind === 'group' && below.has(l.owner.id)),
      );
    }
    const search = str(req.input, 'search')?.toLowerCase();
    if (search)
      labels = labels.filter(
        (l) => l.name.toLowerCase().includes(search) || (l.description ?? '').toLowerCase().includes(search),
      );
    labels.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    const withCounts = bool(req.input, 'with_counts') ?? false;
    return paginateArray(req, labels, (label) => JSON.stringify(labelJson(label, kind, withCounts)));
  };

  const view = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, ACCESS.none);
    return json(labelJson(findLabel(req, owner, bool(req.input, 'include_ancestor_groups') ?? true), kind, true));
  };

  /**
   * Grape checks `label_create_params` and `at_least_one_of` before the endpoint runs, and only
   * `authenticate!` is a `before`: create_label and update_label ask `authorize! :admin_label`
   * inside, so a parameter not given is 400 whoever asks (gitlabhq/gitlabhq lib/api/labels.rb and
   * lib/api/helpers/label_helpers.rb@495a5c79948d687d28af0f41e823cb8e4c6fbb0e).
   */
  const create = (req: SandboxRequest): SandboxResponse => {
    requireUser(req);
    const name = requireStr(req.input, 'name');
    const given = requireStr(req.input, 'color');
    const owner = administered(req);
    const color = readColor(given);
    const fields = readParams(req.input, LABEL_PARAMS);
    const priority = kind === 'project' ? readPriority(req) : undefined;
    checkParam(LABEL_NAME, name);
    if (visibleLabels(req.store, req.user, owner, true).some((l) => l.name === name))
      throw conflict('Label already exists');
    const label: Label = {
      id: req.store.nextId('label'),
      owner,
      name,
      color,
      description: (fields.description as string | undefined) ?? null,
      priority: priority ?? null,
    };
    req.store.labels.set(label.id, label);
    return json(labelJson(label, kind, true), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    requireUser(req);
    const newName = str(req.input, 'new_name');
    const color = str(req.input, 'color');
    const description = str(req.input, 'description');
    const priorityGiven = kind === 'project' && req.input.priority !== undefined;
    if (newName === undefined && color === undefined && description === undefined && !priorityGiven) {
      throw paramError(
        `new_name, color, description${kind === 'project' ? ', priority' : ''} are missing, at least one parameter must be provided`,
      );
    }
    const owner = administered(req);
    const label = changeable(req, owner);
    const next: Label = { ...label };
    if (newName !== undefined) {
      checkParam(LABEL_NAME, newName);
      if (visibleLabels(req.store, req.user, owner, true).some((l) => l !== label && l.name === newName))
        throw validationError({ title: ['has already been taken'] });
      next.name = newName;
    }
    if (color !== undefined) next.color = readColor(color);
    if (description !== undefined) next.description = description === '' ? null : description;
    if (priorityGiven) next.priority = readPriority(req) ?? null;
    Object.assign(label, next);
    return json(labelJson(label, kind, true));
  };

  /**
   * DELETE finds the label before it asks delete_label of it (lib/api/helpers/label_helpers.rb
   * @055e3c66): one not found is 404 whatever the role, as through a project whose labels are off
   * for the caller, where none is found.
   */
  const remove = (req: SandboxRequest): SandboxResponse => {
    findLabel(req, ownerOf(req, ACCESS.none), false);
    const owner = ownerOf(req, LABEL_ADMIN_ROLE);
    req.store.labels.delete(changeable(req, owner).id);
    return noContent();
  };

  return [
    ['GET', base, list],
    ['GET', `${base}/:label_id`, view],
    ['POST', base, create],
    ['PUT', `${base}/:label_id`, update],
    ['DELETE', `${base}/:label_id`, remove],
    // The deprecated forms python-gitlab 3.12 still uses: PUT and DELETE on the collection with `name`.
    ['PUT', base, update],
    ['DELETE', base, remove],
  ];
}

/** 0 or more, or empty/null to remove it. */
function readPriority(req: SandboxRequest): number | undefined {
  const priority = int(req.input, LABEL_PRIORITY.name);
  if (priority !== undefined) checkParam(LABEL_PRIORITY, priority);
  return priority;
}

export const projectLabelRoutes = labelRoutes('project');
export const groupLabelRoutes = labelRoutes('group');
