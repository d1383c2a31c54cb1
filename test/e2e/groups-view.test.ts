import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab groups view and avatar against the sandbox. */
describe('collab groups: view and avatar', () => {
  const harness = useSandbox({ seed: 12 });
  const { collab, sandbox, getJson, idOf } = harness;
  const id = (path: string) => idOf('groups', path);

  describe('view', () => {
    it('summarises a group in a pipe as label<TAB>value lines, with the service values', async () => {
      const result = await collab(['groups', 'view', 'acme/web']);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      const lines = result.stdout.split('\n');
      expect(lines.slice(0, 10)).toEqual([
        'Full path\tacme/web',
        'Name\tWeb',
        `ID\t${await id('acme/web')}`,
        'Visibility\tpublic',
        `Parent\t${await id('acme')}`,
        'Description\tWeb team',
        `Web URL\t${sandbox.url}/groups/acme/web`,
        `Created\t${(await getJson('/groups/acme%2Fweb')).created_at}`,
        'Marked for deletion\t',
        `Shared with groups\t${JSON.stringify([{ group_id: await id('globex'), group_name: 'Globex', group_full_path: 'globex', group_access_level: 30, expires_at: null }])}`,
      ]);
      // Settings follow, labelled in words (values as the service sent them in a pipe); null means the instance default.
      expect(result.stdout).toContain('Project creation level\tdeveloper\n');
      expect(result.stdout).toContain('Default branch protection\t2\n');
      expect(result.stdout).toContain('Auto DevOps enabled\t\n');
      // A setting of top-level groups only: not shown for a subgroup.
      expect(result.stdout).not.toContain('Prevent sharing groups outside hierarchy');
      expect(result.stdout).not.toContain('Projects');
    });

    it('aligns the summary on a terminal, and says a top-level group has no parent', async () => {
      const result = await collab(['groups', 'view', String(await id('acme'))], { tty: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^Full path +acme\n/);
      expect(result.stdout).toMatch(/\nParent +none \(top-level group\)\n/);
      // Settings in words on a terminal: labels, yes/no, the protection level, hours.
      expect(result.stdout).toMatch(/\nPrevent sharing groups outside hierarchy +no\n/);
      expect(result.stdout).toMatch(/\nAuto DevOps enabled +\(instance default\)\n/);
      expect(result.stdout).toMatch(/\nDefault branch protection +full: only maintainers may push\n/);
      expect(result.stdout).toMatch(/\nTwo factor grace period +48 hours\n/);
      expect(result.stdout).not.toMatch(/[a-z]_[a-z]/);
      expect(result.stdout).toMatch(/\nMarked for deletion +no\n/);
    });

    it('formats dates and names on a terminal only, in the local time zone', async () => {
      const created: string = (await getJson('/groups/acme%2Fweb')).created_at;
      const local = (tz: string) => new Date(created).toLocaleString('sv-SE', { timeZone: tz }).slice(0, 16);
      for (const tz of ['Asia/Tokyo', 'America/New_York']) {
        const result = await collab(['groups', 'view', 'acme/web'], { tty: true, env: { TZ: tz } });
        expect(result.stdout).toMatch(new RegExp(`\nCreated +${local(tz)}\n`));
        expect(result.stdout).toMatch(/\nShared with groups +globex \(developer\)\n/);
        expect(result.stdout).toMatch(new RegExp(`\nParent +acme \\(id ${await id('acme')}\\)\n`));
      }
    });

    it('asks for no embedded projects unless --with-projects (deprecated) is given', async () => {
      const plain = await collab(['groups', 'view', 'acme', '--json', '--verbose']);
      expect(plain.stderr).toContain('/groups/acme?with_projects=false');
      expect(plain.json()).not.toHaveProperty('projects');

      const withProjects = await collab(['groups', 'view', 'acme/web', '--with-projects']);
      expect(withProjects.exitCode).toBe(0);
      expect(withProjects.stderr).toMatch(/^warning: the projects embedded in group details are deprecated/);
      expect(withProjects.stdout).toMatch(/\nProjects\t(acme\/web\/[a-z0-9-]+,?)+\n/);
      expect(withProjects.stdout).toContain('acme/web/storefront');
      expect(withProjects.stdout).toContain('\nShared projects\t\n');
      const json = await collab(['groups', 'view', 'acme/web', '--with-projects', '--json']);
      expect(json.json<{ projects: unknown[] }>().projects.length).toBe(2);
    });

    it('never shows the runners token that owners receive in a human view; json and ndjson carry it as sent', async () => {
      const token = `GR1348941group${(await id('acme')).toString(16).padStart(8, '0')}`;
      for (const run of [{}, { tty: true }]) {
        for (const args of [[], ['--fields', 'id,runners_token']]) {
          const result = await collab(['groups', 'view', 'acme', '--verbose', ...args], { as: 'owner', ...run });
          expect(result.exitCode).toBe(0);
          expect(result.stdout + result.stderr).not.toContain(token);
        }
      }
      const ndjson = await collab(['groups', 'view', 'acme', '--verbose', '-o', 'ndjson'], { as: 'owner' });
      expect(ndjson.stderr).not.toContain(token);
      expect(ndjson.lines()[0]).toMatchObject({ runners_token: token });
      const json = await collab(['groups', 'view', 'acme', '--json'], { as: 'owner' });
      expect(json.json()).toMatchObject({ runners_token: token });
      // Non-owners are not sent one at all.
      const developer = await collab(['groups', 'view', 'acme', '--json'], { as: 'developer' });
      expect(developer.json()).not.toHaveProperty('runners_token');
    });

    it('shows custom attributes to administrators with --with-custom-attributes', async () => {
      const result = await collab(['groups', 'view', 'globex', '--with-custom-attributes', '--json']);
      expect(result.json()).toMatchObject({ custom_attributes: [{ key: 'team', value: 'globex' }] });
    });

    it('answers 404 for a missing group and for a private one the caller cannot see; refuses a bad reference', async () => {
      const missing = await collab(['groups', 'view', 'nope']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toBe(
        'error: 404 Group Not Found (GET /groups/nope?with_projects=false)\nhint: no group with that path or ID, or not one this token can see: check it (`collab groups list --search <name>`)\n',
      );
      const hidden = await collab(['groups', 'view', 'initech'], { as: 'developer' });
      expect(hidden.exitCode).toBe(4);
      const before = sandbox.stats.requests;
      const bad = await collab(['groups', 'view', 'grp/.git']);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/expected a group ID or full path/);
      expect(sandbox.stats.requests).toBe(before);
    });
  });

  describe('avatar', () => {
    const image = Buffer.from('\x89PNG\r\n\x1a\n sandbox avatar bytes', 'binary');

    it('downloads the avatar to a file, and to standard output', async () => {
      const form = new FormData();
      form.append('avatar', new Blob([image], { type: 'image/png' }), 'web.png');
      expect((await harness.call('PUT', '/groups/acme%2Fweb', { form })).status).toBe(200);
      const webId = await id('acme/web');
      const dir = tempConfigDir();
      const file = join(dir, 'web.png');
      const saved = await collab(['groups', 'avatar', 'acme/web', '--file', file]);
      expect(saved.exitCode).toBe(0);
      expect(saved.stdout).toBe('');
      expect(saved.stderr).toBe(`saved the avatar of group acme/web to ${file} (${image.length} bytes)\n`);
      expect(readFileSync(file).equals(image)).toBe(true);
      // Nothing is left beside it.
      expect(readdirSync(dir)).toEqual(['web.png']);

      // The bytes themselves, unchanged: run with a binary stdout.
      const piped = await execa('node', [BIN, 'groups', 'avatar', String(webId), '--file', '-'], {
        encoding: 'buffer',
        stripFinalNewline: false,
        reject: false,
        extendEnv: false,
        env: {
          PATH: process.env.PATH,
          HOME: harness.configDir,
          COLLAB_CONFIG_DIR: harness.configDir,
          COLLAB_HOST: sandbox.url,
          COLLAB_TOKEN: sandbox.tokens.admin,
          NO_COLOR: '1',
          CI: 'true',
        },
      });
      expect(piped.exitCode).toBe(0);
      expect(Buffer.from(piped.stdout).equals(image)).toBe(true);
      expect(Buffer.from(piped.stderr).toString()).toBe(
        `saved the avatar of group ${webId} to standard output (${image.length} bytes)\n`,
      );
    });

    it('answers 404 when the group has no avatar, and leaves no file', async () => {
      const file = join(tempConfigDir(), 'none.png');
      const result = await collab(['groups', 'avatar', 'globex', '--file', file]);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe('error: 404 Avatar Not Found (GET /groups/globex/avatar)\n');
      expect(existsSync(file)).toBe(false);
    });

    it('refuses to write an image to a terminal, or without --file, before sending', async () => {
      const before = sandbox.stats.requests;
      const terminal = await collab(['groups', 'avatar', 'acme/web', '--file', '-'], { tty: true });
      expect(terminal.exitCode).toBe(2);
      expect(terminal.stderr).toBe(
        'error: refusing to write an image to the terminal\nhint: redirect standard output to a file, or give --file <path>\n',
      );
      const missing = await collab(['groups', 'avatar', 'acme/web']);
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toMatch(/^error: required option '--file <path\|->' not specified\n/);
      expect(sandbox.stats.requests).toBe(before);
    });
  });
});
