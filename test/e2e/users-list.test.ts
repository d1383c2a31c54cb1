import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';
import { addSandboxUser } from '../helpers/sandbox-users.js';

interface UserJson {
  id: number;
  username: string;
  name: string;
  state: string;
  email?: string;
  is_admin?: boolean;
  created_at?: string;
}

/** collab users list and collab users view against the sandbox (its seeded users: root, olivia, max, dana, rui, xena). */
describe('collab users: list and view', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 30 });
  /** Every user as the service lists them to an administrator, newest first. */
  const served = async (): Promise<UserJson[]> => getJson('/users?per_page=100');
  const usernames = (users: UserJson[]) => users.map((user) => user.username);
  const listed = async (args: readonly string[], as?: 'developer') => {
    const result = await collab(['users', 'list', ...args, '--json'], as ? { as } : {});
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    return usernames(result.json<UserJson[]>());
  };

  describe('list', () => {
    it('lists every user to an administrator, newest first, as tab-separated rows with the email', async () => {
      const result = await collab(['users', 'list']);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      const users = await served();
      expect(users.map((user) => user.id)).toEqual([...users.map((user) => user.id)].sort((a, b) => b - a));
      expect(result.stdout).toBe(
        users.map((u) => `${u.id}\t${u.username}\t${u.name}\t${u.state}\t${u.email}\n`).join(''),
      );
    });

    it('draws a table with ID, USERNAME, NAME, STATE and EMAIL on a terminal', async () => {
      const result = await collab(['users', 'list'], { tty: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/ID\s.*USERNAME\s.*NAME\s.*STATE\s.*EMAIL/);
      expect(result.stdout).toContain('dana@');
    });

    it('on 64 columns STATE is as wide as the states shown, and every email shows whole', async () => {
      const result = await collab(['users', 'list'], { tty: true, env: { COLLAB_FORCE_TTY: '64' } });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      const lines = result.stdout.split('\n');
      expect(lines[1]).toMatch(/│ STATE {2}│ EMAIL +│$/);
      for (const user of await served()) expect(result.stdout).toContain(` ${user.email} `);
    });

    it('prints each user as the service sent it with -o json, the administrator’s fields included', async () => {
      const result = await collab(['users', 'list', '-o', 'json']);
      expect(result.exitCode).toBe(0);
      expect(result.json<UserJson[]>()).toEqual(await served());
      expect(result.json<UserJson[]>().find((user) => user.username === 'root')?.is_admin).toBe(true);
    });

    it('--search narrows the list to the users whose name or username contains the text', async () => {
      expect(await listed(['--search', 'Developer'])).toEqual(['dana']);
    });

    it('--search finds a user by email in full for an administrator', async () => {
      const email = (await served()).find((user) => user.username === 'max')?.email as string;
      expect(await listed(['--search', email])).toEqual(['max']);
    });

    it('--blocked lists only the user blocked with `users block`', async () => {
      expect(await listed(['--blocked'])).toEqual([]);
      expect((await collab(['users', 'block', 'rui'])).exitCode).toBe(0);
      expect(await listed(['--blocked'])).toEqual(['rui']);
      expect(await listed(['--active'])).not.toContain('rui');
      expect(await listed(['--exclude-active'])).toEqual(['rui']);
    });

    it('--external lists only external users and --exclude-external leaves them out', async () => {
      expect(await listed(['--external'])).toEqual(['xena']);
      const others = await listed(['--exclude-external']);
      expect(others).not.toContain('xena');
      expect(others).toHaveLength((await served()).length - 1);
    });

    it('--created-after and --created-before keep the users created on their side of the time', async () => {
      addSandboxUser(sandbox.store, 'oldtimer', { created_at: '2001-01-01T00:00:00.000Z' });
      expect(await listed(['--created-before', '2002-01-01T00:00:00Z'])).toEqual(['oldtimer']);
      expect(await listed(['--created-after', '2002-01-01T00:00:00Z'])).not.toContain('oldtimer');
    });

    it('--limit 2 prints the two newest users only', async () => {
      const newest = usernames(await served()).slice(0, 2);
      expect(await listed(['--limit', '2'])).toEqual(newest);
    });

    it('--order-by username --sort asc orders an administrator’s list by username', async () => {
      const all = usernames(await served());
      expect(await listed(['--order-by', 'username', '--sort', 'asc', '--all'])).toEqual([...all].sort());
    });

    it('--admins lists only the administrators', async () => {
      expect(await listed(['--admins'])).toEqual(['root']);
    });

    it('--without-projects lists a user who is a member of no project, not a project member', async () => {
      addSandboxUser(sandbox.store, 'loner');
      const users = await listed(['--without-projects', '--all']);
      expect(users).toContain('loner');
      expect(users).not.toContain('dana');
    });

    it('--two-factor disabled lists everyone and enabled no one (nobody in the sandbox has two-factor)', async () => {
      expect(await listed(['--two-factor', 'disabled', '--all'])).toEqual(usernames(await served()));
      expect(await listed(['--two-factor', 'enabled'])).toEqual([]);
    });

    it('has no --no-active: the service ignores active=false', async () => {
      const result = await collab(['users', 'list', '--no-active']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain("unknown option '--no-active'");
    });
  });

  describe('list by a non-administrator', () => {
    it('gives a non-administrator the users without the administrators’ fields, and an empty EMAIL', async () => {
      const json = await collab(['users', 'list', '--json'], { as: 'developer' });
      expect(json.exitCode).toBe(0);
      const users = json.json<UserJson[]>();
      expect(usernames(users)).toEqual(usernames(await served()));
      for (const user of users) {
        expect(Object.keys(user).sort()).toEqual([
          'avatar_url',
          'id',
          'locked',
          'name',
          'state',
          'username',
          'web_url',
        ]);
      }
      const rows = await collab(['users', 'list'], { as: 'developer' });
      expect(rows.stdout.split('\n').find((row) => row.includes('\tdana\t'))).toMatch(/\tactive\t$/);
    });

    it('finds no one by a private email for a non-administrator (only public emails are searched)', async () => {
      const email = (await served()).find((user) => user.username === 'max')?.email as string;
      expect(await listed(['--search', email], 'developer')).toEqual([]);
      expect(await listed(['--search', 'Maintainer'], 'developer')).toEqual(['max']);
    });

    it('refuses a non-administrator an administrators’ filter (exit 3), which the service would ignore', async () => {
      const result = await collab(['users', 'list', '--admins', '--order-by', 'name'], { as: 'developer' });
      expect(result.exitCode).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'error: --order-by, --admins: for administrators only\n' +
          'hint: the service ignores them for dana, who is no administrator, and would list users unfiltered; leave them out\n',
      );
    });

    it('refuses a non-administrator --created-after (exit 3), which the service would ignore', async () => {
      const result = await collab(['users', 'list', '--created-after', '2002-01-01T00:00:00Z'], { as: 'developer' });
      expect([result.exitCode, result.stderr.split('\n')[0]]).toEqual([
        3,
        'error: --created-after: for administrators only',
      ]);
    });

    it('the service ignores created_before from a non-administrator, as GitLab drops it', async () => {
      addSandboxUser(sandbox.store, 'oldtimer', { created_at: '2001-01-01T00:00:00.000Z' });
      const all = usernames(await getJson('/users?per_page=100', 'developer'));
      const before = usernames(await getJson('/users?per_page=100&created_before=2002-01-01T00:00:00Z', 'developer'));
      expect(before).toEqual(all);
      expect(all).toContain('oldtimer');
    });

    it('the service ignores an administrators’ filter from a non-administrator, as GitLab does', async () => {
      const all = usernames(await getJson('/users?per_page=100', 'developer'));
      expect(usernames(await getJson('/users?per_page=100&admins=true', 'developer'))).toEqual(all);
      expect(all.length).toBeGreaterThan(1);
    });
  });

  describe('list without a token', () => {
    it('the service refuses the list without a username, 403 as GitLab words it', async () => {
      const answer = await call('GET', '/users', { as: null });
      expect([answer.status, answer.body]).toEqual([
        403,
        { message: '403 Forbidden - Not authorized to access /api/v4/users' },
      ]);
    });

    it('the service answers the one user asked for by username', async () => {
      const answer = await call('GET', '/users?username=dana', { as: null });
      expect([answer.status, answer.body.map((user: UserJson) => user.username)]).toEqual([200, ['dana']]);
    });
  });

  describe('view', () => {
    it('shows a user by username: ID, username, state and, to an administrator, the email', async () => {
      const dana = await getJson(`/users/${(await served()).find((u) => u.username === 'dana')?.id}`);
      const result = await collab(['users', 'view', 'dana']);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(String(dana.id));
      expect(result.stdout).toContain('dana');
      expect(result.stdout).toContain('active');
      expect(result.stdout).toContain(dana.email);
    });

    it('says never and (none) on a terminal for a user who never signed in and shows no public email', async () => {
      const result = await collab(['users', 'view', 'dana'], { tty: true });
      expect(result.exitCode).toBe(0);
      const rows = result.stdout.split('\n').filter((row) => /^(Public email|Last sign-in|Last activity) /.test(row));
      expect(rows.map((row) => row.replace(/ {2,}/, ' '))).toEqual([
        'Public email (none)',
        'Last sign-in never',
        'Last activity never',
      ]);
    });

    it('shows a user by ID with --json as GET /users/:id answers', async () => {
      const dana = (await served()).find((u) => u.username === 'dana') as UserJson;
      const result = await collab(['users', 'view', String(dana.id), '--json']);
      expect(result.exitCode).toBe(0);
      expect(result.json()).toEqual(await getJson(`/users/${dana.id}`));
    });

    it('shows a non-administrator a user without the email', async () => {
      const result = await collab(['users', 'view', 'max', '--json'], { as: 'developer' });
      expect(result.exitCode).toBe(0);
      const max = result.json<UserJson>();
      expect(max.username).toBe('max');
      expect(max.email).toBeUndefined();
      expect(max.is_admin).toBeUndefined();
    });

    it('ends with exit 4, a one-line message and a hint for an unknown username', async () => {
      const result = await collab(['users', 'view', 'nobody']);
      expect(result.exitCode).toBe(4);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'error: no user named nobody\nhint: check the username (as in their profile URL), or find them with `collab users list --search nobody`\n',
      );
    });

    it('ends with exit 4 and a hint for an unknown user ID', async () => {
      const result = await collab(['users', 'view', '99999']);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe(
        'error: 404 User Not Found (GET /users/99999)\nhint: no user with ID 99999; find them with `collab users list --search <name>`\n',
      );
    });
  });
});
