import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project, User } from '../../src/sandbox/model.js';
import { housekeepingStartedAt } from '../../src/sandbox/routes/project-actions.js';
import { useSandbox } from '../helpers/cli.js';

const work = mkdtempSync(join(tmpdir(), 'collab-extras-'));

async function tarList(file: string): Promise<string[]> {
  const { stdout } = await execa('tar', ['-tf', file]);
  return stdout.split('\n').filter(Boolean);
}

describe('collab projects: starrers, languages, users, groups', () => {
  const { collab, sandbox, call, idOf } = useSandbox({ seed: 30 });
  const project = (path: string): Project => sandbox.store.findProject(path) as Project;
  const user = (name: string): User => sandbox.store.userByName(name) as User;

  // Set-up by the store: stars at given times, and languages, which no API call sets.
  beforeEach(() => {
    sandbox.store.stars.set(
      project('acme/web/storefront').id,
      new Map([
        [user('dana').id, '2024-03-01T10:00:00.000Z'],
        [user('max').id, '2024-05-01T10:00:00.000Z'],
      ]),
    );
    project('globex/handbook').languages = { Shell: 5.5, Go: 60.25, Ruby: 34.25 };
  });

  it('lists starrers, newest first, and filters them by --search', async () => {
    const all = await collab(['projects', 'starrers', 'acme/web/storefront', '--json']);
    expect(all.exitCode).toBe(0);
    expect(
      all.json<Array<{ user: { username: string }; starred_since: string }>>().map((s) => s.user.username),
    ).toEqual(['max', 'dana']);
    const table = await collab(['projects', 'starrers', 'acme/web/storefront', '--search', 'dana']);
    expect(table.stdout).toBe(`${await idOf('users', 'dana')}\tdana\tDana Developer\t2024-03-01T10:00:00.000Z\n`);
    const missing = await collab(['projects', 'starrers', 'acme/nope']);
    expect(missing.exitCode).toBe(4);
  });

  it('shows languages as a table sorted by share, largest first', async () => {
    const table = await collab(['projects', 'languages', 'globex/handbook']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe('Go\t60.25\nRuby\t34.25\nShell\t5.5\n');
    const json = await collab(['projects', 'languages', 'globex/handbook', '--json']);
    expect(Object.entries(json.json<Record<string, number>>())).toEqual([
      ['Go', 60.25],
      ['Ruby', 34.25],
      ['Shell', 5.5],
    ]);
    const csv = await collab(['projects', 'languages', 'globex/handbook', '-o', 'csv']);
    expect(csv.stdout).toBe('language,percent\r\nGo,60.25\r\nRuby,34.25\r\nShell,5.5\r\n');
  });

  it('hides the languages of a private project from a non-member (404)', async () => {
    const result = await collab(['projects', 'languages', 'initech/tps-reports'], { as: 'developer' });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('404 Project Not Found');
  });

  it('lists the users of a project, with --search and --skip-users', async () => {
    const all = await collab(['projects', 'users', 'acme/web/storefront', '--json']);
    const names = all.json<Array<{ username: string }>>().map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['olivia', 'max', 'dana', 'rui']));
    expect(names).not.toContain('xena');
    const search = await collab(['projects', 'users', 'acme/web/storefront', '--search', 'max', '--json']);
    expect(search.json<Array<{ username: string }>>().map((u) => u.username)).toEqual(['max']);
    const skipped = await collab([
      'projects',
      'users',
      'acme/web/storefront',
      '--skip-users',
      `${await idOf('users', 'max')},${await idOf('users', 'dana')}`,
      '--json',
    ]);
    expect(skipped.json<Array<{ username: string }>>().map((u) => u.username)).not.toContain('max');
    expect(skipped.json<Array<{ username: string }>>().map((u) => u.username)).not.toContain('dana');
    const bad = await collab(['projects', 'users', 'acme/web/storefront', '--skip-users', 'max']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('expected a comma-separated list of numeric IDs');
  });

  it('lists ancestor groups, and shared groups with --with-shared', async () => {
    const ancestors = await collab(['projects', 'groups', 'acme/platform/infra/terraform', '--json']);
    expect(ancestors.json<Array<{ full_path: string }>>().map((g) => g.full_path)).toEqual([
      'acme/platform/infra',
      'acme/platform',
      'acme',
    ]);
    for (const [group, access] of [
      ['globex', 30],
      ['globex/research', 20],
    ] as const) {
      const shared = await call('POST', '/projects/acme%2Fplatform%2Finfra%2Fterraform/share', {
        json: { group_id: await idOf('groups', group), group_access: access },
      });
      expect(shared.status).toBe(201);
    }
    const shared = await collab([
      'projects',
      'groups',
      'acme/platform/infra/terraform',
      '--with-shared',
      '--shared-min-access-level',
      'developer',
      '--skip-groups',
      String(await idOf('groups', 'acme')),
      '--json',
    ]);
    expect(shared.json<Array<{ full_path: string }>>().map((g) => g.full_path)).toEqual([
      'globex',
      'acme/platform/infra',
      'acme/platform',
    ]);
    const searched = await collab(['projects', 'groups', 'acme/platform/infra/terraform', '--search', 'infra']);
    expect(searched.stdout).toMatch(/^\d+\tacme\/platform\/infra\tAcme \/ Platform \/ Infra\n$/);
  });

  it('refuses the share filters without --with-shared (exit 2)', async () => {
    const result = await collab(['projects', 'groups', 'acme/web/storefront', '--shared-visible-only']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--shared-visible-only applies only with --with-shared');
  });
});

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
    expect(upload.full_path).toBe(`/acme/web/storefront${upload.url}`);
    // The sandbox serves no uploaded file back.
    expect(project('acme/web/storefront').uploads.at(-1)?.file.data).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('refuses a missing file before sending (exit 2), and a project it cannot see (exit 4)', async () => {
    const missing = await collab(['projects', 'upload', 'acme/web/storefront', join(work, 'absent.png')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('no such file');
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
    expect((await projectJson('acme/platform/api')).import_status).toBe('none');
    const result = await collab(['projects', 'mirror-pull', 'acme/platform/api'], { as: 'maintainer' });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('started a pull of the mirror acme/platform/api');
    expect((await projectJson('acme/platform/api')).import_status).not.toBe('none');
  });
});

describe('collab projects import-members', () => {
  const { collab, sandbox, call, getJson, idOf } = useSandbox({ seed: 30 });
  const addMember = async (path: string, username: string, access_level: number) => {
    expect(
      (await call('POST', `/projects/${encodeURIComponent(path)}/members`, { json: { username, access_level } }))
        .status,
    ).toBe(201);
  };
  /** The direct members as the API lists them: username -> access level. */
  const members = async (path: string) => {
    const list: Array<{ username: string; access_level: number }> = await getJson(
      `/projects/${encodeURIComponent(path)}/members?per_page=100`,
    );
    return Object.fromEntries(list.map((m) => [m.username, m.access_level]));
  };

  beforeEach(async () => {
    // Direct members to import: dana and rui on handbook; on atlas dana as reporter (she is a
    // developer of the acme group, so she cannot be imported below that into acme) and xena.
    await addMember('globex/handbook', 'dana', 30);
    await addMember('globex/handbook', 'rui', 20);
    await addMember('globex/research/atlas', 'dana', 20);
    await addMember('globex/research/atlas', 'xena', 30);
  });

  it('imports every member of the source', async () => {
    const result = await collab(['projects', 'import-members', 'initech/tps-reports', '--from', 'globex/handbook']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('imported the members of globex/handbook into initech/tps-reports');
    expect(result.stdout).toBe('');
    expect(await members('initech/tps-reports')).toMatchObject({ dana: 30, rui: 20 });
  });

  it('lists the members that failed with the reason and exits 5, importing the others', async () => {
    const result = await collab(
      ['projects', 'import-members', 'acme/web/storefront', '--from', 'globex/research/atlas'],
      { as: 'owner' },
    );
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe(
      'dana\tAccess level should be greater than or equal to Developer inherited membership from group Acme\n',
    );
    expect(result.stderr).toContain(
      'error: 1 of 2 members of globex/research/atlas could not be imported into acme/web/storefront',
    );
    const imported = await members('acme/web/storefront');
    expect(imported.xena).toBe(30);
    expect(imported).not.toHaveProperty('dana');
  });

  it('passes the service answer through with -o json on a partial failure', async () => {
    await addMember('globex/research/atlas', 'rui', 40);
    const result = await collab([
      'projects',
      'import-members',
      'acme/web/design-system',
      '--from',
      'globex/research/atlas',
      '--json',
    ]);
    expect(result.exitCode).toBe(5);
    expect(result.json()).toEqual({
      status: 'error',
      message: {
        dana: 'Access level should be greater than or equal to Developer inherited membership from group Acme',
      },
      total_members_count: 3,
    });
    expect((await members('acme/web/design-system')).rui).toBe(40);
  });

  it('answers 422 when no member could be imported (exit 5)', async () => {
    expect(
      (await call('DELETE', `/projects/globex%2Fresearch%2Fatlas/members/${await idOf('users', 'xena')}`)).status,
    ).toBe(204);
    expect(await members('globex/research/atlas')).toEqual({ dana: 20 });
    const result = await collab(['projects', 'import-members', 'acme/platform/api', '--from', 'globex/research/atlas']);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain(
      'error: 422 dana: Access level should be greater than or equal to Developer inherited membership from group Acme',
    );
    expect(await members('acme/platform/api')).toEqual({});
  });

  it('answers 404 when either project is missing or hidden, 403 for a non-maintainer', async () => {
    const noSource = await collab(['projects', 'import-members', 'acme/web/storefront', '--from', 'acme/nope']);
    expect(noSource.exitCode).toBe(4);
    const hiddenTarget = await collab(
      ['projects', 'import-members', 'initech/tps-reports', '--from', 'globex/handbook'],
      { as: 'maintainer' },
    );
    expect(hiddenTarget.exitCode).toBe(4);
    const developer = await collab(['projects', 'import-members', 'acme/platform/api', '--from', 'globex/handbook'], {
      as: 'developer',
    });
    expect(developer.exitCode).toBe(3);
    expect(await members('acme/platform/api')).toEqual({});
  });

  it('refuses a missing --from or the project itself before sending (exit 2)', async () => {
    const before = sandbox.stats.requests;
    const missing = await collab(['projects', 'import-members', 'acme/web/storefront']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("required option '--from <project>' not specified");
    const itself = await collab(['projects', 'import-members', 'acme/web/storefront', '--from', 'acme/web/storefront']);
    expect(itself.exitCode).toBe(2);
    expect(sandbox.stats.requests).toBe(before);
  });
});
