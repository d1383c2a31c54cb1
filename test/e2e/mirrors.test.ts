import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab mirrors against the sandbox: the URL's credentials never on the command line nor in any output. */
describe('collab mirrors', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const mirrorsPath = `/projects/${encodeURIComponent(project)}/remote_mirrors`;
  const URL_WITH_TOKEN = 'https://bot:glpat-mirror-secret@github.example.com/acme/storefront.git';

  it('create from standard input and from a file; list, view and the dry run never show the credentials', async () => {
    const created = await collab(['mirrors', 'create', '--project', project, '--enabled', '--json'], {
      input: `${URL_WITH_TOKEN}\n`,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const mirror = created.json<{ id: number; url: string; enabled: boolean }>();
    expect(mirror).toMatchObject({ url: 'https://*****:*****@github.example.com/acme/storefront.git', enabled: true });
    expect(created.stderr).toBe(
      `created push mirror ${mirror.id} to https://github.example.com/acme/storefront.git on project ${project}\n`,
    );
    // The API never answers the credentials: the store shows they were sent.
    expect(sandbox.store.remoteMirrors.get(mirror.id)?.url).toBe(URL_WITH_TOKEN);

    const file = join(tempConfigDir(), 'url.txt');
    writeFileSync(file, 'https://bot:other-secret@gitlab.example.com/backup/storefront.git\n');
    const dry = await collab(['mirrors', 'create', '--project', project, '--url-file', file, '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout + dry.stderr).not.toContain('other-secret');
    const fromFile = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url-file',
      file,
      '--only-protected-branches',
    ]);
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    for (const args of [['list'], ['view', String(mirror.id)]]) {
      const shown = await collab(['mirrors', ...args, '--project', project], { tty: true });
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).not.toMatch(/glpat-mirror-secret|other-secret/);
    }
    expect(
      (await getJson(mirrorsPath)).map((m: { only_protected_branches: boolean }) => m.only_protected_branches),
    ).toEqual([false, true]);
  });

  it('says never on a terminal for a mirror never updated, and nothing in a pipe', async () => {
    const created = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url',
      'https://github.example.com/acme/storefront.git',
      '--json',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    const id = String(created.json<{ id: number }>().id);
    const terminal = await collab(['mirrors', 'view', id, '--project', project], { tty: true });
    expect(terminal.stdout).toMatch(/\nLast update +never\n/);
    expect((await collab(['mirrors', 'view', id, '--project', project])).stdout).toMatch(/\nLast update\t\n/);
  });

  it('on 80 columns a long URL is cut in the middle to keep ENABLED and STATUS, what a list of mirrors is read for', async () => {
    const long = 'https://backup.example.org/a/very/long/path/to/the/storefront-backup.git';
    for (const url of ['https://mirror.example.com/acme/storefront.git', long])
      expect((await collab(['mirrors', 'create', '--project', project, '--url', url])).exitCode).toBe(0);
    const list = await collab(['mirrors', 'list', '--project', project], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(list.exitCode).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines[1]).toMatch(/^│ ID │ URL +│ ENABLED │ STATUS │$/);
    expect(lines[4]).toMatch(/│ https:\/\/backup\.example\.org\/…\/storefront-backup\.git +│ no +│ none +│$/);
    expect(list.stderr).toMatch(/^PROTECTED ONLY, LAST UPDATE left out to fit 80 columns;/);
  });

  it('a URL with credentials on the command line is refused, as is a bad URL, before anything is sent', async () => {
    sandbox.resetStats();
    const argv = await collab(['mirrors', 'create', '--project', project, '--url', URL_WITH_TOKEN]);
    expect(argv.exitCode).toBe(2);
    expect(argv.stderr).toMatch(/--url with credentials is refused/);
    expect(argv.stderr).not.toContain('glpat-mirror-secret');
    const bad = await collab(['mirrors', 'create', '--project', project], { input: 'ftp://example.com/repo.git\n' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(
      /standard input: invalid push mirror URL: must start with ssh:\/\/, git:\/\/, http:\/\/ or https:\/\//,
    );
    const both = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url',
      'ssh://git@example.com/r.git',
      '--only-protected-branches',
      '--mirror-branch-regex',
      'release/.*',
    ]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toBe(
      'error: --mirror-branch-regex cannot be used with --only-protected-branches: give one of them\n',
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('nothing on standard input, or an empty URL file, is said so before anything is sent', async () => {
    sandbox.resetStats();
    const piped = await collab(['mirrors', 'create', '--project', project], { input: '' });
    expect([piped.exitCode, piped.stderr]).toEqual([
      2,
      'error: standard input holds no URL\nhint: pipe the URL to standard input, or give --url-file <path>\n',
    ]);
    const file = join(tempConfigDir(), 'url.txt');
    writeFileSync(file, '\n');
    const empty = await collab(['mirrors', 'create', '--project', project, '--url-file', file]);
    expect([empty.exitCode, empty.stderr]).toEqual([
      2,
      `error: ${file} holds no URL\nhint: put the URL in ${file}, or pipe it to standard input (--url-file -)\n`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('--project - with no URL flag is one usage error before any request, not a failure a target', async () => {
    sandbox.resetStats();
    const run = await collab(['mirrors', 'create', '--project', '-'], { input: `${project}\nacme/platform/api\n` });
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'error: the URL cannot come from standard input: --project - reads the targets from it\n' +
        'hint: give the URL with --url-file <path> (or --url <url> for one without credentials)\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('two URLs on standard input are refused as one URL with a line break, before anything is sent', async () => {
    sandbox.resetStats();
    const two = await collab(['mirrors', 'create', '--project', project], {
      input: 'https://u:first-secret@example.com/a.git\nhttps://x:second-secret@example.com/b.git\n',
    });
    expect([two.exitCode, two.stderr]).toEqual([
      2,
      'error: standard input: invalid push mirror URL: it holds a line break\n' +
        'hint: give one URL on one line (a file may end with one newline)\n',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a URL file with a line break or a control character past its one trailing newline is refused', async () => {
    sandbox.resetStats();
    const file = join(tempConfigDir(), 'url.txt');
    for (const [text, says] of [
      ['https://bot:file-secret@example.com/a.git\n\n', 'it holds a line break'],
      ['https://bot:file-secret@example.com/a.git\r\nhttps://example.com/b.git', 'it holds a line break'],
      ['https://bot:file\tsecret@example.com/a.git\n', 'it holds a control character'],
    ] as const) {
      writeFileSync(file, text);
      const run = await collab(['mirrors', 'create', '--project', project, '--url-file', file]);
      expect([run.exitCode, run.stderr.split('\n')[0]]).toEqual([
        2,
        `error: ${file}: invalid push mirror URL: ${says}`,
      ]);
      expect(run.stdout + run.stderr).not.toMatch(/secret/);
    }
    writeFileSync(file, 'https://bot:file-secret@example.com/a.git\r\n');
    expect((await collab(['mirrors', 'create', '--project', project, '--url-file', file, '--dry-run'])).exitCode).toBe(
      0,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('an @ in the token that is not percent-encoded is refused before sending, quoting no part of it', async () => {
    sandbox.resetStats();
    const at = await collab(['mirrors', 'create', '--project', project, '--dry-run'], {
      input: 'https://u:p@ss-secret@example.com/x.git\n',
    });
    expect([at.exitCode, at.stderr]).toEqual([
      2,
      'error: standard input: invalid push mirror URL: its user:token holds an @ that is not percent-encoded\n' +
        'hint: percent-encode the user and the token in its value (/ as %2F, ? as %3F, # as %23, @ as %40)\n',
    ]);
    expect(at.stdout).toBe('');
    const ssh = await collab(['mirrors', 'create', '--project', project, '--url', 'ssh://git@a@example.com/x.git']);
    expect(ssh.exitCode).toBe(2);
    expect(ssh.stderr).toMatch(/^error: --url: invalid push mirror URL: its user:token holds an @/);
    expect(sandbox.requestLog).toEqual([]);
    const encoded = await collab(['mirrors', 'create', '--project', project, '--json'], {
      input: 'https://u:p%40ss-secret@example.com/x.git\n',
    });
    expect(encoded.exitCode, encoded.stderr).toBe(0);
    expect(encoded.json<{ url: string }>().url).toBe('https://*****:*****@example.com/x.git');
  });

  it('--verbose redacts the token, never a header that holds the user name', async () => {
    const file = join(tempConfigDir(), 'url.txt');
    for (const user of ['user', 'accept']) {
      writeFileSync(file, `https://${user}:s3cretpw@example.com/${user}.git\n`);
      const run = await collab(['mirrors', 'create', '--project', project, '--url-file', file, '--verbose']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^> accept: application\/json$/m);
      expect(run.stderr).toMatch(/^> user-agent: collab\//m);
      expect(run.stderr).not.toContain('[redacted]-');
      expect(run.stdout + run.stderr).not.toContain('s3cretpw');
    }
  });

  it('an SSH mirror signing in as git shows git@ as GitLab answers it, from the flag and from a file', async () => {
    const url = 'ssh://git@example.org/acme/q.git';
    const flag = await collab(['mirrors', 'create', '--project', project, '--url', url, '--json']);
    expect(flag.exitCode, flag.stderr).toBe(0);
    const { id } = flag.json<{ id: number }>();
    expect(flag.stderr).toBe(
      `created push mirror ${id} to ${url} on project ${project} (disabled: --enabled turns it on)\n`,
    );
    expect(flag.json<{ url: string }>().url).toBe(url);
    const piped = await collab(['mirrors', 'create', '--project', project], { input: `${url}\n` });
    expect(piped.stderr).toMatch(/^created push mirror \d+ to ssh:\/\/git@example.org\/acme\/q.git on /);
    const other = await collab(['mirrors', 'create', '--project', project, '--url', 'ssh://deploy@example.org/r.git']);
    expect(other.stderr).toMatch(/^created push mirror \d+ to ssh:\/\/\*\*\*\*@example.org\/r.git on /);
    expect((await getJson(mirrorsPath)).map((m: { url: string }) => m.url)).toEqual([
      url,
      url,
      'ssh://*****@example.org/r.git',
    ]);
  });

  it('public-key prints the key of a mirror that signs in by SSH key, alone on its line', async () => {
    const made = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url',
      'ssh://git@example.org/acme/keyed.git',
      '--auth-method',
      'ssh_public_key',
      '--json',
    ]);
    expect(made.exitCode, made.stderr).toBe(0);
    const { id } = made.json<{ id: number }>();
    const key = await collab(['mirrors', 'public-key', String(id), '--project', project]);
    expect(key.exitCode, key.stderr).toBe(0);
    expect(key.stdout).toMatch(/^ssh-rsa AAAAB3NzaC1yc2E[A-Za-z0-9+/=]+ git@127\.0\.0\.1\n$/);
    const json = await collab(['mirrors', 'public-key', String(id), '--project', project, '--json']);
    expect(json.json()).toEqual({ public_key: key.stdout.trim() });
  });

  // GitLab's 404 is the same for both: the mirror is read on that path to tell them apart.
  it('public-key of a mirror that signs in by password, or of none, is exit 4 saying which', async () => {
    const made = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url',
      'https://example.org/p.git',
      '--json',
    ]);
    const { id } = made.json<{ id: number }>();
    const password = await collab(['mirrors', 'public-key', String(id), '--project', project]);
    expect(password.exitCode).toBe(4);
    expect(password.stderr).toContain(
      `hint: push mirror ${id} signs in by password, not by SSH key, so it has no public key`,
    );
    const none = await collab(['mirrors', 'public-key', '999', '--project', project]);
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toContain(`hint: project ${project} has no push mirror 999`);
  });

  it('an HTTPS URL whose user is git alone holds no secret: taken from --url, shown whole', async () => {
    const url = 'https://git@example.org/acme/u.git';
    const run = await collab(['mirrors', 'create', '--project', project, '--url', url]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^created push mirror \d+ to https:\/\/git@example.org\/acme\/u.git on /);
  });

  it('update, sync, and delete that asks; an unknown mirror is exit 4 with a hint; a Developer gets the role needed', async () => {
    const { id } = (
      await collab([
        'mirrors',
        'create',
        '--project',
        project,
        '--url',
        'ssh://git@example.com/acme/storefront.git',
        '--json',
      ])
    ).json<{ id: number }>();
    expect(
      (await collab(['mirrors', 'update', String(id), '--project', project, '--enabled', '--keep-divergent-refs']))
        .exitCode,
    ).toBe(0);
    expect(await getJson(`${mirrorsPath}/${id}`)).toMatchObject({ enabled: true, keep_divergent_refs: true });
    const synced = await collab(['mirrors', 'sync', String(id), '--project', project]);
    expect(synced.exitCode).toBe(0);
    expect((await getJson(`${mirrorsPath}/${id}`)).update_status).toBe('started');
    const missing = await collab(['mirrors', 'view', '99', '--project', project]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/hint: project acme\/web\/storefront has no push mirror 99/);
    const developer = await collab(['mirrors', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    expect((await collab(['mirrors', 'delete', String(id), '--project', project])).exitCode).toBe(2);
    expect((await collab(['mirrors', 'delete', String(id), '--project', project, '--yes'])).exitCode).toBe(0);
    expect(await getJson(mirrorsPath)).toEqual([]);
  });

  it('sync of a disabled mirror is the service’s 400, with the command that turns it on', async () => {
    const { id } = (
      await collab(['mirrors', 'create', '--project', project, '--url', 'https://mirror.example.com/a.git', '--json'])
    ).json<{ id: number }>();
    const synced = await collab(['mirrors', 'sync', String(id), '--project', project]);
    expect(synced.exitCode).toBe(5);
    expect(synced.stderr).toMatch(/^error: 400 Cannot proceed with the push mirroring\./);
    expect(synced.stderr).toMatch(
      new RegExp(
        `^hint: push mirror ${id} is disabled: \`collab mirrors update ${id} --project acme/web/storefront --enabled\` turns it on, then it can sync$`,
        'm',
      ),
    );
    expect((await getJson(`${mirrorsPath}/${id}`)).update_status).toBe('none');
  });

  // lib/api/remote_mirrors.rb's `before` block: `unauthorized!` unless admin_remote_mirror.
  it('the service answers a Developer 401, and collab names the role it takes, the token being good', async () => {
    expect(await call('GET', mirrorsPath, { as: 'developer' })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    const developer = await collab(['mirrors', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(
      /^hint: only maintainers, owners and administrators may do this: it needs the Maintainer role \(you are Developer\)/m,
    );
  });

  it('a rejected token’s 401 on a mirror still says the token', async () => {
    const rejected = await collab(['mirrors', 'list', '--project', project], { env: { COLLAB_TOKEN: 'glpat-wrong' } });
    expect(rejected.exitCode).toBe(3);
    expect(rejected.stderr).toMatch(/^hint: the token in COLLAB_TOKEN was rejected/m);
  });

  it('a branch regex that is no regular expression is refused before sending, and by the service', async () => {
    sandbox.resetStats();
    const created = await collab([
      'mirrors',
      'create',
      '--project',
      project,
      '--url',
      'ssh://git@example.com/r.git',
      '--mirror-branch-regex',
      'release/(',
    ]);
    expect(created.exitCode).toBe(2);
    expect(created.stderr).toMatch(
      /^error: --mirror-branch-regex: invalid branch regex "release\/\(": it does not compile: /,
    );
    const updated = await collab(['mirrors', 'update', '1', '--project', project, '--mirror-branch-regex', '(?=x)']);
    expect(updated.exitCode).toBe(2);
    expect(updated.stderr).toMatch(/look-ahead \(\?= is not supported by RE2/);
    expect(sandbox.requestLog).toEqual([]);

    const refused = await call('POST', mirrorsPath, {
      json: { url: 'ssh://git@example.com/r.git', mirror_branch_regex: 'a'.repeat(256) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: { mirror_branch_regex: ['is too long (maximum is 255 characters)'] } });
    const made = await call('POST', mirrorsPath, { json: { url: 'ssh://git@example.com/r.git' } });
    const put = await call('PUT', `${mirrorsPath}/${made.body.id}`, { json: { mirror_branch_regex: '(' } });
    expect(put.status).toBe(400);
    expect(put.body.message.mirror_branch_regex[0]).toMatch(/^not valid RE2 syntax: /);
    expect((await getJson(`${mirrorsPath}/${made.body.id}`)).mirror_branch_regex).toBeNull();
  });
});
