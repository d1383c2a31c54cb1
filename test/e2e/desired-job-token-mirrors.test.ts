import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's job_token_scope and remote_mirrors end to end: what the service answers after apply, nothing left on a second plan. */
const world = useDesiredWorlds();

const CREDENTIALS = '$' + '{env:MIRROR_CREDENTIALS}';
const MIRROR_URL = '$' + '{env:MIRROR_URL}';

const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}`;

/** A file with the one push mirror `url` on acme/web/storefront. */
const mirrorFile = (url: string) =>
  ['version: 1', 'projects:', '  acme/web/storefront:', '    remote_mirrors:', `      - url: ${url}`, ''].join('\n');

describe('collab.yaml: job token scope and push mirrors', () => {
  it('plan, apply, plan again empty, a second apply writes nothing, export plans clean', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const env = { MIRROR_CREDENTIALS: 'bot:s3cret-token' };
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    job_token_scope:',
        '      enabled: false',
        '      projects:',
        '        - path: acme/platform/api',
        '      groups:',
        '        - path: acme/platform',
        '    remote_mirrors:',
        `      - url: https://${CREDENTIALS}@github.example.com/acme/storefront.git`,
        '        enabled: true',
        '        only_protected_branches: true',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson'], { env });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(
      plan.lines<{ section: string; key: string; action: string }>().map((l) => [l.section, l.key, l.action]),
    ).toEqual([
      ['job_token_scope', 'enabled', 'update'],
      ['job_token_scope', 'project acme/platform/api', 'create'],
      ['job_token_scope', 'group acme/platform', 'create'],
      ['remote_mirrors', 'https://github.example.com/acme/storefront.git', 'create'],
    ]);
    expect(plan.stdout).not.toContain('s3cret');
    // The URL it sends, its credentials as their template, beside the name it is planned by.
    expect(plan.lines<{ section: string; to: unknown }>().find((l) => l.section === 'remote_mirrors')?.to).toEqual({
      url: `https://${CREDENTIALS}@github.example.com/acme/storefront.git`,
      enabled: true,
      only_protected_branches: true,
    });
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('s3cret');

    expect(await getJson(`${storefront}/job_token_scope`)).toEqual({ inbound_enabled: false, outbound_enabled: false });
    expect(
      (await getJson(`${storefront}/job_token_scope/allowlist`)).map(
        (p: { path_with_namespace: string }) => p.path_with_namespace,
      ),
    ).toEqual(['acme/web/storefront', 'acme/platform/api']);
    expect(
      (await getJson(`${storefront}/job_token_scope/groups_allowlist`)).map((g: { name: string }) => g.name),
    ).toEqual(['Platform']);
    const [mirror] = await getJson(`${storefront}/remote_mirrors`);
    expect(mirror).toMatchObject({
      url: 'https://*****:*****@github.example.com/acme/storefront.git',
      enabled: true,
      only_protected_branches: true,
    });
    // The API never answers the credentials: the store shows they went with the mirror.
    expect(sandbox.store.remoteMirrors.get(mirror.id)?.url).toBe(
      'https://bot:s3cret-token@github.example.com/acme/storefront.git',
    );

    expect((await collab(['plan', '-f', path], { env })).exitCode).toBe(0);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);

    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'job_token_scope,remote_mirrors']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain('s3cret');
    expect(exported.stdout).toMatch(/\$\{env:PUSH_MIRROR_CREDENTIALS_\w+\}@/);
    // The push mirror's credentials are sent by no change of this plan: it runs without them.
    const again = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')]);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
  });
  it('export writes an SSH mirror’s git@ as GitLab shows it, and a user it scrubs as a user name', async () => {
    const { collab, file, call } = await world();
    for (const url of ['ssh://git@example.org/acme/q.git', 'ssh://deploy@example.org/acme/r.git'])
      expect((await call('POST', `${storefront}/remote_mirrors`, { json: { url } })).status).toBe(201);
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'remote_mirrors']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('      - url: ssh://git@example.org/acme/q.git\n');
    expect(exported.stdout).toContain(
      `      - url: ssh://$${'{'}env:PUSH_MIRROR_USER_EXAMPLE_ORG_ACME_R_GIT}@example.org/acme/r.git\n`,
    );
    expect(exported.stderr).toContain(
      'PUSH_MIRROR_USER_EXAMPLE_ORG_ACME_R_GIT: the user name of the push mirror ssh://example.org/acme/r.git\n',
    );
    expect(exported.stderr).not.toContain('user:token');
    const again = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')]);
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
  });

  it('an allowlist entry named in another case than GitLab’s is the one there: none to add, none to remove', async () => {
    const { collab, file } = await world();
    const scope = (project: string, group: string) =>
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    job_token_scope:',
        '      projects: { enforce: true, items: [{ path: ' + project + ' }] }',
        '      groups: { enforce: true, items: [{ path: ' + group + ' }] }',
        '',
      ].join('\n');
    expect((await collab(['apply', '-f', file(scope('acme/platform/api', 'acme/platform')), '--yes'])).exitCode).toBe(
      0,
    );
    const path = file(scope('ACME/Platform/API', 'Acme/Platform'), 'case.yaml');
    for (const graphql of [[], ['--no-graphql']]) {
      const plan = await collab(['plan', '-f', path, ...graphql]);
      expect([plan.exitCode, plan.stdout]).toEqual([0, '']);
    }
  });

  it('the project in its own allowlist, where GitLab always lists it: no change to add it, none to remove it', async () => {
    const { collab, file, writes, getJson } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    job_token_scope:',
        '      projects:',
        '        enforce: true',
        '        items:',
        '          - path: acme/web/storefront',
        '          - path: acme/platform/api',
        '',
      ].join('\n'),
    );
    for (const how of [[], ['--no-graphql']]) {
      const plan = await collab(['plan', '-f', path, '-o', 'ndjson', ...how]);
      expect(plan.lines<{ key: string; action: string }>().map((l) => [l.key, l.action])).toEqual([
        ['project acme/platform/api', 'create'],
      ]);
    }
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const listed = await getJson(`${storefront}/job_token_scope/allowlist`);
    expect(listed.map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual([
      'acme/web/storefront',
      'acme/platform/api',
    ]);
    // Enforced, with or without the project in the file: nothing to add, nothing to remove.
    const without = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    job_token_scope:\n      projects:\n        enforce: true\n        items:\n          - path: acme/platform/api\n',
      'without.yaml',
    );
    for (const [policy, how] of [path, without].flatMap((f) => [[f], [f, '--no-graphql']])) {
      const again = await collab(['plan', '-f', policy as string, ...(how ? [how] : [])]);
      expect([policy, how, again.exitCode, again.stdout]).toEqual([policy, how, 0, expect.any(String)]);
    }
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'job_token_scope']);
    expect(exported.stdout).toContain('path: acme/platform/api');
    expect(exported.stdout).not.toContain('path: acme/web/storefront');
    expect(writes().filter((w) => w.method === 'DELETE')).toEqual([]);
  });

  it('--rotate-secrets makes a push mirror with credentials again, its settings kept, asked for as a removal', async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    remote_mirrors:',
        `      - url: https://${CREDENTIALS}@github.example.com/acme/storefront.git`,
        '        only_protected_branches: true',
        '',
      ].join('\n'),
    );
    const made = await collab(['apply', '-f', path, '--yes'], { env: { MIRROR_CREDENTIALS: 'bot:old-token-1' } });
    expect(made.exitCode, made.stderr).toBe(0);
    const [old] = [...sandbox.store.remoteMirrors.values()];
    if (!old) throw new Error('no mirror was made');
    // Turned on by hand: the file does not say, so the mirror made again keeps it.
    expect(
      (await collab(['mirrors', 'update', String(old.id), '--project', 'acme/web/storefront', '--enabled'])).exitCode,
    ).toBe(0);
    const env = { MIRROR_CREDENTIALS: 'bot:new-token-2' };
    const unasked = await collab(['apply', '-f', path, '--rotate-secrets'], { env });
    expect(unasked.exitCode).toBe(2);
    expect(unasked.stderr).toMatch(/destructive/);
    sandbox.resetStats();
    const rotated = await collab(['apply', '-f', path, '--yes', '--rotate-secrets'], { env });
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path.replace(/\d+$/, 'N')}`)).toEqual([
      'DELETE /api/v4/projects/1/remote_mirrors/N',
      'POST /api/v4/projects/1/remote_mirrors',
    ]);
    const mirrors = [...sandbox.store.remoteMirrors.values()];
    expect(mirrors).toHaveLength(1);
    expect(mirrors[0]).toMatchObject({
      url: 'https://bot:new-token-2@github.example.com/acme/storefront.git',
      enabled: true,
      only_protected_branches: true,
    });
    expect(rotated.stdout + rotated.stderr).not.toMatch(/token-\d/);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'], { env })).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('--rotate-secrets leaves a push mirror whose URL has a user name but no template (ssh://git@)', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    remote_mirrors:',
        '      - url: ssh://git@example.com/acme/storefront.git',
        '        enabled: true',
        '',
      ].join('\n'),
    );
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const rotated = await collab(['plan', '-f', path, '--rotate-secrets']);
    expect([rotated.exitCode, rotated.stdout]).toEqual([0, '']);
  });

  it('mirror_branch_regex: "" is a mirror without one: applied, then nothing to change', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    remote_mirrors:',
        '      - url: ssh://git@example.com/acme/storefront.git',
        "        mirror_branch_regex: '^release/'",
        '',
      ].join('\n'),
    );
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const cleared = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    remote_mirrors:',
        '      - url: ssh://git@example.com/acme/storefront.git',
        "        mirror_branch_regex: ''",
        '',
      ].join('\n'),
      'cleared.yaml',
    );
    expect((await collab(['apply', '-f', cleared, '--yes'])).exitCode).toBe(0);
    const again = await collab(['plan', '-f', cleared]);
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
  });

  it('a new mirror with a branch regex and only_protected_branches: false is one POST the service takes', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    remote_mirrors:',
        '      - url: ssh://git@example.com/acme/storefront.git',
        '        only_protected_branches: false',
        "        mirror_branch_regex: '^release/'",
        '',
      ].join('\n'),
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    const again = await collab(['plan', '-f', path]);
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
  });

  it('credentials with a / that moves the host are exit 2, showing no part of them', async () => {
    const { collab, file, writes } = await world();
    const path = file(mirrorFile(`https://${CREDENTIALS}@github.example.com/acme/storefront.git`));
    for (const args of [['plan'], ['apply', '--yes']]) {
      const slash = await collab([...args, '-f', path], { env: { MIRROR_CREDENTIALS: 'pa/ss-token' } });
      expect(slash.exitCode).toBe(2);
      expect(slash.stderr).toMatch(
        /MIRROR_CREDENTIALS\} breaks the push mirror URL https:\/\/github.example.com\/acme\/storefront.git on project acme\/web\/storefront[\s\S]*percent-encode/,
      );
      expect(slash.stdout + slash.stderr).not.toMatch(/pa\/ss|ss-token/);
    }
    expect(writes()).toEqual([]);
  });

  it('credentials with an @ not percent-encoded are exit 2 as on the command line; encoded, planned', async () => {
    const { collab, file, writes } = await world();
    const path = file(mirrorFile(`https://${CREDENTIALS}@github.example.com/acme/storefront.git`));
    for (const args of [['plan'], ['apply', '--yes']]) {
      const at = await collab([...args, '-f', path], { env: { MIRROR_CREDENTIALS: 'bot:pa@ss-token' } });
      expect(at.exitCode).toBe(2);
      expect(at.stderr).toContain(
        `error: remote_mirrors: ${CREDENTIALS} breaks the push mirror URL https://github.example.com/acme/storefront.git on project acme/web/storefront: its user:token holds an @ that is not percent-encoded\n` +
          'hint: percent-encode the user and the token in its value (/ as %2F, ? as %3F, # as %23, @ as %40)\n',
      );
      expect(at.stdout + at.stderr).not.toMatch(/pa@ss|ss-token/);
    }
    expect(writes()).toEqual([]);
    const encoded = await collab(['plan', '-f', path], { env: { MIRROR_CREDENTIALS: 'bot:pa%40ss-token' } });
    expect(encoded.exitCode, encoded.stderr).toBe(8);
    expect(encoded.stdout).toContain('push mirror https://github.example.com/acme/storefront.git');
    expect(encoded.stdout + encoded.stderr).not.toMatch(/pa%40ss|ss-token/);
  });

  it('a template whose value holds a line break is exit 2, quoting neither URL', async () => {
    const { collab, file, writes } = await world();
    const path = file(mirrorFile(MIRROR_URL));
    const env = { MIRROR_URL: 'https://u:one-secret@example.com/a.git\nhttps://x:two-secret@example.com/b.git' };
    const two = await collab(['apply', '-f', path, '--yes'], { env });
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toContain(
      `error: remote_mirrors: ${MIRROR_URL} breaks the push mirror URL ${MIRROR_URL} on project acme/web/storefront: it holds a line break\n`,
    );
    expect(two.stdout + two.stderr).not.toMatch(/secret/);
    expect(writes()).toEqual([]);
  });
});

describe('collab.yaml: a job token allowlist of a project the apply makes', () => {
  it('adds the entry by the new project’s ID, as GitLab’s allowlist POST takes no path', async () => {
    const { collab, file, getJson } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/checkout:',
        '    create: true',
        '    job_token_scope:',
        '      projects:',
        '        - path: acme/platform/api',
        '',
      ].join('\n'),
    );
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const made = `/projects/${encodeURIComponent('acme/web/checkout')}`;
    expect(
      (await getJson(`${made}/job_token_scope/allowlist`)).map(
        (p: { path_with_namespace: string }) => p.path_with_namespace,
      ),
    ).toEqual(['acme/web/checkout', 'acme/platform/api']);
  });
});
