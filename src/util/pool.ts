/**
 * The one worker pool: runs `work` over the items, at most `limit` at a time, each item taken in
 * order by the first worker free. `stop()` is asked before each item is taken (Ctrl-C: no new item
 * starts, those under way finish). Used by plan/apply's reads and waves, bulk targets and `users
 * offboard`'s removals.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!stop() && next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
