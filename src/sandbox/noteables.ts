import { NOTEABLES, type NoteableKind } from '../params/notes.js';
import type { Group, Note, Noteable, Project, User } from './model.js';
import { ACCESS, type Store } from './store.js';
import { userObject } from './views.js';

/**
 * Issues, merge requests, snippets and epics: just enough to carry notes. They are created the
 * first time a project's (or group's) noteables are touched, so seeding 100,000 projects costs
 * nothing, and always the same way: the same titles, notes and IDs whatever the order of access.
 *
 * Every project gets issues and merge requests with iids 1 to 3 and one snippet (its ID is the
 * project's ID); every group one epic (its ID is the group's ID). Seeded notes have IDs derived
 * from their parent; notes created through the API get IDs above CREATED_NOTE_BASE.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Seeded notes of a project: projectId * NOTE_SLOTS + slot. */
const NOTE_SLOTS = 16;
/** Seeded notes of a group's epic: EPIC_NOTE_BASE + groupId * NOTE_SLOTS + slot. */
const EPIC_NOTE_BASE = 500_000_000;
/** Notes created through the API (like real note IDs, large). */
export const CREATED_NOTE_BASE = 1_000_000_000;

const ISSUE_TITLES = [
  'Checkout fails on Safari',
  'Document the release process',
  'Flaky test in the payment suite',
  'Dark mode colours are hard to read',
  'Timeouts when exporting large reports',
  'Upgrade the logging library',
  'Search ignores accented characters',
];
const MERGE_REQUEST_TITLES = ['Add retry to the webhook sender', 'Speed up the nightly build', 'Fix typo in the README', 'Cache the user lookup', 'Remove the deprecated endpoints', 'Add health check endpoint'];
const EPIC_TITLES = ['Q3 reliability work', 'New onboarding flow', 'Accessibility review', 'Platform migration'];

/** A seeded note: who wrote it (a sandbox username), when (hours after its noteable), what. */
interface SeedNote {
  author: string;
  hours: number;
  body: string;
  system?: boolean;
  confidential?: boolean;
  /** Edited this many hours after it was written (so order_by=updated_at differs from created_at). */
  editedAfter?: number;
}

const ISSUE_NOTES: Record<number, SeedNote[]> = {
  1: [
    { author: 'dana', hours: 1, body: 'I can reproduce this on the main branch.\n\nSteps: open the cart, pay with a saved card.', editedAfter: 48 },
    { author: 'max', hours: 2, body: 'assigned to @dana', system: true },
    { author: 'rui', hours: 3, body: 'Customers are asking about this one too.' },
    { author: 'max', hours: 4, body: 'Internal: linked to a support ticket; keep customer names out of public comments.', confidential: true },
  ],
  2: [
    { author: 'max', hours: 1, body: 'Is this still needed after the last release?' },
    { author: 'dana', hours: 2, body: 'changed the description', system: true },
  ],
  3: [],
};
const MERGE_REQUEST_NOTES: Record<number, SeedNote[]> = {
  1: [
    { author: 'dana', hours: 1, body: 'added 1 commit\n\n* 3f2a9c1e - Retry failed deliveries with backoff', system: true },
    { author: 'max', hours: 2, body: 'Looks good to me; one question on the error handling.' },
    { author: 'dana', hours: 3, body: 'Addressed in the latest commit.' },
  ],
  2: [{ author: 'rui', hours: 5, body: 'Tested on staging: works.' }],
  3: [],
};
const SNIPPET_NOTES: SeedNote[] = [{ author: 'max', hours: 6, body: 'Handy, thanks for writing this down.' }];
const EPIC_NOTES: SeedNote[] = [
  { author: 'olivia', hours: 1, body: "Tracking this quarter's work here." },
  { author: 'olivia', hours: 2, body: 'added issue #1', system: true },
];

const seededParents = new WeakMap<Store, Set<string>>();
/** Award emoji given by notes whose body was only an emoji: noteable key -> emoji -> user ids. */
const awards = new WeakMap<Store, Map<string, Map<string, Set<number>>>>();

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/** A stable 40-hex "commit SHA" for a merge request's head. */
export function headSha(noteable: Noteable): string {
  let hex = '';
  let state = (noteable.parentId * 2654435761 + noteable.iid * 40503) >>> 0;
  while (hex.length < 40) {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    hex += state.toString(16).padStart(8, '0');
  }
  return hex.slice(0, 40);
}

