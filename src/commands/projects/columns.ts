import { getProject, type ProjectRecord, type ProjectRef } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import {
  type Column,
  type DetailField,
  type Tone,
  VISIBILITIES,
  visibilityTone,
  yesNo,
  PRIORITY,
} from '../../output/format.js';
import { secretValues } from '../../util/secrets.js';

/** How projects are shown: list columns and the summary of one project (shared by every project verb and `groups projects`). */

/** 123456789 -> 117.7 MiB */
function byteSize(value: unknown): string {
  if (typeof value !== 'number') return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit === 0 ? `${size} B` : `${size.toFixed(1)} ${units[unit]}`;
}

/** `1 star`, `12 stars`. */
export function starCount(count: unknown): string {
  return typeof count === 'number' ? `${count} ${count === 1 ? 'star' : 'stars'}` : 'stars unknown';
}

/** A project's state at a glance: marked for deletion or a failed import in red, archived in grey. */
function projectTone(project: unknown): Tone | undefined {
  const record = (project ?? {}) as Project;
  if (record.marked_for_deletion_on || record.marked_for_deletion_at || record.import_status === 'failed') return 'red';
  return record.archived === true ? 'grey' : undefined;
}

export const PROJECT_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  {
    header: 'PATH',
    path: 'path_with_namespace',
    text: true,
    priority: PRIORITY.identifying,
    tone: (_value, item) => projectTone(item),
  },
  { header: 'VISIBILITY', path: 'visibility', choices: VISIBILITIES, tone: visibilityTone },
  { header: 'STARS', path: 'star_count' },
  { header: 'LAST ACTIVITY', path: 'last_activity_at' },
];

type Project = Record<string, unknown>;

/** The summary of one project on a terminal; optional parts only when the project has them. */
export function projectDetail(project: Project): DetailField[] {
  const fields: DetailField[] = [
    { label: 'Name', path: 'name' },
    { label: 'Path', path: 'path_with_namespace' },
    { label: 'ID', path: 'id' },
    { label: 'Description', path: 'description', none: '(none)' },
    { label: 'Visibility', path: 'visibility', tone: visibilityTone },
    { label: 'Default branch', path: 'default_branch' },
    { label: 'Web URL', path: 'web_url' },
    { label: 'Clone (SSH)', path: 'ssh_url_to_repo' },
    { label: 'Clone (HTTP)', path: 'http_url_to_repo' },
    { label: 'Stars', path: 'star_count' },
    { label: 'Forks', path: 'forks_count' },
  ];
  if (project.open_issues_count !== undefined) fields.push({ label: 'Open issues', path: 'open_issues_count' });
  fields.push({
    label: 'Topics',
    path: 'topics',
    // No topics says so, as an empty public email does, rather than a label with nothing beside it.
    none: '(none)',
    format: (value) => (Array.isArray(value) && value.length ? value.join(', ') : ''),
  });
  if (project.archived !== undefined)
    fields.push({
      label: 'Archived',
      path: 'archived',
      format: yesNo,
      tone: (value) => (value === true ? 'grey' : undefined),
    });
  if (project.forked_from_project)
    fields.push({ label: 'Forked from', path: 'forked_from_project.path_with_namespace' });
  if (project.import_status !== undefined && project.import_status !== null) {
    fields.push({
      label: 'Import status',
      path: 'import_status',
      tone: (value) => (value === 'failed' ? 'red' : undefined),
    });
    if (project.import_error) fields.push({ label: 'Import error', path: 'import_error' });
  }
  if (typeof project.import_url === 'string' && project.import_url)
    fields.push({ label: 'Import URL', path: 'import_url' });
  if (project.mirror === true) fields.push({ label: 'Pull mirror', path: 'mirror', format: yesNo });
  if (project.marked_for_deletion_on !== undefined) {
    fields.push({
      label: 'Marked for deletion',
      path: 'marked_for_deletion_on',
      format: (value) => (value ? `on ${String(value)}` : 'no'),
      tone: (value) => (value ? 'red' : undefined),
    });
  }
  fields.push({ label: 'Created', path: 'created_at' }, { label: 'Last activity', path: 'last_activity_at' });
  if (project.license && typeof project.license === 'object') fields.push({ label: 'License', path: 'license.name' });
  if (project.statistics && typeof project.statistics === 'object') {
    fields.push(
      { label: 'Commits', path: 'statistics.commit_count' },
      { label: 'Storage', path: 'statistics.storage_size', format: byteSize },
      { label: 'Repository', path: 'statistics.repository_size', format: byteSize },
    );
  }
  if (Array.isArray(project.custom_attributes)) {
    fields.push({
      label: 'Custom attributes',
      path: 'custom_attributes',
      format: (value) =>
        (value as Array<{ key?: string; value?: string } | null>)
          .filter((attribute) => typeof attribute === 'object' && attribute !== null)
          .map((attribute) => `${attribute?.key ?? ''}=${attribute?.value ?? ''}`)
          .join(', '),
    });
  }
  return fields;
}

/**
 * One project: the summary on a terminal, the whole object with -o json (the runners registration
 * token and credentials in the import URL included: only human views hide them, see format.ts).
 */
export async function printProject(ctx: VerbContext, project: unknown): Promise<void> {
  for (const secret of secretValues(project)) ctx.terminal.addSecret(secret);
  await ctx.presenter.resource(project, { columns: PROJECT_COLUMNS, detail: projectDetail(project as Project) });
}

/**
 * The result of an action on a project (star, archive...): a status line for people on stderr,
 * and the project on stdout for the formats scripts read (json, ndjson, csv, or --fields).
 */
export async function printActionResult(
  ctx: VerbContext,
  message: string | { unchanged: string },
  project: unknown | (() => Promise<unknown>),
  columns: readonly Column[] = PROJECT_COLUMNS,
): Promise<void> {
  // `{ unchanged }`: the service said nothing changed (ctx.presenter.unchanged).
  if (typeof message === 'string') ctx.terminal.info(message);
  else await ctx.presenter.action({ unchanged: message.unchanged });
  await ctx.presenter.action({ value: project, columns });
}

/**
 * What a 304 (no body) leaves to say of a project: its path for the status line, as an ok line
 * names it (read from the service only when the reference was an ID), and the project for the
 * output that needs it, read once.
 */
export async function unchangedProject(
  ctx: VerbContext,
  ref: ProjectRef,
): Promise<{ path: string; project: () => Promise<unknown> }> {
  let read: Promise<ProjectRecord> | undefined;
  const project = () =>
    (read ??= ctx.session.request<ProjectRecord>(getProject(ref)).then((response) => response.data));
  const path = typeof ref === 'number' ? ((await project()).path_with_namespace ?? String(ref)) : ref;
  return { path, project };
}
