import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * collab export of a pull mirror: GET /projects/:id/mirror/pull says whether its URL holds
 * credentials (masked), so that a mirror of a public repository is written as it is and a private
 * one's credentials as a variable; where that read is refused or absent (GitLab before 15.6, GitLab
 * Free, a role below Maintainer) every mirror's credentials are a variable, as before it, and
 * nothing is said wrong. Neither the credentials nor their mask are ever shown.
 */
const world = useDesiredWorlds();
const before156 = useDesiredWorlds({ pullMirrorDetails: false });
const free = useDesiredWorlds({ tier: 'free' });

const API = 'acme/platform/api';
const VARIABLE = 'MIRROR_CREDENTIALS_ACME_PLATFORM_API';
const PUBLIC = 'https://git.example.com/public/api.git';
const PRIVATE = 'https://puller:mirror-token-7777@git.example.com/private/api.git';
const placeholder = (url: string) => url.replace('https://', `https://$` + `{env:${VARIABLE}}@`);
/** What export says on stderr beside its summary line. */
const notes = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !line.startsWith('exported '));
/** Its note of the one variable, which is all a fallback says. */
const NAMED = [
  'warning: the file names 1 secret the service never shows: collab plan runs without it, collab apply needs it only for a change that sends it:',
  `  ${VARIABLE}: the credentials (user:token) of ${API}'s pull mirror`,
];

type World = Awaited<ReturnType<typeof world>>;
/** The statuses GET …/mirror/pull was answered with. */
const detailReads = ({ sandbox }: World) =>
  sandbox.requestLog.filter((r) => r.method === 'GET' && r.path.endsWith('/mirror/pull')).map((r) => r.status);
async function mirrored({ call }: World, importUrl: string) {
  const answer = await call('PUT', `/projects/${encodeURIComponent(API)}`, {
    json: { mirror: true, import_url: importUrl },
  });
  expect(answer.status).toBe(200);
}

describe('collab export of a pull mirror', () => {
  it("writes a public repository's mirror URL as it is, names no variable, and its plan and apply need none", async () => {
    const w = await world();
    await mirrored(w, PUBLIC);
    const exported = await w.collab(['export', API]);
    expect(exported.exitCode).toBe(0);
    expect(parse(exported.stdout).projects[API].mirror).toMatchObject({ import_url: PUBLIC, mirror: true });
    expect(notes(exported.stderr)).toEqual([]);
    const file = w.file(exported.stdout, 'exported.yaml');
    const planned = await w.collab(['plan', '-f', file]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
    const applied = await w.collab(['apply', '-f', file, '--yes']);
    expect(applied.exitCode).toBe(0);
    expect(applied.stderr).not.toContain(VARIABLE);
  });

  it("names a private repository's credentials as a variable, showing neither them nor their mask", async () => {
    const w = await world();
    await mirrored(w, PRIVATE);
    const exported = await w.collab(['export', API]);
    expect(exported.exitCode).toBe(0);
    expect(parse(exported.stdout).projects[API].mirror).toMatchObject({
      import_url: 'https://$' + `{env:${VARIABLE}}@git.example.com/private/api.git`,
      mirror: true,
    });
    expect(notes(exported.stderr)).toEqual(NAMED);
    // Named so because GET …/mirror/pull showed credentials, not for want of that read.
    expect(detailReads(w)).toEqual([200]);
    for (const shown of [exported.stdout, exported.stderr])
      for (const secret of ['mirror-token-7777', 'puller', '*****']) expect(shown).not.toContain(secret);
    const planned = await w.collab(['plan', '-f', w.file(exported.stdout, 'exported.yaml')]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
  });

  it('reads GET …/mirror/pull of a pull mirror alone', async () => {
    const w = await world();
    await mirrored(w, PUBLIC);
    w.sandbox.resetStats();
    expect((await w.collab(['export', 'acme/platform'])).exitCode).toBe(0);
    const reads = w.sandbox.requestLog.filter((r) => r.method === 'GET' && r.path.endsWith('/mirror/pull'));
    const id = (await w.served.project(API)).id;
    expect(reads.map((r) => r.path)).toEqual([`/api/v4/projects/${id}/mirror/pull`]);
  });
});

describe('a pull mirror in a plan', () => {
  it("a saved plan's check of a pull-mirror project reads no GET …/mirror/pull (only export writes what it says)", async () => {
    const w = await world();
    await mirrored(w, PUBLIC);
    const path = w.file(`version: 1\nprojects:\n  ${API}:\n    mirror:\n      only_mirror_protected_branches: true\n`);
    const out = join(w.dir, 'plan.json');
    expect((await w.collab(['plan', '-f', path, '--out', out])).exitCode).toBe(8);
    const applied = await w.collab(['apply', '-f', out, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    expect((await w.served.project(API)).only_mirror_protected_branches).toBe(true);
    expect(detailReads(w)).toEqual([]);
  });
});

describe('collab export of a pull mirror where GET …/mirror/pull tells nothing', () => {
  it('names the credentials as a variable on GitLab before 15.6 (405: the path has the POST alone), warning of nothing', async () => {
    const w = await before156();
    await mirrored(w, PUBLIC);
    const exported = await w.collab(['export', API]);
    expect(exported.exitCode).toBe(0);
    expect(parse(exported.stdout).projects[API].mirror.import_url).toBe(placeholder(PUBLIC));
    expect(notes(exported.stderr)).toEqual(NAMED);
    expect(detailReads(w)).toEqual([405]);
    const planned = await w.collab(['plan', '-f', w.file(exported.stdout, 'exported.yaml')]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
  });

  it('names the credentials as a variable on GitLab Free (404: no such route), warning of nothing', async () => {
    const w = await free();
    await mirrored(w, PUBLIC);
    const exported = await w.collab(['export', API, '--sections', 'mirror']);
    expect(exported.exitCode).toBe(0);
    expect(parse(exported.stdout).projects[API].mirror.import_url).toBe(placeholder(PUBLIC));
    expect(notes(exported.stderr)).toEqual(NAMED);
    expect(detailReads(w)).toEqual([404]);
  });

  it('names the credentials as a variable for a developer (403), warning of nothing', async () => {
    const w = await world();
    await mirrored(w, PUBLIC);
    const exported = await w.collab(['export', API, '--sections', 'mirror'], { as: 'developer' });
    expect(exported.exitCode).toBe(0);
    expect(parse(exported.stdout).projects[API].mirror.import_url).toBe(placeholder(PUBLIC));
    expect(notes(exported.stderr)).toEqual(NAMED);
    expect(detailReads(w)).toEqual([403]);
  });
});