/** The seeded author, or the first administrator when the store has no such user. */
function seedAuthor(store: Store, username: string): User {
  const user = store.userByName(username);
  if (user) return user;
  for (const candidate of store.users.values()) if (candidate.is_admin) return candidate;
  return store.users.values().next().value as User;
}

function key(kind: NoteableKind, parentId: number, ref: number): string {
  return `${kind}:${parentId}:${ref}`;
}

function keyOf(noteable: Noteable): string {
  return key(noteable.kind, noteable.parentId, NOTEABLES[noteable.kind].addressedBy === 'iid' ? noteable.iid : noteable.id);
}

function addSeededNotes(store: Store, noteable: Noteable, notes: readonly SeedNote[], firstId: number): number {
  let id = firstId;
  const start = Date.parse(noteable.created_at);
  for (const seed of notes) {
    const created = start + seed.hours * HOUR;
    store.notes.set(id, {
      id,
      noteableKey: keyOf(noteable),
      body: seed.body,
      author_id: seedAuthor(store, seed.author).id,
      created_at: iso(created),
      updated_at: iso(created + (seed.editedAfter ?? 0) * HOUR),
      system: seed.system === true,
      confidential: seed.confidential === true,
    });
    const list = store.notesByNoteable.get(keyOf(noteable)) ?? [];
    list.push(id);
    store.notesByNoteable.set(keyOf(noteable), list);
    id++;
  }
  return id;
}

function addNoteable(store: Store, noteable: Noteable): void {
  store.noteables.set(keyOf(noteable), noteable);
  if (!store.notesByNoteable.has(keyOf(noteable))) store.notesByNoteable.set(keyOf(noteable), []);
}

function seeded(store: Store, parentKey: string): boolean {
  let set = seededParents.get(store);
  if (!set) {
    set = new Set();
    seededParents.set(store, set);
  }
  if (set.has(parentKey)) return true;
  set.add(parentKey);
  return false;
}

/** Creates a project's issues, merge requests and snippet with their notes, once. */
export function ensureProjectNoteables(store: Store, project: Project): void {
  if (seeded(store, `project:${project.id}`)) return;
  const base = Date.parse(project.created_at);
  const owner = store.users.get(project.creator_id) ?? seedAuthor(store, 'olivia');
  let noteId = project.id * NOTE_SLOTS;
  const issueAuthors = ['olivia', 'dana', 'rui'];
  for (const iid of [1, 2, 3]) {
    const issue: Noteable = {
      id: project.id * 10 + iid,
      iid,
      kind: 'issue',
      parentId: project.id,
      title: pick(ISSUE_TITLES, project.id + iid),
      author_id: seedAuthor(store, pick(issueAuthors, iid - 1)).id,
      created_at: iso(base + iid * DAY),
      confidential: false,
    };
    addNoteable(store, issue);
    noteId = addSeededNotes(store, issue, ISSUE_NOTES[iid] ?? [], noteId);
  }
  for (const iid of [1, 2, 3]) {
    const mergeRequest: Noteable = {
      id: project.id * 10 + iid,
      iid,
      kind: 'merge_request',
      parentId: project.id,
      title: pick(MERGE_REQUEST_TITLES, project.id + iid),
      author_id: seedAuthor(store, iid === 2 ? 'max' : 'dana').id,
      created_at: iso(base + (iid + 3) * DAY),
      confidential: false,
    };
    addNoteable(store, mergeRequest);
    noteId = addSeededNotes(store, mergeRequest, MERGE_REQUEST_NOTES[iid] ?? [], noteId);
  }
  const snippet: Noteable = {
    id: project.id,
    iid: project.id,
    kind: 'snippet',
    parentId: project.id,
    title: `Local setup for ${project.name}`,
    author_id: owner.id,
    created_at: iso(base + 7 * DAY),
    confidential: false,
  };
  addNoteable(store, snippet);
  addSeededNotes(store, snippet, SNIPPET_NOTES, noteId);
}

/** Creates a group's epic with its notes, once. */
export function ensureGroupNoteables(store: Store, group: Group): void {
  if (seeded(store, `group:${group.id}`)) return;
  const epic: Noteable = {
    id: group.id,
    iid: 1,
    kind: 'epic',
    parentId: group.id,
    title: pick(EPIC_TITLES, group.id),
    author_id: seedAuthor(store, 'olivia').id,
    created_at: iso(Date.parse(group.created_at) + DAY),
    confidential: false,
  };
  addNoteable(store, epic);
  addSeededNotes(store, epic, EPIC_NOTES, EPIC_NOTE_BASE + group.id * NOTE_SLOTS);
}

