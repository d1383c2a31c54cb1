/**
 * The cost of collab.yaml's sections beyond settings (`npm run bench -- --only sections`): 400 projects
 * in 8 groups (made through the API, no latency), two files on the same projects:
 *   - settings alone (5 settings);
 *   - the same settings with every list section of administrators' policy this build knows among
 *     variables, labels, badges, protected_branches, protected_tags, deploy_keys, pipeline_schedules,
 *     job_token_scope, remote_mirrors, and the paid approval_rules, approval_settings,
 *     protected_environments and integrations (read from
 *     `collab apply --schema`, so the case runs before and after the sections that are not built yet).
 * For each: `collab plan` (requests a project), then apply, plan again (no change) and apply again
 * (no write). What a section costs is its one list read per project; after the second apply, each
 * section is planned alone beside the settings, and its requests a project are the difference.
 *
 * Run from bench/run.mjs, which hands over its helpers (`h`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWrite } from './graphql.mjs';

const GROUPS = 8;
const PER_GROUP = 50;

const SETTINGS = `      settings:
        merge_method: ff
        only_allow_merge_if_pipeline_succeeds: true
        remove_source_branch_after_merge: false
        squash_option: always
        printing_merge_request_link_enabled: false
`;

/** Each section's lines under `projects:` of the bench group, when the build has it. */
const SECTIONS = {
  variables: `      variables:
        - key: DEPLOY_REGION
          value: eu-west-1
        - key: DEPLOY_TOKEN
          value: \${env:BENCH_DEPLOY_TOKEN}
          masked: true
          protected: true
`,
  labels: `      labels:
        - name: bug
          color: "#d9534f"
        - name: security
          color: red
          priority: 0
`,
  badges: `      badges:
        - name: pipeline
          link_url: https://ci.bench.example/%{project_path}
          image_url: https://ci.bench.example/%{project_path}/badges/%{default_branch}.svg
`,
  protected_branches: `      protected_branches:
        - name: main
          push_access_level: maintainer
          merge_access_level: developer
`,
  protected_tags: `      protected_tags:
        - name: v*
          create_access_level: maintainer
`,
  deploy_keys: `      deploy_keys:
        - title: bench-ci
          key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDbenchbenchbenchbenchbenchbenchbenchbenchbe bench
`,
  pipeline_schedules: `      pipeline_schedules:
        - description: nightly
          ref: main
          cron: '0 2 * * *'
`,
  job_token_scope: `      job_token_scope:
        enabled: true
        groups:
          - path: bench
`,
  remote_mirrors: `      remote_mirrors:
        - url: https://\${env:BENCH_MIRROR_CREDENTIALS}@mirror.bench.example/backup.git
          enabled: true
`,
  approval_rules: `      approval_rules:
        - name: anyone
          rule_type: any_approver
          approvals_required: 1
`,
  approval_settings: `      approval_settings:
        retain_approvals_on_push: false
`,
  protected_environments: `      protected_environments:
        - name: production
          deploy_access_levels: [{ role: maintainer }]
`,
  integrations: `      integrations:
        - slug: emails_on_push
          recipients: dev@bench.example
`,
};

const fileWith = (sections) =>
  `version: 1\ngroups:\n  bench:\n    projects:\n${SETTINGS}${sections.map((name) => SECTIONS[name]).join('')}`;

