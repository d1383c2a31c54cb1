import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writableRefsOf } from '../../src/sandbox/protected-refs.js';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab.yaml's protected_branches, protected_tags and deploy_keys end to end: what the service answers after apply, and nothing left on a second plan. */
const world = useDesiredWorlds();

function publicKeyLine(comment: string): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ${comment}`;
}

const roles = (levels: Array<{ access_level: number }>) => levels.map((level) => level.access_level);

describe('collab.yaml: protected branches and tags, deploy keys', () => {
  it('plan, apply, plan again: the second plan empty, a second apply writes nothing', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const key = publicKeyLine('ci@example.com');
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    protected_branches:',
        '      - name: main',
        '        merge_access_level: developer',
        '        allow_force_push: true',
        "      - name: 'hotfix/*'",
        '        push_access_level: no-one',
        '    protected_tags:',
        "      - name: 'v*'",
        '        create_access_level: developer',
        '    deploy_keys:',
        '      - title: ci',
        `        key: ${key}`,
        '        can_push: true',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path, '-o', 'ndjson']);
    expect(plan.exitCode).toBe(8);
    expect(
      plan
        .lines<{ section: string; key: string; action: string }>()
        .map((line) => [line.section, line.key, line.action]),
    ).toEqual([
      ['protected_branches', 'main', 'update'],
      ['protected_branches', 'hotfix/*', 'create'],
      ['protected_tags', 'v*', 'create'],
      ['deploy_keys', 'ci', 'create'],
    ]);
    expect(plan.lines()[0]).toMatchObject({
      from: { merge_access_level: 'maintainer', allow_force_push: false },
      to: { merge_access_level: 'developer', allow_force_push: true },
    });
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);

    const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}`;
    const main = await getJson(`${storefront}/protected_branches/main`);
    expect([roles(main.push_access_levels), roles(main.merge_access_levels), main.allow_force_push]).toEqual([
      [40],
      [30],
      true,
    ]);
    expect(roles((await getJson(`${storefront}/protected_branches/hotfix%2F%2A`)).push_access_levels)).toEqual([0]);
    expect(roles((await getJson(`${storefront}/protected_tags/v%2A`)).create_access_levels)).toEqual([30]);
    expect(
      (await getJson(`${storefront}/deploy_keys`)).map((k: { title: string; can_push: boolean; key: string }) => [
        k.title,
        k.can_push,
        k.key,
      ]),
    ).toEqual([
      ['CI deploy', true, expect.any(String)],
      ['ci', true, key],
    ]);

    const again = await collab(['plan', '-f', path]);
    expect(again).toMatchObject({ exitCode: 0 });
    sandbox.resetStats();
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it("a tag's changed role keeps its deploy key's create entry the file does not mention", async () => {
    const w = await world();
    const at = `/projects/${encodeURIComponent('acme/web/storefront')}`;
    const key = await w.call('POST', `${at}/deploy_keys`, {
      json: { title: 'tagger', key: publicKeyLine('tagger'), can_push: true },
    });
    expect(key.status).toBe(201);
    const tagged = await w.call('POST', `${at}/protected_tags`, {
      json: { name: 'v*', allowed_to_create: [{ access_level: 40 }, { deploy_key_id: key.body.id }] },
    });
    expect(tagged.status).toBe(201);
    const path = w.file(
      "version: 1\nprojects:\n  acme/web/storefront:\n    protected_tags:\n      - name: 'v*'\n        create_access_level: developer\n",
    );
    const applied = await w.collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const levels = (await w.getJson(`${at}/protected_tags/v%2A`)).create_access_levels as Array<{
      access_level: number;
      deploy_key_id?: number;
    }>;
    expect(levels.map((level) => level.deploy_key_id ?? level.access_level).sort()).toEqual([30, key.body.id].sort());
    expect((await w.collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it("a user's push entry is no role: the plan shows the role alone, and the role's change keeps the user's entry", async () => {
    const w = await world();
    const project = await w.idOf('projects', 'acme/web/storefront');
    // GitLab answers a user's entry with the column's level, 40, beside its user_id (Premium).
    const entry = {
      id: w.sandbox.store.nextId('ref_access'),
      access_level: 40,
      user_id: await w.idOf('users', 'xena'),
    };
    writableRefsOf(w.sandbox.store, project).branches.get('main')?.push.push(entry);
    const file = (role: string) =>
      w.file(
        `version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      - { name: main, push_access_level: ${role} }\n`,
        `${role}.yaml`,
      );
    expect((await w.collab(['plan', '-f', file('maintainer')])).exitCode).toBe(0);
    const plan = await w.collab(['plan', '-f', file('developer'), '-o', 'ndjson']);
    expect(plan.lines<{ from: unknown; to: unknown }>().map((c) => [c.from, c.to])).toEqual([
      [{ push_access_level: 'maintainer' }, { push_access_level: 'developer' }],
    ]);
    expect((await w.collab(['apply', '-f', file('developer'), '--yes'])).exitCode).toBe(0);
    const levels = (await w.getJson(`/projects/${project}/protected_branches/main`)).push_access_levels as Array<{
      access_level: number;
      user_id?: number;
    }>;
    expect(levels.map((level) => [level.access_level, level.user_id ?? null])).toEqual([
      [40, entry.user_id],
      [30, null],
    ]);
  });

  it("a branch pushed to by a user's entry alone is planned to get the role the file gives, read by GraphQL too", async () => {
    const w = await world();
    const project = await w.idOf('projects', 'acme/web/storefront');
    const main = writableRefsOf(w.sandbox.store, project).branches.get('main');
    const entry = {
      id: w.sandbox.store.nextId('ref_access'),
      access_level: 40,
      user_id: await w.idOf('users', 'xena'),
    };
    main?.push.splice(0, main.push.length, entry);
    const path = w.file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      - { name: main, push_access_level: maintainer }\n',
    );
    for (const args of [[], ['--no-graphql']]) {
      const plan = await w.collab(['plan', '-f', path, '-o', 'ndjson', ...args]);
      expect(
        plan.lines<{ from: unknown; to: unknown }>().map((c) => [c.from, c.to]),
        args[0],
      ).toEqual([[{ push_access_level: null }, { push_access_level: 'maintainer' }]]);
    }
  });

  it("a tag with a user's create entry beside the maintainers' plans nothing for create_access_level: maintainer", async () => {
    const w = await world();
    const project = await w.idOf('projects', 'acme/platform/api');
    const entry = {
      id: w.sandbox.store.nextId('ref_access'),
      access_level: 40,
      user_id: await w.idOf('users', 'xena'),
    };
    writableRefsOf(w.sandbox.store, project).tags.get('v*')?.create.push(entry);
    const path = w.file(
      "version: 1\nprojects:\n  acme/platform/api:\n    protected_tags:\n      - name: 'v*'\n        create_access_level: maintainer\n",
    );
    const plan = await w.collab(['plan', '-f', path]);
    expect(plan.exitCode, plan.stdout).toBe(0);
  });

  it('a deploy key the project has, listed under another title, is refused at plan: GitLab would keep it as it is', async () => {
    const { collab, file, sandbox, writes, getJson } = await world();
    const at = `/projects/${encodeURIComponent('acme/web/storefront')}/deploy_keys`;
    const [seeded] = (await getJson(at)) as Array<{ title: string; key: string }>;
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    deploy_keys:\n      enforce: true\n      items:\n        - { title: renamed, key: "${seeded?.key}" }\n`,
    );
    sandbox.resetStats();
    for (const args of [
      ['plan', '-f', path],
      ['apply', '-f', path, '--yes'],
    ]) {
      const result = await collab(args);
      expect(result.exitCode, result.stdout).toBe(2);
      expect(result.stderr).toMatch(
        /^error: deploy_keys: renamed on project acme\/web\/storefront is the key it has as "CI deploy": a project holds a key once/m,
      );
    }
    expect(writes()).toEqual([]);
    expect(((await getJson(at)) as Array<{ title: string }>).map((key) => key.title)).toEqual(['CI deploy']);
  });

  it('apply --yes leaves the protected branches, tags and deploy keys the file lists, enforce: true', async () => {
    const { collab, file, getJson } = await world();
    const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}`;
    const seededKey = (await getJson(`${storefront}/deploy_keys`))[0];
    const key = publicKeyLine('new');
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    protected_branches:',
        '      enforce: true',
        '      items:',
        '        - name: main',
        '    deploy_keys:',
        '      - title: CI deploy',
        `        key: ${key}`,
        '  acme/platform/api:',
        '    protected_tags:',
        "      - name: 'v*'",
        '        create_access_level: no-one',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path], { tty: true });
    expect(plan.stdout).toContain('- protected branch release/* (destructive)');
    expect((await collab(['apply', '-f', path])).exitCode).toBe(2);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect((await getJson(`${storefront}/protected_branches`)).map((b: { name: string }) => b.name)).toEqual(['main']);
    const keys = await getJson(`${storefront}/deploy_keys`);
    expect(keys.map((k: { title: string; key: string }) => [k.title, k.key])).toEqual([['CI deploy', key]]);
    expect(keys[0].id).not.toBe(seededKey.id);
    expect(
      roles(
        (await getJson(`/projects/${encodeURIComponent('acme/platform/api')}/protected_tags/v%2A`))
          .create_access_levels,
      ),
    ).toEqual([0]);
    expect((await collab(['plan', '-f', path])).exitCode).toBe(0);
  });

  it('reads each section with one GET a project, only when the file uses it', async () => {
    const { collab, file, sandbox } = await world();
    const gets = (part: string) => sandbox.requestLog.filter((r) => r.method === 'GET' && r.path.includes(part)).length;
    sandbox.resetStats();
    await collab(['plan', '-f', file('version: 1\nprojects:\n  acme/web/storefront:\n    description: x\n')]);
    expect([gets('/protected_branches'), gets('/protected_tags'), gets('/deploy_keys')]).toEqual([0, 0, 0]);
    sandbox.resetStats();
    const uses = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches: []\n    protected_tags: []\n    deploy_keys: []\n  acme/platform/api:\n    protected_branches: []\n',
      'uses.yaml',
    );
    expect((await collab(['plan', '-f', uses, '--no-graphql'])).exitCode).toBe(0);
    expect([gets('/protected_branches'), gets('/protected_tags'), gets('/deploy_keys')]).toEqual([2, 1, 1]);
    // Through GraphQL, protected branches (in line) are read with the two projects' one query.
    sandbox.resetStats();
    expect((await collab(['plan', '-f', uses])).exitCode).toBe(0);
    expect([gets('/protected_branches'), gets('/protected_tags'), gets('/deploy_keys')]).toEqual([0, 1, 1]);
    expect(sandbox.requestLog.filter((r) => r.path === '/api/graphql').length).toBe(1);
  });

  it('export writes them so that the plan of the export is empty', async () => {
    const { collab, file } = await world();
    const key = publicKeyLine('ci');
    const setUp = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      - name: 'hotfix/*'\n        push_access_level: no-one\n        allow_force_push: true\n    protected_tags:\n      - name: 'v*'\n        create_access_level: developer\n    deploy_keys:\n      - title: ci\n        key: ${key}\n`,
    );
    expect((await collab(['apply', '-f', setUp, '--yes'])).exitCode).toBe(0);
    const exported = await collab(['export', 'acme/web/storefront']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const project = parse(exported.stdout).projects['acme/web/storefront'];
    expect(project.protected_branches).toEqual([
      { name: 'main' },
      { name: 'release/*', merge_access_level: 'developer' },
      { name: 'hotfix/*', push_access_level: 'no-one', allow_force_push: true },
    ]);
    expect(project.protected_tags).toEqual([{ name: 'v*', create_access_level: 'developer' }]);
    expect(project.deploy_keys).toEqual([
      expect.objectContaining({ title: 'CI deploy', can_push: true }),
      { title: 'ci', key },
    ]);
    // The seed's masked variable on the project is exported as a placeholder: its value is set for the plan.
    const planned = await collab(['plan', '-f', file(exported.stdout, 'exported.yaml')], {
      env: { STRIPE_API_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc' },
    });
    expect(planned.stderr).toMatch(/^no changes; /);
    expect(planned.exitCode).toBe(0);
  });

  it('refuses what the schema cannot take, with its place in the file', async () => {
    const { collab, file } = await world();
    const bad = await collab([
      'plan',
      '-f',
      file(
        "version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      - name: main\n        unprotect_access_level: no-one\n    protected_tags:\n      - name: 'v*'\n        create_access_level: admin\n",
      ),
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/collab\.yaml:6:\d+: .*unprotect_access_level/);
    expect(bad.stderr).toMatch(/collab\.yaml:9:\d+: .*create_access_level/);
  });
});
