import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCollab, tempConfigDir } from '../helpers/cli.js';
import { until } from '../helpers/processes.js';
import { getJson } from '../helpers/sandbox-api.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';

/**
 * What needs a process of its own. Ctrl-C over many targets: no new target or request starts, requests on the wire
 * finish, the results so far are printed, the targets not done are listed on stderr, exit 130;
 * the same command fed the list finishes the job, and nothing is created twice (a real signal). A
 * destructive verb over many asks for the count on the controlling terminal (a pseudo-terminal from
 * util-linux's `script`, whose standard input is what is typed there).
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 30, latency: 150 });
});
afterAll(async () => {
  await sandbox.close();
});

/** Whether the service shows the project archived. */
const archived = async (id: number): Promise<boolean> => (await getJson(sandbox, `/projects/${id}`)).archived;

function env(): Record<string, string> {
  const dir = tempConfigDir();
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    COLLAB_CONFIG_DIR: dir,
    COLLAB_HOST: sandbox.url,
    COLLAB_TOKEN: sandbox.tokens.admin,
    NO_COLOR: '1',
    CI: 'true',
  };
}

describe('Ctrl-C over many targets', () => {
  it('prints the results so far, lists the targets not done, exits 130; feeding that list finishes the job, no hook twice', async () => {
    // Twelve: Ctrl-C comes after six requests (two or three targets, two in flight), so some are
    // done and most are not; the second run, at the service's 150 ms, does the rest.
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const url = 'https://ci.example.com/interrupted';
    const args = ['hooks', 'create', '--project', '-', '--url', url, '--concurrency', '2', '-o', 'ndjson'];
    sandbox.resetStats();
    const child = execa('node', [BIN, ...args], {
      env: env(),
      extendEnv: false,
      reject: false,
      timeout: 30_000,
      stripFinalNewline: false,
      input: `${ids.join('\n')}\n`,
    });
    await until(() => sandbox.stats.requests >= 6);
    child.kill('SIGINT');
    const first = await child;
    expect(first.exitCode).toBe(130);
    const stderr = String(first.stderr).split('\n');
    const header = stderr.findIndex((line) =>
      / not done: \d+ of 12 targets( \(\d+ unknown: [^)]*\))?\. To finish, run the same command with these on standard input:$/.test(
        line,
      ),
    );
    expect(header, String(first.stderr)).toBeGreaterThanOrEqual(0);
    // A line is a target, or `<target>\tunknown\t<time>` for one whose request got no answer.
    const listed = stderr.slice(header + 1, stderr.indexOf('error: interrupted'));
    const notDone = listed.map((line) => Number(line.split('\t')[0]));
    const done = String(first.stdout)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { target: number; status: string });
    // How far the 12 got when Ctrl-C came depends on timing (it comes at the sixth request): some
    // of each, whose sum is checked below.
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(notDone.length).toBeGreaterThanOrEqual(1);
    for (const result of done) expect(result.status).toBe('ok');
    // Every target is either done (with its result) or listed, never both, never neither.
    expect([...done.map((r) => r.target), ...notDone].sort((a, b) => a - b)).toEqual(ids);

    const second = await runCollab(args, env(), { input: `${listed.join('\n')}\n` });
    expect(second.exitCode).toBe(0);
    expect(second.lines<{ target: number }>().map((r) => r.target)).toEqual(notDone);
    // Read together: the service takes 150 ms an answer.
    const hooks: Array<Array<{ url: string }>> = await Promise.all(
      ids.map((id) => getJson(sandbox, `/projects/${id}/hooks`)),
    );
    for (const [index, id] of ids.entries())
      expect(
        hooks[index]?.filter((hook) => hook.url === url),
        `project ${id}`,
      ).toHaveLength(1);
  }, 60_000);

  it('--wait on a deletion stops waiting at Ctrl-C (130), saying the deletion goes on and how to check it, as fork --wait does', async () => {
    // Set-up: no endpoint sets how long a deletion takes.
    sandbox.store.deletions.durationMs = 60_000;
    sandbox.resetStats();
    const child = execa('node', [BIN, 'projects', 'delete', 'dana/grand-beacon-26', '--yes', '--wait'], {
      env: env(),
      extendEnv: false,
      reject: false,
      timeout: 30_000,
      stripFinalNewline: false,
    });
    // GET, DELETE, GET, then the first poll: it is waiting.
    await until(() => sandbox.stats.requests >= 4);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toBe(
      'the deletion continues; check it with: collab projects view 27\nerror: interrupted\n',
    );
  }, 60_000);
});

/** util-linux's script, for a pseudo-terminal; the case is skipped without it. */
const hasScript = (await execa('script', ['--version'], { reject: false })).exitCode === 0;

describe('confirmation over many targets on the controlling terminal', () => {
  it('asks to type the number of targets on /dev/tty while standard input carries them; a wrong number does nothing', async (ctx) => {
    ctx.skip(!hasScript, 'script(1) is not installed');
    const dir = tempConfigDir();
    const targets = join(dir, 'targets.txt');
    writeFileSync(targets, '11\n12\n');
    const { CI: _ci, ...noCI } = env();
    const archive = (answer: string) => {
      const child = execa(
        'script',
        ['-qec', `'${process.execPath}' '${BIN}' projects archive - -o ndjson < '${targets}'`, '/dev/null'],
        { env: noCI, extendEnv: false, reject: false, timeout: 30_000 },
      );
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        // Typed once the question is there, as a person would.
        if (seen.includes('Type 2 to run `collab projects archive` on 2 projects:') && !child.stdin?.writableEnded)
          child.stdin?.end(`${answer}\r`);
      });
      return child;
    };
    const wrong = await archive('3');
    expect(String(wrong.stdout)).toContain('confirmation did not match 2; nothing was done');
    expect(await archived(11)).toBe(false);
    const right = await archive('2');
    expect(right.exitCode).toBe(0);
    expect(String(right.stdout)).toMatch(/"target":11,"status":"ok"[\s\S]*"target":12,"status":"ok"/);
    expect(await archived(11)).toBe(true);
    expect(await archived(12)).toBe(true);
  }, 60_000);

  it('Ctrl-C at that question is interrupted (exit 130): nothing done, no "bug in collab"', async (ctx) => {
    ctx.skip(!hasScript, 'script(1) is not installed');
    const dir = tempConfigDir();
    const targets = join(dir, 'targets.txt');
    writeFileSync(targets, '13\n14\n');
    const { CI: _ci, ...noCI } = env();
    const child = execa(
      'script',
      ['-qec', `'${process.execPath}' '${BIN}' projects archive - -o ndjson < '${targets}'`, '/dev/null'],
      { env: noCI, extendEnv: false, reject: false, timeout: 30_000 },
    );
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Type 2 to run `collab projects archive` on 2 projects:') && !child.stdin?.writableEnded)
        child.stdin?.end('\u0003');
    });
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(String(result.stdout)).toContain('error: interrupted');
    expect(String(result.stdout)).not.toMatch(/force closed|bug in collab/);
    expect(await archived(13)).toBe(false);
    expect(await archived(14)).toBe(false);
  }, 60_000);
});
