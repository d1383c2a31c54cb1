import type { Reporter, TestModule } from 'vitest/node';

/**
 * Says, after the summary, why each skipped test was skipped (the note given to `ctx.skip`), so
 * that "N skipped" is never a number without reasons: a machine without zsh skips the zsh cases.
 */
export default class SkipReasons implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of modules)
      for (const test of module.children.allTests('skipped'))
        lines.push(
          `  ${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.name}: ${noteOf(test.result()) ?? 'no reason given'}`,
        );
    if (lines.length > 0) process.stdout.write(`\nskipped, and why:\n${lines.join('\n')}\n`);
  }
}

function noteOf(result: object): string | undefined {
  return 'note' in result && typeof result.note === 'string' ? result.note : undefined;
}
