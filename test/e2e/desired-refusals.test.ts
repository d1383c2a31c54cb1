import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * The sections of approvals, protected environments, integrations, job token scope and push
 * mirrors refuse as their commands do: a Developer's plan is exit 3 naming the role the read
 * needs, an unknown name is exit 4 with a hint, both before anything is sent.
 */
const world = useDesiredWorlds();
const free = useDesiredWorlds({ tier: 'free' });
const P = 'acme/web/storefront';
const onProject = (section: string) => `version: 1\nprojects:\n  ${P}:\n${section}`;
const MAINTAINERS =
  'hint: only maintainers, owners and administrators may do this: it needs the Maintainer role (you are Developer); ask one of them';

const SECTIONS: Record<string, string> = {
  approval_rules: '    approval_rules:\n      - name: security\n        approvals_required: 1\n',
  protected_environments:
    '    protected_environments:\n      - name: production\n        deploy_access_levels: [{ role: maintainer }]\n',
  integrations: '    integrations:\n      - slug: emails_on_push\n        recipients: dev@example.com\n',
  job_token_scope: '    job_token_scope:\n      enabled: true\n',
  remote_mirrors: '    remote_mirrors:\n      - url: ssh://git@example.com/acme/storefront.git\n',
};

describe('collab.yaml: refusals of the paid and Maintainer sections', () => {
  it.each(Object.entries(SECTIONS))(
    'a Developer’s plan of %s is exit 3 naming the role needed, and writes nothing',
    async (_name, text) => {
      const { collab, file, writes } = await world();
      const plan = await collab(['plan', '-f', file(onProject(text))], { as: 'developer' });
      expect([plan.exitCode, plan.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([
        3,
        MAINTAINERS,
      ]);
      expect(writes()).toEqual([]);
    },
  );

  it('a Developer’s plan of approval rules already as the file says is exit 0: a Developer reads them', async () => {
    const { collab, file, writes } = await world();
    const path = file(onProject(SECTIONS.approval_rules as string));
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const before = writes().length;
    for (const graphql of [[], ['--no-graphql']]) {
      const plan = await collab(['plan', '-f', path, ...graphql], { as: 'developer' });
      expect([plan.exitCode, plan.stderr]).toEqual([0, expect.stringContaining('no changes')]);
    }
    expect(writes()).toHaveLength(before);
  });

  it('a Developer’s plan of approval rules naming a protected branch, already as the file says, is exit 0', async () => {
    const { collab, file, writes } = await world();
    const rules =
      '    approval_rules:\n      - name: security\n        approvals_required: 1\n        protected_branches: [main]\n';
    const path = file(onProject(rules));
    expect((await collab(['apply', '-f', path, '--yes'])).exitCode).toBe(0);
    const before = writes().length;
    const plan = await collab(['plan', '-f', path, '--no-graphql'], { as: 'developer' });
    expect([plan.exitCode, plan.stderr]).toEqual([0, expect.stringContaining('no changes')]);
    expect(writes()).toHaveLength(before);
  });

  it('a Developer’s plan that would change approval rules is exit 3 by REST as through GraphQL', async () => {
    const { collab, file, writes } = await world();
    const plan = await collab(['plan', '-f', file(onProject(SECTIONS.approval_rules as string)), '--no-graphql'], {
      as: 'developer',
    });
    expect([plan.exitCode, plan.stderr.split('\n').find((line) => line.startsWith('hint:'))]).toEqual([3, MAINTAINERS]);
    expect(writes()).toEqual([]);
  });

  it('an unknown user or group of a protected environment is exit 4 with a hint, before anything is sent', async () => {
    const { collab, file, writes } = await world();
    const user = await collab([
      'plan',
      '-f',
      file(
        onProject(
          '    protected_environments:\n      - name: production\n        deploy_access_levels: [{ user: nobody-here }]\n',
        ),
      ),
    ]);
    expect([user.exitCode, user.stderr]).toEqual([
      4,
      'error: user nobody-here not found (an entry of protected_environments)\nhint: check the username (as in their profile URL), or find them with `collab users list --search nobody-here`\n',
    ]);
    const group = await collab([
      'plan',
      '-f',
      file(
        onProject(
          '    protected_environments:\n      - name: production\n        deploy_access_levels: [{ group: acme/nope }]\n',
        ),
      ),
    ]);
    expect([group.exitCode, group.stderr]).toEqual([
      4,
      'error: group acme/nope not found (an entry of protected_environments)\nhint: groups are named by full path: `collab groups list --search <name>`\n',
    ]);
    expect(writes()).toEqual([]);
  });
});

describe('collab.yaml and the commands against GitLab Free: the paid features', () => {
  const PAID: ReadonlyArray<readonly [string, string, string[]]> = [
    ['approval_rules', 'merge request approval rules', ['approval-rules', 'list', '--project', P]],
    ['approval_settings', 'merge request approval settings', ['approval-settings', 'view', '--project', P]],
    ['protected_environments', 'protected environments', ['protected-environments', 'list', '--project', P]],
  ];
  const text = (section: string) =>
    section === 'approval_settings'
      ? '    approval_settings:\n      retain_approvals_on_push: true\n'
      : (SECTIONS[section] as string);

  it.each(PAID)('%s: a plan is exit 2 before anything but the tier is read', async (section, feature) => {
    const { collab, file, sandbox } = await free();
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', file(onProject(text(section)))]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(`${section} (${feature}), which need a paid tier`);
    expect(sandbox.requestLog.map((r) => r.path)).toEqual(['/api/v4/metadata']);
  });

  it.each(PAID)(
    '%s: its command says in one line that %s need a paid tier (exit 3)',
    async (_section, feature, args) => {
      const { collab } = await free();
      const run = await collab(args);
      expect([run.exitCode, run.stdout]).toEqual([3, '']);
      expect(run.stderr).toMatch(
        new RegExp(
          `^error: ${feature} need a paid tier \\(GitLab Premium or Ultimate\\): this instance is GitLab Free \\([^\\n]*\\)\\n$`,
        ),
      );
    },
  );
});
