import { describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { runMain, tempConfigDir, useSandbox } from '../helpers/cli.js';

/**
 * The list flags have one rule for every list command (src/list-flags.ts): --limit N the first N,
 * --all every item, --page N exactly that page; --all with --limit or --page is a usage error.
 */

/** Arguments that make each list command otherwise valid, so that only the list flags are wrong. */
const VALID_ARGS: Record<string, string[]> = {
  'projects list': [],
  'projects forks': ['acme/web'],
  'projects starrers': ['acme/web'],
  'projects users': ['acme/web'],
  'projects groups': ['acme/web'],
  'groups list': [],
  'groups subgroups': ['acme'],
  'groups descendants': ['acme'],
  'groups projects': ['acme'],
  'groups provisioned-users': ['acme'],
  'groups members list': ['acme'],
  'projects members list': ['acme/web'],
  'users memberships': ['olivia'],
  'users list': [],
  'hooks list': ['--project', 'acme/web'],
  'variables list': ['--project', 'acme/web'],
  'labels list': ['--project', 'acme/web'],
  'badges list': ['--project', 'acme/web'],
  'notes list': ['--project', 'acme/web', '--issue', '1'],
  'protected-branches list': ['--project', 'acme/web/storefront'],
  'protected-tags list': ['--project', 'acme/web/storefront'],
  'deploy-keys list': ['--project', 'acme/web/storefront'],
  'schedules list': ['--project', 'acme/web/storefront'],
  'mirrors list': ['--project', 'acme/web/storefront'],
  'approval-rules list': ['--project', 'acme/web/storefront'],
  'protected-environments list': ['--project', 'acme/web/storefront'],
  'integrations list': ['--project', 'acme/web/storefront'],
};

function listCommands(spec: CommandSpec, path: string[] = []): string[] {
  if (spec.subcommands?.length) return spec.subcommands.flatMap((sub) => listCommands(sub, [...path, spec.name]));
  return spec.list ? [[...path, spec.name].join(' ')] : [];
}

describe('list flags: one rule for every list command', () => {
  it('knows every list command of the tree', async () => {
    const found = (await loadCommandTree()).flatMap((spec) => listCommands(spec));
    expect(found.sort()).toEqual(Object.keys(VALID_ARGS).sort());
  });

  // Nothing listens on port 9: a request sent would fail with exit 1, not 2.
  const env = {
    PATH: process.env.PATH,
    COLLAB_CONFIG_DIR: tempConfigDir(),
    COLLAB_HOST: 'http://127.0.0.1:9',
    COLLAB_TOKEN: 'glpat-test',
  };
  for (const [command, args] of Object.entries(VALID_ARGS)) {
    it(`${command}: --all with --limit or --page is a usage error, before any request`, async () => {
      for (const [flags, other] of [
        [['--all', '--limit', '5'], '--limit'],
        [['--page', '2', '--all'], '--page'],
      ] as const) {
        const r = await runMain([...command.split(' '), ...args, ...flags], env);
        expect(r.exitCode).toBe(2);
        expect(r.stderr).toMatch(new RegExp(`^error: --all cannot be used with ${other}\\n`));
        expect(r.stdout).toBe('');
      }
    });
  }
});

describe('list flags against the service', () => {
  const { collab } = useSandbox({ seed: 30 });
  const ids = (r: { json<T>(): T }) => r.json<Array<{ id: number }>>().map((p) => p.id);

  it('columns --fields chose left out on a narrow terminal: the note says fewer --fields or -o json, not --fields again', async () => {
    const fields = 'id,path_with_namespace,description,star_count,visibility,last_activity_at';
    const r = await collab(['projects', 'list', '--limit', '3', '--fields', fields], {
      tty: true,
      env: { COLLAB_FORCE_TTY: '80' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^LAST ACTIVITY left out to fit 80 columns; fewer --fields, or -o json, show it\n/);
  });

  it('--page N prints exactly that page, of --per-page items', async () => {
    const first = await collab(['projects', 'list', '--limit', '10', '--per-page', '5', '--json']);
    expect(first.exitCode).toBe(0);
    expect(ids(first)).toHaveLength(10);
    const page = await collab(['projects', 'list', '--page', '2', '--per-page', '5', '--json']);
    expect(page.exitCode).toBe(0);
    expect(ids(page)).toEqual(ids(first).slice(5, 10));
  });

  it('--limit N prints the first N, from as many pages as that takes', async () => {
    const r = await collab(['projects', 'list', '--limit', '27', '--per-page', '10', '--json']);
    expect(ids(r)).toHaveLength(27);
    expect(new Set(ids(r)).size).toBe(27);
  });
});
