import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';
import { viewValueLines } from '../helpers/views.js';

interface GroupJson {
  id: number;
  full_path: string;
  name: string;
  path: string;
  parent_id: number | null;
  visibility: string;
  [key: string]: unknown;
}

/** collab groups create / update / delete / restore / transfer / transfer-project against the sandbox. */
describe('collab groups: create, update, remove, transfer', () => {
  const { collab, sandbox, call, get, getJson, idOf } = useSandbox({ seed: 12 });
  /**
   * A project or group as the service answers it, or undefined when it is not there: 404, or 301
   * at a path it was moved from.
   */
  const served = async (kind: 'projects' | 'groups', path: string): Promise<GroupJson | undefined> => {
    const answer = await get(`/${kind}/${encodeURIComponent(path)}`);
    expect([200, 301, 404], answer.text).toContain(answer.status);
    return answer.status === 200 ? answer.body : undefined;
  };
  const group = (path: string) => served('groups', path);
  const project = (path: string) => served('projects', path);
  /** A subgroup of acme that a test changes, made through the API (each test starts from the seed). */
  const subgroup = async (path: string) => {
    const made = await call('POST', '/groups', { json: { name: path, path, parent_id: await id('acme') } });
    expect(made.status).toBe(201);
  };
  const id = (path: string) => idOf('groups', path);
  /** YYYY-MM-DD, days from today (UTC), as the service dates a deletion. */
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  describe('create', () => {
    it('creates a top-level group, deriving the path from the name like GitLab, and makes the creator its owner', async () => {
      const result = await collab(
        [
          'groups',
          'create',
          '--name',
          'Data Science!',
          '--visibility',
          'internal',
          '--project-creation-level',
          'maintainer',
          '--default-branch-protection',
          '1',
          '--json',
        ],
        { as: 'developer' },
      );
      expect(result.exitCode).toBe(0);
      const created = result.json<GroupJson>();
      expect(result.stderr).toBe(`created group data-science (id ${created.id})\n`);
      expect(created).toMatchObject({
        name: 'Data Science!',
        path: 'data-science',
        full_path: 'data-science',
        parent_id: null,
        visibility: 'internal',
        project_creation_level: 'maintainer',
        default_branch_protection: 1,
      });
      expect(await group('data-science')).toMatchObject({
        project_creation_level: 'maintainer',
        default_branch_protection: 1,
      });
      expect(await getJson(`/groups/data-science/members/${await idOf('users', 'dana')}`)).toMatchObject({
        username: 'dana',
        access_level: 50,
      });
    });

    it('creates a subgroup under --parent given as a path (resolved to its ID)', async () => {
      const result = await collab(
        [
          'groups',
          'create',
          '--name',
          'Mobile',
          '--parent',
          'acme',
          '--description',
          'Apps',
          '--no-lfs-enabled',
          '--verbose',
        ],
        { as: 'maintainer' },
      );
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain('> GET ');
      expect(result.stderr).toContain('/groups/acme?with_projects=false');
      expect(result.stderr).toContain('created group acme/mobile');
      expect(await group('acme/mobile')).toMatchObject({
        parent_id: await id('acme'),
        description: 'Apps',
        visibility: 'private',
        lfs_enabled: false,
      });
      // In a pipe the summary comes as label<TAB>value, with the service's values.
      expect(result.stdout).toContain('Full path\tacme/mobile\n');
      expect(result.stdout).toContain(`Parent\t${await id('acme')}\n`);
    });

    it('uploads an avatar as multipart', async () => {
      const file = join(tempConfigDir(), 'logo.png');
      const bytes = Buffer.from('\x89PNG\r\n\x1a\nlogo', 'binary');
      writeFileSync(file, bytes);
      const result = await collab([
        'groups',
        'create',
        '--name',
        'Design',
        '--avatar',
        file,
        '--parent',
        String(await id('acme')),
        '--json',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.json<GroupJson>().avatar_url).toBe(
        `${sandbox.url}/uploads/-/system/group/avatar/${await id('acme/design')}/logo.png`,
      );
      const avatar = await get('/groups/acme%2Fdesign/avatar');
      expect(avatar.headers.get('content-type')).toBe('image/png');
      expect(avatar.text).toBe(bytes.toString());
    });

    it('prints the request with --dry-run and creates nothing', async () => {
      const groups = async () => (await get('/groups?per_page=1')).headers.get('x-total');
      const before = await groups();
      expect(before).toMatch(/^\d+$/);
      const result = await collab([
        'groups',
        'create',
        '--name',
        'Ghost',
        '--parent',
        'acme',
        '--visibility',
        'private',
        '--dry-run',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(
        `POST ${sandbox.url}/api/v4/groups\n{\n  "name": "Ghost",\n  "path": "ghost",\n  "parent_id": ${await id('acme')},\n  "visibility": "private"\n}\n`,
      );
      expect(result.stderr).toBe('dry run: nothing was sent\n');
      expect(await groups()).toBe(before);
      expect(await group('acme/ghost')).toBeUndefined();
    });

    it('derives a path with the rule projects use: accents dropped, dots kept', async () => {
      const result = await collab(['groups', 'create', '--name', 'Café Ops 2.0', '--dry-run']);
      expect(result.exitCode).toBe(0);
      expect(JSON.parse(result.stdout.slice(result.stdout.indexOf('\n') + 1))).toEqual({
        name: 'Café Ops 2.0',
        path: 'cafe-ops-2.0',
      });
    });

    it('refuses bad input before sending anything', async () => {
      // One avatar rule for projects and groups: GitLab refuses an avatar over 200 KiB for both.
      const big = join(tempConfigDir(), 'big.png');
      writeFileSync(big, Buffer.alloc(200 * 1024 + 1));
      const before = sandbox.stats.requests;
      const cases: Array<[string[], RegExp]> = [
        [['--path', 'x'], /^error: required option '--name <text>' not specified\n/],
        [['--name', ' '], /^error: --name: invalid group name " ": must not be empty\n/],
        [['--name', '!!!'], /^error: cannot derive a path from the name "!!!"\nhint: give one with --path <path>\n$/],
        [['--name', 'X', '--path', '-x'], /^error: --path: invalid group path "-x": must be letters, digits/],
        [
          ['--name', 'X', '--shared-runners-setting', 'enabled'],
          /^error: --shared-runners-setting is not accepted by groups create\nhint: it is accepted by `groups update`\n$/,
        ],
        [
          ['--name', 'X', '--project-creation-level', 'everyone'],
          /^error: invalid value "everyone" for --project-creation-level: expected one of noone, maintainer, developer\n/,
        ],
        [
          ['--name', 'X', '--default-branch-protection', '3'],
          /for --default-branch-protection: expected one of 0, 1, 2\n/,
        ],
        [['--name', 'X', '--two-factor-grace-period', 'soon'], /--two-factor-grace-period/],
        [
          ['--name', 'X', '--avatar', '/nonexistent/logo.png'],
          /^error: cannot read \/nonexistent\/logo\.png for --avatar: no such file\nhint: check the path: a relative one is read from the current directory\n$/,
        ],
        [
          ['--name', 'X', '--avatar', 'notes.txt'],
          /^error: invalid value "notes\.txt" for --avatar: expected an image file \(png, jpg/,
        ],
        [
          ['--name', 'X', '--avatar', big],
          /^error: .*big\.png is too big for --avatar: 204801 bytes, at most 204800 \(200 KiB\)\n$/,
        ],
        [['--name', 'X', '--parent', 'a/../b'], /expected a group ID or full path/],
      ];
      for (const [args, message] of cases) {
        const result = await collab(['groups', 'create', ...args]);
        expect(result.exitCode, args.join(' ')).toBe(2);
        expect(result.stderr, args.join(' ')).toMatch(message);
      }
      expect(sandbox.stats.requests).toBe(before);
    });

    it('--avatar of a directory says it is a directory, with a hint, before sending', async () => {
      const dir = join(tempConfigDir(), 'logo.png');
      mkdirSync(dir);
      const before = sandbox.stats.requests;
      const result = await collab(['groups', 'create', '--name', 'X', '--avatar', dir]);
      expect([result.exitCode, result.stderr]).toEqual([
        2,
        `error: cannot read ${dir} for --avatar: it is a directory\nhint: give the path of a file in it\n`,
      ]);
      expect(sandbox.stats.requests).toBe(before);
    });

    it('--avatar of a device says it is not a regular file, with a hint, before sending', async () => {
      const device = join(tempConfigDir(), 'logo.png');
      symlinkSync('/dev/null', device);
      const before = sandbox.stats.requests;
      const result = await collab(['groups', 'create', '--name', 'X', '--avatar', device]);
      expect([result.exitCode, result.stderr]).toEqual([
        2,
        `error: cannot read ${device} for --avatar: it is not a regular file\nhint: give the path of a regular file\n`,
      ]);
      expect(sandbox.stats.requests).toBe(before);
    });

    it('reports what the service refuses: taken path, rights, visibility above the parent, missing parent', async () => {
      const taken = await collab(['groups', 'create', '--name', 'Platform', '--parent', 'acme']);
      expect(taken.exitCode).toBe(5);
      expect(taken.stderr).toBe(
        'error: 400 Failed to save group {:path=>["has already been taken"]} (POST /groups)\n' +
          'hint: platform is in use under acme: choose another --path\n',
      );

      const developer = await collab(['groups', 'create', '--name', 'Sneaky', '--parent', 'acme'], { as: 'developer' });
      expect(developer.exitCode).toBe(3);
      expect(developer.stderr).toBe('error: 403 Forbidden (POST /groups)\n');
      expect(await group('acme/sneaky')).toBeUndefined();

      // Administrators only: an owner is refused, an administrator is not.
      const minutes = await collab(
        ['groups', 'create', '--name', 'Ci', '--parent', 'acme', '--shared-runners-minutes-limit', '100'],
        { as: 'owner' },
      );
      expect(minutes.exitCode).toBe(3);
      const admin = await collab([
        'groups',
        'create',
        '--name',
        'Ci',
        '--parent',
        'acme',
        '--shared-runners-minutes-limit',
        '100',
        '--json',
      ]);
      expect(admin.exitCode).toBe(0);
      expect(admin.json()).toMatchObject({ shared_runners_minutes_limit: 100 });

      const visibility = await collab([
        'groups',
        'create',
        '--name',
        'Open',
        '--parent',
        'acme/platform/infra',
        '--visibility',
        'public',
      ]);
      expect(visibility.exitCode).toBe(5);
      expect(visibility.stderr).toBe(
        'error: 400 Failed to save group {:visibility_level=>["public is not allowed since the parent group has a private visibility."]} (POST /groups)\n' +
          "hint: a group is at most as visible as its parent: choose private, or raise the parent's first\n",
      );

      const noParent = await collab(['groups', 'create', '--name', 'Orphan', '--parent', 'no-such-group']);
      expect(noParent.exitCode).toBe(4);
      expect(noParent.stderr).toBe(
        'error: group no-such-group not found (given to --parent)\n' +
          'hint: a group is named by its full path (acme/web) or ID; find it with `collab groups list --search no-such-group`\n',
      );
      const noParentId = await collab(['groups', 'create', '--name', 'Orphan', '--parent', '999999']);
      expect(noParentId.exitCode).toBe(4);
      expect(noParentId.stderr).toBe(
        'error: 404 Group Not Found (POST /groups)\nhint: no group with that path or ID, or not one this token can see: check it (`collab groups list --search <name>`)\n',
      );
    });
  });

  describe('update', () => {
    it('changes settings, the path (the group is found at its new path) and the avatar', async () => {
      await subgroup('mobile');
      const result = await collab(
        [
          'groups',
          'update',
          'acme/mobile',
          '--path',
          'apps',
          '--name',
          'Apps',
          '--description',
          'Mobile apps',
          '--shared-runners-setting',
          'disabled_with_override',
        ],
        { as: 'owner' },
      );
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('updated group acme/apps\n');
      const apps = (await group('acme/apps')) as GroupJson;
      expect(apps).toMatchObject({
        name: 'Apps',
        path: 'apps',
        description: 'Mobile apps',
        shared_runners_setting: 'disabled_with_override',
      });
      // The old path answers with a redirect to the new one.
      expect((await get('/groups/acme%2Fmobile')).status).toBe(301);

      const file = join(tempConfigDir(), 'apps.webp');
      writeFileSync(file, 'RIFFxxxxWEBP');
      const avatar = await collab(
        ['groups', 'update', String(apps.id), '--avatar', file, '--no-request-access-enabled', '--json'],
        { as: 'owner' },
      );
      expect(avatar.exitCode).toBe(0);
      expect(avatar.json()).toMatchObject({
        request_access_enabled: false,
        avatar_url: `${sandbox.url}/uploads/-/system/group/avatar/${apps.id}/apps.webp`,
      });
      expect((await get(`/groups/${apps.id}/avatar`)).headers.get('content-type')).toBe('image/webp');
    });

    it('says when a top-level-only setting was ignored on a subgroup', async () => {
      await subgroup('apps');
      const result = await collab(['groups', 'update', 'acme/apps', '--prevent-sharing-groups-outside-hierarchy'], {
        as: 'owner',
      });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(
        'warning: --prevent-sharing-groups-outside-hierarchy was ignored: acme/apps is a subgroup, and the setting belongs to its top-level group\n',
      );
      const top = await collab(['groups', 'update', 'globex', '--prevent-sharing-groups-outside-hierarchy', '--json'], {
        as: 'owner',
      });
      expect(top.json()).toMatchObject({ prevent_sharing_groups_outside_hierarchy: true });
    });

    it('refuses an empty update, --parent, and create-only flags before sending', async () => {
      const before = sandbox.stats.requests;
      const nothing = await collab(['groups', 'update', 'acme/apps']);
      expect(nothing.exitCode).toBe(2);
      expect(nothing.stderr).toBe(
        'error: nothing to change\nhint: give at least one of its 23 settings, such as --name or --path; `collab groups update --help` lists them\n',
      );
      const parent = await collab(['groups', 'update', 'acme/apps', '--parent', 'globex']);
      expect(parent.exitCode).toBe(2);
      expect(parent.stderr).toBe(
        'error: --parent is not accepted by groups update\nhint: to move the group, use `collab groups transfer acme/apps --to <parent>`\n',
      );
      const badPath = await collab(['groups', 'update', 'acme/apps', '--path', 'x.git']);
      expect(badPath.exitCode).toBe(2);
      expect(sandbox.stats.requests).toBe(before);
    });

    it('answers 403 for a non-owner, 404 for a missing group, and the service reasons for refused values', async () => {
      await subgroup('apps');
      const developer = await collab(['groups', 'update', 'acme', '--description', 'mine now'], { as: 'developer' });
      expect(developer.exitCode).toBe(3);
      expect(developer.stderr).toBe(
        'error: 403 Forbidden (PUT /groups/acme)\nhint: only owners and administrators may do this: it needs the Owner role; ask one of them, or check your role\n',
      );
      expect((await group('acme'))?.description).toBe('Acme Corporation');
      const missing = await collab(['groups', 'update', 'acme/none', '--description', 'x']);
      expect(missing.exitCode).toBe(4);
      const taken = await collab(['groups', 'update', 'acme/apps', '--path', 'web']);
      expect(taken.exitCode).toBe(5);
      expect(taken.stderr).toBe(
        'error: 400 path has already been taken (PUT /groups/acme%2Fapps)\nhint: web is in use under acme: choose another --path\n',
      );
      const lower = await collab(['groups', 'update', 'acme', '--visibility', 'private']);
      expect(lower.exitCode).toBe(5);
      expect(lower.stderr).toMatch(
        /^error: 400 visibility_level private is not allowed since there are sub-groups with higher visibility\./,
      );
      expect(lower.stderr).toContain(
        'hint: lower the subgroups and projects below it first (`collab groups descendants acme` and `collab groups projects acme --include-subgroups` list them)',
      );
    });
  });

  describe('delete and restore', () => {
    it('needs --yes when not at a terminal, and sends nothing without it', async () => {
      await subgroup('apps');
      const before = sandbox.stats.requests;
      for (const tty of [false, true]) {
        const result = await collab(['groups', 'delete', 'acme/apps'], { tty });
        expect(result.exitCode).toBe(2);
        expect(result.stderr).toBe(
          'error: delete group acme/apps needs confirmation, and standard input is not a terminal\nhint: pass --yes to delete group acme/apps without confirmation\n',
        );
      }
      expect(sandbox.stats.requests).toBe(before);
      expect((await group('acme/apps'))?.marked_for_deletion_on).toBeNull();
    });

    it('marks the group for deletion (202), says on which date, and restore undoes it', async () => {
      await subgroup('apps');
      const result = await collab(['groups', 'delete', 'acme/apps', '--yes', '--verbose'], { as: 'owner' });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toMatch(/< 202 DELETE \/groups\/acme%2Fapps/);
      const date = inDays(0);
      expect(result.stderr).toContain(
        `marked group acme/apps for deletion on ${date}: it will be removed on ${inDays(7)} (after the instance's delay, 7 days unless an administrator changed it); \`collab groups restore acme/apps\` undoes it until then\n`,
      );
      expect(result.stdout).toBe('');
      expect((await group('acme/apps'))?.marked_for_deletion_on).toBe(date);

      const view = await collab(['groups', 'view', 'acme/apps']);
      expect(view.stdout).toContain(`Marked for deletion\t${date}\n`);
      const terminal = await collab(['groups', 'view', 'acme/apps'], { tty: true });
      // Wrapped between words beside its label (78 cells at 120 columns): its lines joined by a space.
      expect(viewValueLines(terminal.stdout, 'Marked for deletion').join(' ')).toBe(
        `on ${date}, to be removed on ${inDays(7)} (undo with \`collab groups restore acme/apps\`)`,
      );

      const again = await collab(['groups', 'delete', 'acme/apps', '--yes']);
      expect(again.exitCode).toBe(5);
      expect(again.stderr).toBe(
        'error: 400 Group has been already marked for deletion (DELETE /groups/acme%2Fapps)\nhint: remove it now with `collab groups delete acme/apps --permanently-remove`, or undo with `collab groups restore acme/apps`\n',
      );

      const restored = await collab(['groups', 'restore', 'acme/apps', '--json'], { as: 'owner' });
      expect(restored.exitCode).toBe(0);
      expect(restored.stderr).toBe('restored group acme/apps: it is no longer marked for deletion\n');
      expect(restored.json()).toMatchObject({ full_path: 'acme/apps', marked_for_deletion_on: null });
      expect((await group('acme/apps'))?.marked_for_deletion_on).toBeNull();

      const notMarked = await collab(['groups', 'restore', 'acme/apps']);
      expect(notMarked.exitCode).toBe(5);
      expect(notMarked.stderr).toBe(
        'error: 400 Group has not been marked for deletion (POST /groups/acme%2Fapps/restore)\n',
      );
    });

    it('removes a marked group at once with --permanently-remove (and its subgroups and projects)', async () => {
      // The deletion's job runs by the sandbox's clock, stopped here: it is done only when settled.
      const now = Date.now();
      sandbox.store.now = () => now;
      await subgroup('apps');
      const early = await collab(['groups', 'delete', 'acme/apps', '--yes', '--permanently-remove']);
      expect(early.exitCode).toBe(5);
      expect(early.stderr).toBe(
        'error: 400 Group must be marked for deletion first. (DELETE /groups/acme%2Fapps?permanently_remove=true&full_path=acme%2Fapps)\nhint: run `collab groups delete acme/apps` first\n',
      );
      expect(await group('acme/apps')).toBeDefined();

      const child = await collab(['groups', 'create', '--name', 'Inner', '--parent', 'acme/apps', '-q']);
      expect(child.exitCode).toBe(0);
      const marked = await collab(['groups', 'delete', 'acme/apps', '--yes', '-o', 'json']);
      expect(marked.json()).toEqual({
        id: await id('acme/apps'),
        full_path: 'acme/apps',
        status: 'marked_for_deletion',
        marked_for_deletion_on: inDays(0),
      });

      const dry = await collab([
        'groups',
        'delete',
        String(await id('acme/apps')),
        '--permanently-remove',
        '--dry-run',
      ]);
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toBe(
        `DELETE ${sandbox.url}/api/v4/groups/${await id('acme/apps')}?permanently_remove=true&full_path=acme%2Fapps\n`,
      );
      expect(await group('acme/apps')).toBeDefined();

      const removed = await collab([
        'groups',
        'delete',
        String(await id('acme/apps')),
        '--permanently-remove',
        '--yes',
        '-o',
        'json',
      ]);
      expect(removed.exitCode).toBe(0);
      // The service removes it in the background (--delete-duration); it is gone once that is done.
      expect(removed.stderr).toBe('group acme/apps is being removed in the background\n');
      expect(removed.json()).toMatchObject({ full_path: 'acme/apps', status: 'removal_scheduled' });
      // No endpoint shows a removal under way: its job is read from the store.
      expect(sandbox.store.findGroup('acme/apps')?.deletion).not.toBeNull();
      sandbox.store.deletions.settle(now + sandbox.store.deletions.durationMs);
      expect(await group('acme/apps')).toBeUndefined();
      expect(await group('acme/apps/inner')).toBeUndefined();
    });

    it('answers 403 for a non-owner and 404 for a missing group; --dry-run deletes nothing', async () => {
      const developer = await collab(['groups', 'delete', 'acme/web', '--yes'], { as: 'developer' });
      expect(developer.exitCode).toBe(3);
      expect(developer.stderr).toBe(
        'error: 403 Forbidden (DELETE /groups/acme%2Fweb)\nhint: only owners and administrators may do this: it needs the Owner role; ask one of them, or check your role\n',
      );
      const missing = await collab(['groups', 'delete', 'acme/none', '--yes']);
      expect(missing.exitCode).toBe(4);
      const restoreMissing = await collab(['groups', 'restore', 'acme/none']);
      expect(restoreMissing.exitCode).toBe(4);
      const restoreDeveloper = await collab(['groups', 'restore', 'acme/web'], { as: 'developer' });
      expect(restoreDeveloper.exitCode).toBe(3);
      const before = sandbox.stats.requests;
      const dry = await collab(['groups', 'delete', 'acme/web', '--dry-run']);
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toBe(`DELETE ${sandbox.url}/api/v4/groups/acme%2Fweb\n`);
      expect(sandbox.stats.requests).toBe(before);
      expect((await group('acme/web'))?.marked_for_deletion_on).toBeNull();
    });
  });

  describe('transfer', () => {
    it('makes a subgroup top-level with --top-level, and moves it back under a parent given by path', async () => {
      const top = await collab(['groups', 'transfer', 'acme/platform/infra', '--top-level', '--json', '--yes']);
      expect(top.exitCode).toBe(0);
      expect(top.stderr).toBe('group infra is now a top-level group\n');
      expect(top.json()).toMatchObject({ full_path: 'infra', parent_id: null });
      expect((await group('infra'))?.parent_id).toBeNull();
      // Its projects moved with it.
      expect(await project('infra/terraform')).toMatchObject({ path_with_namespace: 'infra/terraform' });

      const back = await collab(['groups', 'transfer', 'infra', '--to', 'acme/platform', '--verbose', '--yes']);
      expect(back.exitCode).toBe(0);
      expect(back.stderr).toContain('/groups/acme%2Fplatform?with_projects=false');
      expect(back.stderr).toContain('moved group infra: its full path is now acme/platform/infra\n');
      expect((await group('acme/platform/infra'))?.parent_id).toBe(await id('acme/platform'));
      expect(await project('acme/platform/infra/terraform')).toMatchObject({
        path_with_namespace: 'acme/platform/infra/terraform',
      });
    });

    it('refuses moves into the group itself or below it; the service refuses what only it can see', async () => {
      const before = sandbox.stats.requests;
      const self = await collab(['groups', 'transfer', 'acme', '--to', 'acme/platform']);
      expect(self.exitCode).toBe(2);
      expect(self.stderr).toBe('error: cannot move group acme into its own subgroup acme/platform\n');
      expect(sandbox.stats.requests).toBe(before);

      const byId = await collab(['groups', 'transfer', 'acme', '--to', String(await id('acme/platform')), '--yes']);
      expect(byId.exitCode).toBe(5);
      expect(byId.stderr).toBe(
        'error: 400 Transfer failed: Cannot transfer group to one of its subgroup. (POST /groups/acme/transfer)\n',
      );
      const root = await collab(['groups', 'transfer', 'globex', '--top-level', '--yes']);
      expect(root.exitCode).toBe(5);
      expect(root.stderr).toBe(
        'error: 400 Transfer failed: Group is already a root group. (POST /groups/globex/transfer)\n',
      );
      const same = await collab(['groups', 'transfer', 'acme/web', '--to', 'acme', '--yes']);
      expect(same.stderr).toBe(
        'error: 400 Transfer failed: Group is already associated to the parent group. (POST /groups/acme%2Fweb/transfer)\n',
      );
      // globex already has no "web", but acme/platform/infra moved to the top level would clash with a group made there.
      await collab(['groups', 'create', '--name', 'Infra', '-q']);
      const clash = await collab(['groups', 'transfer', 'acme/platform/infra', '--top-level', '--yes']);
      expect(clash.exitCode).toBe(5);
      expect(clash.stderr).toMatch(/The parent group already has a subgroup or a project with the same path\./);
      const developer = await collab(['groups', 'transfer', 'acme/web', '--to', 'globex', '--yes'], {
        as: 'developer',
      });
      expect(developer.exitCode).toBe(3);
      const missing = await collab(['groups', 'transfer', 'acme/web', '--to', 'nowhere', '--yes']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toMatch(/^error: group nowhere not found \(given to --to\)/);
      expect((await group('acme/web'))?.parent_id).toBe(await id('acme'));
    });

    it('lowers the visibility of a moved group to its new parent’s, and --dry-run moves nothing', async () => {
      const dry = await collab(['groups', 'transfer', 'acme/web', '--to', 'initech', '--dry-run']);
      expect(dry.stdout).toBe(
        `POST ${sandbox.url}/api/v4/groups/acme%2Fweb/transfer\n{\n  "group_id": ${await id('initech')}\n}\n`,
      );
      expect(await group('acme/web')).toMatchObject({ full_path: 'acme/web' });
      const moved = await collab(['groups', 'transfer', 'acme/web', '--to', 'initech', '--json', '--yes']);
      expect(moved.exitCode).toBe(0);
      expect(moved.json()).toMatchObject({ full_path: 'initech/web', visibility: 'private' });
      expect((await project('initech/web/storefront'))?.visibility).toBe('private');
    });
  });

  describe('transfer-project', () => {
    it('at a terminal, a group that does not exist is said before the path is typed', async () => {
      const result = await collab(['groups', 'transfer-project', 'no-such-group', 'acme/legacy-monolith'], {
        tty: true,
        stdinTTY: true,
        input: 'acme/legacy-monolith\n',
      });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).not.toContain('Type acme/legacy-monolith');
      expect(result.stderr).toMatch(/^error: group no-such-group not found \(given to <group>\)\n/);
    });

    it('moves a project into a group (administrators)', async () => {
      const result = await collab(['groups', 'transfer-project', 'globex', 'acme/legacy-monolith', '--json', '--yes']);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('moved project acme/legacy-monolith into group globex\n');
      expect(result.json()).toMatchObject({ full_path: 'globex' });
      expect((await project('globex/legacy-monolith'))?.namespace).toMatchObject({
        id: await id('globex'),
        full_path: 'globex',
      });
      // The old path answers with a redirect to the new one.
      expect((await get('/projects/acme%2Flegacy-monolith')).status).toBe(301);
    });

    it('answers 403 for non-administrators, 404 for a missing project, 400 when it is there already', async () => {
      expect(
        (await call('POST', `/groups/${await id('globex')}/projects/${encodeURIComponent('acme/legacy-monolith')}`))
          .status,
      ).toBe(201);
      const owner = await collab(['groups', 'transfer-project', 'acme', 'globex/legacy-monolith', '--yes'], {
        as: 'owner',
      });
      expect(owner.exitCode).toBe(3);
      expect(owner.stderr).toBe(
        'error: 403 Forbidden (POST /groups/acme/projects/globex%2Flegacy-monolith)\nhint: only administrators may do this: ask one of them, or check your role\n',
      );
      const missing = await collab(['groups', 'transfer-project', 'acme', 'acme/none', '--yes']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toBe(
        'error: 404 Project Not Found (POST /groups/acme/projects/acme%2Fnone)\nhint: no project with that path or ID, or not one this token can see: check it (`collab projects list --search <name>`)\n',
      );
      const already = await collab(['groups', 'transfer-project', 'globex', 'globex/legacy-monolith', '--yes']);
      expect(already.exitCode).toBe(5);
      expect(already.stderr).toMatch(/Project is already in this namespace/);
      const before = sandbox.stats.requests;
      const noProject = await collab(['groups', 'transfer-project', 'globex']);
      expect(noProject.exitCode).toBe(2);
      const dry = await collab(['groups', 'transfer-project', 'acme', 'globex/legacy-monolith', '--dry-run']);
      expect(dry.stdout).toBe(`POST ${sandbox.url}/api/v4/groups/acme/projects/globex%2Flegacy-monolith\n`);
      expect(sandbox.stats.requests).toBe(before);
    });
  });
});
