import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The rules of src/ that biome's plugins (lint/*.grit) hold: each breaks on the code it forbids,
 * at the path it covers. The probes are linted in a copy of biome.json and lint/, as `npm run lint`
 * lints src/ (which holds none of them).
 */
const ROOT = join(import.meta.dirname, '../..');

const PROBES: Array<{ rule: string; path: string; code: string; says: string }> = [
  {
    rule: 'collab-error-by-name',
    path: 'src/output/probe.ts',
    code: 'export const probe = (e: unknown) => e instanceof CollabError;',
    says: 'isCollabError',
  },
  {
    rule: 'sandbox-state-in-store',
    path: 'src/sandbox/routes/probe.ts',
    code: 'export const probe = new WeakMap();',
    says: 'keep sandbox state in the Store',
  },
  {
    rule: 'sandbox-one-clock',
    path: 'src/sandbox/probe.ts',
    code: 'export const probe = () => Date.now();',
    says: "read the sandbox's clock",
  },
  {
    rule: 'sandbox-view-cache',
    path: 'src/sandbox/routes/probe.ts',
    code: 'export function probe(project: { json?: string }) { project.json = undefined; }',
    says: "leave a project's cached JSON to view-cache.ts",
  },
  {
    rule: 'sandbox-rights-in-access (a comparison of roles)',
    path: 'src/sandbox/routes/probe.ts',
    code: 'export const probe = (level: number) => level >= ACCESS.maintainer;',
    says: 'a route compares no roles',
  },
  {
    rule: 'sandbox-rights-in-access (a membership read)',
    path: 'src/sandbox/routes/probe.ts',
    code: 'export const probe = (p: { members: Map<number, number> }) => p.members.get(1);',
    says: 'a route reads no membership',
  },
  {
    rule: 'access-is-policy',
    path: 'src/sandbox/access.ts',
    code: "export function probe() { throw new Error('no'); }",
    says: 'guards.ts answers the request',
  },
  {
    rule: 'verbs-through-services (stdout)',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = () => process.stdout.write('x');",
    says: 'write through ctx.presenter',
  },
  {
    rule: 'verbs-through-services (the whole Context)',
    path: 'src/desired/probe.ts',
    code: 'export const probe = (ctx: Context) => ctx;',
    says: 'never the whole Context',
  },
  {
    rule: 'verbs-through-services (the output format)',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = (o: { format: string }) => o.format === 'json';",
    says: 'the presenter alone knows the output format',
  },
  {
    rule: 'context-read-only',
    path: 'src/bulk/probe.ts',
    code: 'export function probe(ctx: { quiet: boolean }) { ctx.quiet = true; }',
    says: 'not on the context',
  },
  {
    rule: 'json-array-once',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = '[\\n';",
    says: 'src/output/json-array.ts',
  },
  {
    rule: 'bulk-composes',
    path: 'src/bulk/probe.ts',
    code: 'export class Probe extends Context {}',
    says: 'extend none',
  },
  {
    rule: 'typed-flags',
    path: 'src/commands/probe/run.ts',
    code: 'export const probe = (o: Record<string, unknown>) => o.name as string;',
    says: 'declare the flag with its parser',
  },
  {
    rule: 'words-of-the-output (a header)',
    path: 'src/commands/probe/columns.ts',
    code: "export const probe = [{ header: 'CREATED_AT' }];",
    says: 'write a header in capitals',
  },
  {
    rule: 'words-of-the-output (a status line)',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = (ctx: { terminal: { info(m: string): void } }) => ctx.terminal.info('Created it');",
    says: 'start a status line or warning in lower case',
  },
  {
    rule: 'words-of-the-output (an unchanged line)',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = (ctx: { presenter: { unchanged(m: string): void } }) => ctx.presenter.unchanged('Nothing to do');",
    says: 'start a status line or warning in lower case',
  },
  {
    rule: 'words-of-the-output (an error)',
    path: 'src/commands/probe/run.ts',
    code: "export const probe = () => new CollabError('usage', 'Bad value');",
    says: 'start an error in lower case',
  },
];

/** Where a probe is written: its own file at the path its rule covers. */
const fileOf = (path: string, index: number) => path.replace('probe', `probe-${index}`);

let found: Array<{ path: string; message: string }> = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'collab-lint-'));
  cpSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  cpSync(join(ROOT, 'lint'), join(dir, 'lint'), { recursive: true });
  PROBES.forEach(({ path, code }, index) => {
    const file = join(dir, fileOf(path, index));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${code}\n`);
  });
  const result = await execa(
    join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', 'src'],
    { cwd: dir, reject: false },
  );
  const report = JSON.parse(result.stdout) as {
    diagnostics: Array<{ category: string; message: string; location: { path: string } }>;
  };
  found = report.diagnostics
    .filter((d) => d.category === 'plugin')
    .map((d) => ({ path: d.location.path, message: d.message }));
});

describe('the lint rules of src/', () => {
  it.each(PROBES.map((probe, index) => ({ ...probe, index })))('$rule breaks on its probe', ({ index, path, says }) => {
    const messages = found.filter((d) => d.path === fileOf(path, index)).map((d) => d.message);
    expect(messages).toEqual([expect.stringContaining(says)]);
  });
});
