import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/sandbox/model.js';
import { housekeepingStartedAt } from '../../src/sandbox/routes/project-actions.js';
import { useSandbox } from '../helpers/cli.js';

const work = mkdtempSync(join(tmpdir(), 'collab-repository-'));

async function tarList(file: string): Promise<string[]> {
  const { stdout } = await execa('tar', ['-tf', file]);
  return stdout.split('\n').filter(Boolean);
}

describe('collab projects storage and snapshot (administrators)', () => {
  const { collab, sandbox, idOf } = useSandbox({ seed: 30 });

  it('shows the storage record to an administrator', async () => {
    const id = await idOf('projects', 'acme/web/storefront');
    const result = await collab(['projects', 'storage', 'acme/web/storefront', '--json']);
    expect(result.exitCode).toBe(0);
    const [record] = result.json<Array<{ project_id: number; disk_path: string; repository_storage: string }>>();
    expect(record?.project_id).toBe(id);
    expect(record?.disk_path).toMatch(/^@hashed\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(record?.repository_storage).toBe('default');
  });

  it('refuses storage and snapshot to others with 403 (exit 3) and says who may', async () => {
    const storage = await collab(['projects', 'storage', 'acme/web/storefront'], { as: 'owner' });
    expect(storage.exitCode).toBe(3);
    expect(storage.stderr).toContain('error: 403 Forbidden');
    expect(storage.stderr).toContain('hint: the storage of a project is for administrators only');
    const file = join(work, 'refused.tar');
    const snapshot = await collab(['projects', 'snapshot', 'acme/web/storefront', '--file', file], {
      as: 'maintainer',
    });
    expect(snapshot.exitCode).toBe(3);
    expect(snapshot.stderr).toContain('hint: the snapshot of a repository is for administrators only');
    expect(() => readFileSync(file)).toThrow();
  });

  it('answers 404 for a project that does not exist', async () => {
    expect((await collab(['projects', 'storage', 'acme/nope'])).exitCode).toBe(4);
    expect((await collab(['projects', 'snapshot', 'acme/nope', '--file', join(work, 'nope.tar')])).exitCode).toBe(4);
  });

  it('writes the snapshot to a file as a valid tar', async () => {
    const file = join(work, 'storefront.tar');
    const result = await collab(['projects', 'snapshot', 'acme/web/storefront', '--file', file]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/wrote the repository snapshot of acme\/web\/storefront \(\d+ bytes\) to /);
    const entries = await tarList(file);
    expect(entries).toEqual(expect.arrayContaining(['README.md', '.git/HEAD', '.git/config']));
    const { stdout: readme } = await execa('tar', ['-xOf', file, 'README.md']);
    expect(readme).toContain('# storefront');
  });

  it('streams the wiki snapshot to standard output with --file -', async () => {
    const result = await collab(['projects', 'snapshot', 'acme/web/storefront', '--wiki', '--file', '-']);
    expect(result.exitCode).toBe(0);
    const file = join(work, 'wiki.tar');
    writeFileSync(file, result.stdout, 'latin1');
    expect(result.stdout.length % 512).toBe(0);
    const entries = await tarList(file);
    expect(entries).toContain('home.md');
    expect(entries).not.toContain('README.md');
  });

  it('refuses a missing --file, a terminal, or a missing directory before sending (exit 2)', async () => {
    const before = sandbox.stats.requests;
    const missing = await collab(['projects', 'snapshot', 'acme/web/storefront']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("required option '--file <path|->' not specified");
    const terminal = await collab(['projects', 'snapshot', 'acme/web/storefront', '--file', '-'], { tty: true });
    expect(terminal.exitCode).toBe(2);
    expect(terminal.stderr).toContain('refusing to write a tar archive to the terminal');
    const nowhere = await collab([
      'projects',
      'snapshot',
      'acme/web/storefront',
      '--file',
      join(work, 'no-such-dir', 'x.tar'),
    ]);
    expect(nowhere.exitCode).toBe(2);
    expect(sandbox.stats.requests).toBe(before);
  });
});

describe('collab projects upload, housekeeping, mirror-pull', () => {
  const { collab, sandbox, call, getJson } = useSandbox({ seed: 30 });
  const project = (path: string): Project => sandbox.store.findProject(path) as Project;
  const projectJson = (path: string, query = '') => getJson(`/projects/${encodeURIComponent(path)}${query}`);

  it('uploads a file and prints the Markdown to paste', async () => {
    const file = join(work, 'notes.txt');
    writeFileSync(file, 'release notes\n');
    const result = await collab(['projects', 'upload', 'acme/web/storefront', file], { as: 'developer' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\[notes\.txt\]\(\/uploads\/[0-9a-f]{32}\/notes\.txt\)\n$/);
    // The sandbox serves no uploaded file back (GET /projects/:id/uploads/:secret/:filename is not modelled).
    const stored = project('acme/web/storefront').uploads.at(-1);
    expect(stored?.file.filename).toBe('notes.txt');
    expect(stored?.file.data.toString()).toBe('release notes\n');
    expect(result.stdout).toContain(stored?.secret);
  });

  it('gives the whole upload result with -o json, images as image Markdown', async () => {
    const file = join(work, 'screen shot.png');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const result = await collab(['projects', 'upload', 'acme/web/storefront', file, '--json']);
    expect(result.exitCode).toBe(0);
    const upload = result.json<{ alt: string; url: string; full_path: string; markdown: string }>();
    expect(upload.alt).toBe('screen shot');
    expect(upload.markdown).toBe(`![screen shot](${upload.url})`);
    expect(upload.full_path).toBe(`/-/project/${project('acme/web/storefront').id}${upload.url}`);
    // The sandbox serves no uploaded file back.
    expect(project('acme/web/storefront').uploads.at(-1)?.file.data).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('refuses a directory before sending, saying it is one, with a hint, exit 2', async () => {
    const dir = mkdtempSync(join(work, 'shots-'));
    const before = sandbox.stats.requests;
    const result = await collab(['projects', 'upload', 'acme/web/storefront', dir]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${dir}: it is a directory\nhint: give the path of a file in it\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses a missing file before sending (exit 2), and a project it cannot see (exit 4)', async () => {
    const missing = await collab(['projects', 'upload', 'acme/web/storefront', join(work, 'absent.png')]);
    expect([missing.exitCode, missing.stderr]).toEqual([
      2,
      `error: cannot read ${join(work, 'absent.png')}: no such file\nhint: check the path: a relative one is read from the current directory\n`,
    ]);
    const file = join(work, 'secret.txt');
    writeFileSync(file, 'x');
    const uploaded = async () => (await projectJson('initech/tps-reports', '?statistics=true')).statistics.uploads_size;
    const before = await uploaded();
    const hidden = await collab(['projects', 'upload', 'initech/tps-reports', file], { as: 'developer' });
    expect(hidden.exitCode).toBe(4);
    expect(await uploaded()).toBe(before);
  });

  it('starts housekeeping for a maintainer, then reports it already started', async () => {
    const first = await collab(['projects', 'housekeeping', 'acme/web/storefront'], { as: 'maintainer' });
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toContain('started housekeeping of acme/web/storefront');
    // When it started is kept by the sandbox alone: the API shows no housekeeping lease.
    expect(housekeepingStartedAt(project('acme/web/storefront'))).toBeTypeOf('number');
    const second = await collab(['projects', 'housekeeping', 'acme/web/storefront'], { as: 'maintainer' });
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toContain('was already started recently');
    expect(second.stderr).toContain('Somebody already triggered housekeeping');
  });

  it('refuses housekeeping to a developer (403, exit 3)', async () => {
    const result = await collab(['projects', 'housekeeping', 'acme/web/design-system'], { as: 'developer' });
    expect(result.exitCode).toBe(3);
    // Nothing was started: a maintainer's start is not refused as "already triggered".
    const maintainer = await collab(['projects', 'housekeeping', 'acme/web/design-system'], { as: 'maintainer' });
    expect(maintainer.stderr).toContain('started housekeeping of acme/web/design-system');
    expect(maintainer.stderr).not.toContain('already started');
  });

  it('refuses a pull of a project that is not a mirror (400, exit 5), with what to do', async () => {
    const result = await collab(['projects', 'mirror-pull', 'acme/platform/api'], { as: 'maintainer' });
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain('error: 400 The project is not mirrored');
    expect(result.stderr).toContain('hint: configure pull mirroring first');
    expect((await projectJson('acme/platform/api')).import_status).toBe('none');
  });

  it('starts a pull of a mirror for a maintainer, and refuses a developer', async () => {
    // Made a mirror by an update, which starts no pull of its own (only a creation with import_url does).
    const mirror = await call('PUT', '/projects/acme%2Fplatform%2Fapi', {
      json: { mirror: true, import_url: 'https://example.com/upstream.git' },
    });
    expect(mirror.body).toMatchObject({ mirror: true, import_status: 'none' });
    const denied = await collab(['projects', 'mirror-pull', 'acme/platform/api'], { as: 'developer' });
    expect(denied.exitCode).toBe(3);
    expect(denied.stderr).toMatch(/hint: .*Maintainer/);
    expect((await projectJson('acme/platform/api')).import_status).toBe('none');
    const result = await collab(['projects', 'mirror-pull', 'acme/platform/api'], { as: 'maintainer' });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('started a pull of the mirror acme/platform/api');
    expect((await projectJson('acme/platform/api')).import_status).not.toBe('none');
  });
});

describe('collab projects mirror-pull on GitLab Free', () => {
  const { collab, call } = useSandbox({ seed: 30, tier: 'free' });

  it('says in one line that pull mirrors need a paid tier (exit 3)', async () => {
    await call('PUT', '/projects/acme%2Fplatform%2Fapi', {
      json: { mirror: true, import_url: 'https://example.com/upstream.git' },
    });
    const run = await collab(['projects', 'mirror-pull', 'acme/platform/api'], { as: 'maintainer' });
    expect([run.exitCode, run.stdout]).toEqual([3, '']);
    expect(run.stderr).toMatch(
      /^error: pull mirrors need a paid tier \(GitLab Premium or Ultimate\): this instance is GitLab Free \(POST \/projects\/acme%2Fplatform%2Fapi\/mirror\/pull\)\n$/,
    );
  });
});
