import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseApply } from '../../src/commands/apply/run.js';
import { parse as parsePlan } from '../../src/commands/plan/run.js';
import { shardOf } from '../../src/commands/plan/desired-flags.js';
import { shard } from '../../src/params/parsers.js';

/** plan and apply flags read alone (no sandbox): what each verb's parse makes of its declared values. */
const none = {
  targets: [] as string[],
  file: undefined,
  shard: undefined,
  rotateSecrets: false,
  allowMissing: false,
  concurrency: undefined,
  graphql: undefined,
};

describe('collab plan and apply: flags', () => {
  it('plan: collab.yaml by default, targets without their slashes, --out', async () => {
    expect(await parsePlan({ ...none, targets: ['/acme/web/'], out: 'plan.json' })).toEqual({
      file: 'collab.yaml',
      only: ['acme/web'],
      shard: undefined,
      rotateSecrets: false,
      allowMissing: false,
      concurrency: undefined,
      out: 'plan.json',
    });
  });

  it('apply: the journal beside the file; a saved plan recognised by its format; --rotate-secrets refused with one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-flags-'));
    const yaml = join(dir, 'collab.yaml');
    writeFileSync(yaml, 'version: 1\n');
    const base = { ...none, journal: undefined, resume: false, schema: false, yes: false };
    expect(parseApply({ ...base, file: yaml })).toMatchObject({
      file: yaml,
      journal: `${yaml}.journal`,
      saved: undefined,
    });
    const planFile = join(dir, 'plan.json');
    writeFileSync(
      planFile,
      JSON.stringify({
        format: 'collab-plan',
        version: 2,
        host: 'http://h',
        file: { path: yaml, digest: 'x' },
        reads: 0,
        targets: 0,
        changes: [],
        missing: [],
      }),
    );
    expect(parseApply({ ...base, file: planFile }).saved?.host).toBe('http://h');
    expect(() => parseApply({ ...base, file: planFile, rotateSecrets: true })).toThrow(
      '--rotate-secrets changes what is planned: give it to collab plan, not to the apply of a saved plan',
    );
    writeFileSync(planFile, JSON.stringify({ format: 'collab-plan', version: 3 }));
    expect(() => parseApply({ ...base, file: planFile })).toThrow(
      `${planFile} is not a plan this collab can apply (format collab-plan, version 2)`,
    );
  });

  it('a word naming a file is the file when -f is absent, refused beside -f', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-flags-'));
    const other = join(dir, 'other.yaml');
    writeFileSync(other, 'version: 1\n');
    expect(await parsePlan({ ...none, targets: [other, 'acme/web'], out: undefined })).toMatchObject({
      file: other,
      only: ['acme/web'],
    });
    await expect(parsePlan({ ...none, targets: [other], file: 'collab.yaml', out: undefined })).rejects.toThrow(
      `${other} is a file, not a target: the file is given with -f (here collab.yaml)`,
    );
  });

  it("--shard k/n, and auto from GitLab CI's CI_NODE_INDEX of CI_NODE_TOTAL", () => {
    expect(shard('2/4', '--shard')).toEqual({ index: 2, count: 4 });
    expect(shard('auto', '--shard')).toBe('auto');
    expect(shardOf('auto', { CI_NODE_INDEX: '3', CI_NODE_TOTAL: '4' })).toEqual({ index: 3, count: 4 });
    expect(shardOf({ index: 1, count: 2 }, {})).toEqual({ index: 1, count: 2 });
    expect(() => shardOf('auto', {})).toThrow(
      '--shard auto needs CI_NODE_INDEX and CI_NODE_TOTAL, as a GitLab CI job with parallel: sets them',
    );
    expect(() => shardOf('auto', { CI_NODE_INDEX: '5', CI_NODE_TOTAL: '4' })).toThrow(
      '(CI_NODE_INDEX=5, CI_NODE_TOTAL=4)',
    );
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '1'])
      expect(() => shard(bad, '--shard')).toThrow(
        `invalid value "${bad}" for --shard: expected k/n with 1 <= k <= n, e.g. 1/4, or auto`,
      );
  });
});
