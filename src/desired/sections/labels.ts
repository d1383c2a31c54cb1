import { nullable, optional, strictObject } from 'zod/mini';
import { gateSettings, hiddenByFeatures } from '../../api/features.js';
import { createLabel, deleteLabel, type Label, labelsPath, updateLabel } from '../../api/labels.js';
import { projectRole } from '../../api/roles.js';
import { CollabError } from '../../errors.js';
import { normalColor } from '../../params/css-colors.js';
import { LABEL_NAME, LABEL_PARAMS, LABEL_PRIORITY } from '../../params/labels.js';
import {
  equal,
  isItem,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  servicePath,
  shape,
  unlisted,
  withSecret,
  withSecrets,
} from './common.js';
import { allOf, gidNumber, isText, isTextOrNull } from './graphql-nodes.js';
import type { Body, Item, OnTarget, Section } from './section.js';
import { isBelow } from '../targets.js';
import { once } from '../../util/memo.js';
import { parentPath } from '../../util/path-order.js';

/**
 * `labels`: a project's or group's own labels by name (those of the groups above a project are
 * the groups'). Colors are compared as the service keeps them: `orange` and `#FFA500` are one color.
 */

declare module '../model.js' {
  interface LiveTarget {
    labels?: Label[];
    /** The names of the labels of the groups above, read only when the file would make a label. */
    ancestorLabels?: string[];
  }
}

type LabelSpec = OnTarget &
  (
    | { op: 'label-create'; body: Body & { name: string; color: string } }
    | { op: 'label-update'; name: string; body: Body }
    | { op: 'label-delete'; name: string }
  );

const FIELDS = ['color', 'description', 'priority'] as const;

/** A field as the service would answer it, for comparing. */
const comparable = (name: string, value: unknown) =>
  name === 'color' && typeof value === 'string' ? normalColor(value) : value;

/** Whether the live label holds what the file gives a field: the diff's rule and a saved plan's. */
const holds = (label: Label, field: string, wanted: unknown) =>
  equal(comparable(field, label[field]), comparable(field, wanted));

