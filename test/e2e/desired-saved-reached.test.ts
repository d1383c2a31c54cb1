import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';
import type { Json } from '../helpers/sandbox-api.js';

/**
 * A saved plan of list sections applied to one target, then whole: each section tells that the
 * target is at the plan's result (done, nothing sent to it), and that a target moved elsewhere is
 * stale; what it cannot read back (a template's value, a hook's token, a schedule's file variable)
 * stays stale. So for a plan that makes an item, one that changes an item both targets have (and
 * the settings and the pull mirror), and one that removes it; a changed item another client then
 * moved in a field the change leaves is elsewhere too.
 */
const world = useDesiredWorlds();

const FIRST = 'acme/web/storefront';
const OTHER = 'acme/web/design-system';
const project = (path: string) => `/projects/${encodeURIComponent(path)}`;

/** The same section on FIRST and OTHER. */
const policy = (section: string) => `version: 1
projects:
  ${FIRST}:
${section}
  ${OTHER}:
${section}
`;

type World = Awaited<ReturnType<typeof world>>;

interface Case {
  section: string;
  yaml: string;
  /** What the changes planned for FIRST are. */
  planned: string[];
  /** The key of the change `moveElsewhere` moves. */
  moved: string;
  /**
   * Another client moves FIRST's item elsewhere after the first apply; none where there is no
   * elsewhere (a setting of two values, an allowlist entry there or not).
   */
  moveElsewhere?(w: World): Promise<void>;
}

const byName = async (w: World, path: string, name: string, key = 'name'): Promise<Json> =>
  ((await w.getJson(path)) as Json[]).find((item) => item[key] === name);

/** A public key line, as a `.pub` file holds it. */
const KEY_LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ci@example';

