import { beforeEach, describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { displayWidth } from '../../src/output/text-width.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * Every table fits its terminal. Every command that only reads (lists and views,
 * found in the command tree, not listed by hand: a new one fails here until it has arguments) is
 * drawn at 60, 80 and 120 columns against the sandbox, with long values made first; no line of
 * a table may be wider than the terminal (nor of a view, but for a value longer than the terminal,
 * which a view shows whole).
 */

/** Commands that read but draw no table or summary of the service's data. */
const NO_TABLE = new Set([
  'projects snapshot',
  'groups avatar',
  'plan',
  'export',
  'auth login',
  'auth logout',
  'auth switch',
  'auth token',
  'config get',
  'config set',
  'config path',
  'completion',
  'mirrors public-key',
  'sandbox',
]);

const P = 'acme/platform/infra/a-project-with-a-rather-long-name';
const G = 'acme/platform/infra';

/** Arguments that make each such command print rows. */
const ARGS: Record<string, string[]> = {
  'projects list': ['--limit', '5'],
  'projects view': [P],
  'projects forks': [P],
  'projects starrers': [P],
  'projects languages': ['acme/web/storefront'],
  'projects users': [P],
  'projects groups': [P],
  'projects storage': [P],
  'projects members list': [P],
  'groups list': ['--limit', '5'],
  'groups subgroups': ['acme/platform'],
  'groups descendants': ['acme'],
  'groups projects': [G],
  'groups provisioned-users': ['acme'],
  'groups view': [G],
  'groups members list': [G],
  'groups ldap-links list': [G],
  'notes list': ['--project', P, '--issue', '1'],
  'notes view': ['--project', P, '--issue', '1'],
  'hooks list': ['--project', P],
  'hooks view': ['--project', P],
  'push-rule view': ['--project', P],
  'share list': ['--project', P],
  'variables list': ['--project', 'acme/web/storefront'],
  'variables view': ['STRIPE_API_KEY', '--project', 'acme/web/storefront'],
  'labels list': ['--project', 'acme/web/storefront'],
  'labels view': ['bug', '--project', 'acme/web/storefront'],
  'badges list': ['--project', 'acme/web/storefront'],
  'badges view': ['1', '--project', 'acme/web/storefront'],
  'protected-branches list': ['--project', P],
  'protected-branches view': ['release/candidates-for-the-next-long-term-support-*', '--project', P],
  'protected-tags list': ['--project', P],
  'protected-tags view': ['v*-long-term-support-release-candidate', '--project', P],
  'deploy-keys list': ['--project', P],
  'deploy-keys view': ['--project', P],
  'schedules list': ['--project', P],
  'schedules view': ['--project', P],
  'mirrors list': ['--project', P],
  'mirrors view': ['--project', P],
  'job-token-scope view': ['--project', P],
  'job-token-scope list': ['--project', P],
  'approval-rules list': ['--project', P],
  'approval-rules view': ['The security team reviews every change to the release branches', '--project', P],
  'approval-settings view': ['--project', P],
  'protected-environments list': ['--project', P],
  'protected-environments view': ['production-in-the-main-datacenter-of-the-platform-team', '--project', P],
  'integrations list': ['--project', P],
  'integrations view': ['jira', '--project', P],
  'users memberships': ['dana'],
  'users list': [],
  'users view': ['dana'],
  'access-report': [G, '--include-groups'],
  'auth status': [],
  'config list': [],
};

/** A summary line whose value alone (after the label and its two spaces) is wider than the room the terminal leaves it. */
function longValue(line: string, width: number): boolean {
  const value = /^\S.*?\s{2,}(\S.*)$/.exec(line)?.[1] ?? line.trimStart();
  return displayWidth(value) > width - (displayWidth(line) - displayWidth(value));
}

function readers(specs: readonly CommandSpec[], prefix = ''): string[] {
  return specs.flatMap((spec) => {
    const path = `${prefix} ${spec.name}`.trim();
    if (spec.subcommands) return readers(spec.subcommands, path);
    return spec.mutating || NO_TABLE.has(path) ? [] : [path];
  });
}

