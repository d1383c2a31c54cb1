import { boolean } from 'zod/mini';
import { archiveProject, unarchiveProject } from '../../api/projects.js';
import type { OnTarget, Section } from './section.js';

/**
 * `archived`: whether a project is archived. An archived project is read-only, its repository,
 * issues, merge requests and other features (doc/user/project/working_with_projects.md, Archive a
 * project): archiving goes after the target's other changes, unarchiving before them.
 */

type ArchiveSpec = OnTarget & { op: 'archive' | 'unarchive' };

const archivedOf = (resource: Record<string, unknown> | null) => resource?.archived ?? false;

export const archived: Section<ArchiveSpec> = {
  name: 'archived',
  kinds: ['project'],
  order: 'last',
  firstWhen: (spec) => spec.op === 'unarchive',
  schema: () => boolean(),
  diff: ({ value, live, emit }) => {
    if (typeof value !== 'boolean' || value === archivedOf(live.resource)) return;
    emit('archived', 'update', archivedOf(live.resource), value, { op: value ? 'archive' : 'unarchive' }, value);
  },
  export: ({ live }) => (archivedOf(live.resource) === true ? true : undefined),
  exportUnsaid: (live) => archivedOf(live.resource),
  liveFields: (_key, live) => ({ archived: archivedOf(live.resource) }),
  ops: ['archive', 'unarchive'],
  send: async (spec) => [spec.op === 'archive' ? archiveProject(spec.ref) : unarchiveProject(spec.ref)],
};
