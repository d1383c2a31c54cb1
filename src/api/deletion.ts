/**
 * Delayed deletion, as GitLab does it (the API reference says a group is removed "7 days later by default,
 * changeable in instance settings" and does not show the date fields' meaning): a project's or a
 * group's `marked_for_deletion_on` is the day it was marked; the removal follows after the
 * instance's `deletion_adjourned_period`, 7 days unless an administrator changed it. The client
 * cannot read that setting without administrator rights, so it says "7 days unless changed".
 */
const DEFAULT_DELETION_DELAY_DAYS = 7;

/** The day a resource marked on `markedOn` (YYYY-MM-DD) is removed, with the default delay. */
export function removalDate(markedOn: string): string {
  const day = Date.parse(`${markedOn}T00:00:00Z`);
  return Number.isFinite(day)
    ? new Date(day + DEFAULT_DELETION_DELAY_DAYS * 86_400_000).toISOString().slice(0, 10)
    : 'a later date';
}
