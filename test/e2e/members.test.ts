import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * collab projects members / groups members against the sandbox. Each test starts from the seed
 * (useSandbox resets the sandbox before each case), so they pass in any order.
 */
describe('collab projects members / groups members', () => {
  const { collab, sandbox, call, getJson, idOf } = useSandbox({ seed: 40 });
  /** A direct member as the API shows it (GET .../members), undefined if not one. */
  const member = async (kind: 'projects' | 'groups', ref: string, username: string) => {
    const members: Array<{ username: string; access_level: number }> = await getJson(
      `/${kind}/${encodeURIComponent(ref)}/members?per_page=100`,
    );
    return members.find((m) => m.username === username);
  };

  describe('on one project: add, list, update, remove', () => {
    const ref = 'acme/web/storefront';
    /** xena and root made direct reporters (until 2099-06-30) through the API, in that order. */
    const addTwo = async () => {
      for (const username of ['xena', 'root']) {
        const made = await call('POST', `/projects/${encodeURIComponent(ref)}/members`, {
          json: { username, access_level: 20, expires_at: '2099-06-30' },
        });
        expect(made.status).toBe(201);
      }
    };

    it('sizes EXPIRES on a terminal to its dates, as a date column, with no spare width for free text', async () => {
      await addTwo();
      const list = await collab(['projects', 'members', 'list', ref], { tty: true, env: { COLLAB_FORCE_TTY: '100' } });
      expect(list.exitCode, list.stderr).toBe(0);
      expect(list.stdout).toMatch(/│ EXPIRES {4}│ STATE +│\n/);
      expect(list.stdout).toMatch(/│ xena +│.*│ 2099-06-30 │/);
    });

    it('shows an expiry date as the day it names on a terminal west of UTC, in the view and the list', async () => {
      const env = { TZ: 'America/Los_Angeles' };
      const added = await collab(
        ['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'developer', '--expires', '2099-01-31'],
        { tty: true, env },
      );
      expect(added.exitCode, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/\nExpires +2099-01-31\n/);
      const list = await collab(['projects', 'members', 'list', ref], { tty: true, env });
      expect(list.stdout).toMatch(/│ xena +│.*│ 2099-01-31 +│/);
    });

    it('says never on a terminal for a membership that does not expire', async () => {
      const args = ['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'developer'];
      const added = await collab(args, { tty: true });
      expect(added.exitCode, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/\nExpires +never\n/);
    });

    it('adds by name and by ID, with the role and expiry given, and says so for each', async () => {
      const added = await collab(
        [
          'projects',
          'members',
          'add',
          ref,
          '--user',
          'xena',
          '--user',
          String(await idOf('users', 'root')),
          '--access',
          'reporter',
          '--expires',
          '2099-06-30',
        ],
        { as: 'maintainer' },
      );
      expect(added.stderr).toBe(`added xena to project ${ref} as reporter\nadded root to project ${ref} as reporter\n`);
      expect(added.exitCode).toBe(0);
      expect(await member('projects', ref, 'xena')).toMatchObject({
        access_level: 20,
        expires_at: '2099-06-30',
        created_by: { username: 'max' },
      });
      expect(await member('projects', ref, 'root')).toMatchObject({ access_level: 20, expires_at: '2099-06-30' });
    });

    it("lists the direct members: JSON in the order they were added, a row of the service's values in a pipe", async () => {
      await addTwo();
      const direct = await collab(['projects', 'members', 'list', ref, '--json']);
      expect(direct.json<Array<{ username: string }>>().map((m) => m.username)).toEqual(['xena', 'root']);
      const piped = await collab(['projects', 'members', 'list', ref]);
      expect(piped.stdout).toContain(`${await idOf('users', 'xena')}\txena\tXena External\t20\t2099-06-30\tactive\n`);
    });

    it('lists inherited members with --inherited, filtered by --query', async () => {
      const inherited = await collab(['projects', 'members', 'list', ref, '--inherited', '--query', 'dana', '--json']);
      expect(inherited.json()).toMatchObject([{ username: 'dana', access_level: 30 }]);
    });

    it('updates the role and removes the expiry; given only an expiry, keeps the role', async () => {
      await addTwo();
      const updated = await collab(
        ['projects', 'members', 'update', ref, '--user', 'xena', '--access', 'developer', '--no-expiry', '--json'],
        { as: 'maintainer' },
      );
      expect(updated.exitCode).toBe(0);
      expect(updated.json()).toMatchObject({ username: 'xena', access_level: 30, expires_at: null });
      // Only the expiry: the role is read first and kept.
      const expiry = await collab(
        ['projects', 'members', 'update', ref, '--user', 'xena', '--expires', '2099-01-01', '--json'],
        { as: 'maintainer' },
      );
      expect(expiry.json()).toMatchObject({ access_level: 30, expires_at: '2099-01-01' });
      expect(await member('projects', ref, 'xena')).toMatchObject({ access_level: 30, expires_at: '2099-01-01' });
    });

    it('an update to the role and expiry a member has sends nothing and says so, the member on stdout', async () => {
      await addTwo();
      sandbox.resetStats();
      const same = await collab(
        [
          'projects',
          'members',
          'update',
          ref,
          '--user',
          'xena',
          '--access',
          'reporter',
          '--expires',
          '2099-06-30',
          '--json',
        ],
        { as: 'maintainer' },
      );
      expect([same.exitCode, same.stderr]).toEqual([
        0,
        `xena is already reporter of project ${ref} until 2099-06-30; nothing to do\n`,
      ]);
      expect(same.json()).toMatchObject({ username: 'xena', access_level: 20, expires_at: '2099-06-30' });
      expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    });

    it('removes a member; removing again changes nothing: exit 0, or 4 with --strict', async () => {
      await addTwo();
      const removed = await collab(['projects', 'members', 'remove', ref, '--user', 'xena'], { as: 'maintainer' });
      expect(removed).toMatchObject({ exitCode: 0, stderr: `removed xena from project ${ref}\n` });
      expect(await member('projects', ref, 'xena')).toBeUndefined();
      const again = await collab(['projects', 'members', 'remove', ref, '--user', 'xena'], { as: 'maintainer' });
      expect(again).toMatchObject({ exitCode: 0, stderr: `xena is not a member of project ${ref}; nothing to do\n` });
      expect(
        (await collab(['projects', 'members', 'remove', ref, '--user', 'xena', '--strict'], { as: 'maintainer' }))
          .exitCode,
      ).toBe(4);
    });

    it('refuses to update one who is no direct member (exit 4)', async () => {
      const notMember = await collab(
        ['projects', 'members', 'update', ref, '--user', 'xena', '--expires', '2099-01-01'],
        { as: 'maintainer' },
      );
      expect(notMember.exitCode).toBe(4);
      expect(notMember.stderr).toContain(`xena is not a direct member of project ${ref}`);
    });
  });

  it('on 60 columns a group’s members leave out EXPIRES, which none has, and show STATE', async () => {
    const result = await collab(['groups', 'members', 'list', 'acme'], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')[1]).toMatch(/^│ ID │ USERNAME +│ NAME +│ ACCESS +│ STATE +│$/);
    expect(result.stderr).toMatch(/^EXPIRES left out to fit 60 columns;/);
  });

  it('on 80 columns a member without an expiry reads `never` beside one who has one, as the view says', async () => {
    const ref = 'acme/web/design-system';
    const terminal = { tty: true, env: { COLLAB_FORCE_TTY: '80' } };
    await collab(['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'guest', '--expires', '2099-01-01']);
    const added = await collab(['projects', 'members', 'add', ref, '--user', 'rui', '--access', 'reporter'], terminal);
    expect(added.stdout).toMatch(/^Expires +never$/m);
    const list = await collab(['projects', 'members', 'list', ref], terminal);
    expect(list.exitCode).toBe(0);
    const row = (name: string) => list.stdout.split('\n').find((line) => line.includes(`│ ${name} `));
    expect(row('xena')).toMatch(/│ guest +│ 2099-01-01 │/);
    expect(row('rui')).toMatch(/│ reporter +│ never +│/);
    // Piped, the service's value: nothing.
    expect((await collab(['projects', 'members', 'list', ref])).stdout).toMatch(/\trui\tRui Reporter\t20\t\tactive\n/);
  });

  it('no direct members while inherited ones have access: says so on stderr and points to --inherited', async () => {
    // The seed's acme/web/storefront has no direct members; acme's four members reach it.
    const empty = await collab(['projects', 'members', 'list', 'acme/web/storefront'], { tty: true });
    expect(empty.exitCode).toBe(0);
    // On a terminal the note wraps between words: read it as one line.
    expect(empty.stderr.replace(/\n {2}/g, ' ')).toContain(
      'no direct members, but members inherited from groups above or through a share have access: `collab projects members list acme/web/storefront --inherited` lists them',
    );
    const piped = await collab(['projects', 'members', 'list', 'acme/web/storefront']);
    expect(piped).toMatchObject({ stdout: '', stderr: expect.stringContaining('--inherited` lists them') });
    // Nobody at all (initech's project: only the administrator, who is no member): no pointer.
    const nobody = await collab(['projects', 'members', 'list', 'initech/tps-reports']);
    expect(nobody).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    // A list that is not empty needs no pointer, and asks nothing more.
    await collab(['projects', 'members', 'add', 'acme/web/design-system', '--user', 'xena', '--access', 'guest']);
    sandbox.resetStats();
    const full = await collab(['projects', 'members', 'list', 'acme/web/design-system']);
    expect(full.stderr).toBe('');
    expect(sandbox.requestLog.filter((entry) => entry.path.includes('/members/all'))).toEqual([]);
  });

  it('already a member: exit 5 with a hint to update instead', async () => {
    const ref = 'acme/platform';
    const first = await collab(['groups', 'members', 'add', ref, '--user', 'xena', '--access', 'guest']);
    expect(first.exitCode).toBe(0);
    const twice = await collab(['groups', 'members', 'add', ref, '--user', 'xena', '--access', 'developer']);
    expect(twice.exitCode).toBe(5);
    expect(twice.stderr).toContain('Member already exists');
    expect(twice.stderr).toContain(`collab groups members update ${ref} --user xena --access-level <level>`);
    expect(await member('groups', ref, 'xena')).toMatchObject({ access_level: 10 });
  });

  it('a role above the caller’s: exit 3, nothing changed', async () => {
    const ref = 'acme/platform/api';
    const owner = await collab(['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'owner'], {
      as: 'maintainer',
    });
    expect(owner.exitCode).toBe(3);
    expect(owner.stderr).toContain('only an Owner grants or removes Owner');
    expect(await member('projects', ref, 'xena')).toBeUndefined();
    // A developer manages no members at all.
    expect(
      (await collab(['projects', 'members', 'add', ref, '--user', 'xena', '--access', 'guest'], { as: 'developer' }))
        .exitCode,
    ).toBe(3);
  });

  it('an unknown user: exit 4 before anything is changed', async () => {
    const result = await collab([
      'projects',
      'members',
      'add',
      'globex/handbook',
      '--user',
      'nobody-by-that-name',
      '--access',
      'guest',
    ]);
    expect(result.exitCode).toBe(4);
    // The hint every lookup of a username gives (users view, an approver, a deploy user).
    expect(result.stderr).toBe(
      'error: no user named nobody-by-that-name\nhint: check the username (as in their profile URL), or find them with `collab users list --search nobody-by-that-name`\n',
    );
    expect(
      sandbox.requestLog.filter((entry) => entry.method === 'POST' && entry.path.includes('globex%2Fhandbook/members')),
    ).toEqual([]);
  });

  it('an unknown user after a known one: exit 4 with no member added', async () => {
    const args = ['projects', 'members', 'add', 'globex/handbook', '--user', 'xena', '--user', 'nobody-by-that-name'];
    const result = await collab([...args, '--access', 'guest']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^error: no user named nobody-by-that-name\n/);
    expect(await member('projects', 'globex/handbook', 'xena')).toBeUndefined();
  });

  it('one user given by name and by @name or ID: a usage error naming both, nothing sent twice', async () => {
    const xena = await idOf('users', 'xena');
    const pairs: Array<[string, string]> = [
      ['xena', '@xena'],
      ['xena', String(xena)],
    ];
    for (const [first, second] of pairs) {
      const before = sandbox.requestLog.length;
      const result = await collab([
        'projects',
        'members',
        'add',
        'globex/handbook',
        '--user',
        first,
        '--user',
        second,
        '--access',
        'guest',
      ]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(`^error: --user (${first} and --user ${second} are the same user|${second} is given twice)`),
      );
      expect(result.stderr).toContain('hint: name each user once');
      expect(sandbox.requestLog.slice(before).filter((entry) => entry.method !== 'GET')).toEqual([]);
    }
  });

  it('the last owner of a group: exit 3 with the rule, the membership kept', async () => {
    const removed = await collab(['groups', 'members', 'remove', 'globex', '--user', 'olivia', '--yes']);
    expect(removed.exitCode).toBe(3);
    expect(removed.stderr).toContain(
      'last owner can be neither removed nor demoted: add another owner first (`collab groups members add globex --user <username> --access owner`)',
    );
    const demoted = await collab([
      'groups',
      'members',
      'update',
      'globex',
      '--user',
      'olivia',
      '--access',
      'maintainer',
    ]);
    expect(demoted.exitCode).toBe(3);
    expect(await member('groups', 'globex', 'olivia')).toMatchObject({ access_level: 50 });
  });

  it('a dry run sends nothing and shows the request', async () => {
    const result = await collab([
      'groups',
      'members',
      'add',
      'globex/research',
      '--user',
      'rui',
      '--access',
      'minimal',
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('POST');
    expect(result.stdout).toContain('/groups/globex%2Fresearch/members');
    expect(result.stdout).toContain('"access_level": 5');
    expect(await member('groups', 'globex/research', 'rui')).toBeUndefined();
  });

  it('bad input is a usage error before any request', async () => {
    expect(
      (await collab(['projects', 'members', 'add', 'x/y', '--user', 'dana', '--access', 'minimal'])).exitCode,
    ).toBe(2);
    expect(
      (await collab(['projects', 'members', 'add', 'x/y', '--user', 'dana', '--user', 'DANA', '--access', 'guest']))
        .exitCode,
    ).toBe(2);
    expect((await collab(['projects', 'members', 'update', 'x/y', '--user', 'dana'])).exitCode).toBe(2);
    expect((await collab(['groups', 'members', 'add', 'x', '--access', 'guest'])).exitCode).toBe(2);
  });

  it("a role below one a group above gives: the service's 400 (exit 5) with a hint naming the role and the group", async () => {
    // dana is a Developer of acme.
    const run = await collab([
      'projects',
      'members',
      'add',
      'acme/web/storefront',
      '--user',
      'dana',
      '--access',
      'reporter',
    ]);
    expect(run.exitCode).toBe(5);
    expect(run.stderr).toMatch(
      /^error: 400 access_level should be greater than or equal to Developer inherited membership from group Acme/m,
    );
    expect(run.stderr).toMatch(
      /^hint: dana is Developer of Acme, a group above project acme\/web\/storefront: give --access developer or more here/m,
    );
  });

  it('a project whose group has membership_lock on: the service’s 405 (exit 5) with a hint naming the group', async () => {
    const locked = await collab(['groups', 'update', 'acme/web', '--membership-lock']);
    expect(locked.exitCode, locked.stderr).toBe(0);
    const run = await collab([
      'projects',
      'members',
      'add',
      'acme/web/storefront',
      '--user',
      'xena',
      '--access',
      'guest',
    ]);
    expect(run.exitCode).toBe(5);
    expect(run.stderr).toMatch(/^error: 405 Method Not Allowed/m);
    expect(run.stderr).toMatch(
      /^hint: the project's group may have membership_lock on, .*add xena to the group instead, or turn the lock off \(`collab groups update acme\/web --no-membership-lock`\)$/m,
    );
  });

  it('an expiry whose day has passed is refused before any request, on add and on update', async () => {
    sandbox.resetStats();
    for (const verb of ['add', 'update']) {
      const run = await collab([
        'projects',
        'members',
        verb,
        'acme/web/storefront',
        '--user',
        'xena',
        '--access',
        'developer',
        '--expires-at',
        '2020-01-31',
      ]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(
        /^error: invalid value "2020-01-31" for --expires-at: the day has passed \(today is \d{4}-\d\d-\d\d, UTC\)$/m,
      );
    }
    expect(sandbox.requestLog).toEqual([]);
  });

  it('fed collab’s own ndjson, each result names its project by full path, as the data did', async () => {
    const listed = await collab(['groups', 'projects', 'acme/web', '-o', 'ndjson']);
    const paths = listed.lines<{ path_with_namespace: string }>().map((p) => p.path_with_namespace);
    expect(paths).toContain('acme/web/storefront');
    const add = await collab(['projects', 'members', 'add', '-', '--user', 'xena', '--access', 'guest'], {
      input: listed.stdout,
    });
    expect(add.exitCode).toBe(0);
    expect(add.stdout).toBe(paths.map((path) => `${path}\tok\tadded xena to project ${path} as guest\n`).join(''));
    for (const path of paths) expect(await member('projects', path, 'xena')).toMatchObject({ access_level: 10 });
  });

  it('- reads the projects from standard input, removal asks for --yes without a terminal', async () => {
    const refs = ['acme/platform/infra/terraform', 'acme/legacy-monolith'];
    const add = await collab(['projects', 'members', 'add', '-', '--user', 'xena', '--access', 'guest'], {
      input: `${refs.join('\n')}\n`,
    });
    expect(add.exitCode).toBe(0);
    for (const ref of refs) expect(await member('projects', ref, 'xena')).toMatchObject({ access_level: 10 });
    const refused = await collab(['projects', 'members', 'remove', '-', '--user', 'xena'], {
      input: `${refs.join('\n')}\n`,
    });
    expect(refused.exitCode).toBe(2);
    const removed = await collab(['projects', 'members', 'remove', '-', '--user', 'xena', '--yes', '--json'], {
      input: `${refs.join('\n')}\n`,
    });
    expect(removed.exitCode).toBe(0);
    expect(removed.json<Array<{ status: string }>>().map((r) => r.status)).toEqual(['ok', 'ok']);
    for (const ref of refs) expect(await member('projects', ref, 'xena')).toBeUndefined();
  });
});