export async function sections(h) {
  const schema = execFileSync(process.execPath, [h.cli, 'apply', '--schema'], { encoding: 'utf8' });
  const known = Object.keys(SECTIONS).filter((name) => schema.includes(`"${name}"`));
  h.progress(`sections this build knows: ${known.join(', ') || 'none'}`);
  for (const [label, used] of [
    ['settings alone', []],
    [`settings + ${known.join(', ')}`, known],
  ]) {
    const sb = await h.startSandbox({ seed: 0, latency: 0 });
    try {
      const projects = await seed(sb);
      const file = join(h.work, `sections-${used.length}.yaml`);
      writeFileSync(file, fileWith(used));
      const env = {
        ...sb.env,
        BENCH_DEPLOY_TOKEN: 'bench-deploy-token-1',
        BENCH_MIRROR_CREDENTIALS: 'bot:bench-token',
      };
      const cli = (...args) => [
        process.execPath,
        h.cli,
        ...args,
        '-f',
        file,
        ...(args[0] === 'apply' ? ['--yes', '--journal', join(h.work, `sections-${used.length}.journal`)] : []),
        '-q',
      ];
      await sb.resetStats();
      const plan = await h.measure(cli('plan', '-o', 'ndjson'), { env });
      const planRequests = (await sb.stats()).requests;
      const applied = await h.measure(cli('apply', '--concurrency', '8'), { env });
      await sb.resetStats();
      const again = await h.measure(cli('plan', '-o', 'ndjson'), { env });
      const againRequests = (await sb.stats()).requests;
      await sb.resetStats();
      const second = await h.measure(cli('apply', '--concurrency', '8'), { env });
      const log = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
      const writes = log.filter(isWrite).length;
      const perProject = planRequests / projects;
      if (used.length > 0) await eachSection(h, sb, env, projects, used, againRequests);
      h.progress(
        `${label}: plan ${h.fmtMs(plan.wall)}, ${plan.lines} changes, ${planRequests} requests (${perProject.toFixed(2)} a project); apply exit ${applied.code}; plan again ${again.lines} changes; second apply ${writes} writes`,
      );
      const caseName = `collab.yaml sections: ${projects} projects in ${GROUPS} groups`;
      h.rows.push({
        case: caseName,
        tool: 'collab',
        command: `plan, ${label}`,
        runs: 1,
        wall: plan.wall,
        rss: plan.rss,
        requests: planRequests,
        items: projects,
        note: `${perProject.toFixed(2)} requests a project; ${plan.lines} changes; plan after apply: ${again.lines} changes, ${(againRequests / projects).toFixed(2)} requests a project; second apply: ${writes} writes`,
      });
      h.targets.push({
        id: 'sections',
        target: `${label}: apply, then the plan is empty and a second apply writes nothing`,
        measured: `apply exit ${applied.code}; plan after it ${again.lines} changes (exit ${again.code}); second apply ${writes} writes (exit ${second.code})`,
        pass: applied.code === 0 && again.lines === 0 && again.code === 0 && writes === 0 && second.code === 0,
      });
    } finally {
      await sb.stop();
    }
  }
}

/**
 * Each section planned alone beside the settings, on the applied state, through GraphQL (the
 * default) and by REST (`--no-graphql`): its requests a project beyond the settings' own (`base`,
 * the plan of the settings alone: measured once, the same either way).
 */
async function eachSection(h, sb, env, projects, used, allRequests) {
  const planOf = async (names, ...flags) => {
    const file = join(h.work, `sections-only-${names.join('-') || 'settings'}.yaml`);
    writeFileSync(file, fileWith(names));
    await sb.resetStats();
    await h.measure([process.execPath, h.cli, 'plan', '-o', 'ndjson', '-f', file, '-q', ...flags], { env });
    return (await sb.stats()).requests;
  };
  const base = await planOf([]);
  const each = [];
  for (const name of used) {
    const graphql = ((await planOf([name])) - base) / projects;
    const rest = ((await planOf([name], '--no-graphql')) - base) / projects;
    each.push(`${name} ${graphql === rest ? rest : `${graphql.toFixed(2)} (REST ${rest})`}`);
  }
  h.progress(
    `each section on the applied state, requests a project beyond the settings' ${(base / projects).toFixed(2)}: ${each.join(', ')}; all together ${((allRequests - base) / projects).toFixed(2)}`,
  );
  h.rows.push({
    case: `collab.yaml sections: ${projects} projects in ${GROUPS} groups`,
    tool: 'collab',
    command: 'plan, each section alone on the applied state',
    runs: 2 * used.length + 1,
    wall: 0,
    rss: 0,
    requests: allRequests,
    items: projects,
    note: `requests a project beyond the settings, through GraphQL (by REST): ${each.join(', ')}`,
  });
}

/** bench/g01..g08, 50 projects each, through the API. */
async function seed(sb) {
  const call = async (method, path, body) => {
    const res = await fetch(`${sb.url}/api/v4${path}`, {
      method,
      headers: { 'private-token': sb.token, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const top = await call('POST', '/groups', { name: 'bench', path: 'bench' });
  let count = 0;
  for (let g = 1; g <= GROUPS; g++) {
    const path = `g${String(g).padStart(2, '0')}`;
    const group = await call('POST', '/groups', { name: path, path, parent_id: top.id });
    await Promise.all(
      Array.from({ length: PER_GROUP }, (_, i) =>
        call('POST', '/projects', { name: `svc-${i + 1}`, path: `svc-${i + 1}`, namespace_id: group.id }),
      ),
    );
    count += PER_GROUP;
  }
  return count;
}
