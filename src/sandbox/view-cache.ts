import type { Project } from './model.js';

/**
 * Projects' full views as JSON bytes, kept until the store changes: lists copy them into each
 * page as they are instead of building every project again. One version number stands for the
 * whole store; Store.touch() moves it on, so a view made before any change is made again.
 */
export class ViewCache {
  private version = 0;
  private readonly derived = new Map<string, { version: number; value: unknown }>();

  /** Every cached view is stale from now on. */
  invalidate(): void {
    this.version++;
  }

  /** A value made from the whole store (an index of its records), made again after any change. */
  derive<T>(name: string, make: () => T): T {
    const held = this.derived.get(name);
    if (held?.version === this.version) return held.value as T;
    const value = make();
    this.derived.set(name, { version: this.version, value });
    return value;
  }

  /** A project's view as JSON bytes, made by `make` unless it was made since the last change. */
  json(project: Project, make: () => Buffer): Buffer {
    if (project.json?.version === this.version) return project.json.bytes;
    const bytes = make();
    project.json = { version: this.version, bytes };
    return bytes;
  }
}
