import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab hooks against the sandbox, for project hooks and group hooks alike. */
describe('collab hooks', () => {
  const { collab, sandbox, get, getJson } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const secretFile = (secret: string) => {
    const file = join(tempConfigDir(), 'token.txt');
    writeFileSync(file, `${secret}\n`);
    return file;
  };
  const hooksPath = (kind: 'project' | 'group', ref: string) => `/${kind}s/${encodeURIComponent(ref)}/hooks`;
  /** The hooks of a project or group as the service lists them. */
  const hooksOf = (
    kind: 'project' | 'group',
    ref: string,
  ): Promise<Array<Record<string, unknown> & { id: number; url: string }>> => getJson(hooksPath(kind, ref));
  /** The API never returns a hook's secret token (it is write-only): only the store shows it. */
  const tokenOf = (id: number) => sandbox.store.hooks.get(id)?.token;

  describe.each([
    {
      kind: 'project' as const,
      ref: project,
      flag: '--project',
      events: 'issues,merge-requests',
      extra: ['--push-events-branch-filter', 'release/*'],
      extraField: 'push_events_branch_filter',
      as: 'maintainer' as const,
    },
    {
      kind: 'group' as const,
      ref: 'acme',
      flag: '--group',
      events: 'issues,merge_requests_events,subgroup',
      extra: [],
      extraField: 'subgroup_events',
      as: 'owner' as const,
    },
  ])('$kind hooks', ({ kind, ref, flag, events, extra, extraField, as }) => {
    it('create, list, view, update (merging events), delete', async () => {
      const url = `https://ci.example.com/${kind}-hook`;
      const created = await collab(
        ['hooks', 'create', flag, ref, '--url', url, '--events', events, ...extra, '--json'],
        { as },
      );
      expect(created.stderr).toBe(`created hook ${created.json<{ id: number }>().id} on ${kind} ${ref}\n`);
      expect(created.exitCode).toBe(0);
      const hook = created.json<Record<string, unknown> & { id: number }>();
      // --events is the whole set: push (on by default) is off.
      expect(hook).toMatchObject({
        url,
        push_events: false,
        issues_events: true,
        merge_requests_events: true,
        note_events: false,
        enable_ssl_verification: true,
      });
      expect(hook[extraField]).toBe(extraField === 'subgroup_events' ? true : 'release/*');
      expect((await hooksOf(kind, ref)).map((h) => h.url)).toContain(url);

      const list = await collab(['hooks', 'list', flag, ref], { as });
      expect(list.exitCode).toBe(0);
      expect(list.stdout).toContain(
        `${hook.id}\t${url}\t${extraField === 'subgroup_events' ? 'issues,merge-requests,subgroup' : 'issues,merge-requests'}\n`,
      );

      const view = await collab(['hooks', 'view', String(hook.id), flag, ref], { as });
      expect(view.exitCode).toBe(0);
      expect(view.stdout).toContain(`URL\t${url}\n`);
      // A pipe gets the service's value; a terminal reads `on`.
      expect(view.stdout).toContain('TLS verification\ttrue\n');
      const terminal = await collab(['hooks', 'view', String(hook.id), flag, ref], { as, tty: true });
      expect(terminal.stdout).toMatch(/^TLS verification +on$/m);

      // Set one event, then another: both end up on, and nothing else moved.
      const first = await collab(['hooks', 'update', String(hook.id), flag, ref, '--note-events', '--json'], { as });
      expect(first.exitCode).toBe(0);
      const second = await collab(
        ['hooks', 'update', String(hook.id), flag, ref, '--pipeline-events', '--no-enable-ssl-verification', '--json'],
        { as },
      );
      expect(second.exitCode).toBe(0);
      expect(second.json()).toMatchObject({
        url,
        push_events: false,
        issues_events: true,
        merge_requests_events: true,
        note_events: true,
        pipeline_events: true,
        enable_ssl_verification: false,
      });
      const served = await get(`${hooksPath(kind, ref)}/${hook.id}`);
      expect(served.body).toMatchObject({
        note_events: true,
        pipeline_events: true,
        issues_events: true,
        enable_ssl_verification: false,
        [extraField]: hook[extraField],
      });

      const deleted = await collab(['hooks', 'delete', String(hook.id), flag, ref, '--yes'], { as });
      expect(deleted).toMatchObject({
        exitCode: 0,
        stdout: '',
        stderr: `deleted hook ${hook.id} from ${kind} ${ref}\n`,
      });
      expect((await get(`${hooksPath(kind, ref)}/${hook.id}`)).status).toBe(404);

      // Idempotent: gone is done, unless --strict.
      const again = await collab(['hooks', 'delete', String(hook.id), flag, ref, '--yes'], { as });
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toMatch(/already gone/);
      const strict = await collab(['hooks', 'delete', String(hook.id), flag, ref, '--strict', '--yes'], { as });
      expect(strict.exitCode).toBe(4);
      expect(strict.stderr).toMatch(new RegExp(`hook ${hook.id} does not exist on ${kind} ${ref}`));
    });

    it('masks credentials embedded in the URL in every human view; json carries the URL as sent', async () => {
      const url = `https://u:pa55-${kind}@creds.example.com/h`;
      const dryRun = await collab(['hooks', 'create', flag, ref, '--url', url, '--dry-run'], { as });
      expect(dryRun.exitCode).toBe(0);
      expect(dryRun.stdout).toContain('https://u:****@creds.example.com/h');
      const created = await collab(['hooks', 'create', flag, ref, '--url', url, '--json'], { as });
      expect(created.exitCode).toBe(0);
      const id = String(created.json<{ id: number }>().id);
      expect(created.json()).toMatchObject({ url });
      for (const run of [{ as }, { as, tty: true }]) {
        for (const args of [
          ['hooks', 'list', flag, ref],
          ['hooks', 'view', id, flag, ref],
        ]) {
          const result = await collab(args, run);
          expect(result.exitCode).toBe(0);
          expect(result.stdout).toContain('https://u:****@creds.example.com/h');
          expect(result.stdout + result.stderr).not.toContain(`pa55-${kind}`);
        }
      }
      expect((await collab(['hooks', 'view', id, flag, ref, '-o', 'ndjson'], { as })).lines()[0]).toMatchObject({
        url,
      });
    });

    it('never prints the token: create, list, view, --dry-run, --verbose', async () => {
      const secret = `whsec-${kind}-7f3a9c1e`;
      const file = secretFile(secret);
      const url = `https://secret.example.com/${kind}`;
      const runs = [
        await collab(['hooks', 'create', flag, ref, '--url', url, '--token-file', file, '--dry-run'], { as }),
        await collab(['hooks', 'create', flag, ref, '--url', url, '--token-file', file, '--dry-run', '--json'], { as }),
      ];
      expect(runs[0]?.stdout).toContain('"token": "[redacted]"');
      expect((await hooksOf(kind, ref)).some((h) => h.url === url)).toBe(false);
      const created = await collab(
        ['hooks', 'create', flag, ref, '--url', url, '--token-file', file, '--verbose', '--json'],
        { as },
      );
      expect(created.exitCode).toBe(0);
      runs.push(created);
      const id = created.json<{ id: number }>().id;
      expect(tokenOf(id)).toBe(secret);
      runs.push(await collab(['hooks', 'list', flag, ref, '--verbose', '--json'], { as }));
      runs.push(await collab(['hooks', 'view', String(id), flag, ref, '--verbose'], { as }));
      runs.push(
        await collab(['hooks', 'update', String(id), flag, ref, '--token-file', '-', '--verbose', '--dry-run'], {
          as,
          input: `${secret}-2\n`,
        }),
      );
      runs.push(
        await collab(['hooks', 'update', String(id), flag, ref, '--token-file', '-', '--verbose'], {
          as,
          input: `${secret}-2\n`,
        }),
      );
      for (const run of runs) {
        expect(run.exitCode).toBe(0);
        expect(run.stdout + run.stderr).not.toContain(secret);
      }
      expect(tokenOf(id)).toBe(`${secret}-2`);
    });

    it('refuses --token with its value, pointing to --token-file, before sending', async () => {
      sandbox.resetStats();
      const result = await collab(
        ['hooks', 'create', flag, ref, '--url', 'https://x.example.com/h', '--token', 'plain-secret-value'],
        { as },
      );
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/--token is not accepted/);
      expect(result.stderr).toMatch(/--token-file/);
      expect(result.stderr).not.toContain('plain-secret-value');
      expect(sandbox.stats.requests).toBe(0);
    });
  });

  it('refuses the flags of the other kind of hook before sending', async () => {
    sandbox.resetStats();
    const subgroup = await collab([
      'hooks',
      'create',
      '--project',
      project,
      '--url',
      'https://x.example.com/h',
      '--subgroup-events',
    ]);
    expect(subgroup.exitCode).toBe(2);
    expect(subgroup.stderr).toMatch(/^error: --subgroup-events applies to group hooks only\n/);
    const filter = await collab(['hooks', 'update', '1', '--group', 'acme', '--push-events-branch-filter', 'main']);
    expect(filter.exitCode).toBe(2);
    expect(filter.stderr).toMatch(/^error: --push-events-branch-filter applies to project hooks only\n/);
    const events = await collab([
      'hooks',
      'create',
      '--project',
      project,
      '--url',
      'https://x.example.com/h',
      '--events',
      'push,subgroup',
    ]);
    expect(events.exitCode).toBe(2);
    expect(events.stderr).toMatch(/subgroup events exist on group hooks only/);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('refuses bad input before sending: no url, bad url, unknown event, both owners, both token sources', async () => {
    sandbox.resetStats();
    const cases: Array<[string[], RegExp]> = [
      [['hooks', 'create', '--project', project], /required option '--url <url>' not specified/],
      [
        ['hooks', 'create', '--project', project, '--url', 'ftp://example.com/h'],
        /--url: invalid hook URL .*must start with http:\/\/ or https:\/\//,
      ],
      [
        ['hooks', 'create', '--project', project, '--url', 'https://x.example.com', '--events', 'push,pushes'],
        /unknown event "pushes"[\s\S]*valid for project hooks: push, tag-push/,
      ],
      [
        [
          'hooks',
          'create',
          '--project',
          project,
          '--url',
          'https://x.example.com',
          '--events',
          'push',
          '--no-issues-events',
        ],
        /--events cannot be combined/,
      ],
      [
        ['hooks', 'create', '--project', project, '--group', 'acme', '--url', 'https://x.example.com'],
        /--project and --group cannot be used together/,
      ],
      [['hooks', 'list'], /missing --project or --group/],
      [['hooks', 'view', 'abc', '--project', project], /<hook-id>/],
      [['hooks', 'update', '3', '--project', project], /^error: nothing to change\n/],
      [
        [
          'hooks',
          'create',
          '--project',
          project,
          '--url',
          'https://x.example.com',
          '--token-file',
          '-',
          '--token-prompt',
        ],
        /cannot be used together/,
      ],
      [['hooks', 'create', '--project', project, '--url', 'https://x.example.com', '--token-prompt'], /cannot prompt/],
    ];
    for (const [args, message] of cases) {
      const result = await collab(args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
    expect(sandbox.stats.requests).toBe(0);
  });

  it('sets the group-only subgroup events flag on group hooks', async () => {
    const created = await collab(
      [
        'hooks',
        'create',
        '--group',
        'globex',
        '--url',
        'https://sub.example.com/h',
        '--subgroup-events',
        '--no-push-events',
        '--json',
      ],
      { as: 'owner' },
    );
    expect(created.exitCode).toBe(0);
    expect(created.json()).toMatchObject({ subgroup_events: true, push_events: false });
    const list = await collab(['hooks', 'list', '--group', 'globex'], { as: 'owner' });
    expect(list.stdout).toBe(`${created.json<{ id: number }>().id}\thttps://sub.example.com/h\tsubgroup\n`);
  });

  it('reads the token from standard input, refusing an empty one', async () => {
    const empty = await collab(
      ['hooks', 'create', '--project', project, '--url', 'https://x.example.com/h', '--token-file', '-'],
      { input: '\n' },
    );
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/is empty/);
    const created = await collab(
      ['hooks', 'create', '--project', project, '--url', 'https://stdin.example.com/h', '--token-file', '-', '--json'],
      { input: 'from-stdin-secret\n' },
    );
    expect(created.exitCode).toBe(0);
    expect(tokenOf(created.json<{ id: number }>().id)).toBe('from-stdin-secret');
  });

  it('over many owners (--group -) reads the token once and gives it to each hook, each owner a group', async () => {
    const groups = ((await getJson('/groups?per_page=3')) as Array<{ full_path: string }>).map((g) => g.full_path);
    expect(groups).toHaveLength(3);
    const url = 'https://many.example.com/h';
    const created = await collab(
      ['hooks', 'create', '--group', '-', '--url', url, '--token-file', secretFile('many-token'), '-o', 'ndjson'],
      { input: `${groups.join('\n')}\n` },
    );
    expect(created.exitCode).toBe(0);
    expect(created.stderr).not.toContain('many-token');
    for (const group of groups) {
      const made = (await hooksOf('group', group)).filter((h) => h.url === url);
      expect(made).toHaveLength(1);
      expect(tokenOf(made[0]?.id as number)).toBe('many-token');
    }
  });

  it('keeps the URL on update unless given, and warns that a new URL drops the token', async () => {
    const created = await collab([
      'hooks',
      'create',
      '--project',
      project,
      '--url',
      'https://keep.example.com/h',
      '--token-file',
      secretFile('keep-token'),
      '--json',
    ]);
    const id = created.json<{ id: number }>().id;
    const kept = await collab(['hooks', 'update', String(id), '--project', project, '--tag-push-events']);
    expect(kept.exitCode).toBe(0);
    expect((await get(`${hooksPath('project', project)}/${id}`)).body).toMatchObject({
      url: 'https://keep.example.com/h',
      tag_push_events: true,
    });
    expect(tokenOf(id)).toBe('keep-token');
    const moved = await collab([
      'hooks',
      'update',
      String(id),
      '--project',
      project,
      '--url',
      'https://moved.example.com/h',
    ]);
    expect(moved.exitCode).toBe(0);
    expect(moved.stderr).toMatch(/warning: the URL changes, so the service forgets the secret token/);
    expect((await get(`${hooksPath('project', project)}/${id}`)).body).toMatchObject({
      url: 'https://moved.example.com/h',
    });
    expect(tokenOf(id)).toBe(null);
  });

  it('shows the hook as the service has it under --dry-run, and changes nothing', async () => {
    const created = await collab([
      'hooks',
      'create',
      '--project',
      project,
      '--url',
      'https://dry.example.com/h',
      '--json',
    ]);
    const id = created.json<{ id: number }>().id;
    const dry = await collab(['hooks', 'update', String(id), '--project', project, '--issues-events', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(`^PUT http://127\\.0\\.0\\.1:\\d+/api/v4/projects/acme%2Fweb%2Fstorefront/hooks/${id}\\n`),
    );
    expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n') + 1))).toMatchObject({
      url: 'https://dry.example.com/h',
      push_events: true,
      issues_events: true,
    });
    expect((await get(`${hooksPath('project', project)}/${id}`)).body).toMatchObject({
      url: 'https://dry.example.com/h',
      issues_events: false,
    });
    const deleteDry = await collab(['hooks', 'delete', String(id), '--project', project, '--dry-run']);
    expect(deleteDry.stdout).toMatch(/^DELETE http:\/\/.*\/hooks\/\d+\n$/);
    expect((await get(`${hooksPath('project', project)}/${id}`)).status).toBe(200);
  });

  it('maps permission and missing owners to exit codes', async () => {
    const developerOnGroup = await collab(['hooks', 'list', '--group', 'acme'], { as: 'developer' });
    expect(developerOnGroup.exitCode).toBe(3);
    expect(developerOnGroup.stderr).toMatch(/^error: 403 Forbidden/);
    const developerCreates = await collab(['hooks', 'create', '--group', 'acme', '--url', 'https://x.example.com/h'], {
      as: 'developer',
    });
    expect(developerCreates.exitCode).toBe(3);
    expect((await hooksOf('group', 'acme')).some((h) => h.url === 'https://x.example.com/h')).toBe(false);
    const maintainerOnGroup = await collab(['hooks', 'list', '--group', 'acme'], { as: 'maintainer' });
    expect(maintainerOnGroup.exitCode).toBe(3);
    const missingProject = await collab(['hooks', 'delete', '1', '--project', 'acme/nope', '--yes']);
    expect(missingProject.exitCode).toBe(4);
    expect(missingProject.stderr).toMatch(/404 Project Not Found/);
    const missingHook = await collab(['hooks', 'view', '99999', '--project', project]);
    expect(missingHook.exitCode).toBe(4);
  });

  it("an unknown hook's 404 names the owner's list, on view and on update", async () => {
    for (const args of [
      ['hooks', 'view', '99999', '--group', 'acme'],
      ['hooks', 'update', '99999', '--group', 'acme', '--push-events'],
    ]) {
      const missing = await collab(args);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr.split('\n')[1]).toBe(
        'hint: group acme has no hook 99999: `collab hooks list --group acme` lists them',
      );
    }
  });

  it("a group that is not there keeps its own 404's hint, not the hook's", async () => {
    const missing = await collab(['hooks', 'view', '1', '--group', 'no-such-group']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/^error: 404 Group Not Found/);
    expect(missing.stderr).not.toContain('has no hook');
  });
});
