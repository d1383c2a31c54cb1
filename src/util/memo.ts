/**
 * `read` made once a key: every later call with that key shares the first call's promise (a failed
 * one too). What a plan reads once a run of each group or user a section asks about.
 */
export function once<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const made = new Map<K, Promise<V>>();
  return (key) => {
    let value = made.get(key);
    if (!value) {
      value = read(key);
      made.set(key, value);
    }
    return value;
  };
}
