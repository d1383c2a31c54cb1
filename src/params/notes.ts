/**
 * Facts of the notes API (the notes API reference) that the client and the sandbox share:
 * the four kinds of noteable and where they live, the body limit, the list's ordering choices,
 * and what counts as an award-emoji-only body.
 */

export type NoteableKind = 'issue' | 'merge_request' | 'snippet' | 'epic';

interface NoteableDescription {
  /** Where the noteable lives: a project, or a group for epics. */
  parent: 'project' | 'group';
  /** The path segment below the parent: /projects/:id/<segment>/:ref/notes. */
  segment: 'issues' | 'merge_requests' | 'snippets' | 'epics';
  /** Issues and merge requests are addressed by their project-scoped iid; snippets and epics by their ID. */
  addressedBy: 'iid' | 'id';
  /** For people: "issue", "merge request". */
  label: string;
  /** `noteable_type` in the service's JSON. */
  typeName: 'Issue' | 'MergeRequest' | 'Snippet' | 'Epic';
}

export const NOTEABLES: Readonly<Record<NoteableKind, NoteableDescription>> = {
  issue: { parent: 'project', segment: 'issues', addressedBy: 'iid', label: 'issue', typeName: 'Issue' },
  merge_request: {
    parent: 'project',
    segment: 'merge_requests',
    addressedBy: 'iid',
    label: 'merge request',
    typeName: 'MergeRequest',
  },
  snippet: { parent: 'project', segment: 'snippets', addressedBy: 'id', label: 'snippet', typeName: 'Snippet' },
  epic: { parent: 'group', segment: 'epics', addressedBy: 'id', label: 'epic', typeName: 'Epic' },
};

/** Create and modify refuse longer bodies (the API reference). Counted in characters, not UTF-16 units. */
export const NOTE_BODY_MAX = 1_000_000;

export const NOTE_SORTS = ['asc', 'desc'] as const;
export const NOTE_ORDER_BY = ['created_at', 'updated_at'] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];
export type NoteOrderBy = (typeof NOTE_ORDER_BY)[number];

/** Characters as the service counts them (code points): an emoji is one, not two UTF-16 units. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate after a high one is the second half of one character.
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count--;
    }
  }
  return count;
}

/**
 * A body that is nothing but one award emoji (`:+1:` or `👍`, optionally followed by one
 * whitespace, as GitLab's `award_emoji?` reads it) awards the emoji to the noteable instead of
 * creating a note. GitLab also checks `:name:` against its emoji list; any `:name:` counts here.
 */
const AWARD_EMOJI_ONLY =
  /^(?::[a-z0-9_+-]+:|\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]*(?:\u200D\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]*)*)\s?$/u;

export function isAwardEmojiOnly(body: string): boolean {
  return body.length <= 64 && AWARD_EMOJI_ONLY.test(body);
}

/** The emoji's name for messages: `:+1:` -> `+1`; a Unicode emoji is named by itself. */
export function awardEmojiName(body: string): string {
  const trimmed = body.trim();
  return trimmed.startsWith(':') ? trimmed.slice(1, -1) : trimmed;
}