const CASES: Case[] = [
  {
    section: 'variables',
    moved: 'REGION',
    yaml: `    variables:
      - { key: REGION, value: eu-west-1, description: Where it runs }
      - { key: APP_ENV, value: qa }`,
    planned: ['create REGION', 'update APP_ENV'],
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/variables/REGION`;
      expect((await w.call('PUT', path, { json: { value: 'us-east-1' } })).status).toBe(200);
    },
  },
  {
    section: 'labels',
    moved: 'triage',
    yaml: `    labels:
      - { name: triage, color: "#D9534F" }
      - { name: checkout, color: orange }`,
    planned: ['create triage', 'update checkout'],
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/labels/triage`;
      expect((await w.call('PUT', path, { json: { new_name: 'triage', color: '#000000' } })).status).toBe(200);
    },
  },
  {
    section: 'hooks',
    moved: 'https://hooks.example.com/audit',
    yaml: `    hooks:
      - { url: "https://hooks.example.com/audit", push_events: false, merge_requests_events: true }`,
    planned: ['create https://hooks.example.com/audit'],
    moveElsewhere: async (w) => {
      const hook = await byName(w, `${project(FIRST)}/hooks`, 'https://hooks.example.com/audit', 'url');
      const path = `${project(FIRST)}/hooks/${hook.id}`;
      expect((await w.call('PUT', path, { json: { url: hook.url, push_events: true } })).status).toBe(200);
    },
  },
  {
    section: 'members',
    moved: 'dana',
    yaml: `    members:
      - { username: dana, access_level: developer }`,
    planned: ['create dana'],
    moveElsewhere: async (w) => {
      const member = await byName(w, `${project(FIRST)}/members`, 'dana', 'username');
      const path = `${project(FIRST)}/members/${member.id}`;
      expect((await w.call('PUT', path, { json: { access_level: 40 } })).status).toBe(200);
    },
  },
  {
    section: 'protected_branches',
    moved: 'stable',
    yaml: `    protected_branches:
      enforce: true
      items:
        - { name: main, push_access_level: developer }
        - { name: stable, merge_access_level: developer }`,
    planned: ['update main', 'create stable', 'delete release/*'],
    moveElsewhere: async (w) => {
      // Gone is what it was planned from (made again, as planned): protected again by another role is elsewhere.
      const path = `${project(FIRST)}/protected_branches`;
      expect((await w.call('DELETE', `${path}/stable`)).status).toBe(204);
      expect((await w.call('POST', path, { json: { name: 'stable', merge_access_level: 40 } })).status).toBe(201);
    },
  },
  {
    section: 'badges',
    moved: 'Docs',
    yaml: `    badges:
      - name: Docs
        link_url: "https://docs.example.com/%{project_path}"
        image_url: "https://img.shields.io/badge/docs-here-blue"`,
    planned: ['create Docs'],
    moveElsewhere: async (w) => {
      const badge = await byName(w, `${project(FIRST)}/badges`, 'Docs');
      const path = `${project(FIRST)}/badges/${badge.id}`;
      expect(
        (await w.call('PUT', path, { json: { image_url: 'https://img.shields.io/badge/docs-gone-red' } })).status,
      ).toBe(200);
    },
  },
  {
    section: 'deploy_keys',
    moved: 'ci',
    yaml: `    deploy_keys:
      - { title: ci, key: "${KEY_LINE}", can_push: true }`,
    planned: ['create ci'],
    moveElsewhere: async (w) => {
      const key = await byName(w, `${project(FIRST)}/deploy_keys`, 'ci', 'title');
      const path = `${project(FIRST)}/deploy_keys/${key.id}`;
      expect((await w.call('PUT', path, { json: { can_push: false } })).status).toBe(200);
    },
  },
  {
    section: 'protected_tags',
    moved: 'v*',
    yaml: `    protected_tags:
      - { name: "v*", create_access_level: developer }`,
    planned: ['create v*'],
    moveElsewhere: async (w) => {
      // Gone is what it was planned from (made again, as planned): protected again by another role is elsewhere.
      const path = `${project(FIRST)}/protected_tags`;
      expect((await w.call('DELETE', `${path}/${encodeURIComponent('v*')}`)).status).toBe(204);
      expect((await w.call('POST', path, { json: { name: 'v*', create_access_level: 40 } })).status).toBe(201);
    },
  },
  {
    section: 'pipeline_schedules',
    moved: 'reached nightly',
    yaml: `    pipeline_schedules:
      - description: reached nightly
        ref: main
        cron: "0 2 * * *"
        variables:
          - { key: SUITE, value: full }`,
    planned: ['create reached nightly'],
    moveElsewhere: async (w) => {
      const schedule = await byName(w, `${project(FIRST)}/pipeline_schedules`, 'reached nightly', 'description');
      const path = `${project(FIRST)}/pipeline_schedules/${schedule.id}`;
      expect((await w.call('PUT', path, { json: { cron: '0 3 * * *' } })).status).toBe(200);
    },
  },
  {
    section: 'protected_environments',
    moved: 'production',
    yaml: `    protected_environments:
      - name: production
        deploy_access_levels: [{ role: maintainer }, { user: Dana }]
        approval_rules: [{ role: developer, required_approvals: 2 }]`,
    planned: ['create production'],
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/protected_environments/production`;
      const json = { deploy_access_levels: [{ access_level: 30 }] };
      expect((await w.call('PUT', path, { json })).status).toBe(200);
    },
  },
  {
    section: 'approval_rules',
    moved: 'security',
    yaml: `    approval_rules:
      - { name: security, approvals_required: 1, users: [Max] }`,
    planned: ['create security'],
    moveElsewhere: async (w) => {
      const rule = await byName(w, `${project(FIRST)}/approval_rules`, 'security');
      const path = `${project(FIRST)}/approval_rules/${rule.id}`;
      expect((await w.call('PUT', path, { json: { approvals_required: 5 } })).status).toBe(200);
    },
  },
  {
    section: 'remote_mirrors',
    moved: 'ssh://example.com/acme/mirror.git',
    yaml: `    remote_mirrors:
      - { url: "ssh://git@example.com/acme/mirror.git", enabled: true, keep_divergent_refs: true }`,
    planned: ['create ssh://example.com/acme/mirror.git'],
    moveElsewhere: async (w) => {
      const [mirror] = (await w.getJson(`${project(FIRST)}/remote_mirrors`)) as Json[];
      const path = `${project(FIRST)}/remote_mirrors/${mirror?.id}`;
      expect((await w.call('PUT', path, { json: { keep_divergent_refs: false } })).status).toBe(200);
    },
  },
  {
    section: 'integrations',
    moved: 'emails_on_push',
    yaml: `    integrations:
      - { slug: emails_on_push, recipients: dev@example.com, disable_diffs: true }`,
    planned: ['create emails_on_push'],
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/integrations/emails-on-push`;
      const json = { recipients: 'ops@example.com', disable_diffs: true };
      expect((await w.call('PUT', path, { json })).status).toBe(200);
    },
  },
  {
    section: 'approval_settings',
    moved: 'retain_approvals_on_push',
    yaml: `    approval_settings:
      retain_approvals_on_push: true`,
    planned: ['update retain_approvals_on_push'],
  },
  {
    section: 'job_token_scope',
    moved: 'project acme/platform/api',
    yaml: `    job_token_scope:
      enabled: false
      projects: [{ path: acme/platform/api }]`,
    planned: ['update enabled', 'create project acme/platform/api'],
  },
];

