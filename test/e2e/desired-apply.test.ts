import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab apply against the sandbox: what the service answers after apply, and a second apply that writes nothing. */
const world = useDesiredWorlds();

const EXAMPLE = fileURLToPath(new URL('../../examples/collab.yaml', import.meta.url));

const POLICY = `version: 1
groups:
  acme/web:
    settings:
      description: Web team, managed
    projects:
      settings:
        merge_method: ff
        only_allow_merge_if_pipeline_succeeds: true
      push_rule:
        prevent_secrets: true
        max_file_size: 25
      hooks:
        - url: https://hooks.example.com/ci
          token: \${env:HOOK_TOKEN}
          merge_requests_events: true
`;

describe('collab apply', () => {
  it('--dry-run is plan: the diff, exit 8, nothing written', async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = file(POLICY);
    const env = { HOOK_TOKEN: 'hook-secret-123' };
    const planned = await collab(['plan', '-f', path], { env });
    sandbox.resetStats();
    const dry = await collab(['apply', '-f', path, '--dry-run'], { env });
    expect(dry.exitCode).toBe(8);
    expect(dry.stdout).toBe(planned.stdout);
    expect(dry.stdout).toContain('~ merge_method: merge -> ff  on 4 projects below acme/web\n');
    expect(writes()).toEqual([]);
  });

  it('a missing -f file says no such file, with the hint to give one, as plan does: exit 2, no request', async () => {
    const { collab, dir, sandbox } = await world();
    const missing = join(dir, 'absent.json');
    sandbox.resetStats();
    const result = await collab(['apply', '-f', missing, '--yes']);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${missing}: no such file\nhint: give the desired-state file with -f <file> (default collab.yaml)\n`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('writes what differs (settings in one PUT a target), and a second apply makes no write', async () => {
    const { collab, file, sandbox, writes, served } = await world();
    const path = file(POLICY);
    const env = { HOOK_TOKEN: 'hook-secret-123' };
    const applied = await collab(['apply', '-f', path, '--yes'], { env });
    expect(applied.exitCode).toBe(0);
    expect(applied.stderr).toBe('5 ok\n');
    // Each result names what changed; the token is a secret, shown nowhere.
    expect(applied.stdout).toContain(
      'acme/web/storefront\tok\tmerge_method: merge -> ff; only_allow_merge_if_pipeline_succeeds: false -> true; + push_rule.prevent_secrets: true; + push_rule.max_file_size: 25; + hook https://hooks.example.com/ci\n',
    );
    expect(applied.stdout).toContain('acme/web\tok\tdescription: Web team -> Web team, managed\n');
    expect(applied.stdout + applied.stderr).not.toContain('hook-secret-123');
    const projects = await served.projectsUnder('acme/web');
    expect(projects.length).toBe(4);
    for (const project of projects) {
      expect(project).toMatchObject({ merge_method: 'ff', only_allow_merge_if_pipeline_succeeds: true });
      expect(await served.pushRule(project.path_with_namespace)).toEqual({ prevent_secrets: true, max_file_size: 25 });
      const hooks = await served.hooks(project.path_with_namespace);
      expect(hooks.map((h) => ({ url: h.url, token: h.token, mr: h.merge_requests_events }))).toEqual([
        { url: 'https://hooks.example.com/ci', token: 'hook-secret-123', mr: true },
      ]);
    }
    expect((await served.group('acme/web')).description).toBe('Web team, managed');
    // One PUT of both settings per project, one POST of the push rule, one of the hook.
    const puts = writes().filter((r) => r.method === 'PUT');
    expect(puts.length).toBe(5);

    sandbox.resetStats();
    const again = await collab(['apply', '-f', path, '--yes'], { env });
    expect(again).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: 'no changes; 10 requests read 5 targets (2.00 a target)\n',
    });
    expect(writes()).toEqual([]);
  });

  it('applies examples/collab.yaml: a group made, shares, subgroups, globs, inherit: false, archiving with --yes', async () => {
    const { collab, sandbox, writes, dir, served } = await world();
    const env = { CI_HOOK_TOKEN: 'ci-token-abcdef' };
    const legacyBefore = await served.project('acme/legacy-monolith');
    // The journal goes to the test's directory, not beside the example in the repository.
    const journal = ['--journal', join(dir, 'apply.journal')];
    const refused = await collab(['apply', '-f', EXAMPLE, ...journal], { env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /^error: apply 102 changes \(1 destructive\) to 21 targets \(acme, acme\/platform and 19 more\) needs confirmation, and standard input is not a terminal; nothing was sent\n/,
    );
    expect(refused.stderr).toContain(
      `hint: pass --yes, or review a saved plan and apply it: \`collab plan -f ${EXAMPLE} --out plan.json\`, then \`collab apply -f plan.json\`\n`,
    );
    expect(writes()).toEqual([]);

    const applied = await collab(['apply', '-f', EXAMPLE, '--yes', ...journal], { env });
    expect(applied.exitCode).toBe(0);
    const auditors = await served.group('auditors');
    expect(auditors).toMatchObject({
      visibility: 'private',
      description: 'Read-only access for the audit team',
      parent_id: null,
    });
    const acme = await served.group('acme');
    expect(acme.shared_with_groups).toEqual([
      {
        group_id: auditors.id,
        group_name: auditors.name,
        group_full_path: 'auditors',
        group_access_level: 20,
        expires_at: null,
      },
    ]);
    expect(acme).toMatchObject({ project_creation_level: 'maintainer', request_access_enabled: false });
    expect(await served.group('acme/platform/infra')).toMatchObject({
      share_with_group_lock: true,
      request_access_enabled: false,
    });
    expect(await served.project('acme/web/storefront')).toMatchObject({
      merge_method: 'ff',
      only_allow_merge_if_all_discussions_are_resolved: true,
      request_access_enabled: false,
    });
    expect(await served.project('acme/platform/api')).toMatchObject({ merge_method: 'rebase_merge' });
    // acme/platform/* is one segment: a project two levels down keeps the group-wide ff.
    expect(await served.project('acme/platform/infra/terraform')).toMatchObject({ merge_method: 'ff' });
    // Archived, and nothing else of it changed.
    const legacy = await served.project('acme/legacy-monolith');
    expect(legacyBefore.archived).toBe(false);
    expect(legacy.archived).toBe(true);
    expect(legacy.merge_method).toBe(legacyBefore.merge_method);
    expect(await served.pushRule('acme/legacy-monolith')).toBeNull();

    sandbox.resetStats();
    const again = await collab(['apply', '-f', EXAMPLE, ...journal], { env });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toMatch(/^no changes; \d+ requests read \d+ targets/);
    expect(writes()).toEqual([]);
  });
});

