import { NOTEABLES } from '../params/notes.js';
import type { Note, Noteable } from './model.js';
import { awardsOf, notesOf } from './noteables.js';
import { stableSha } from './random.js';
import type { Store } from './store.js';
import { userObject } from './views.js';

/** Notes and what they hang on, as the service shows them (the notes API reference). */

/** A stable 40-hex "commit SHA" for a merge request's head. */
function headSha(noteable: Noteable): string {
  return stableSha(noteable.parentId, noteable.iid);
}

/** The user embedded in notes (the API reference), with GitLab's usual avatar and web URLs. */
function noteAuthor(store: Store, userId: number): Record<string, unknown> {
  const user = store.users.get(userId);
  if (!user)
    return {
      id: userId,
      username: 'ghost',
      name: 'Ghost User',
      state: 'active',
      avatar_url: null,
      web_url: `${store.origin}/ghost`,
      email: 'ghost@example.com',
      created_at: null,
    };
  return { ...userObject(store, user), email: user.email, created_at: user.created_at };
}

function parentPath(store: Store, noteable: Noteable): string {
  if (noteable.kind === 'epic') {
    const group = store.groups.get(noteable.parentId);
    return group ? store.groupFullPath(group) : '';
  }
  const project = store.projects.get(noteable.parentId);
  return project ? store.projectFullPath(project) : '';
}

export function noteJson(store: Store, noteable: Noteable, note: Note): Record<string, unknown> {
  const description = NOTEABLES[noteable.kind];
  return {
    id: note.id,
    type: null,
    body: note.body,
    attachment: null,
    author: noteAuthor(store, note.author_id),
    created_at: note.created_at,
    updated_at: note.updated_at,
    system: note.system,
    noteable_id: noteable.id,
    noteable_type: description.typeName,
    // GitLab's Note entity exposes project_id on every note (lib/api/entities/note.rb), and the doc's
    // epic note shows it: an epic's note belongs to no project, so it is null there.
    project_id: description.parent === 'project' ? noteable.parentId : null,
    noteable_iid: noteable.kind === 'snippet' ? null : noteable.iid,
    resolvable: false,
    confidential: note.confidential,
    // GitLab 15.5 renamed confidential to internal and sends both.
    internal: note.confidential,
    // No note here comes from an importer (doc/api/notes.md's answers carry both).
    imported: false,
    imported_from: 'none',
    commands_changes: {},
  };
}

function snippetFileName(noteable: Noteable): string {
  return `setup-${noteable.id}.md`;
}

/**
 * What a POST of an award-emoji-only body answers (the API reference): the object the award went to,
 * in the snippet-like shape (id, title, file_name, author, expires_at, updated_at, created_at; epics
 * add confidential). The spec types file_name as a string; only snippets have a file, so the other
 * kinds send null, as GitLab's entity does for attributes a record lacks.
 */
export function awardAnswerJson(store: Store, noteable: Noteable): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    id: noteable.id,
    title: noteable.title,
    file_name: noteable.kind === 'snippet' ? snippetFileName(noteable) : null,
    author: noteAuthor(store, noteable.author_id),
    expires_at: null,
    updated_at: noteableUpdatedAt(store, noteable),
    created_at: noteable.created_at,
  };
  if (noteable.kind === 'epic') answer.confidential = noteable.confidential;
  return answer;
}

function noteableUpdatedAt(store: Store, noteable: Noteable): string {
  let latest = noteable.created_at;
  for (const note of notesOf(store, noteable)) if (note.updated_at > latest) latest = note.updated_at;
  return latest;
}