export const labels: Section<LabelSpec> = {
  name: 'labels',
  kinds: ['project', 'group'],
  noun: 'label',
  identity: 'name',
  schema: (kind) =>
    listSchema(
      strictObject({
        name: paramSchema(LABEL_NAME),
        ...shape(LABEL_PARAMS),
        color: paramSchema(LABEL_PARAMS[0]),
        ...(kind === 'group' ? {} : { priority: optional(nullable(paramSchema(LABEL_PRIORITY))) }),
      }),
    ),
  read: {
    none: (live) => void (live.labels = []),
    // The target's own labels only: a project's list would hold its groups' too, and holds its
    // group's own even with include_ancestor_groups=false (GitLab's LabelsFinder takes the
    // project's group: app/finders/labels_finder.rb @0e3af7b0, gitlabhq/gitlabhq), marked
    // is_project_label false.
    //
    // A project whose issues and merge requests are both off for the caller hides its labels: GitLab
    // answers an empty list, and refuses every label the plan would then make (403). Labels the file
    // makes or enforces are refused from the project's own view, before the list
    // (src/api/features.ts); an export leaves them out, saying so; `labels: []` asks nothing.
    target: async (reader, live, resource, value) => {
      const { items, enforce } = listOf(value);
      const asks = reader.exporting || items.length > 0 || enforce;
      const hint =
        live.kind === 'project' && asks
          ? hiddenByFeatures('/labels', resource, servicePath(live), projectRole(resource))
          : undefined;
      if (hint)
        throw new CollabError(
          'auth',
          `labels: GitLab hides the labels of project ${servicePath(live)} from you, and refuses to make or change any there`,
          { hint, featureOff: gateSettings('GET', '/labels') },
        );
      const owner = { kind: live.kind, ref: Number(resource.id) };
      live.labels = (await reader.list(labelsPath(owner), { include_ancestor_groups: false })).filter(
        (item): item is Label => isLabel(item) && item.is_project_label !== false,
      );
    },
    // A label the file would make that a group above already has is refused (409 "Label already
    // exists": create_label looks in available_labels_for, ancestors included:
    // lib/api/helpers/label_helpers.rb @495a5c79), for a target made by this apply too. The groups'
    // labels are read only for targets that would make a label, once a group: the nearest group
    // above that exists, with its ancestors' (GET /groups/:id/labels, include_ancestor_groups:
    // doc/api/group_labels.md), and what the file gives the groups above.
    once: async (_ctx, lives, values, reader) => {
      const groupLabels = once(
        (group: string): Promise<string[]> =>
          reader.list(labelsPath({ kind: 'group', ref: group }), { include_ancestor_groups: true }).then(
            (items) => items.filter(isLabel).map((label) => label.name),
            // Not a group there (a user's namespace, or one this apply makes): the groups above it.
            (error: { kind?: string }) => (error.kind === 'not-found' ? above(group) : Promise.reject(error)),
          ),
      );
      const above = (path: string): Promise<string[]> => {
        const parent = parentPath(path);
        return parent === '' ? Promise.resolve([]) : groupLabels(parent);
      };
      const named = (value: unknown) => listOf(value).items.map((item) => String(item.name));
      await Promise.all(
        lives.map(async (live, i) => {
          const own = new Set((live.labels ?? []).map((label) => label.name));
          if (named(values[i]).every((name) => own.has(name))) return;
          const path = servicePath(live);
          const inFile = lives.flatMap((other, j) =>
            other.kind === 'group' && isBelow(path.toLowerCase(), servicePath(other).toLowerCase())
              ? named(values[j])
              : [],
          );
          live.ancestorLabels = [...new Set([...(await above(path)), ...inFile])];
        }),
      );
    },
  },
  graphql: {
    kinds: ['project', 'group'],
    // A project's export writes each label's priority.
    exports: ['group'],
    // The target's own labels, as the REST read asks (include_ancestor_groups=false).
    connection: (kind) => ({
      field: 'labels',
      args:
        kind === 'project'
          ? 'includeAncestorGroups: false'
          : 'includeAncestorGroups: false, includeDescendantGroups: false, onlyGroupLabels: true',
      node: 'id title color description',
    }),
    // GraphQL's Label has no priority: a project's file that gives one is read by REST.
    // Nor a project whose features hide its labels: GraphQL refuses them there (LabelsResolver), REST
    // lists none, which is what the plan is refused or planned from.
    usable: (value, kind, resource) =>
      kind === 'group' ||
      (!listOf(value).items.some((item) => item.priority !== undefined) &&
        !(resource && hiddenByFeatures('/labels', resource, '', projectRole(resource)))),
    fill: (live, nodes) => {
      // A project's connection holds its group's own labels too, as REST's list does: by their IDs' class, left out.
      const own = live.kind === 'project' ? nodes.filter((node) => !isGroupLabel(node.id)) : nodes;
      const found = allOf(own, labelOf);
      if (found) live.labels = found;
      return found !== undefined;
    },
  },
  diff: ({ target, value, live, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.labels ?? [];
    for (const item of wanted.items) {
      const name = String(item.name);
      // The name as the plan keeps it (a template where the file gives it as a secret): shown and sent.
      const written = String(kept(item).name);
      const fields = Object.fromEntries(
        FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, kept(item)[field]]),
      );
      const existing = found.find((label) => label.name === name);
      if (!existing && live.ancestorLabels?.includes(name))
        throw new CollabError(
          'usage',
          `labels: ${written} on ${target.kind} ${target.path} is a label of a group above it, which GitLab refuses to make again there (409)`,
          { hint: `list it under the group that has it, or give this ${target.kind}'s label another name` },
        );
      if (!existing) {
        emit(
          name,
          'create',
          null,
          { name: written, ...fields },
          { op: 'label-create', body: { name: written, color: String(kept(item).color), ...fields } },
        );
        continue;
      }
      const changed = Object.entries(fields).filter(([field]) => !holds(existing, field, item[field]));
      if (changed.length === 0) continue;
      const after = Object.fromEntries(changed);
      emit(name, 'update', Object.fromEntries(changed.map(([field]) => [field, existing[field]])), after, {
        op: 'label-update',
        name: written,
        body: after,
      });
    }
    for (const existing of unlisted(wanted, found, (item, label) => item.name === label.name)) {
      emit(
        existing.name,
        'delete',
        { name: existing.name, color: existing.color },
        null,
        { op: 'label-delete', name: existing.name },
        true,
      );
    }
  },
  // What the file says of a label, never its counts or whether the caller subscribed to it.
  liveFields: (name, live) => {
    const label = live.labels?.find((each) => each.name === name);
    return {
      label: label
        ? {
            id: label.id,
            name: label.name,
            // A field the read does not show (GraphQL's Label has no priority) is left out, not null.
            ...Object.fromEntries(FIELDS.filter((field) => label[field] !== undefined).map((f) => [f, label[f]])),
          }
        : null,
    };
  },
  reached: (name, after, live) =>
    listReached(
      live.labels?.find((label) => label.name === name),
      after,
      holds,
      ['name'],
    ),
  updates: (_name, after) => (isItem(after) ? Object.keys(after) : undefined),
  ops: ['label-create', 'label-update', 'label-delete'],
  // A field the file gives as a template is in the plan as that template: resolved now.
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    switch (spec.op) {
      case 'label-create':
        return [createLabel(owner, withSecrets(spec.body, resolver.secret) as typeof spec.body)];
      case 'label-update':
        return [updateLabel(owner, withSecret(spec.name, resolver.secret), withSecrets(spec.body, resolver.secret))];
      case 'label-delete':
        return [deleteLabel(owner, spec.name)];
    }
  },
  export: ({ live }) => {
    const items = (live.labels ?? []).map((label) => {
      const item: Item = { name: label.name, color: label.color };
      if (typeof label.description === 'string' && label.description !== '') item.description = label.description;
      if (live.kind === 'project' && typeof label.priority === 'number') item.priority = label.priority;
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};

const isLabel = (item: Item): item is Label => typeof item.id === 'number' && typeof item.name === 'string';

/** `gid://gitlab/GroupLabel/7`: a group's label (a project's is a ProjectLabel), by GitLab's class of the record. */
const isGroupLabel = (id: unknown) => typeof id === 'string' && /^gid:\/\/gitlab\/GroupLabel\/\d+$/.test(id);

/** A Label node as the REST list shows the fields the diff compares (its priority is not in GraphQL). */
function labelOf(node: Item): Label | undefined {
  const id = gidNumber(node.id);
  if (id === undefined || !isText(node.title) || !isText(node.color) || !isTextOrNull(node.description))
    return undefined;
  return { id, name: node.title, color: node.color, description: node.description };
}
