import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * examples/gitlab-ci.yml, run as GitLab would run its jobs: each script line's collab command in
 * this process, in the job's directory, with the variables GitLab sets for that pipeline.
 */
const world = useDesiredWorlds();

const PIPELINE = parse(
  readFileSync(fileURLToPath(new URL('../../examples/gitlab-ci.yml', import.meta.url)), 'utf8'),
) as Record<string, { script?: string[]; parallel?: number }>;

const POLICY = `version: 1
groups:
  acme/web:
    projects:
      settings:
        merge_method: ff
`;

type World = Awaited<ReturnType<typeof world>>;

/**
 * The job's script, line by line, as its shell would run it: the words (quotes and $VARIABLES as
 * sh reads them), `> file`, and `|| test $? -eq 8` (8 passes). Returns the job's exit code.
 */
async function runJob(
  w: World,
  name: string,
  variables: Record<string, string>,
): Promise<{ exitCode: number; stderr: string }> {
  expect(Object.keys(PIPELINE)).toContain(name);
  const lines = PIPELINE[name]?.script ?? [];
  let stderr = '';
  const cwd = process.cwd();
  process.chdir(w.dir);
  try {
    for (const line of lines) {
      const [command = '', fallback] = line.split(' || ');
      const [words = '', redirect] = command.split(' > ');
      const args = shellWords(words, variables);
      expect(args[0]).toBe('collab');
      const result = await w.collab(args.slice(1), { env: variables });
      stderr += result.stderr;
      if (redirect) await import('node:fs').then((fs) => fs.writeFileSync(redirect.trim(), result.stdout));
      const passes = result.exitCode === 0 || (fallback === 'test $? -eq 8' && result.exitCode === 8);
      if (!passes) return { exitCode: result.exitCode, stderr };
    }
    return { exitCode: 0, stderr };
  } finally {
    process.chdir(cwd);
  }
}

function shellWords(text: string, variables: Record<string, string>): string[] {
  const expand = (word: string) =>
    word.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (_all, name: string) => variables[name] ?? '');
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) =>
    match[2] !== undefined ? match[2] : expand(match[1] ?? match[3] ?? ''),
  );
}

describe('examples/gitlab-ci.yml against the sandbox', () => {
  it('merge request: the plan as Markdown, posted as a note on the merge request', async () => {
    const w = await world();
    w.file(POLICY);
    const job = await runJob(w, 'plan', {
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_PROJECT_PATH: 'acme/web/storefront',
      CI_MERGE_REQUEST_IID: '1',
    });
    expect(job.exitCode).toBe(0);
    const plan = readFileSync(`${w.dir}/plan.md`, 'utf8');
    expect(plan).toMatch(/^### collab plan: 4 changes on 4 targets\n/);
    expect(plan).toContain(
      '```diff\n~ merge_method: merge -> ff\n```\n\n<details><summary>on 4 projects below acme/web</summary>\n\n- <code>acme/web/brisk-beacon-21</code>\n- <code>acme/web/design-system</code>\n- <code>acme/web/mellow-atlas-12</code>\n- <code>acme/web/storefront</code>\n\n</details>\n',
    );
    const notes = await w.getJson('/projects/acme%2Fweb%2Fstorefront/merge_requests/1/notes?per_page=100');
    const posted = notes.filter((note: { body: string }) => note.body.startsWith('### collab plan'));
    // --body-file takes a file's text without its last newline.
    expect(posted.map((note: { body: string }) => note.body)).toEqual([plan.replace(/\n$/, '')]);
  });

  it('scheduled drift check: exit 8 fails the job with the Markdown kept; after the apply jobs, it passes', async () => {
    const w = await world();
    w.file(POLICY);
    const drift = await runJob(w, 'drift', { CI_PIPELINE_SOURCE: 'schedule' });
    expect(drift.exitCode).toBe(8);
    expect(readFileSync(`${w.dir}/drift.md`, 'utf8')).toContain('| settings | 0 | 4 | 0 |');

    // The apply job, parallel: 4 — each its own shard; together every target, once.
    const total = PIPELINE.apply?.parallel as number;
    expect(total).toBe(4);
    let applied = 0;
    for (let index = 1; index <= total; index++) {
      const job = await runJob(w, 'apply', {
        CI_PIPELINE_SOURCE: 'push',
        CI_NODE_INDEX: String(index),
        CI_NODE_TOTAL: String(total),
      });
      expect(job.exitCode).toBe(0);
      applied += Number(/(\d+) ok/.exec(job.stderr)?.[1] ?? 0);
    }
    expect(applied).toBe(4);
    for (const project of await w.served.projectsUnder('acme/web')) expect(project.merge_method).toBe('ff');
    expect((await runJob(w, 'drift', { CI_PIPELINE_SOURCE: 'schedule' })).exitCode).toBe(0);
  });

  it('--shard auto outside a parallel job: exit 2 before any request', async () => {
    const w = await world();
    w.file(POLICY);
    w.sandbox.resetStats();
    const job = await runJob(w, 'apply', { CI_PIPELINE_SOURCE: 'push' });
    expect(job.exitCode).toBe(2);
    expect(job.stderr).toBe(
      'error: --shard auto needs CI_NODE_INDEX and CI_NODE_TOTAL, as a GitLab CI job with parallel: sets them\nhint: give --shard k/n, or run it in a job with parallel: N\n',
    );
    expect(w.sandbox.requestLog).toEqual([]);
  });
});