/** A project's noteable of this kind by iid (issues, merge requests) or ID (snippets). */
export function findProjectNoteable(store: Store, project: Project, kind: Exclude<NoteableKind, 'epic'>, ref: number): Noteable | undefined {
  ensureProjectNoteables(store, project);
  return store.noteables.get(key(kind, project.id, ref));
}

export function findEpic(store: Store, group: Group, id: number): Noteable | undefined {
  ensureGroupNoteables(store, group);
  return store.noteables.get(key('epic', group.id, id));
}

/** A project's noteables of one kind, or a group's epics, in creation order. */
export function noteablesOf(store: Store, parent: Project | Group, kind: NoteableKind): Noteable[] {
  if (kind === 'epic') ensureGroupNoteables(store, parent as Group);
  else ensureProjectNoteables(store, parent as Project);
  const out: Noteable[] = [];
  const prefix = `${kind}:${parent.id}:`;
  for (const [k, noteable] of store.noteables) if (k.startsWith(prefix)) out.push(noteable);
  return out;
}

// ---- access ----

function parentProject(store: Store, noteable: Noteable): Project | undefined {
  return noteable.kind === 'epic' ? undefined : store.projects.get(noteable.parentId);
}

/** The caller's level where the noteable lives (project, or group for epics); owner for administrators. */
export function accessTo(store: Store, user: User | undefined, noteable: Noteable): number {
  if (noteable.kind === 'epic') {
    const group = store.groups.get(noteable.parentId);
    return group ? store.groupAccess(user, group) : 0;
  }
  const project = parentProject(store, noteable);
  return project ? store.projectAccess(user, project) : 0;
}

const FEATURE: Record<Exclude<NoteableKind, 'epic'>, string> = { issue: 'issues', merge_request: 'merge_requests', snippet: 'snippets' };

function featureEnabled(project: Project, kind: Exclude<NoteableKind, 'epic'>): boolean {
  const feature = FEATURE[kind];
  return project.attrs[`${feature}_enabled`] !== false && project.attrs[`${feature}_access_level`] !== 'disabled';
}

/**
 * GitLab's read rules: whoever reads the project reads its issues and snippets; merge requests of
 * a private project need reporter (guests see no code); confidential issues and epics need
 * reporter or being their author. A disabled feature hides its noteables.
 */
export function canReadNoteable(store: Store, user: User | undefined, noteable: Noteable): boolean {
  if (noteable.kind === 'epic') {
    const group = store.groups.get(noteable.parentId);
    if (!group || !store.canReadGroup(user, group)) return false;
  } else {
    const project = parentProject(store, noteable);
    if (!project || !store.canReadProject(user, project) || !featureEnabled(project, noteable.kind)) return false;
    if (noteable.kind === 'merge_request' && project.visibility === 'private' && accessTo(store, user, noteable) < ACCESS.reporter) return false;
  }
  if (noteable.confidential && accessTo(store, user, noteable) < ACCESS.reporter && user?.id !== noteable.author_id) return false;
  return true;
}

/** Confidential (internal) notes are for reporters and above (GitLab's read_internal_note). */
export function canReadNote(store: Store, user: User | undefined, noteable: Noteable, note: Note): boolean {
  return !note.confidential || accessTo(store, user, noteable) >= ACCESS.reporter;
}

/** GitLab's admin_note: the author, or a maintainer and above; never a system note. */
export function canModifyNote(store: Store, user: User | undefined, noteable: Noteable, note: Note): boolean {
  if (!user || note.system) return false;
  return note.author_id === user.id || accessTo(store, user, noteable) >= ACCESS.maintainer;
}

/** Archived projects are read-only: no notes are added, changed or removed. */
export function isReadOnly(store: Store, noteable: Noteable): boolean {
  return parentProject(store, noteable)?.archived === true;
}

// ---- notes ----

export function notesOf(store: Store, noteable: Noteable): Note[] {
  const out: Note[] = [];
  for (const id of store.notesByNoteable.get(keyOf(noteable)) ?? []) {
    const note = store.notes.get(id);
    if (note) out.push(note);
  }
  return out;
}