/** The plan saved, then applied to FIRST alone; `toFirst` lists the writes to FIRST since the last resetStats. */
async function appliedToFirst(
  yaml: string,
  env: Record<string, string> = {},
  flags: readonly string[] = [],
  /** The section as FIRST and OTHER have it before the plan (applied first): the plan then changes or removes it. */
  before?: string,
) {
  const w = await world();
  if (before !== undefined) {
    const made = await w.collab(['apply', '-f', w.file(policy(before), 'before.yaml'), '--yes'], { env });
    expect(made.exitCode, made.stdout + made.stderr).toBe(0);
  }
  const path = w.file(policy(yaml));
  const out = join(w.dir, 'plan.json');
  const plan = await w.collab(['plan', '-f', path, '--out', out, '-o', 'ndjson', ...flags], { env });
  expect(plan.exitCode, plan.stderr).toBe(8);
  const one = await w.collab(['apply', '-f', out, FIRST, ...flags], { env });
  expect(one.exitCode, one.stdout + one.stderr).toBe(0);
  const first = await w.served.project(FIRST);
  const toFirst = () =>
    w
      .writes()
      .filter((r) => r.path.startsWith(`/api/v4/projects/${first.id}/`) || r.path.includes(encodeURIComponent(FIRST)));
  return { w, out, plan, toFirst, env };
}

async function applyWhole(w: World, out: string, env: Record<string, string> = {}, flags: readonly string[] = []) {
  w.sandbox.resetStats();
  const whole = await w.collab(['apply', '-f', out, '-o', 'ndjson', ...flags], { env });
  const results = whole.lines<{ target: string; status: string; error: string | null }>();
  return { whole, results, first: results.find((r) => r.target === FIRST) };
}

