/**
 * What Ctrl-C says before the process leaves, a hook per piece of work in progress (a fork being
 * created, a job that goes on). A stack: nested work adds its own hook, and each removes only its
 * own, so that no piece of work can drop another's (a single slot set and cleared could).
 */
export class InterruptHooks {
  private readonly hooks: (() => void)[] = [];

  /** Adds `hook` until the returned function is called. */
  push(hook: () => void): () => void {
    this.hooks.push(hook);
    return () => {
      const at = this.hooks.lastIndexOf(hook);
      if (at >= 0) this.hooks.splice(at, 1);
    };
  }

  /** Ctrl-C: every hook in place, innermost first. */
  run(): void {
    for (const hook of [...this.hooks].reverse()) hook();
  }
}