/** A note of this noteable, or undefined (also for a note of another noteable). */
export function noteOf(store: Store, noteable: Noteable, noteId: number): Note | undefined {
  const note = store.notes.get(noteId);
  return note && note.noteableKey === keyOf(noteable) ? note : undefined;
}

export function addNote(store: Store, noteable: Noteable, fields: { body: string; author: User; confidential: boolean; created_at?: string | undefined }): Note {
  const id = CREATED_NOTE_BASE + store.nextId('note');
  const created = fields.created_at ?? iso(Date.now());
  const note: Note = { id, noteableKey: keyOf(noteable), body: fields.body, author_id: fields.author.id, created_at: created, updated_at: created, system: false, confidential: fields.confidential };
  store.notes.set(id, note);
  const list = store.notesByNoteable.get(note.noteableKey) ?? [];
  list.push(id);
  store.notesByNoteable.set(note.noteableKey, list);
  return note;
}

export function removeNote(store: Store, note: Note): void {
  store.notes.delete(note.id);
  const list = store.notesByNoteable.get(note.noteableKey);
  if (list) store.notesByNoteable.set(note.noteableKey, list.filter((id) => id !== note.id));
}

/** Toggles an award emoji given by an emoji-only note body (as GitLab's ToggleAwardEmojiService). */
export function toggleAward(store: Store, noteable: Noteable, emoji: string, user: User): void {
  let byNoteable = awards.get(store);
  if (!byNoteable) {
    byNoteable = new Map();
    awards.set(store, byNoteable);
  }
  const byEmoji = byNoteable.get(keyOf(noteable)) ?? new Map<string, Set<number>>();
  byNoteable.set(keyOf(noteable), byEmoji);
  const users = byEmoji.get(emoji) ?? new Set<number>();
  byEmoji.set(emoji, users);
  if (users.has(user.id)) users.delete(user.id);
  else users.add(user.id);
}

/** Who gave which award emoji to a noteable (for tests and the noteable's upvotes). */
export function awardsOf(store: Store, noteable: Noteable): Record<string, number[]> {
  const byEmoji = awards.get(store)?.get(keyOf(noteable));
  const out: Record<string, number[]> = {};
  for (const [emoji, users] of byEmoji ?? []) if (users.size > 0) out[emoji] = [...users];
  return out;
}

// ---- JSON ----

/** The user embedded in notes (spec section 2), with GitLab's usual avatar and web URLs. */
function noteAuthor(store: Store, userId: number): Record<string, unknown> {
  const user = store.users.get(userId);
  if (!user) return { id: userId, username: 'ghost', name: 'Ghost User', state: 'active', avatar_url: null, web_url: `${store.origin}/ghost`, email: 'ghost@example.com', created_at: null };
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
    ...(description.parent === 'project' ? { project_id: noteable.parentId } : {}),
    noteable_iid: noteable.kind === 'snippet' ? null : noteable.iid,
    resolvable: false,
    confidential: note.confidential,
    // GitLab 15.5 renamed confidential to internal and sends both.
    internal: note.confidential,
    commands_changes: {},
  };
}

function snippetFileName(noteable: Noteable): string {
  return `setup-${noteable.id}.md`;
}

/**
 * What a POST of an award-emoji-only body answers (spec section 2): the object the award went to,
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
        type: 'ISSUE',
        confidential: noteable.confidential,
        user_notes_count: userNotes,
        ...votes,
        web_url: `${store.origin}/${path}/-/issues/${noteable.iid}`,
      };
    case 'merge_request':
      return {
        ...base,
        iid: noteable.iid,
        project_id: noteable.parentId,
        description: `${noteable.title}.`,
        state: 'opened',
        source_branch: `feature/${noteable.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
        target_branch: 'main',
        draft: false,
        sha: headSha(noteable),
        user_notes_count: userNotes,
        ...votes,
        web_url: `${store.origin}/${path}/-/merge_requests/${noteable.iid}`,
      };
    case 'snippet': {
      const project = store.projects.get(noteable.parentId);
      return {
        ...base,
        project_id: noteable.parentId,
        description: 'How to run it locally',
        file_name: snippetFileName(noteable),
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
        description: `${noteable.title}.`,
        state: 'opened',
        confidential: noteable.confidential,
        labels: [],
        user_notes_count: userNotes,
        ...votes,
        web_url: `${store.origin}/groups/${path}/-/epics/${noteable.iid}`,
      };
  }
}
