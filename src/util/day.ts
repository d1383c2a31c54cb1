/** A moment's day, YYYY-MM-DD in UTC: GitLab's Date.current, against which expiries are held. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
