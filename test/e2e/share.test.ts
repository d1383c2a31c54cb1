import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** collab share against the sandbox, for projects and groups alike. */
describe('collab share', () => {
  const { collab, sandbox, getJson, idOf } = useSandbox({ seed: 12 });
  /** The shares as the project's or group's JSON shows them (shared_with_groups). */
  const sharesOf = async (kind: 'project' | 'group', ref: string) => {
    const shares: Array<{ group_id: number; group_access_level: number; expires_at: string | null }> = (
      await getJson(`/${kind}s/${encodeURIComponent(ref)}`)
    ).shared_with_groups;
    return shares.map(({ group_id, group_access_level, expires_at }) => ({ group_id, group_access_level, expires_at }));
  };
  const groupId = (path: string) => idOf('groups', path);

  describe.each([
    { kind: 'project' as const, ref: 'acme/web/storefront', flag: '--project', as: 'maintainer' as const },
    { kind: 'group' as const, ref: 'acme/platform', flag: '--group', as: 'owner' as const },
  ])('$kind shares', ({ kind, ref, flag, as }) => {
    it('shows an expiry date as the day it names on a terminal west of UTC', async () => {
      const added = await collab(
        ['share', 'add', flag, ref, '--with', 'globex/research', '--access', 'reporter', '--expires', '2099-01-31'],
        { as, tty: true, env: { TZ: 'America/Los_Angeles' } },
      );
      expect(added.exitCode, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/\nExpires +2099-01-31\n/);
    });

    it('add by path, list, refuse a second add, remove (idempotent)', async () => {
      const research = await groupId('globex/research');
      const added = await collab(
        ['share', 'add', flag, ref, '--with', 'globex/research', '--access', 'reporter', '--expires', '2099-06-30'],
        { as },
      );
      expect(added.exitCode).toBe(0);
      expect(added.stderr).toBe(`shared ${kind} ${ref} with group globex/research as reporter until 2099-06-30\n`);
      // Piped, the service's values: the access level as a number.
      expect(added.stdout).toBe(`Group ID\t${research}\nGroup\tglobex/research\nAccess\t20\nExpires\t2099-06-30\n`);
      // The path became the group's integer ID.
      expect(await sharesOf(kind, ref)).toContainEqual({
        group_id: research,
        group_access_level: 20,
        expires_at: '2099-06-30',
      });

      const list = await collab(['share', 'list', flag, ref], { as });
      expect(list.exitCode).toBe(0);
      expect(list.stdout).toContain(`${research}\tglobex/research\t20\t2099-06-30\n`);
      const terminal = await collab(['share', 'list', flag, ref], { as, tty: true });
      expect(terminal.stdout).toMatch(/│ globex\/research +│ reporter +│ 2099-06-30 +│/);
      const json = await collab(['share', 'list', flag, ref, '--json'], { as });
      expect(json.json()).toContainEqual({
        group_id: research,
        group_name: 'Research',
        group_full_path: 'globex/research',
        group_access_level: 20,
        expires_at: '2099-06-30',
      });

      const twice = await collab(['share', 'add', flag, ref, '--with', String(research), '--access', '30'], { as });
      expect(twice.exitCode).toBe(5);
      expect(twice.stderr).toMatch(/^error: 409 /);

      const removed = await collab(['share', 'remove', flag, ref, '--with', 'globex/research'], { as });
      expect(removed).toMatchObject({
        exitCode: 0,
        stderr: `stopped sharing ${kind} ${ref} with group globex/research\n`,
      });
      expect((await sharesOf(kind, ref)).some((s) => s.group_id === research)).toBe(false);
      const again = await collab(['share', 'remove', flag, ref, '--with', 'globex/research'], { as });
      expect(again).toMatchObject({
        exitCode: 0,
        stderr: `${kind} ${ref} was not shared with group globex/research; nothing to do\n`,
      });
      const strict = await collab(['share', 'remove', flag, ref, '--with', 'globex/research', '--strict'], { as });
      expect(strict.exitCode).toBe(4);
    });

    it('add by ID with --json prints the share as list shows it', async () => {
      const id = await groupId('initech');
      const added = await collab(['share', 'add', flag, ref, '--with', String(id), '--access', 'developer', '--json']);
      expect(added.exitCode).toBe(0);
      expect(added.json()).toEqual({
        group_id: id,
        group_name: 'Initech',
        group_full_path: 'initech',
        group_access_level: 30,
        expires_at: null,
      });
      await collab(['share', 'remove', flag, ref, '--with', String(id)]);
      expect(await sharesOf(kind, ref)).toEqual([]);
    });

    it('--dry-run resolves the path and prints the request, changing nothing', async () => {
      const globex = await groupId('globex');
      const dry = await collab(['share', 'add', flag, ref, '--with', 'globex', '--access', 'maintainer', '--dry-run'], {
        as,
      });
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toMatch(
        /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/(projects|groups)\/acme%2F(web%2Fstorefront|platform)\/share\n/,
      );
      expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n') + 1))).toEqual({
        group_id: globex,
        group_access: 40,
      });
      expect(await sharesOf(kind, ref)).toEqual([]);
      const removeDry = await collab(['share', 'remove', flag, ref, '--with', 'globex', '--dry-run'], { as });
      expect(removeDry.stdout).toMatch(new RegExp(`^DELETE http:.*/share/${globex}\\n$`));
    });
  });

  it('shares each group read from standard input (--group -) with the --with group, and removes them again', async () => {
    const input = 'acme/web\nacme/platform\n';
    const initech = await groupId('initech');
    const added = await collab(
      ['share', 'add', '--group', '-', '--with', 'initech', '--access', 'guest', '-o', 'ndjson'],
      { input },
    );
    expect(added.exitCode).toBe(0);
    for (const ref of ['acme/web', 'acme/platform'])
      expect(await sharesOf('group', ref)).toContainEqual({
        group_id: initech,
        group_access_level: 10,
        expires_at: null,
      });
    const listed = await collab(['share', 'list', '--group', '-', '--json'], { input });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.split('"group_full_path":"initech"').length - 1).toBe(2);
    const removed = await collab(['share', 'remove', '--group', '-', '--with', 'initech', '--yes', '-o', 'ndjson'], {
      input,
    });
    expect(removed.exitCode).toBe(0);
    for (const ref of ['acme/web', 'acme/platform'])
      expect((await sharesOf('group', ref)).some((s) => s.group_id === initech)).toBe(false);
  });

  it('refuses bad dates and levels before sending', async () => {
    sandbox.resetStats();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string[], RegExp]> = [
      [['--expires', '2020-01-01'], /invalid value "2020-01-01" for --expires-at: the day has passed \(today is /],
      [['--expires', yesterday], /the day has passed/],
      [['--expires', '2099-02-30'], /--expires.*a real calendar date/],
      [['--expires', '31/12/2099'], /--expires.*YYYY-MM-DD/],
      [['--access', 'boss'], /--access.*guest \(10\), planner \(15\), reporter \(20\)/],
    ];
    for (const [flags, message] of cases) {
      const args = [
        'share',
        'add',
        '--project',
        'acme/web/storefront',
        '--with',
        'globex',
        '--access',
        'developer',
        ...flags,
      ];
      const result = await collab(args);
      expect(result.exitCode, flags.join(' ')).toBe(2);
      expect(result.stderr, flags.join(' ')).toMatch(message);
    }
    expect(
      (await collab(['share', 'add', '--project', 'acme/web/storefront', '--access', 'developer'])).stderr,
    ).toMatch(/required option '--group-id <group>' not specified/);
    expect((await collab(['share', 'add', '--project', 'acme/web/storefront', '--with', 'globex'])).stderr).toMatch(
      /required option '--group-access <level>' not specified/,
    );
    expect((await collab(['share', 'remove', '--project', 'acme/web/storefront'])).stderr).toMatch(
      /required option '--group-id <group>' not specified/,
    );
    expect((await collab(['share', 'list', '--project', 'acme/web/storefront', '--group', 'acme'])).exitCode).toBe(2);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('lists the seeded share of a group', async () => {
    const list = await collab(['share', 'list', '--group', 'acme/web', '--json']);
    expect(list.exitCode).toBe(0);
    expect(list.json()).toEqual([
      {
        group_id: await groupId('globex'),
        group_name: 'Globex',
        group_full_path: 'globex',
        group_access_level: 30,
        expires_at: null,
      },
    ]);
  });

  it('maps service refusals to exit codes', async () => {
    const developer = await collab(
      ['share', 'add', '--project', 'acme/web/storefront', '--with', 'globex', '--access', 'guest'],
      { as: 'developer' },
    );
    expect(developer.exitCode).toBe(3);
    const maintainerOnGroup = await collab(
      ['share', 'add', '--group', 'acme/platform', '--with', 'globex', '--access', 'guest'],
      { as: 'maintainer' },
    );
    // A group's share refused is the service's 404 Not Found (GroupLinkable#execute), not a 403.
    expect(maintainerOnGroup.exitCode).toBe(4);
    expect(maintainerOnGroup.stderr).toMatch(/sharing a group takes its Owner role/);
    const ownGroup = await collab([
      'share',
      'add',
      '--project',
      'acme/web/storefront',
      '--with',
      'acme',
      '--access',
      'guest',
    ]);
    expect(ownGroup.exitCode).toBe(5);
    expect(ownGroup.stderr).toMatch(/Project cannot be shared with the group it is in or one of its ancestors/);
    const missingGroup = await collab([
      'share',
      'add',
      '--project',
      'acme/web/storefront',
      '--with',
      'no/such-group',
      '--access',
      'guest',
    ]);
    expect(missingGroup.exitCode).toBe(4);
    expect(missingGroup.stderr).toMatch(/group no\/such-group not found \(given to --group-id\)/);
    expect(await sharesOf('project', 'acme/web/storefront')).toEqual([]);
  });
});