describe('collab apply when targets fail with a hint', () => {
  /** Groups max maintains but does not own (a 403 whose hint names the Owner role), and a project max may change. */
  const REFUSED = `version: 1
groups:
  acme/web:
    settings: { description: "Web, managed" }
  acme/platform:
    settings: { description: "Platform, managed" }
projects:
  acme/web/storefront:
    settings: { merge_method: ff }
`;

  it('unarchives a project before its other changes, which an archived project would refuse, and archives after them', async () => {
    const { collab, file, sandbox, writes, call } = await world();
    const legacy = `/projects/${encodeURIComponent('acme/legacy-monolith')}`;
    expect((await call('POST', `${legacy}/archive`)).status).toBe(201);
    const change = (archived: boolean, label: string) =>
      file(
        `version: 1\nprojects:\n  acme/legacy-monolith:\n    archived: ${archived}\n    labels:\n      - { name: ${label}, color: teal }\n    settings:\n      description: ${label}\n`,
        `${label}.yaml`,
      );
    const sent = () => writes().map((w) => `${w.method} ${w.path.replace(/^\/api\/v4\/projects\/\d+/, '')}`);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', change(false, 'revived'), '--yes'])).exitCode).toBe(0);
    expect(sent()[0]).toBe('POST /unarchive');
    expect(sent().slice(1).sort()).toEqual(['POST /labels', 'PUT ']);
    sandbox.resetStats();
    expect((await collab(['apply', '-f', change(true, 'retired'), '--yes'])).exitCode).toBe(0);
    expect(sent().at(-1)).toBe('POST /archive');
    expect(sent()).toHaveLength(3);
  });

  it('shows the hint the refused targets share once on stderr, between the results and the run’s error', async () => {
    const { collab, file } = await world();
    const path = file(REFUSED);
    const applied = await collab(['apply', '-f', path, '--yes'], { as: 'maintainer' });
    expect(applied.exitCode).toBe(3);
    expect(applied.stdout).toBe(
      'acme/platform\tfailed\t403 Forbidden (PUT /groups/8)\n' +
        'acme/web\tfailed\t403 Forbidden (PUT /groups/10)\n' +
        'acme/web/storefront\tok\tmerge_method: merge -> ff\n',
    );
    expect(applied.stderr).toBe(
      'hint for acme/platform and 1 other: only owners and administrators may do this: it needs the Owner role; ask one of them, or check your role\n' +
        'error: 1 ok, 2 failed\n' +
        `hint: the journal ${path}.journal keeps what was done: fix the cause of the failures, then \`collab apply --resume\`\n`,
    );
  });

  it('keeps the hint out of the json results: the error is the service’s message alone', async () => {
    const { collab, file } = await world();
    const applied = await collab(['apply', '-f', file(REFUSED), '--yes', '-o', 'json'], { as: 'maintainer' });
    const failed = applied.json<Record<string, unknown>[]>().filter((result) => result.status === 'failed');
    expect(failed).toEqual([
      { target: 'acme/platform', status: 'failed', error: '403 Forbidden (PUT /groups/8)', response: null },
      { target: 'acme/web', status: 'failed', error: '403 Forbidden (PUT /groups/10)', response: null },
    ]);
    expect(applied.stderr).toMatch(/^hint for acme\/platform and 1 other: only owners and administrators /);
  });
});

describe('collab apply on a narrow terminal', () => {
  it('on 60 columns, too narrow for its targets beside their results, shows a block a target, each path whole', async () => {
    const { collab, file } = await world();
    const path = file(`version: 1
projects:
  acme/platform/infra/*:
    settings: { description: Infrastructure project managed by collab.yaml }
`);
    const applied = await collab(['apply', '-f', path, '--yes'], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '60', NO_COLOR: '1' },
    });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const results = applied.stdout
      .slice(applied.stdout.lastIndexOf('acme/platform/infra/jolly-beacon-29  '))
      .split('\n');
    expect(results.slice(0, 3)).toEqual([
      'acme/platform/infra/jolly-beacon-29  ok',
      '    description: jolly beacon service -> Infrastructure',
      '    project managed by collab.yaml',
    ]);
    expect(applied.stdout).not.toContain('…/');
  });
});
