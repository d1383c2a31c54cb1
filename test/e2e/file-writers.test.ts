import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Every command that writes a file the user names (src/util/unwritable.ts): a path it cannot
 * write is exit 2 with the reason and what to do, before any request, so that an export of
 * every group or a download is not made to be lost at the end.
 */
const work = mkdtempSync(join(tmpdir(), 'collab-writers-'));
const policy = join(work, 'collab.yaml');
writeFileSync(policy, 'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n');

const WRITERS: ReadonlyArray<{ name: string; argv: (file: string) => string[] }> = [
  { name: 'export --out', argv: (file) => ['export', 'acme/web', '--out', file] },
  { name: 'plan --out', argv: (file) => ['plan', '-f', policy, '--out', file] },
  { name: 'groups avatar --file', argv: (file) => ['groups', 'avatar', 'acme', '--file', file] },
  { name: 'projects snapshot --file', argv: (file) => ['projects', 'snapshot', 'acme/web/storefront', '--file', file] },
];

describe('a file to write that cannot be written', () => {
  const { collab, sandbox } = useSandbox({ seed: 30 });

  for (const writer of WRITERS) {
    it(`${writer.name} in a directory that does not exist: exit 2, the reason and the fix, nothing sent`, async () => {
      const file = join(work, 'missing', 'out.file');
      sandbox.resetStats();
      const result = await collab(writer.argv(file));
      expect([result.exitCode, result.stderr, sandbox.requestLog]).toEqual([
        2,
        `error: cannot write ${file}: its directory does not exist\nhint: create the directory first, or give a path in one that exists\n`,
        [],
      ]);
    });

    it(`${writer.name} naming a directory: exit 2, it is a directory, nothing sent`, async () => {
      sandbox.resetStats();
      const result = await collab(writer.argv(work));
      expect([result.exitCode, result.stderr, sandbox.requestLog]).toEqual([
        2,
        `error: cannot write ${work}: it is a directory\nhint: give the path of a file in it\n`,
        [],
      ]);
    });
  }
});
