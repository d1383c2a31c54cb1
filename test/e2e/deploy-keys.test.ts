import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** A real ed25519 public key in OpenSSH's one-line form. */
function publicKeyLine(comment: string): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ${comment}`;
}

/** collab deploy-keys against the sandbox. */
describe('collab deploy-keys', () => {
  const { collab, get, getJson, sandbox } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const keysPath = (ref: string) => `/projects/${encodeURIComponent(ref)}/deploy_keys`;

  it('create from a file and from standard input, list, view, update, enable elsewhere, delete', async () => {
    const file = join(tempConfigDir(), 'ci.pub');
    const line = publicKeyLine('ci@example.com');
    writeFileSync(file, `${line}\n`);
    const created = await collab(
      ['deploy-keys', 'create', '--project', project, '--title', 'ci', '--key-file', file, '--can-push', '--json'],
      { as: 'maintainer' },
    );
    expect(created.exitCode).toBe(0);
    const key = created.json<{ id: number; key: string; can_push: boolean }>();
    expect(key).toMatchObject({ key: line, can_push: true });
    expect(created.stderr).toBe(`added deploy key ${key.id} (ci) to project ${project}\n`);
    expect(await getJson(`${keysPath(project)}/${key.id}`)).toEqual(key);

    const fromStdin = await collab(['deploy-keys', 'create', '--project', project, '--title', 'laptop', '--json'], {
      input: `${publicKeyLine('me')}\n`,
    });
    expect(fromStdin.exitCode).toBe(0);
    const list = await collab(['deploy-keys', 'ls', '--project', project]);
    expect(
      list.stdout
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t').slice(1, 3)),
    ).toEqual([
      ['CI deploy', 'true'],
      ['ci', 'true'],
      ['laptop', 'false'],
    ]);
    expect((await collab(['deploy-keys', 'view', String(key.id), '--project', project], { tty: true })).stdout).toMatch(
      /Can push\s+yes\n/,
    );

    expect(
      (
        await collab([
          'deploy-keys',
          'update',
          String(key.id),
          '--project',
          project,
          '--title',
          'ci runner',
          '--no-can-push',
        ])
      ).exitCode,
    ).toBe(0);
    expect(await getJson(`${keysPath(project)}/${key.id}`)).toMatchObject({ title: 'ci runner', can_push: false });

    const enabled = await collab(['deploy-keys', 'enable', String(key.id), '--project', 'acme/platform/api'], {
      as: 'maintainer',
    });
    expect(enabled.exitCode).toBe(0);
    expect((await getJson(keysPath('acme/platform/api'))).map((k: { id: number }) => k.id)).toContain(key.id);

    expect((await collab(['deploy-keys', 'rm', String(key.id), '--project', project, '--yes'])).exitCode).toBe(0);
    expect((await get(`${keysPath(project)}/${key.id}`)).status).toBe(404);
    // Still on the API's project: shared, not copied.
    expect((await get(`${keysPath('acme/platform/api')}/${key.id}`)).status).toBe(200);
    expect(await collab(['deploy-keys', 'delete', String(key.id), '--project', project, '--yes'])).toMatchObject({
      exitCode: 0,
      stderr: `deploy key ${key.id} was already gone from project ${project}; nothing to do\n`,
    });
  });

  it('on 60 columns a long title is cut to its first words before CAN PUSH and FINGERPRINT are left out', async () => {
    const title = 'The continuous integration runner of the platform team';
    const created = await collab(['deploy-keys', 'create', '--project', project, '--title', title, '--json'], {
      input: publicKeyLine('ci@example.com'),
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const listed = await collab(['deploy-keys', 'list', '--project', project], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '60' },
    });
    expect(listed.exitCode).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[1]?.split('│').map((cell) => cell.trim())).toEqual(['', 'ID', 'TITLE', 'CAN PUSH', 'FINGERPRINT', '']);
    expect(lines.find((line) => line.includes('The continuous'))).toMatch(
      /│ The continuous integr\S*… +│ no +│ SHA256:/,
    );
  });

  it("an unknown deploy key's 404 on update names the project's list, as on view", async () => {
    const missing = await collab(['deploy-keys', 'update', '999', '--project', project, '--title', 'x']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr.split('\n')[1]).toBe(
      `hint: project ${project} has no deploy key 999: \`collab deploy-keys list --project ${project}\` lists them`,
    );
  });

  it('create --key-file of a missing file says no such file, with a hint, as every flag read by readOnce', async () => {
    const missing = join(tempConfigDir(), 'nope.pub');
    const made = await collab(['deploy-keys', 'create', '--project', project, '--title', 'ci', '--key-file', missing]);
    expect([made.exitCode, made.stderr]).toEqual([
      2,
      `error: cannot read the key file ${missing}: no such file\nhint: check the path: a relative one is read from the current directory\n`,
    ]);
  });

  it('create --key-file of a directory says it is a directory, with a hint, before any request', async () => {
    const dir = tempConfigDir();
    const before = sandbox.stats.requests;
    const made = await collab(['deploy-keys', 'create', '--project', project, '--title', 'ci', '--key-file', dir]);
    expect([made.exitCode, made.stderr]).toEqual([
      2,
      `error: cannot read the key file ${dir}: it is a directory\nhint: give the path of a file in it\n`,
    ]);
    expect(sandbox.stats.requests).toBe(before);
  });

  it('error paths: a private key or nothing refused before sending, unknown ID exit 4, a Developer’s 403, confirmation', async () => {
    const privateKey = join(tempConfigDir(), 'id_ed25519');
    writeFileSync(
      privateKey,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    const refused = await collab([
      'deploy-keys',
      'create',
      '--project',
      project,
      '--title',
      'x',
      '--key-file',
      privateKey,
    ]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`error: ${privateKey} holds more than one line: a public key is one`);
    expect(refused.stderr).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
    expect(
      (await collab(['deploy-keys', 'create', '--project', project, '--title', 'x'], { input: '' })).exitCode,
    ).toBe(2);
    // The right first word, a body that is no key (GitLab's Key model cannot read it): refused before sending.
    const malformed = await collab(['deploy-keys', 'create', '--project', project, '--title', 'x'], {
      input: 'ssh-ed25519 AAAA x\n',
    });
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toMatch(/^error: standard input: invalid public key: must be an OpenSSH public key line/m);
    expect((await getJson(keysPath(project))).map((k: { title: string }) => k.title)).toEqual(['CI deploy']);

    const unknown = await collab(['deploy-keys', 'view', '999', '--project', project]);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain(`hint: project ${project} has no deploy key 999`);
    expect((await collab(['deploy-keys', 'delete', '999', '--project', project, '--yes', '--strict'])).exitCode).toBe(
      4,
    );
    const developer = await collab(['deploy-keys', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
    const unconfirmed = await collab(['deploy-keys', 'delete', '1', '--project', project]);
    expect(unconfirmed.exitCode).toBe(2);
    expect((await get(`${keysPath(project)}/1`)).status).toBe(200);
    expect((await collab(['deploy-keys', 'update', '1', '--project', project])).exitCode).toBe(2);
  });

  it("shows a key's expiry on a terminal in the run's time zone, as its list does, and the service's in a pipe", async () => {
    const expires = '2027-01-31T00:00:00.000Z';
    const created = await collab(
      ['deploy-keys', 'create', '--project', project, '--title', 'ci', '--expires-at', expires, '--json'],
      { input: `${publicKeyLine('ci')}\n` },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const id = String(created.json<{ id: number }>().id);
    const env = { TZ: 'America/Los_Angeles' };
    const view = await collab(['deploy-keys', 'view', id, '--project', project], { tty: true, env });
    expect(view.stdout).toMatch(/\nExpires +2027-01-30 16:00\n/);
    const list = await collab(['deploy-keys', 'list', '--project', project, '--fields', 'id,expires_at'], {
      tty: true,
      env,
    });
    expect(list.stdout).toMatch(new RegExp(`│ +${id} │ 2027-01-30 16:00 │`));
    const piped = await collab(['deploy-keys', 'view', id, '--project', project], { env });
    expect(piped.stdout).toContain(`\nExpires\t${expires}\n`);
  });

  it('says never on a terminal for a key that does not expire, and nothing in a pipe', async () => {
    const terminal = await collab(['deploy-keys', 'view', '1', '--project', project], { tty: true });
    expect(terminal.stdout).toMatch(/\nExpires +never\n/);
    expect((await collab(['deploy-keys', 'view', '1', '--project', project])).stdout).toContain('\nExpires\t\n');
  });
});
