import { NOTEABLES, type NoteableKind } from '../params/notes.js';
import type { Group, Note, Noteable, Project, User } from './model.js';
import type { Store } from './store.js';

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
const CREATED_NOTE_BASE = 1_000_000_000;

const ISSUE_TITLES = [
  'Checkout fails on Safari',
  'Document the release process',
  'Flaky test in the payment suite',
  'Dark mode colours are hard to read',
  'Timeouts when exporting large reports',
  'Upgrade the logging library',
  'Search ignores accented characters',
];
const MERGE_REQUEST_TITLES = [
  'Add retry to the webhook sender',
  'Speed up the nightly build',
  'Fix typo in the README',
  'Cache the user lookup',
  'Remove the deprecated endpoints',
  'Add health check endpoint',
];
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
    {
      author: 'dana',
      hours: 1,
      body: 'I can reproduce this on the main branch.\n\nSteps: open the cart, pay with a saved card.',
      editedAfter: 48,
    },
    { author: 'max', hours: 2, body: 'assigned to @dana', system: true },
    { author: 'rui', hours: 3, body: 'Customers are asking about this one too.' },
    {
      author: 'max',
      hours: 4,
      body: 'Internal: linked to a support ticket; keep customer names out of public comments.',
      confidential: true,
    },
  ],
  2: [
    { author: 'max', hours: 1, body: 'Is this still needed after the last release?' },
    { author: 'dana', hours: 2, body: 'changed the description', system: true },
  ],
  3: [],
};
const MERGE_REQUEST_NOTES: Record<number, SeedNote[]> = {
  1: [
    {
      author: 'dana',
      hours: 1,
      body: 'added 1 commit\n\n* 3f2a9c1e - Retry failed deliveries with backoff',
      system: true,
    },
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

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
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
  return key(
    noteable.kind,
    noteable.parentId,
    NOTEABLES[noteable.kind].addressedBy === 'iid' ? noteable.iid : noteable.id,
  );
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

/** Creates a project's issues, merge requests and snippet with their notes, once. */
function ensureProjectNoteables(store: Store, project: Project): void {
  if (!store.firstUse(`noteables of project ${project.id}`)) return;
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
function ensureGroupNoteables(store: Store, group: Group): void {
  if (!store.firstUse(`noteables of group ${group.id}`)) return;
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
export function findProjectNoteable(
  store: Store,
  project: Project,
  kind: Exclude<NoteableKind, 'epic'>,
  ref: number,
): Noteable | undefined {
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

export function addNote(
  store: Store,
  noteable: Noteable,
  fields: { body: string; author: User; confidential: boolean; created_at?: string | undefined },
): Note {
  const id = CREATED_NOTE_BASE + store.nextId('note');
  const created = fields.created_at ?? iso(store.now());
  const note: Note = {
    id,
    noteableKey: keyOf(noteable),
    body: fields.body,
    author_id: fields.author.id,
    created_at: created,
    updated_at: created,
    system: false,
    confidential: fields.confidential,
  };
  store.notes.set(id, note);
  const list = store.notesByNoteable.get(note.noteableKey) ?? [];
  list.push(id);
  store.notesByNoteable.set(note.noteableKey, list);
  return note;
}

export function removeNote(store: Store, note: Note): void {
  store.notes.delete(note.id);
  const list = store.notesByNoteable.get(note.noteableKey);
  if (list)
    store.notesByNoteable.set(
      note.noteableKey,
      list.filter((id) => id !== note.id),
    );
}

/** Toggles an award emoji given by an emoji-only note body (as GitLab's ToggleAwardEmojiService). */
export function toggleAward(store: Store, noteable: Noteable, emoji: string, user: User): void {
  const byEmoji = store.awards.get(keyOf(noteable)) ?? new Map<string, Set<number>>();
  store.awards.set(keyOf(noteable), byEmoji);
  const users = byEmoji.get(emoji) ?? new Set<number>();
  byEmoji.set(emoji, users);
  if (users.has(user.id)) users.delete(user.id);
  else users.add(user.id);
}

/** Who gave which award emoji to a noteable (for tests and the noteable's upvotes). */
export function awardsOf(store: Store, noteable: Noteable): Record<string, number[]> {
  const byEmoji = store.awards.get(keyOf(noteable));
  const out: Record<string, number[]> = {};
  for (const [emoji, users] of byEmoji ?? []) if (users.size > 0) out[emoji] = [...users];
  return out;
}