describe('every table fits its terminal', () => {
  const { collab } = useSandbox({ seed: 30 });
  const ids: { note?: number; hook?: number; deployKey?: number; schedule?: number; mirror?: number } = {};

  // Each case starts from a fresh sandbox (useSandbox): the long values are made for each.
  beforeEach(async () => {
    const made = async (args: string[]) => {
      const result = await collab(args);
      if (result.exitCode !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
      return result;
    };
    await made([
      'projects',
      'create',
      '--name',
      'a-project-with-a-rather-long-name',
      '--namespace',
      G,
      '--description',
      'A description long enough to need cutting on any terminal narrower than this sentence is long',
    ]);
    await made(['projects', 'star', P]);
    await made(['projects', 'fork', P, '--namespace', 'globex/research']);
    await made(['projects', 'members', 'add', P, '--user', 'dana', '--access', 'developer', '--expires', '2099-01-31']);
    await made(['groups', 'members', 'add', G, '--user', 'dana', '--access', 'developer']);
    ids.note = (
      await made([
        'notes',
        'create',
        '--project',
        P,
        '--issue',
        '1',
        '--body',
        `A note with a long body. ${'Words that go on. '.repeat(12)}`,
        '--json',
      ])
    ).json<{ id: number }>().id;
    ids.mirror = (
      await collab(['mirrors', 'create', '--project', P, '--enabled', '--json'], {
        input: 'https://a-deploy-bot:a-token@git.example.com/the-platform-team/a-project-with-a-rather-long-name.git',
      })
    ).json<{ id: number }>().id;
    await made(['job-token-scope', 'add', '--project', P, '--target-group', G]);
    ids.hook = (
      await made([
        'hooks',
        'create',
        '--project',
        P,
        '--url',
        'https://hooks.example.com/a/rather/long/path/to/a/receiver',
        '--push-events',
        '--issues-events',
        '--merge-requests-events',
        '--json',
      ])
    ).json<{ id: number }>().id;
    await made([
      'push-rule',
      'create',
      '--project',
      P,
      '--commit-message-regex',
      'JIRA-\\d+ .{10,}',
      '--deny-delete-tag',
    ]);
    await made([
      'share',
      'add',
      '--project',
      P,
      '--with',
      'globex/research',
      '--access',
      'reporter',
      '--expires',
      '2099-06-30',
    ]);
    await made([
      'protected-branches',
      'create',
      'release/candidates-for-the-next-long-term-support-*',
      '--project',
      P,
      '--push',
      'no-one',
      '--merge',
      'developer',
      '--allow-force-push',
    ]);
    await made([
      'protected-tags',
      'create',
      'v*-long-term-support-release-candidate',
      '--project',
      P,
      '--create-access',
      'developer',
    ]);
    const key = `ssh-ed25519 ${Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.from([0, 0, 0, 32]), Buffer.alloc(32, 7)]).toString('base64')} ci@example.com`;
    const deployKey = await collab(
      [
        'deploy-keys',
        'create',
        '--project',
        P,
        '--title',
        'The continuous integration runner of the platform team',
        '--can-push',
        '--json',
      ],
      { input: key },
    );
    ids.deployKey = deployKey.json<{ id: number }>().id;
    ids.schedule = (
      await made([
        'schedules',
        'create',
        '--project',
        P,
        '--description',
        'The nightly end-to-end suite against the staging environment of the platform',
        '--ref',
        'refs/heads/release/candidates-for-the-next-long-term-support-release',
        '--cron',
        '0 2 * * 1-5',
        '--cron-timezone',
        'America/Argentina/Buenos_Aires',
        '--variable',
        'SUITE=the-whole-end-to-end-suite-with-every-browser-and-every-locale',
        '--json',
      ])
    ).json<{ id: number }>().id;
    await made([
      'approval-rules',
      'create',
      'The security team reviews every change to the release branches',
      '--project',
      P,
      '--approvals',
      '2',
      '--approver',
      'dana',
      '--approver-group',
      'acme/platform',
      '--branch',
      'release/candidates-for-the-next-long-term-support-*',
    ]);
    await made([
      'protected-environments',
      'create',
      'production-in-the-main-datacenter-of-the-platform-team',
      '--project',
      P,
      '--deploy-role',
      'maintainer',
      '--deploy-user',
      'dana',
      '--approver-user',
      'max',
      '--approver-role',
      'developer',
      '--approvals',
      '2',
    ]);
    await collab(
      [
        'integrations',
        'set',
        'jira',
        '--project',
        P,
        '--url',
        'https://the-platform-team.atlassian.example.com/jira/software/projects/PLATFORM',
        '--token-file',
        '-',
      ],
      { input: 'a-token' },
    );
    await made([
      'groups',
      'ldap-links',
      'add',
      G,
      '--cn',
      'engineering-platform-infrastructure-team',
      '--provider',
      'ldapmain',
      '--access',
      'developer',
    ]);
  });

  it('draws every command that reads: none is left out', async () => {
    expect((await readers(await loadCommandTree())).sort()).toEqual(Object.keys(ARGS).sort());
  });

  for (const width of [60, 80, 120]) {
    it(`no line is wider than ${width} columns`, async () => {
      const tooWide: string[] = [];
      for (const command of Object.keys(ARGS)) {
        const args = [...command.split(' '), ...(ARGS[command] as string[])];
        if (command === 'notes view') args.splice(2, 0, String(ids.note));
        if (command === 'hooks view') args.splice(2, 0, String(ids.hook));
        if (command === 'deploy-keys view') args.splice(2, 0, String(ids.deployKey));
        if (command === 'schedules view') args.splice(2, 0, String(ids.schedule));
        if (command === 'mirrors view') args.splice(2, 0, String(ids.mirror));
        const result = await collab(args, { tty: true, env: { COLLAB_FORCE_TTY: String(width) } });
        expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        // A table (its box closed) or a view (a label, two spaces or more, the value, or the value
        // indented on a line below it): never nothing.
        expect(result.stdout, args.join(' ')).toMatch(/^(┌[\s\S]*\n└[^\n]*|\S[^\n]*?( {2,}|\n {4})\S[\s\S]*)\n$/);
        // A view's summary shows each value whole (README, Output), so a value longer than the
        // terminal runs on; its labels and every shorter value line up within it.
        const isView = !result.stdout.startsWith('┌');
        const lines = result.stdout.split('\n').filter((line) => !(isView && longValue(line, width)));
        const widest = Math.max(...lines.map((line) => displayWidth(line)));
        if (widest > width) tooWide.push(`${command}: ${widest}`);
      }
      expect(tooWide).toEqual([]);
    });
  }
});
