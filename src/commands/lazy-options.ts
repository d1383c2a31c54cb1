import type { OptionSpec } from '../params/option.js';

/**
 * A verb's options made when first read. A noun declares all its verbs to parse one of them
 * (`collab projects list --help` evaluates create's and update's declarations too), and a
 * declaration whose flags come from a settings table makes a flag for every setting: projects'
 * create and update cost every projects command 1 to 1.5 ms of its start (bench/README.md,
 * start-up, 2026-12-07). The list is a Proxy over the array made on first use, so that a noun's
 * `{ ...CREATE, load }`, which copies the reference, still makes nothing, and every reader (help,
 * the parser, completion, tests) takes it as the array it is.
 */
export function lazyOptions(make: () => readonly OptionSpec[]): readonly OptionSpec[] {
  let made: readonly OptionSpec[] | undefined;
  const list = (): readonly OptionSpec[] => {
    made ??= make();
    return made;
  };
  // The target is an array so that Array.isArray, and so flatMap and spreads, take the Proxy as one.
  return new Proxy([] as OptionSpec[], {
    get: (_target, key) => {
      const value = Reflect.get(list(), key);
      return typeof value === 'function' ? value.bind(list()) : value;
    },
    has: (_target, key) => Reflect.has(list(), key),
    ownKeys: () => Reflect.ownKeys(list()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(list(), key);
      // A Proxy may not report as configurable what its target does not have: `length` is not.
      return descriptor && key !== 'length' ? { ...descriptor, configurable: true } : descriptor;
    },
  });
}
