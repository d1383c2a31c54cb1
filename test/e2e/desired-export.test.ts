import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab export: the live state as collab.yaml, which collab plan then finds nothing to change in. */
const world = useDesiredWorlds();
const EXAMPLE = fileURLToPath(new URL('../../examples/collab.yaml', import.meta.url));
const HOOK_VARIABLE = 'HOOK_TOKEN_CI_EXAMPLE_COM_HOOKS_COLLAB';

const readsOf = (stderr: string) => Number(/(\d+) requests? read/.exec(stderr)?.[1]);

describe('collab export', () => {
  it('the seeded sandbox: plan of the export has no changes; defaults left out, members by username, shares by group path', async () => {
    const { collab, file } = await world();
    const exported = await collab(['export']);
    expect(exported.exitCode).toBe(0);
    expect(exported.stderr).toMatch(/^exported 7 groups and \d+ projects; \d+ requests read \d+ targets/m);
    const data = parse(exported.stdout);
    expect(Object.keys(data.groups)).toEqual(expect.arrayContaining(['acme', 'acme/web', 'globex', 'initech']));
    expect(data.groups.acme.members).toContainEqual({ username: 'olivia', access_level: 'owner' });
    expect(data.groups['acme/web'].shares).toEqual([{ group_id: 'globex', group_access: 'developer' }]);
    // A new project's settings are not repeated.
    expect(exported.stdout).not.toMatch(/merge_method: merge\b|default_branch: main|issues_access_level: enabled/);
    // The seed's masked variable on acme/web/storefront is exported without its value, which the plan leaves alone.
    expect(data.projects['acme/web/storefront'].variables).toContainEqual({
      key: 'STRIPE_API_KEY',
      masked: true,
      protected: true,
    });
    expect(exported.stdout).not.toContain('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
    expect(exported.stderr).not.toContain('STRIPE_API_KEY');
    const planned = await collab(['plan', '-f', file(exported.stdout)]);
    expect(planned.stderr).toMatch(/^no changes; /);
    expect(planned.exitCode).toBe(0);
  });

  it('the export of examples/collab.yaml applied: hook tokens as placeholders, shared values once', async () => {
    const { collab, dir } = await world();
    expect(
      (
        await collab(['apply', '-f', EXAMPLE, '--yes', '--journal', join(dir, 'journal')], {
          env: { CI_HOOK_TOKEN: 'ci-token-abcdef' },
        })
      ).exitCode,
    ).toBe(0);
    const out = join(dir, 'exported.yaml');
    const exported = await collab(['export', 'acme', 'auditors', '--out', out]);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).toBe('');
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('ci-token-abcdef');
    expect(exported.stderr).toContain(
      `  ${HOOK_VARIABLE}: the token of the hook https://ci.example.com/hooks/collab\n`,
    );
    const data = parse(text);
    // The hook is on every project below acme but the archived one: said once, in acme's projects:
    // level, the archived one saying it has none; the push rule, which that one lacks (and cannot
    // say it lacks), once in each subgroup's projects: level and with each of acme's own projects.
    expect(data.groups.acme.projects.hooks).toEqual([
      {
        url: 'https://ci.example.com/hooks/collab',
        token: `\${env:${HOOK_VARIABLE}}`,
        merge_requests_events: true,
        pipeline_events: true,
      },
    ]);
    expect(data.projects['acme/legacy-monolith'].hooks).toEqual([]);
    for (const group of ['acme/platform', 'acme/web'])
      expect(data.groups[group].projects.push_rule).toEqual({
        commit_message_regex: '^(feat|fix|docs|chore)(\\(.+\\))?: ',
        prevent_secrets: true,
      });
    expect(text.match(/hooks\/collab/g)?.length).toBe(1);
    expect(data.groups.acme.subgroups.settings).toEqual({ share_with_group_lock: true, request_access_enabled: false });
    // The archived one is the exception, kept with it.
    expect(data.projects['acme/legacy-monolith'].archived).toBe(true);
    expect(data.groups.auditors.settings).toMatchObject({ description: 'Read-only access for the audit team' });

    // The hook's token is sent by no change of this plan: it runs without it.
    const planned = await collab(['plan', '-f', out]);
    expect(planned.stderr).toMatch(/^no changes; /);
    expect(planned.exitCode).toBe(0);
  });

  it('--sections exports only those sections, with no more requests than plan makes of the file', async () => {
    const { collab, file } = await world();
    // globex/research's projects share their visibility: said once, in its projects: level.
    const exported = await collab(['export', 'acme', 'globex', '--sections', 'settings']);
    expect(exported.exitCode).toBe(0);
    const data = parse(exported.stdout);
    const sections = new Set(
      Object.values({ ...data.groups, ...data.projects }).flatMap((level) => Object.keys(level as object)),
    );
    expect([...sections].sort()).toEqual(['projects', 'settings']);
    expect(data.groups['globex/research'].projects).toEqual({ settings: { visibility: 'public' } });
    const planned = await collab(['plan', '-f', file(exported.stdout)]);
    expect(planned.exitCode).toBe(0);
    expect(readsOf(exported.stderr)).toBeLessThanOrEqual(readsOf(planned.stderr));
  });

  it('on a terminal escapes C1 and bidi controls in the YAML; piped, the YAML is the data exactly', async () => {
    const { collab } = await world();
    const description = 'x\u009b31m\u009d0;t\u202eevil\u2066g\u2069';
    const updated = await collab(['projects', 'update', 'acme/web/storefront', '--description', description]);
    expect(updated.exitCode).toBe(0);
    const args = ['export', 'acme/web/storefront', '--sections', 'settings'];
    const shown = await collab(args, { tty: true });
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown.stdout).toContain('x\\x9b31m\\x9d0;t\\u202eevil\\u2066g\\u2069');
    const piped = await collab(args);
    expect(parse(piped.stdout).projects['acme/web/storefront'].settings.description).toBe(description);
  });

  it('--sections refuses an unknown section before any request, naming the nearest', async () => {
    const { collab, sandbox } = await world();
    sandbox.resetStats();
    const refused = await collab(['export', 'acme', '--sections', 'settings,hook']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--sections: no section hook; did you mean hooks?');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('-o json writes the same document as JSON, a hook token still its $' + '{env:} template', async () => {
    const { collab } = await world();
    expect(
      (await collab(['apply', '-f', EXAMPLE, '--yes'], { env: { CI_HOOK_TOKEN: 'ci-token-abcdef' } })).exitCode,
    ).toBe(0);
    const yaml = await collab(['export', 'acme', '--sections', 'hooks']);
    const json = await collab(['export', 'acme', '--sections', 'hooks', '-o', 'json']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(parse(yaml.stdout));
    expect(JSON.parse(json.stdout).groups.acme.projects.hooks[0].token).toBe(`\${env:${HOOK_VARIABLE}}`);
    expect(json.stdout).not.toContain('ci-token-abcdef');
  });

  it('--jq filters the document as JSON', async () => {
    const { collab } = await world();
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'labels', '--jq', '.version']);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).toBe('1\n');
  });

  it('--out with -o json writes the JSON document to the file, which plan reads', async () => {
    const { collab, dir } = await world();
    const out = join(dir, 'exported.json');
    const exported = await collab(['export', 'acme/web', '--sections', 'settings', '--json', '--out', out]);
    expect([exported.exitCode, exported.stdout]).toEqual([0, '']);
    const data = JSON.parse(readFileSync(out, 'utf8'));
    expect(data.groups['acme/web'].settings).toMatchObject({ name: 'Web' });
    const planned = await collab(['plan', '-f', out]);
    expect([planned.exitCode, planned.stderr]).toEqual([0, expect.stringMatching(/^no changes; /)]);
  });

  it('the config’s output: json leaves the document as YAML: a format chosen for what commands show is no file’s', async () => {
    const { collab, dir } = await world();
    const env = { COLLAB_CONFIG_DIR: dir, HOME: dir };
    expect((await collab(['config', 'set', 'output', 'json'], { env })).exitCode).toBe(0);
    const exported = await collab(['export', 'acme/web/storefront', '--sections', 'labels'], { env });
    expect(exported.stdout).toMatch(/^# collab export of .*\nversion: 1\n/);
  });

  for (const format of ['csv', 'ndjson'])
    it(`refuses -o ${format} before any request (exit 2), naming -o json`, async () => {
      const { collab, sandbox } = await world();
      sandbox.resetStats();
      const refused = await collab(['export', 'acme', '-o', format]);
      expect([refused.exitCode, refused.stderr]).toEqual([
        2,
        `error: -o ${format} prints rows, and collab export writes one document\n` +
          'hint: leave -o out for the document as YAML, or use -o json for the same document as JSON\n',
      ]);
      expect(sandbox.requestLog).toEqual([]);
    });

  it('a group or project that does not exist: exit 4, naming it; a project on its own is written under projects:', async () => {
    const { collab } = await world();
    const missing = await collab(['export', 'acme/nope', 'acme/web/storefront']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('no group or project acme/nope');
    expect(missing.stdout).toBe('');
    const one = await collab(['export', 'acme/web/storefront']);
    expect(one.exitCode).toBe(0);
    expect(Object.keys(parse(one.stdout))).toEqual(['version', 'projects']);
    expect(Object.keys(parse(one.stdout).projects)).toEqual(['acme/web/storefront']);
  });

  it("exports every section, a mirror's credentials as a placeholder, and plans no changes", async () => {
    const { collab, file, dir } = await world();
    writeFileSync(join(dir, 'logo.png'), Buffer.from('\x89PNG\r\n\x1a\nlogo', 'binary'));
    const policy = file(
      [
        'version: 1',
        'groups:',
        '  acme/platform:',
        '    avatar: logo.png',
        '    ldap_links:',
        '      - { cn: platform-team, provider: ldapmain, group_access: developer }',
        'projects:',
        '  acme/platform/api:',
        '    archived: true',
        '    members: [{ username: dana, access_level: maintainer }]',
        '    mirror:',
        '      import_url: https://mirror:$' + '{env:MIRROR_PASSWORD}@git.example.com/api.git',
        '      mirror_trigger_builds: true',
        '',
      ].join('\n'),
    );
    expect(
      (await collab(['apply', '-f', policy, '--yes'], { env: { MIRROR_PASSWORD: 'mirror-pass-5555' } })).exitCode,
    ).toBe(0);
    const exported = await collab(['export', 'acme/platform']);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).not.toContain('mirror-pass-5555');
    const data = parse(exported.stdout);
    expect(data.groups['acme/platform']).toMatchObject({
      avatar: 'logo.png',
      ldap_links: [{ cn: 'platform-team', provider: 'ldapmain', group_access: 'developer' }],
    });
    const variable = 'MIRROR_CREDENTIALS_ACME_PLATFORM_API';
    expect(data.projects['acme/platform/api']).toMatchObject({
      archived: true,
      members: expect.arrayContaining([{ username: 'dana', access_level: 'maintainer' }]),
      mirror: { import_url: `https://$` + `{env:${variable}}@git.example.com/api.git`, mirror_trigger_builds: true },
    });
    expect(exported.stderr).toContain(
      `  ${variable}: the credentials (user:token) of acme/platform/api's pull mirror\n`,
    );
    // The credentials are sent by no change of this plan: it runs without them.
    const planned = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')]);
    expect(planned.stderr).toMatch(/^no changes; /);
    expect(planned.exitCode).toBe(0);
  });
});
