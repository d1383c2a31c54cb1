import { describe, expect, it } from 'vitest';
import { PUSH_RULE_DEFAULTS } from '../../src/params/push-rules.js';
import { useSandbox } from '../helpers/cli.js';

/** collab push-rule against the sandbox, for projects and groups alike. */
describe('collab push-rule', () => {
  const { collab, sandbox, call } = useSandbox({ seed: 12 });
  /** The rule as the API shows it, undefined for none (a project answers null, a group 404). */
  const ruleOf = async (kind: 'project' | 'group', ref: string) => {
    const answer = await call('GET', `/${kind}s/${encodeURIComponent(ref)}/push_rule`);
    if (kind === 'group' && answer.status === 404) return undefined;
    expect(answer.status).toBe(200);
    return answer.body ?? undefined;
  };

  describe.each([
    {
      kind: 'project' as const,
      ref: 'acme/web/storefront',
      flag: '--project',
      as: 'maintainer' as const,
      exists: 'Project push rule exists',
    },
    {
      kind: 'group' as const,
      ref: 'acme',
      flag: '--group',
      as: 'owner' as const,
      exists: 'Group push rule exists, try updating',
    },
  ])('$kind push rule', ({ kind, ref, flag, as, exists }) => {
    it('view with none: a line on stderr, null for --json, exit 0', async () => {
      const table = await collab(['push-rule', 'view', flag, ref], { as });
      expect(table).toMatchObject({ exitCode: 0, stdout: '', stderr: `no push rule on ${kind} ${ref}\n` });
      const json = await collab(['push-rule', 'view', flag, ref, '--json'], { as });
      expect(json.exitCode).toBe(0);
      expect(json.stdout).toBe('null\n');
    });

    it('create, refuse a second create, update, set, view, delete (idempotent)', async () => {
      const created = await collab(
        [
          'push-rule',
          'create',
          flag,
          ref,
          '--commit-message-regex',
          '^(feat|fix|docs): ',
          '--prevent-secrets',
          '--max-file-size',
          '25',
          '--json',
        ],
        { as },
      );
      expect(created.exitCode).toBe(0);
      expect(created.stderr).toBe(`created the push rule of ${kind} ${ref}\n`);
      expect(created.json()).toMatchObject({
        commit_message_regex: '^(feat|fix|docs): ',
        prevent_secrets: true,
        max_file_size: 25,
        deny_delete_tag: false,
      });
      expect(await ruleOf(kind, ref)).toMatchObject({
        ...PUSH_RULE_DEFAULTS,
        commit_message_regex: '^(feat|fix|docs): ',
        prevent_secrets: true,
        max_file_size: 25,
      });

      const twice = await collab(['push-rule', 'create', flag, ref, '--deny-delete-tag'], { as });
      expect(twice.exitCode).toBe(5);
      expect(twice.stderr).toContain(`error: 422 ${exists}`);
      expect(twice.stderr).toMatch(/hint: change it with `collab push-rule update`, or use `collab push-rule set`/);

      const updated = await collab(
        ['push-rule', 'update', flag, ref, '--deny-delete-tag', '--no-prevent-secrets', '--json'],
        { as },
      );
      expect(updated.exitCode).toBe(0);
      expect(updated.json()).toMatchObject({
        commit_message_regex: '^(feat|fix|docs): ',
        deny_delete_tag: true,
        prevent_secrets: false,
        max_file_size: 25,
      });

      const set = await collab(['push-rule', 'set', flag, ref, '--branch-name-regex', '^(main|release/.+)$'], { as });
      expect(set.exitCode).toBe(0);
      expect(set.stderr).toBe(`updated the push rule of ${kind} ${ref}\n`);
      expect(await ruleOf(kind, ref)).toMatchObject({
        branch_name_regex: '^(main|release/.+)$',
        deny_delete_tag: true,
        commit_message_regex: '^(feat|fix|docs): ',
      });

      const view = await collab(['push-rule', 'view', flag, ref], { as });
      expect(view.exitCode).toBe(0);
      expect(view.stdout).toContain('Branch name must match\t^(main|release/.+)$\n');
      expect(view.stdout).toContain('Deny deleting tags\ttrue\n');
      const terminal = await collab(['push-rule', 'view', flag, ref], { as, tty: true });
      expect(terminal.stdout).toMatch(/^Deny deleting tags +yes$/m);
      expect(view.stdout).toContain('Max file size (MB)\t25\n');

      const deleted = await collab(['push-rule', 'delete', flag, ref], { as });
      expect(deleted).toMatchObject({ exitCode: 0, stderr: `deleted the push rule of ${kind} ${ref}\n` });
      expect(await ruleOf(kind, ref)).toBeUndefined();
      const again = await collab(['push-rule', 'delete', flag, ref], { as });
      expect(again).toMatchObject({ exitCode: 0, stderr: `${kind} ${ref} has no push rule; nothing to do\n` });
      const strict = await collab(['push-rule', 'delete', flag, ref, '--strict'], { as });
      expect(strict.exitCode).toBe(4);
      expect(strict.stderr).toBe(`error: ${kind} ${ref} has no push rule\n`);
    });

    it('set creates the rule when there is none', async () => {
      const set = await collab(['push-rule', 'set', flag, ref, '--member-check', '--json'], { as });
      expect(set.exitCode).toBe(0);
      expect(set.stderr).toBe(`created the push rule of ${kind} ${ref}\n`);
      expect(await ruleOf(kind, ref)).toMatchObject({ ...PUSH_RULE_DEFAULTS, member_check: true });
      await collab(['push-rule', 'delete', flag, ref], { as });
    });

    it('update with no rule says how to make one', async () => {
      const update = await collab(['push-rule', 'update', flag, ref, '--member-check'], { as });
      expect(update.exitCode).toBe(4);
      expect(update.stderr).toMatch(/404 Push Rule Not Found[\s\S]*hint: there is no push rule yet/);
    });

    it('--dry-run prints the request and changes nothing', async () => {
      const dry = await collab(['push-rule', 'create', flag, ref, '--file-name-regex', '\\.(exe|jar)$', '--dry-run'], {
        as,
      });
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toMatch(
        /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/(projects|groups)\/acme(%2Fweb%2Fstorefront)?\/push_rule\n/,
      );
      expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n') + 1))).toEqual({ file_name_regex: '\\.(exe|jar)$' });
      expect(await ruleOf(kind, ref)).toBeUndefined();
      const deleteDry = await collab(['push-rule', 'delete', flag, ref, '--dry-run'], { as });
      expect(deleteDry.stdout).toMatch(/^DELETE http:.*\/push_rule\n$/);
    });
  });

  it('refuses regexes RE2 cannot run, and ones that do not compile, before sending', async () => {
    sandbox.resetStats();
    const cases: Array<[string, string, RegExp]> = [
      ['--branch-name-regex', '(?<=feature/)x', /--branch-name-regex.*look-behind \(\?<= is not supported by RE2/],
      ['--commit-message-regex', '^(?<!WIP)', /--commit-message-regex.*negative look-behind \(\?<!/],
      ['--author-email-regex', '^(\\w+)@\\1\\.com$', /--author-email-regex.*back-reference \\1 is not supported/],
      ['--file-name-regex', '(?<ext>exe)\\k<ext>', /named back-reference \\k<ext>/],
      ['--commit-message-negative-regex', 'foo(?=bar)', /look-ahead \(\?=/],
      ['--branch-name-regex', 'a++', /possessive quantifier \+\+/],
      ['--branch-name-regex', '(?>atomic)', /atomic group \(\?>/],
      ['--branch-name-regex', '^(main|release', /--branch-name-regex.*does not compile: unterminated group/],
      ['--branch-name-regex', '[a-', /does not compile/],
    ];
    for (const [flag, value, message] of cases) {
      const result = await collab(['push-rule', 'set', '--project', 'acme/web/storefront', flag, value]);
      expect(result.exitCode, value).toBe(2);
      expect(result.stderr.split('\n')[0], value).toMatch(message);
    }
    const escaped = await collab([
      'push-rule',
      'create',
      '--project',
      'acme/web/storefront',
      '--branch-name-regex',
      '[(?<=]\\(\\?=x\\)',
      '--dry-run',
    ]);
    expect(escaped.exitCode).toBe(0);
    const others = await collab(['push-rule', 'create', '--group', 'acme', '--max-file-size', '-1']);
    expect(others.exitCode).toBe(2);
    const empty = await collab(['push-rule', 'create', '--group', 'acme']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/^error: nothing to change\nhint: give --commit-message-regex, /);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('accepts RE2 syntax JavaScript spells differently, and an empty regex to clear one', async () => {
    const set = await collab([
      'push-rule',
      'set',
      '--project',
      'acme/platform/api',
      '--commit-message-regex',
      '(?i)^(?P<kind>feat|fix): ',
      '--json',
    ]);
    expect(set.exitCode).toBe(0);
    const cleared = await collab([
      'push-rule',
      'update',
      '--project',
      'acme/platform/api',
      '--commit-message-regex',
      '',
      '--json',
    ]);
    expect(cleared.exitCode).toBe(0);
    expect(cleared.json()).toMatchObject({ commit_message_regex: '' });
  });

  it('maps permission and missing owners to exit codes', async () => {
    const developerGroup = await collab(['push-rule', 'set', '--group', 'acme', '--deny-delete-tag'], {
      as: 'developer',
    });
    expect(developerGroup.exitCode).toBe(3);
    const maintainerGroup = await collab(['push-rule', 'view', '--group', 'acme'], { as: 'maintainer' });
    expect(maintainerGroup.exitCode).toBe(3);
    const developerProject = await collab(['push-rule', 'view', '--project', 'acme/web/storefront'], {
      as: 'developer',
    });
    expect(developerProject.exitCode).toBe(3);
    const missingGroup = await collab(['push-rule', 'view', '--group', 'nope-group']);
    expect(missingGroup.exitCode).toBe(4);
    expect(missingGroup.stderr).toMatch(/404 Group Not Found/);
    const missingProject = await collab(['push-rule', 'delete', '--project', 'acme/nope']);
    expect(missingProject.exitCode).toBe(4);
    expect(missingProject.stderr).toMatch(/404 Project Not Found/);
  });
});