describe('collab apply -f plan.json after applying it to one target: list sections', () => {
  it.each(
    CASES.flatMap((c) => [
      [c.section, 'through GraphQL', [], c] as const,
      [c.section, 'by REST', ['--no-graphql'], c] as const,
    ]),
  )(
    '%s: reports the target applied before as done and writes nothing to it; exit 0 (%s)',
    async (_, _way, flags, c) => {
      const { w, out, plan, toFirst } = await appliedToFirst(c.yaml, {}, flags);
      const planned = plan
        .lines<{ target: string; action: string; key: string }>()
        .filter((line) => line.target === FIRST)
        .map((line) => `${line.action} ${line.key}`);
      expect(planned).toEqual(c.planned);
      const { whole, results, first } = await applyWhole(w, out, {}, flags);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(0);
      expect(first).toMatchObject({ status: 'unchanged', error: null });
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );

  it.each(CASES.flatMap((c) => (c.moveElsewhere ? [[c.section, c] as const] : [])))(
    '%s: refuses as stale the target applied before that another client then moved elsewhere; exit 5',
    async (_, c) => {
      const { w, out, toFirst } = await appliedToFirst(c.yaml);
      await c.moveElsewhere?.(w);
      const { whole, results, first } = await applyWhole(w, out);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
      expect(first?.error?.startsWith(`stale: project:${FIRST} ${c.section} ${c.moved} was planned from `)).toBe(true);
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );

  it('variables: refuses as stale a variable whose value the plan holds as a template, applied before; exit 5', async () => {
    const env = { REGION_VALUE: 'eu-west-1' };
    const { w, out, toFirst } = await appliedToFirst(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's template, as collab.yaml writes it
      '    variables:\n      - { key: REGION, value: "${env:REGION_VALUE}" }',
      env,
    );
    const { whole, first } = await applyWhole(w, out, env);
    expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
    expect(first?.error).toMatch(/^stale: project:acme\/web\/storefront variables REGION was planned from /);
    expect(toFirst()).toEqual([]);
  });

  it('hooks: refuses as stale a hook made with a token, which the service never shows; exit 5', async () => {
    const env = { AUDIT_TOKEN: 'audit-token-9876' };
    const { w, out, toFirst } = await appliedToFirst(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's template, as collab.yaml writes it
      '    hooks:\n      - { url: "https://hooks.example.com/audit", token: "${env:AUDIT_TOKEN}" }',
      env,
    );
    const { whole, first } = await applyWhole(w, out, env);
    expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
    expect(first?.error).toMatch(/^stale: project:acme\/web\/storefront hooks https:\/\/hooks\.example\.com\/audit /);
    expect(toFirst()).toEqual([]);
  });

  it('deploy_keys: refuses as stale a key the plan holds as a template, applied before; exit 5', async () => {
    const env = { CI_KEY: KEY_LINE };
    const { w, out, toFirst } = await appliedToFirst(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's template, as collab.yaml writes it
      '    deploy_keys:\n      - { title: ci, key: "${env:CI_KEY}" }',
      env,
    );
    const { whole, first } = await applyWhole(w, out, env);
    expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
    expect(first?.error).toMatch(/^stale: project:acme\/web\/storefront deploy_keys ci was planned from /);
    expect(toFirst()).toEqual([]);
  });

  it('pipeline_schedules: refuses as stale a schedule whose variable the plan holds as a template, applied before; exit 5', async () => {
    const env = { SUITE_VALUE: 'full' };
    const { w, out, toFirst } = await appliedToFirst(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's template, as collab.yaml writes it
      '    pipeline_schedules:\n      - description: reached nightly\n        ref: main\n        cron: "0 2 * * *"\n        variables:\n          - { key: SUITE, value: "${env:SUITE_VALUE}" }',
      env,
    );
    const { whole, first } = await applyWhole(w, out, env);
    expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
    expect(first?.error).toMatch(
      /^stale: project:acme\/web\/storefront pipeline_schedules reached nightly was planned from /,
    );
    expect(toFirst()).toEqual([]);
  });

  it('pipeline_schedules: refuses as stale a schedule with a file variable, whose shown value could be either; exit 5', async () => {
    const { w, out, toFirst } = await appliedToFirst(
      '    pipeline_schedules:\n      - description: reached nightly\n        ref: main\n        cron: "0 2 * * *"\n        variables:\n          - { key: CONFIG, value: "a: 1", variable_type: file }',
    );
    const { whole, first } = await applyWhole(w, out);
    expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
    expect(first?.error).toMatch(
      /^stale: project:acme\/web\/storefront pipeline_schedules reached nightly was planned from /,
    );
    expect(toFirst()).toEqual([]);
  });
});

interface ChangeCase extends Case {
  /** What the plan changes, for the test's name. */
  what: string;
  /** The section as both targets have it before the plan. */
  before: string;
  moveElsewhere(w: World): Promise<void>;
  /** Another client moves a field of FIRST's item that the update leaves (none where it sets them all). */
  moveBeside?(w: World): Promise<void>;
}

/** Another key line, for a deploy key replaced under its title. */
const OTHER_KEY_LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBwTGsQyn6f8uBKdQKwvJtnNZw4eQHvNsVkG6ZV4c2JX ops@example';

/** Each section's change of an item both targets have: the plan updates it. */
const UPDATES: ChangeCase[] = [
  {
    section: 'variables',
    what: "a variable's value and protected flag",
    moved: 'REGION',
    before: '    variables:\n      - { key: REGION, value: eu-west-1 }',
    yaml: '    variables:\n      - { key: REGION, value: us-east-1, protected: true }',
    planned: ['update REGION'],
    moveBeside: async (w) => {
      const path = `${project(FIRST)}/variables/REGION`;
      expect((await w.call('PUT', path, { json: { description: 'set by hand' } })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/variables/REGION`;
      expect((await w.call('PUT', path, { json: { value: 'ap-south-1' } })).status).toBe(200);
    },
  },
  {
    section: 'labels',
    what: "a label's color, by a name the service keeps as hex",
    moved: 'triage',
    before: '    labels:\n      - { name: triage, color: "#D9534F" }',
    yaml: '    labels:\n      - { name: triage, color: green, description: Needs a look }',
    planned: ['update triage'],
    moveBeside: async (w) => {
      const path = `${project(FIRST)}/labels/triage`;
      expect((await w.call('PUT', path, { json: { new_name: 'triage', priority: 3 } })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/labels/triage`;
      expect((await w.call('PUT', path, { json: { new_name: 'triage', color: '#000000' } })).status).toBe(200);
    },
  },
  {
    section: 'hooks',
    what: "a hook's events",
    moved: 'https://hooks.example.com/audit',
    before: '    hooks:\n      - { url: "https://hooks.example.com/audit", push_events: true }',
    yaml: '    hooks:\n      - { url: "https://hooks.example.com/audit", push_events: false, merge_requests_events: true }',
    planned: ['update https://hooks.example.com/audit'],
    moveElsewhere: async (w) => {
      const hook = await byName(w, `${project(FIRST)}/hooks`, 'https://hooks.example.com/audit', 'url');
      const path = `${project(FIRST)}/hooks/${hook.id}`;
      expect((await w.call('PUT', path, { json: { url: hook.url, tag_push_events: true } })).status).toBe(200);
    },
  },
  {
    section: 'members',
    what: "a member's access level and expiry",
    moved: 'dana',
    // Dana is a developer of acme above: a role below it here is refused.
    before: '    members:\n      - { username: dana, access_level: developer }',
    yaml: '    members:\n      - { username: dana, access_level: maintainer, expires_at: "2031-06-30" }',
    planned: ['update dana'],
    moveElsewhere: async (w) => {
      const member = await byName(w, `${project(FIRST)}/members`, 'dana', 'username');
      const path = `${project(FIRST)}/members/${member.id}`;
      expect((await w.call('PUT', path, { json: { access_level: 50 } })).status).toBe(200);
    },
  },
  {
    section: 'members',
    what: "a member's access level, the expiry left as it is",
    moved: 'dana',
    before: '    members:\n      - { username: dana, access_level: developer }',
    yaml: '    members:\n      - { username: dana, access_level: maintainer }',
    planned: ['update dana'],
    moveBeside: async (w) => {
      const member = await byName(w, `${project(FIRST)}/members`, 'dana', 'username');
      const path = `${project(FIRST)}/members/${member.id}`;
      expect((await w.call('PUT', path, { json: { access_level: 40, expires_at: '2032-01-31' } })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const member = await byName(w, `${project(FIRST)}/members`, 'dana', 'username');
      const path = `${project(FIRST)}/members/${member.id}`;
      expect((await w.call('PUT', path, { json: { access_level: 50 } })).status).toBe(200);
    },
  },
  {
    section: 'members',
    what: "a member's expiry moved to another day",
    moved: 'dana',
    before: '    members:\n      - { username: dana, access_level: developer, expires_at: "2031-06-30" }',
    yaml: '    members:\n      - { username: dana, access_level: developer, expires_at: "2031-12-31" }',
    planned: ['update dana'],
    moveElsewhere: async (w) => {
      const member = await byName(w, `${project(FIRST)}/members`, 'dana', 'username');
      const path = `${project(FIRST)}/members/${member.id}`;
      expect((await w.call('PUT', path, { json: { access_level: 30, expires_at: '2032-01-31' } })).status).toBe(200);
    },
  },
  {
    section: 'protected_branches',
    what: "a protected branch's push level and force push",
    moved: 'stable',
    before: '    protected_branches:\n      - { name: stable, push_access_level: maintainer }',
    yaml: '    protected_branches:\n      - { name: stable, push_access_level: developer, allow_force_push: true }',
    planned: ['update stable'],
    moveBeside: async (w) => {
      const path = `${project(FIRST)}/protected_branches/stable`;
      const branch = await w.getJson(path);
      const json = {
        allowed_to_merge: [
          ...branch.merge_access_levels.map((entry: Json) => ({ id: entry.id, _destroy: true })),
          { access_level: 30 },
        ],
      };
      expect((await w.call('PATCH', path, { json })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/protected_branches`;
      expect((await w.call('DELETE', `${path}/stable`)).status).toBe(204);
      expect((await w.call('POST', path, { json: { name: 'stable', push_access_level: 0 } })).status).toBe(201);
    },
  },
  {
    section: 'protected_tags',
    what: "a protected tag's create level",
    moved: 'v*',
    before: '    protected_tags:\n      - { name: "v*", create_access_level: maintainer }',
    yaml: '    protected_tags:\n      - { name: "v*", create_access_level: developer }',
    planned: ['update v*'],
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/protected_tags`;
      expect((await w.call('DELETE', `${path}/${encodeURIComponent('v*')}`)).status).toBe(204);
      expect((await w.call('POST', path, { json: { name: 'v*', create_access_level: 0 } })).status).toBe(201);
    },
  },
  {
    section: 'badges',
    what: "a badge's link",
    moved: 'Docs',
    before:
      '    badges:\n      - { name: Docs, link_url: "https://docs.example.com/old", image_url: "https://img.shields.io/badge/docs-here-blue" }',
    yaml: '    badges:\n      - { name: Docs, link_url: "https://docs.example.com/%{project_path}", image_url: "https://img.shields.io/badge/docs-here-blue" }',
    planned: ['update Docs'],
    moveBeside: async (w) => {
      const badge = await byName(w, `${project(FIRST)}/badges`, 'Docs');
      const path = `${project(FIRST)}/badges/${badge.id}`;
      const json = { image_url: 'https://img.shields.io/badge/docs-gone-red' };
      expect((await w.call('PUT', path, { json })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const badge = await byName(w, `${project(FIRST)}/badges`, 'Docs');
      const path = `${project(FIRST)}/badges/${badge.id}`;
      expect((await w.call('PUT', path, { json: { link_url: 'https://docs.example.com/elsewhere' } })).status).toBe(
        200,
      );
    },
  },
  {
    section: 'deploy_keys',
    what: "a deploy key's can_push",
    moved: 'ci',
    before: `    deploy_keys:\n      - { title: ci, key: "${KEY_LINE}" }`,
    yaml: `    deploy_keys:\n      - { title: ci, key: "${KEY_LINE}", can_push: true }`,
    planned: ['update ci'],
    moveElsewhere: async (w) => {
      // can_push has two values: elsewhere is another key under the title.
      const key = await byName(w, `${project(FIRST)}/deploy_keys`, 'ci', 'title');
      const path = `${project(FIRST)}/deploy_keys`;
      expect((await w.call('DELETE', `${path}/${key.id}`)).status).toBe(204);
      expect((await w.call('POST', path, { json: { title: 'ci', key: OTHER_KEY_LINE, can_push: true } })).status).toBe(
        201,
      );
    },
  },
  {
    section: 'deploy_keys',
    what: 'another key under a title',
    moved: 'ci',
    before: `    deploy_keys:\n      - { title: ci, key: "${KEY_LINE}" }`,
    yaml: `    deploy_keys:\n      - { title: ci, key: "${OTHER_KEY_LINE}" }`,
    planned: ['update ci'],
    moveElsewhere: async (w) => {
      const key = await byName(w, `${project(FIRST)}/deploy_keys`, 'ci', 'title');
      expect(
        (await w.call('PUT', `${project(FIRST)}/deploy_keys/${key.id}`, { json: { can_push: true } })).status,
      ).toBe(200);
    },
  },
  {
    section: 'protected_environments',
    what: "an environment's deploy levels and approvals",
    moved: 'production',
    before: '    protected_environments:\n      - { name: production, deploy_access_levels: [{ role: maintainer }] }',
    yaml: `    protected_environments:
      - name: production
        deploy_access_levels: [{ role: developer }, { user: Dana }]
        approval_rules: [{ role: maintainer, required_approvals: 2 }]`,
    planned: ['update production'],
    // No field beside: the update sets both lists, and GitLab refuses a required_approval_count
    // above 0 as deprecated (422, ee/lib/api/protected_environments.rb), its one other field.
    moveElsewhere: async (w) => {
      const path = `${project(FIRST)}/protected_environments/production`;
      const env = await w.getJson(path);
      const json = {
        deploy_access_levels: [
          ...env.deploy_access_levels.map((entry: Json) => ({ id: entry.id, _destroy: true })),
          { access_level: 40 },
        ],
      };
      expect((await w.call('PUT', path, { json })).status).toBe(200);
    },
  },
  {
    section: 'pipeline_schedules',
    what: "a schedule's cron and variables",
    moved: 'reached nightly',
    before: `    pipeline_schedules:
      - description: reached nightly
        ref: main
        cron: "0 2 * * *"
        variables:
          - { key: SUITE, value: full }`,
    yaml: `    pipeline_schedules:
      - description: reached nightly
        ref: main
        cron: "0 4 * * *"
        variables:
          - { key: SUITE, value: smoke }`,
    planned: ['update reached nightly'],
    moveBeside: async (w) => {
      const schedule = await byName(w, `${project(FIRST)}/pipeline_schedules`, 'reached nightly', 'description');
      const path = `${project(FIRST)}/pipeline_schedules/${schedule.id}`;
      expect((await w.call('PUT', path, { json: { active: false } })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const schedule = await byName(w, `${project(FIRST)}/pipeline_schedules`, 'reached nightly', 'description');
      const path = `${project(FIRST)}/pipeline_schedules/${schedule.id}`;
      expect((await w.call('PUT', path, { json: { cron: '0 3 * * *' } })).status).toBe(200);
    },
  },
  {
    section: 'settings',
    what: "a project's description, topics and a hash setting",
    moved: 'topics',
    before: '    settings:\n      description: Before\n      topics: [shop]',
    yaml: `    settings:
      description: After
      topics: [web, shop]
      container_expiration_policy_attributes: { enabled: true, keep_n: 25 }`,
    planned: ['update description', 'update topics', 'update container_expiration_policy_attributes'],
    moveElsewhere: async (w) => {
      expect((await w.call('PUT', project(FIRST), { json: { topics: ['elsewhere'] } })).status).toBe(200);
    },
  },
  {
    section: 'settings',
    what: "the container expiration policy's keys the file gives",
    moved: 'container_expiration_policy_attributes',
    before: '    settings:\n      container_expiration_policy_attributes: { enabled: false, keep_n: 10 }',
    yaml: '    settings:\n      container_expiration_policy_attributes: { enabled: true, keep_n: 25 }',
    planned: ['update container_expiration_policy_attributes'],
    moveBeside: async (w) => {
      const json = { container_expiration_policy_attributes: { cadence: '14d' } };
      expect((await w.call('PUT', project(FIRST), { json })).status).toBe(200);
    },
    moveElsewhere: async (w) => {
      const json = { container_expiration_policy_attributes: { keep_n: 50 } };
      expect((await w.call('PUT', project(FIRST), { json })).status).toBe(200);
    },
  },
  {
    section: 'mirror',
    what: "the pull mirror's URL and fields",
    moved: 'import_url',
    before: '    mirror:\n      import_url: https://git.example.com/old.git\n      mirror: true',
    yaml: `    mirror:
      import_url: https://git.example.com/new.git
      mirror: true
      mirror_trigger_builds: true
      only_mirror_protected_branches: true`,
    planned: ['update import_url', 'update mirror_trigger_builds', 'update only_mirror_protected_branches'],
    moveElsewhere: async (w) => {
      const json = { import_url: 'https://git.example.com/elsewhere.git' };
      expect((await w.call('PUT', project(FIRST), { json })).status).toBe(200);
    },
  },
];

describe('collab apply -f plan.json after applying it to one target: updates', () => {
  it.each(
    UPDATES.flatMap((c) => [
      [c.section, c.what, 'through GraphQL', [], c] as const,
      [c.section, c.what, 'by REST', ['--no-graphql'], c] as const,
    ]),
  )(
    '%s: %s, applied before, is done and nothing is written to that target; exit 0 (%s)',
    async (_, _what, _way, flags, c) => {
      const { w, out, plan, toFirst } = await appliedToFirst(c.yaml, {}, flags, c.before);
      const planned = plan
        .lines<{ target: string; action: string; key: string }>()
        .filter((line) => line.target === FIRST)
        .map((line) => `${line.action} ${line.key}`);
      expect(planned).toEqual(c.planned);
      const { whole, results, first } = await applyWhole(w, out, {}, flags);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(0);
      expect(first).toMatchObject({ status: 'unchanged', error: null });
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );

  it.each(UPDATES.flatMap((c) => (c.moveBeside ? [[c.section, c.what, c] as const] : [])))(
    '%s: %s, applied before, then another field of it moved by another client, is refused as stale; exit 5',
    async (_, _what, c) => {
      const { w, out, toFirst } = await appliedToFirst(c.yaml, {}, [], c.before);
      await c.moveBeside?.(w);
      const { whole, results, first } = await applyWhole(w, out);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
      expect(first?.error?.startsWith(`stale: project:${FIRST} ${c.section} ${c.moved} was planned from `)).toBe(true);
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );

  it.each(UPDATES.map((c) => [c.section, c.what, c] as const))(
    '%s: %s, applied before and then moved elsewhere by another client, is refused as stale; exit 5',
    async (_, _what, c) => {
      const { w, out, toFirst } = await appliedToFirst(c.yaml, {}, [], c.before);
      await c.moveElsewhere(w);
      const { whole, results, first } = await applyWhole(w, out);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
      expect(first?.error?.startsWith(`stale: project:${FIRST} ${c.section} ${c.moved} was planned from `)).toBe(true);
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );
});

/** An enforced list that leaves out an item both targets have: the plan removes it. */
const enforced = (section: string) => `    ${section}:\n      enforce: true\n      items: []`;

/** Each list section's removal of an item both targets have; another client making it again is elsewhere. */
const REMOVALS: ChangeCase[] = [
  {
    section: 'variables',
    what: 'a variable',
    moved: 'OBSOLETE',
    before: '    variables:\n      - { key: OBSOLETE, value: old }',
    yaml: enforced('variables'),
    planned: ['delete STRIPE_API_KEY', 'delete APP_ENV', 'delete APP_ENV@production', 'delete OBSOLETE'],
    moveElsewhere: async (w) => {
      const json = { key: 'OBSOLETE', value: 'made again' };
      expect((await w.call('POST', `${project(FIRST)}/variables`, { json })).status).toBe(201);
    },
  },
  {
    section: 'labels',
    what: 'a label',
    moved: 'obsolete',
    before: '    labels:\n      - { name: obsolete, color: "#123456" }',
    yaml: enforced('labels'),
    planned: ['delete checkout', 'delete obsolete'],
    moveElsewhere: async (w) => {
      const json = { name: 'obsolete', color: '#000000' };
      expect((await w.call('POST', `${project(FIRST)}/labels`, { json })).status).toBe(201);
    },
  },
  {
    section: 'hooks',
    what: 'a hook',
    moved: 'https://hooks.example.com/old',
    before: '    hooks:\n      - { url: "https://hooks.example.com/old" }',
    yaml: enforced('hooks'),
    planned: ['delete https://hooks.example.com/old'],
    moveElsewhere: async (w) => {
      const json = { url: 'https://hooks.example.com/old', tag_push_events: true };
      expect((await w.call('POST', `${project(FIRST)}/hooks`, { json })).status).toBe(201);
    },
  },
  {
    section: 'members',
    what: 'a member',
    moved: 'dana',
    before: '    members:\n      - { username: dana, access_level: developer }',
    yaml: enforced('members'),
    planned: ['delete dana'],
    moveElsewhere: async (w) => {
      const [dana] = await w.getJson('/users?username=dana');
      const json = { user_id: dana.id, access_level: 40 };
      expect((await w.call('POST', `${project(FIRST)}/members`, { json })).status).toBe(201);
    },
  },
  {
    section: 'protected_branches',
    what: 'a protected branch',
    moved: 'stable',
    before: '    protected_branches:\n      - { name: stable }',
    yaml: enforced('protected_branches'),
    planned: ['delete main', 'delete release/*', 'delete stable'],
    moveElsewhere: async (w) => {
      const json = { name: 'stable', push_access_level: 0 };
      expect((await w.call('POST', `${project(FIRST)}/protected_branches`, { json })).status).toBe(201);
    },
  },
  {
    section: 'protected_tags',
    what: 'a protected tag',
    moved: 'v*',
    before: '    protected_tags:\n      - { name: "v*" }',
    yaml: enforced('protected_tags'),
    planned: ['delete v*'],
    moveElsewhere: async (w) => {
      const json = { name: 'v*', create_access_level: 0 };
      expect((await w.call('POST', `${project(FIRST)}/protected_tags`, { json })).status).toBe(201);
    },
  },
  {
    section: 'badges',
    what: 'a badge',
    moved: 'Docs',
    before:
      '    badges:\n      - { name: Docs, link_url: "https://docs.example.com/old", image_url: "https://img.shields.io/badge/docs-here-blue" }',
    yaml: enforced('badges'),
    planned: ['delete Docs'],
    moveElsewhere: async (w) => {
      const json = {
        name: 'Docs',
        link_url: 'https://docs.example.com/again',
        image_url: 'https://img.shields.io/badge/docs-here-blue',
      };
      expect((await w.call('POST', `${project(FIRST)}/badges`, { json })).status).toBe(201);
    },
  },
  {
    section: 'deploy_keys',
    what: 'a deploy key',
    moved: 'ci',
    before: `    deploy_keys:\n      - { title: ci, key: "${KEY_LINE}" }`,
    yaml: enforced('deploy_keys'),
    planned: ['delete CI deploy', 'delete ci'],
    moveElsewhere: async (w) => {
      const json = { title: 'ci', key: OTHER_KEY_LINE };
      expect((await w.call('POST', `${project(FIRST)}/deploy_keys`, { json })).status).toBe(201);
    },
  },
  {
    section: 'protected_environments',
    what: 'a protected environment',
    moved: 'production',
    before: '    protected_environments:\n      - { name: production, deploy_access_levels: [{ role: maintainer }] }',
    yaml: enforced('protected_environments'),
    planned: ['delete production'],
    moveElsewhere: async (w) => {
      const json = { name: 'production', deploy_access_levels: [{ access_level: 30 }] };
      expect((await w.call('POST', `${project(FIRST)}/protected_environments`, { json })).status).toBe(201);
    },
  },
  {
    section: 'pipeline_schedules',
    what: 'a schedule',
    moved: 'reached nightly',
    before: '    pipeline_schedules:\n      - { description: reached nightly, ref: main, cron: "0 2 * * *" }',
    yaml: enforced('pipeline_schedules'),
    planned: ['delete reached nightly'],
    moveElsewhere: async (w) => {
      const json = { description: 'reached nightly', ref: 'main', cron: '0 3 * * *' };
      expect((await w.call('POST', `${project(FIRST)}/pipeline_schedules`, { json })).status).toBe(201);
    },
  },
];

describe('collab apply -f plan.json after applying it to one target: removals', () => {
  it.each(
    REMOVALS.flatMap((c) => [
      [c.section, c.what, 'through GraphQL', [], c] as const,
      [c.section, c.what, 'by REST', ['--no-graphql'], c] as const,
    ]),
  )(
    '%s: %s removed before is done and nothing is written to that target; exit 0 (%s)',
    async (_, _what, _way, flags, c) => {
      const { w, out, plan, toFirst } = await appliedToFirst(c.yaml, {}, flags, c.before);
      const planned = plan
        .lines<{ target: string; action: string; key: string }>()
        .filter((line) => line.target === FIRST)
        .map((line) => `${line.action} ${line.key}`);
      expect(planned).toEqual(c.planned);
      const { whole, results, first } = await applyWhole(w, out, {}, flags);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(0);
      expect(first).toMatchObject({ status: 'unchanged', error: null });
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );

  it.each(REMOVALS.map((c) => [c.section, c.what, c] as const))(
    '%s: %s removed before, then made again by another client, is refused as stale; exit 5',
    async (_, _what, c) => {
      const { w, out, toFirst } = await appliedToFirst(c.yaml, {}, [], c.before);
      await c.moveElsewhere(w);
      const { whole, results, first } = await applyWhole(w, out);
      expect(whole.exitCode, whole.stdout + whole.stderr).toBe(5);
      expect(first?.error?.startsWith(`stale: project:${FIRST} ${c.section} ${c.moved} was planned from `)).toBe(true);
      expect(results.find((r) => r.target === OTHER)?.status).toBe('ok');
      expect(toFirst()).toEqual([]);
    },
  );
});