/** The noteable as GET /projects/:id/issues (merge_requests, snippets) or /groups/:id/epics lists it. */
export function noteableJson(store: Store, noteable: Noteable): Record<string, unknown> {
  const author = store.users.get(noteable.author_id);
  const base = {
    id: noteable.id,
    title: noteable.title,
    author: author ? userObject(store, author) : null,
    created_at: noteable.created_at,
    updated_at: noteableUpdatedAt(store, noteable),
  };
  const path = parentPath(store, noteable);
  const userNotes = notesOf(store, noteable).filter((n) => !n.system).length;
  const given = awardsOf(store, noteable);
  const count = (names: readonly string[]) => names.reduce((sum, name) => sum + (given[name]?.length ?? 0), 0);
  const votes = { upvotes: count(['thumbsup', '+1', '👍']), downvotes: count(['thumbsdown', '-1', '👎']) };
  switch (noteable.kind) {
    case 'issue':
      return {
        ...base,
        iid: noteable.iid,
        project_id: noteable.parentId,
        description: `${noteable.title}.`,
        state: 'opened',
        closed_at: null,
        labels: [],
        milestone: null,
        assignees: [],
        // Unassigned, unlinked, untimed and without tasks (doc/api/issues.md @ec05f6eb's keys).
        assignee: null,
        type: 'ISSUE',
        merge_requests_count: 0,
        closed_by: null,
        due_date: null,
        imported: false,
        imported_from: 'none',
        references: { short: `#${noteable.iid}`, relative: `#${noteable.iid}`, full: `${path}#${noteable.iid}` },
        time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
        has_tasks: false,
        task_status: '0 of 0 checklist items completed',
        confidential: noteable.confidential,
        discussion_locked: null,
        issue_type: 'issue',
        severity: 'UNKNOWN',
        user_notes_count: userNotes,
        ...votes,
        web_url: `${store.origin}/${path}/-/issues/${noteable.iid}`,
        _links: {
          self: `${store.origin}/api/v4/projects/${noteable.parentId}/issues/${noteable.iid}`,
          notes: `${store.origin}/api/v4/projects/${noteable.parentId}/issues/${noteable.iid}/notes`,
          award_emoji: `${store.origin}/api/v4/projects/${noteable.parentId}/issues/${noteable.iid}/award_emoji`,
          project: `${store.origin}/api/v4/projects/${noteable.parentId}`,
          closed_as_duplicate_of: null,
        },
        task_completion_status: { count: 0, completed_count: 0 },
      };
    case 'merge_request':
      return {
        ...base,
        iid: noteable.iid,
        project_id: noteable.parentId,
        description: `${noteable.title}.`,
        state: 'opened',
        source_branch: `feature/${noteable.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}`,
        target_branch: 'main',
        // Open, unassigned, unreviewed and within its project (doc/api/merge_requests.md @ec05f6eb's keys).
        imported: false,
        imported_from: 'none',
        merged_by: null,
        merge_user: null,
        merged_at: null,
        merge_after: null,
        prepared_at: noteable.created_at,
        closed_by: null,
        closed_at: null,
        assignee: null,
        assignees: [],
        reviewers: [],
        source_project_id: noteable.parentId,
        target_project_id: noteable.parentId,
        labels: [],
        draft: false,
        work_in_progress: false,
        milestone: null,
        merge_when_pipeline_succeeds: false,
        merge_status: 'can_be_merged',
        detailed_merge_status: 'mergeable',
        sha: headSha(noteable),
        merge_commit_sha: null,
        squash_commit_sha: null,
        user_notes_count: userNotes,
        discussion_locked: null,
        should_remove_source_branch: null,
        force_remove_source_branch: false,
        allow_collaboration: false,
        allow_maintainer_to_push: false,
        ...votes,
        web_url: `${store.origin}/${path}/-/merge_requests/${noteable.iid}`,
        // Deprecated for `references` (12.7), still answered: the list's answer table and example.
        reference: `!${noteable.iid}`,
        references: { short: `!${noteable.iid}`, relative: `!${noteable.iid}`, full: `${path}!${noteable.iid}` },
        time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
        squash: false,
        // No merge request asks to squash: the project's squash option decides (only `always` squashes).
        squash_on_merge: store.projects.get(noteable.parentId)?.attrs.squash_option === 'always',
        task_completion_status: { count: 0, completed_count: 0 },
        blocking_discussions_resolved: true,
        has_conflicts: false,
      };
    case 'snippet': {
      const project = store.projects.get(noteable.parentId);
      return {
        ...base,
        project_id: noteable.parentId,
        description: 'How to run it locally',
        file_name: snippetFileName(noteable),
        // Nothing in the sandbox is imported (doc/api/project_snippets.md @ec05f6eb shows both).
        imported: false,
        imported_from: 'none',
        visibility: project?.visibility ?? 'private',
        web_url: `${store.origin}/${path}/-/snippets/${noteable.id}`,
        raw_url: `${store.origin}/${path}/-/snippets/${noteable.id}/raw`,
      };
    }
    case 'epic':
      return {
        ...base,
        iid: noteable.iid,
        group_id: noteable.parentId,
        // No epic in the sandbox has a parent, dates or milestones (doc/api/epics.md @ec05f6eb's keys).
        parent_id: null,
        parent_iid: null,
        description: `${noteable.title}.`,
        state: 'opened',
        confidential: noteable.confidential,
        reference: `&${noteable.iid}`,
        references: { short: `&${noteable.iid}`, relative: `&${noteable.iid}`, full: `${path}&${noteable.iid}` },
        start_date: null,
        start_date_is_fixed: false,
        start_date_fixed: null,
        start_date_from_milestones: null,
        start_date_from_inherited_source: null,
        end_date: null,
        due_date: null,
        due_date_is_fixed: false,
        due_date_fixed: null,
        due_date_from_milestones: null,
        due_date_from_inherited_source: null,
        closed_at: null,
        imported: false,
        imported_from: 'none',
        labels: [],
        user_notes_count: userNotes,
        ...votes,
        color: '#1068bf',
        web_url: `${store.origin}/groups/${path}/-/epics/${noteable.iid}`,
        _links: {
          self: `${store.origin}/api/v4/groups/${noteable.parentId}/epics/${noteable.iid}`,
          epic_issues: `${store.origin}/api/v4/groups/${noteable.parentId}/epics/${noteable.iid}/issues`,
          group: `${store.origin}/api/v4/groups/${noteable.parentId}`,
          parent: null,
        },
      };
  }
}
