import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';
import { useSandbox } from '../helpers/cli.js';
import { runOn, ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/** collab approval-settings against the sandbox: a group's strict value locks it for its projects. */
describe('collab approval-settings', () => {
  const { collab, getJson, sandbox } = useSandbox({ seed: 12 });
  const project = ['--project', 'acme/web/storefront'];
  const settingsOf = (path: string) => getJson(`${path}/merge_request_approval_setting`);
  const storefront = `/projects/${encodeURIComponent('acme/web/storefront')}`;

  it('update a group, see the project locked, view as rows and as the service’s object', async () => {
    const updated = await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-author-approval']);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.stderr).toBe('updated the approval settings of group acme: allow_author_approval\n');
    expect((await settingsOf(storefront)).allow_author_approval).toEqual({
      value: false,
      locked: true,
      inherited_from: 'group',
    });
    const rows = await collab(['approval-settings', 'view', ...project]);
    expect(rows.stdout.split('\n').find((row) => row.startsWith('allow_author_approval'))).toBe(
      'allow_author_approval\tfalse\ttrue\tgroup',
    );
    const json = await collab(['approval-settings', 'view', ...project, '--json']);
    expect(json.json()).toEqual(await settingsOf(storefront));
  });

  it('a subgroup’s strict value does not lock its projects: only the top-level group’s does', async () => {
    const web = await collab(['approval-settings', 'update', '--group', 'acme/web', '--no-allow-author-approval']);
    expect(web.exitCode, web.stderr).toBe(0);
    expect((await settingsOf(storefront)).allow_author_approval).toEqual({
      value: true,
      locked: false,
      inherited_from: null,
    });
  });

  it('a group is not locked by its parent’s strict value, which locks the projects below', async () => {
    const acme = await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-committer-approval']);
    expect(acme.exitCode, acme.stderr).toBe(0);
    expect((await settingsOf(`/groups/${encodeURIComponent('acme/web')}`)).allow_committer_approval).toEqual({
      value: true,
      locked: false,
      inherited_from: null,
    });
    expect((await settingsOf(storefront)).allow_committer_approval).toMatchObject({ locked: true });
  });

  it('a locked key is refused before the PUT (exit 2), as the plan refuses it; so is a project’s own key on a group', async () => {
    expect(
      (await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-author-approval'])).exitCode,
    ).toBe(0);
    sandbox.resetStats();
    const locked = await collab(['approval-settings', 'update', ...project, '--allow-author-approval']);
    expect(locked.exitCode).toBe(2);
    expect(locked.stderr).toMatch(
      /allow_author_approval of project acme\/web\/storefront is locked at false by its group/,
    );
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    const groupOnly = await collab([
      'approval-settings',
      'update',
      '--group',
      'acme',
      '--selective-code-owner-removals',
    ]);
    expect(groupOnly.exitCode).toBe(2);
    expect((await collab(['approval-settings', 'update', ...project])).exitCode).toBe(2);
  });

  it('a locked key’s hint names the top-level group that locks it and the command that unlocks it', async () => {
    expect(
      (await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-author-approval'])).exitCode,
    ).toBe(0);
    const locked = await collab(['approval-settings', 'update', ...project, '--allow-author-approval']);
    expect([locked.exitCode, locked.stderr.split('\n')[1]]).toEqual([
      2,
      'hint: change it on group acme, for every project under it: `collab approval-settings update --group acme --allow-author-approval`',
    ]);
  });

  it('a key the instance locks is refused before the PUT (exit 2), its hint naming the Admin area', async () => {
    sandbox.store.instanceApprovalSettings.prevent_merge_requests_author_approval = true;
    sandbox.resetStats();
    const locked = await collab(['approval-settings', 'update', '--group', 'acme', '--allow-author-approval']);
    expect([locked.exitCode, locked.stderr.split('\n').slice(0, 2)]).toEqual([
      2,
      [
        expect.stringContaining('allow_author_approval of group acme is locked at false by its instance'),
        'hint: an administrator changes it for the whole instance: Admin area, Push rules, Merge request approvals',
      ],
    ]);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a locked key of a project given by its ID keeps the hint in words: its ID does not say which group locks it', async () => {
    expect(
      (await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-author-approval'])).exitCode,
    ).toBe(0);
    const id = String((await getJson(storefront)).id);
    const locked = await collab(['approval-settings', 'update', '--project', id, '--allow-author-approval']);
    expect([locked.exitCode, locked.stderr.split('\n')[1]]).toEqual([2, 'hint: change it on the group that locks it']);
  });

  it('a group’s view has no row for selective_code_owner_removals, which a group does not take; a project’s has', async () => {
    const names = async (owner: string[]) =>
      (await collab(['approval-settings', 'view', ...owner])).stdout
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t')[0]);
    expect(await names(['--group', 'acme'])).toEqual([
      'allow_author_approval',
      'allow_committer_approval',
      'allow_overrides_to_approver_list_per_merge_request',
      'retain_approvals_on_push',
      'require_reauthentication_to_approve',
      'require_password_to_approve',
    ]);
    expect(await names(project)).toContain('selective_code_owner_removals');
    const json = await collab(['approval-settings', 'view', '--group', 'acme', '--json']);
    expect(json.json()).toEqual(await settingsOf('/groups/acme'));
  });

  it('--selective-code-owner-removals with --no-retain-approvals-on-push is exit 2 before any request', async () => {
    sandbox.resetStats();
    const both = await collab([
      'approval-settings',
      'update',
      ...project,
      '--no-retain-approvals-on-push',
      '--selective-code-owner-removals',
    ]);
    expect([both.exitCode, both.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --selective-code-owner-removals cannot be used with --retain-approvals-on-push off: selective removals need approvals retained on push',
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('--selective-code-owner-removals where approvals are not retained on push is exit 2 before the PUT; with --retain-approvals-on-push it is set', async () => {
    sandbox.resetStats();
    const selective = await collab(['approval-settings', 'update', ...project, '--selective-code-owner-removals']);
    expect([selective.exitCode, selective.stderr]).toEqual([
      2,
      'error: --selective-code-owner-removals cannot be on while project acme/web/storefront has retain_approvals_on_push off: selective removals need approvals retained on push\n' +
        'hint: give --retain-approvals-on-push with it\n',
    ]);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
    const both = await collab([
      'approval-settings',
      'update',
      ...project,
      '--selective-code-owner-removals',
      '--retain-approvals-on-push',
    ]);
    expect(both.exitCode, both.stderr).toBe(0);
    expect(await settingsOf(storefront)).toMatchObject({
      selective_code_owner_removals: { value: true },
      retain_approvals_on_push: { value: true },
    });
  });

  it('--no-retain-approvals-on-push where selective removals are on is exit 2 before the PUT', async () => {
    expect(
      (
        await collab([
          'approval-settings',
          'update',
          ...project,
          '--selective-code-owner-removals',
          '--retain-approvals-on-push',
        ])
      ).exitCode,
    ).toBe(0);
    sandbox.resetStats();
    const off = await collab(['approval-settings', 'update', ...project, '--no-retain-approvals-on-push']);
    expect([off.exitCode, off.stderr]).toEqual([
      2,
      'error: --no-retain-approvals-on-push cannot be given while project acme/web/storefront has selective_code_owner_removals on: selective removals need approvals retained on push\n' +
        'hint: give --no-selective-code-owner-removals with it\n',
    ]);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the group’s settings need its Owner role: a Maintainer is told who may (exit 3)', async () => {
    const denied = await collab(['approval-settings', 'view', '--group', 'acme'], { as: 'maintainer' });
    expect(denied.exitCode).toBe(3);
    expect(denied.stderr).toMatch(/^hint: only owners and administrators may do this/m);
    const developer = await collab(['approval-settings', 'update', ...project, '--retain-approvals-on-push'], {
      as: 'developer',
    });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  it('--dry-run sends no PUT', async () => {
    sandbox.resetStats();
    const dry = await collab(['approval-settings', 'update', ...project, '--retain-approvals-on-push', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(sandbox.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  for (const width of [60, 80])
    it(`at ${width} columns every setting shows its value and its lock, the longest name wrapped`, async () => {
      expect(
        (await collab(['approval-settings', 'update', '--group', 'acme', '--no-allow-author-approval'])).exitCode,
      ).toBe(0);
      const screen = new TerminalScreen();
      const { exitCode } = await runOn(
        ['approval-settings', 'view', ...project],
        { stdout: new ScreenStream(screen, true, width), stderr: new ScreenStream(screen, true, width) },
        { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.admin },
      );
      expect(exitCode).toBe(0);
      const lines = screen.text();
      expect(Math.max(...lines.map((line) => displayWidth(line)))).toBeLessThanOrEqual(width);
      expect(lines.find((line) => line.startsWith('│ SETTING'))).toMatch(/^│ SETTING\s+│ VALUE │ LOCKED │$/);
      const row = (name: string) => lines.find((line) => line.startsWith(`│ ${name} `));
      expect(row('allow_author_approval')).toMatch(/│ no\s+│ yes\s+│$/);
      expect(row('retain_approvals_on_push')).toMatch(/│ no\s+│ no\s+│$/);
      const long = 'allow_overrides_to_approver_list_per_merge_request';
      const at = lines.findIndex((line) => line.startsWith('│ allow_overrides_'));
      const named = width === 60 ? ['allow_overrides_to_approver_list_per_', 'merge_request'] : [long];
      expect(lines.slice(at, at + named.length).map((line) => line.split('│')[1]?.trim())).toEqual(named);
      expect(lines[at]).toMatch(/│ yes\s+│ no\s+│$/);
    });
});
