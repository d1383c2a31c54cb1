import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * An item named by a secret (a hook whose URL carries a token in its path, from `${env:…}`): its
 * change is keyed by the template, so the resolved text is in no plan, saved plan, apply output or
 * journal; a saved plan's check resolves it again to find the live item.
 */
const world = useDesiredWorlds();
const $ = (name: string) => '$' + `{env:${name}}`;
const SECRET_URL = 'https://hooks.slack.example.com/services/T000/B000/s3cr3t-w3bh00k';
const env = { HOOK_URL: SECRET_URL };

const hookFile = (extra = '') => `version: 1
projects:
  acme/web/storefront:
    hooks:
      - url: "${$('HOOK_URL')}"
        push_events: false
${extra}`;

describe('collab.yaml: an item named by a secret is keyed by its template', () => {
  it('a hook whose URL is a secret: plan, saved plan, apply and journal show its template only', async () => {
    const w = await world();
    // A second hook whose token the service refuses (a newline): the apply fails, and its journal stays.
    const path = w.file(hookFile(`      - url: https://other.example.com/hook\n        token: "${$('BAD_TOKEN')}"\n`));
    const runEnv = { ...env, BAD_TOKEN: 'one\ntwo' };
    const out = join(w.dir, 'plan.json');
    const journal = join(w.dir, 'apply.journal');
    const plan = await w.collab(['plan', '-f', path, '--out', out], { env: runEnv });
    expect(plan.exitCode).toBe(8);
    expect(plan.stdout).toContain($('HOOK_URL'));
    const saved = readFileSync(out, 'utf8');
    expect(saved).toContain('project:acme/web/storefront hooks ' + $('HOOK_URL'));
    const applied = await w.collab(['apply', '-f', out, '--journal', journal], { env: runEnv });
    // 5: the service refused the other hook (422).
    expect(applied.exitCode).toBe(5);
    expect(existsSync(journal)).toBe(true);
    const texts = [plan.stdout, plan.stderr, saved, applied.stdout, applied.stderr, readFileSync(journal, 'utf8')];
    for (const text of texts) expect(text).not.toContain('s3cr3t-w3bh00k');
    expect((await w.served.hooks('acme/web/storefront')).map((hook) => hook.url)).toContain(SECRET_URL);
  });

  it('a saved plan updating a hook named by a secret finds it by the resolved URL and updates it', async () => {
    const w = await world();
    const first = await w.collab(['apply', '-f', w.file(hookFile()), '--yes'], { env });
    expect(first.exitCode).toBe(0);
    const path = w.file(hookFile().replace('push_events: false', 'push_events: true'));
    const out = join(w.dir, 'plan.json');
    const plan = await w.collab(['plan', '-f', path, '--out', out], { env });
    expect(plan.exitCode).toBe(8);
    const applied = await w.collab(['apply', '-f', out], { env });
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    for (const text of [plan.stdout, readFileSync(out, 'utf8'), applied.stdout, applied.stderr])
      expect(text).not.toContain('s3cr3t-w3bh00k');
    const hooks = (await w.served.hooks('acme/web/storefront')).filter((hook) => hook.url === SECRET_URL);
    expect(hooks.map((hook) => hook.push_events)).toEqual([true]);
  });

  it('a saved plan creating a hook named by a secret, made meanwhile by another: refused, no second hook', async () => {
    const w = await world();
    const path = w.file(hookFile());
    const out = join(w.dir, 'plan.json');
    expect((await w.collab(['plan', '-f', path, '--out', out], { env })).exitCode).toBe(8);
    // Another client makes the same hook (push events on) between the plan and its apply.
    expect(
      (
        await w.collab(
          ['apply', '-f', w.file(hookFile().replace('push_events: false', 'push_events: true'), 'other.yaml'), '--yes'],
          { env },
        )
      ).exitCode,
    ).toBe(0);
    const applied = await w.collab(['apply', '-f', out], { env });
    expect(applied.exitCode).not.toBe(0);
    expect(applied.stderr).toContain('stale');
    expect(applied.stderr).not.toContain('s3cr3t-w3bh00k');
    expect((await w.served.hooks('acme/web/storefront')).filter((hook) => hook.url === SECRET_URL)).toHaveLength(1);
  });

  it("a plain hook URL holding a secret token's text: keyed by its URL as written", async () => {
    const w = await world();
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    variables:
      - { key: SHORT, value: "${$('SHORT')}" }
    hooks:
      - url: https://one.example.com/hook
        token: "${$('SHORT')}"
`);
    const plan = await w.collab(['plan', '-f', path], { env: { SHORT: 'e' } });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).toContain('+ hook https://one.example.com/hook');
    expect(plan.stdout).toContain('+ variable SHORT');
  });

  it("a member whose expiry from a secret is live already: the saved plan's before and live fields hold its template", async () => {
    const w = await world();
    const member = (role: string) =>
      project(`    members:\n      - { username: max, access_level: ${role}, expires_at: "${$('EXPIRY')}" }\n`);
    const expiry = { EXPIRY: '2099-04-19' };
    const first = await w.collab(['apply', '-f', w.file(member('maintainer')), '--yes'], { env: expiry });
    expect(first.exitCode, first.stderr).toBe(0);
    const out = join(w.dir, 'plan.json');
    const plan = await w.collab(['plan', '-f', w.file(member('owner')), '--out', out], { env: expiry });
    expect(plan.exitCode, plan.stderr).toBe(8);
    const applied = await w.collab(['apply', '-f', out], { env: expiry });
    expect(applied.exitCode, applied.stderr).toBe(0);
    for (const text of [plan.stdout, readFileSync(out, 'utf8'), applied.stdout, applied.stderr])
      expect(text).not.toContain('2099-04-19');
    const members = (await w.getJson(`${PROJECT_API}/members`)) as Array<{ username: string; access_level: number }>;
    expect(members.find((m) => m.username === 'max')?.access_level).toBe(50);
  });

  it('two hooks whose URLs from secrets are one: "listed twice" names the second as written', async () => {
    const w = await world();
    const path = w.file(project(`    hooks:\n      - url: "${$('HOOK_URL')}"\n      - url: "${$('OTHER_URL')}"\n`));
    const plan = await w.collab(['plan', '-f', path], { env: { ...env, OTHER_URL: SECRET_URL } });
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(`hooks: url ${$('OTHER_URL')} is listed twice`);
    expect(plan.stderr).not.toContain('s3cr3t-w3bh00k');
  });

  it('a member from a secret refused below a role above: the refusal names the template', async () => {
    const w = await world();
    const path = w.file(project(`    members:\n      - { username: "${$('WHO')}", access_level: developer }\n`));
    const plan = await w.collab(['plan', '-f', path], { env: { WHO: 'max' } });
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toContain(`members: ${$('WHO')} on project acme/web/storefront would be developer`);
    expect(plan.stderr).not.toMatch(/\bmax\b/);
  });

  it('a schedule described by a secret refused for its ref: the refusal names the template', async () => {
    const w = await world();
    const path = w.file(
      project(
        `    pipeline_schedules:\n      - { description: "${$('WHAT')}", ref: no-such-ref, cron: "0 1 * * *" }\n`,
      ),
    );
    const plan = await w.collab(['plan', '-f', path], { env: { WHAT: 'hush-schedule' } });
    expect(plan.exitCode).not.toBe(0);
    expect(plan.stderr).toContain(`pipeline_schedules: ${$('WHAT')} on project acme/web/storefront: ref no-such-ref`);
    expect(plan.stderr).not.toContain('hush-schedule');
  });

  it('a label named by a secret: the plan shows its template, and the label is made with the name', async () => {
    const w = await world();
    const path = w.file(`version: 1
projects:
  acme/web/storefront:
    labels:
      - name: "${$('LABEL')}"
        color: "#112233"
`);
    const out = join(w.dir, 'plan.json');
    const plan = await w.collab(['plan', '-f', path, '--out', out], { env: { LABEL: 'hush-label-x' } });
    expect(plan.exitCode).toBe(8);
    const applied = await w.collab(['apply', '-f', out], { env: { LABEL: 'hush-label-x' } });
    expect(applied.exitCode).toBe(0);
    for (const text of [plan.stdout, plan.stderr, readFileSync(out, 'utf8'), applied.stdout, applied.stderr])
      expect(text).not.toContain('hush-label-x');
    const labels = (await w.getJson('/projects/acme%2Fweb%2Fstorefront/labels?per_page=100')) as Array<{
      name: string;
    }>;
    expect(labels.map((label) => label.name)).toContain('hush-label-x');
  });
});

/** A field that does not name its item, from a secret: its text, and where the service has it after apply. */
interface Shown {
  file: string;
  secret: string;
  env: Record<string, string>;
  served(w: Awaited<ReturnType<typeof world>>): Promise<unknown>;
}

const SHOWN: Record<string, Shown> = {
  "a push mirror's mirror_branch_regex": {
    file: `version: 1
projects:
  acme/web/storefront:
    remote_mirrors:
      - url: https://mirror.example.com/acme/storefront.git
        mirror_branch_regex: "${$('REGEX')}"
`,
    secret: 'hush-branches-.*',
    env: { REGEX: 'hush-branches-.*' },
    served: (w) => w.getJson('/projects/acme%2Fweb%2Fstorefront/remote_mirrors'),
  },
  "a member's expires_at": {
    file: `version: 1
projects:
  acme/web/storefront:
    members:
      - { username: max, access_level: maintainer, expires_at: "${$('EXPIRY')}" }
`,
    secret: '2099-03-17',
    env: { EXPIRY: '2099-03-17' },
    served: (w) => w.getJson('/projects/acme%2Fweb%2Fstorefront/members'),
  },
  "an LDAP link's filter": {
    file: `version: 1
groups:
  acme/platform:
    ldap_links:
      - { filter: "${$('LDAP_FILTER')}", provider: ldapmain, group_access: developer }
`,
    secret: '(ou=hush-team)',
    env: { LDAP_FILTER: '(ou=hush-team)' },
    served: (w) => w.getJson('/groups/acme%2Fplatform/ldap_group_links'),
  },
  "a protected environment's name": {
    file: `version: 1
projects:
  acme/web/storefront:
    protected_environments:
      - name: "${$('ENV_NAME')}"
        deploy_access_levels: [{ role: maintainer }]
`,
    secret: 'hush-environment',
    env: { ENV_NAME: 'hush-environment' },
    served: (w) => w.getJson('/projects/acme%2Fweb%2Fstorefront/protected_environments'),
  },
  "an approval rule's name": {
    file: `version: 1
projects:
  acme/web/storefront:
    approval_rules:
      - name: "${$('RULE_NAME')}"
        approvals_required: 1
`,
    secret: 'hush-approvers',
    env: { RULE_NAME: 'hush-approvers' },
    served: (w) => w.getJson('/projects/acme%2Fweb%2Fstorefront/approval_rules'),
  },
};

const project = (section: string) => `version: 1\nprojects:\n  acme/web/storefront:\n${section}`;
const PROJECT_API = '/projects/acme%2Fweb%2Fstorefront';

/** An item's name from a secret, which its request names too (a body's name, a path's key). */
const NAMED: Record<string, Shown> = {
  "a protected branch's name": {
    file: project(`    protected_branches:\n      - { name: "${$('S')}", push_access_level: maintainer }\n`),
    secret: 'hush-branch',
    env: { S: 'hush-branch' },
    served: (w) => w.getJson(`${PROJECT_API}/protected_branches`),
  },
  "a protected tag's name": {
    file: project(`    protected_tags:\n      - { name: "${$('S')}", create_access_level: maintainer }\n`),
    secret: 'hush-tag',
    env: { S: 'hush-tag' },
    served: (w) => w.getJson(`${PROJECT_API}/protected_tags`),
  },
  "a pipeline schedule's description": {
    file: project(`    pipeline_schedules:\n      - { description: "${$('S')}", ref: main, cron: "0 1 * * *" }\n`),
    secret: 'hush-nightly',
    env: { S: 'hush-nightly' },
    served: (w) => w.getJson(`${PROJECT_API}/pipeline_schedules`),
  },
  "a variable's key": {
    file: project(`    variables:\n      - { key: "${$('S')}", value: plain }\n`),
    secret: 'HUSH_KEY',
    env: { S: 'HUSH_KEY' },
    served: (w) => w.getJson(`${PROJECT_API}/variables`),
  },
  "a member's username": {
    file: project(`    members:\n      - { username: "${$('S')}", access_level: maintainer }\n`),
    secret: 'max',
    env: { S: 'max' },
    served: (w) => w.getJson(`${PROJECT_API}/members`),
  },
  "a deploy key's title": {
    file: project(`    deploy_keys:\n      - { title: "${$('S')}", key: "${publicKeyLine()}" }\n`),
    secret: 'hush-deployer',
    env: { S: 'hush-deployer' },
    served: (w) => w.getJson(`${PROJECT_API}/deploy_keys`),
  },
};

function publicKeyLine(): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]).toString('base64')} ci`;
}

/** Plans the case's file, saves and applies the plan: the secret is in none of it, and the service has it. */
async function appliedUnshown({ file, secret, env: caseEnv, served }: Shown): Promise<void> {
  const w = await world();
  const path = w.file(file);
  const out = join(w.dir, 'plan.json');
  const plan = await w.collab(['plan', '-f', path, '--out', out], { env: caseEnv });
  expect(plan.exitCode, plan.stderr).toBe(8);
  const applied = await w.collab(['apply', '-f', out], { env: caseEnv });
  expect(applied.exitCode, applied.stderr).toBe(0);
  for (const text of [plan.stdout, plan.stderr, readFileSync(out, 'utf8'), applied.stdout, applied.stderr])
    expect(text).not.toContain(secret);
  expect(JSON.stringify(await served(w))).toContain(JSON.stringify(secret).slice(1, -1));
}

describe('collab.yaml: a field from a secret that names nothing is shown as its template', () => {
  it.each(Object.keys(SHOWN))('%s: in no plan, saved plan or apply output; the service has it', (name) =>
    appliedUnshown(SHOWN[name] as Shown),
  );
});

describe('collab.yaml: a name from a secret is sent as its template, resolved at apply', () => {
  it.each(Object.keys(NAMED))('%s: in no plan, saved plan or apply output; the service has it', (name) =>
    appliedUnshown(NAMED[name] as Shown),
  );
});
