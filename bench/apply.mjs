/**
 * The bench of desired state (`npm run bench -- --only apply`): `collab plan` and `collab apply`
 * against a serial baseline that does what gitlabform does.
 *
 * 1. The sandbox (50 ms latency) gets 1,000 projects in 20 groups (bench/g01..g20, 50 each, made
 *    through the API), and 100 more in 2 groups (base/g01, base/g02) for the baseline. The file
 *    sets 5 settings, a push rule and a hook on every project of bench.
 *    - `collab plan`: wall time and requests per project (targets: at least 10x faster than the
 *      baseline's reads, at most 2.2 requests a project);
 *    - `collab apply --concurrency 8`: wall time (target: at least 8x faster than the baseline);
 *    - a second `collab apply`: zero writes, from the sandbox's request log;
 *    - `collab export bench` of that world, beside plan, and plan of what it wrote: 0 changes (bench/export.mjs).
 *    The baseline runs in this process, serially, as gitlabform: list the group's projects, then
 *    for each project GET the project, GET its push rule, GET its hooks, then the writes (PUT
 *    the settings, POST the push rule, POST the hook). It is measured on its 100 projects and
 *    scaled to 1,000 (a serial run is linear in the projects: 10x is its time for 1,000).
 * 2. `--rate-limit 2000/min` (the hosted service's limit for one user), 400 projects in 8 groups:
 *    `collab apply --concurrency 8` from scratch (about 2,000 requests, so the limit is reached),
 *    then every project read back, and the request log replayed into the service's windows: no
 *    request arrives between a 429 and its reset, nothing lost.
 *
 * Run from bench/run.mjs, which hands over its helpers (`h`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWrite } from './graphql.mjs';
import { stormCheck } from './bulk.mjs';
import { exportCase } from './export.mjs';

const LATENCY = 50;
const GROUPS = 20;
const PER_GROUP = 50;
const BASELINE_PROJECTS = 100;
const HOOK_URL = 'https://ci.bench.example/hooks/collab';
const SETTINGS = {
  merge_method: 'ff',
  only_allow_merge_if_pipeline_succeeds: true,
  remove_source_branch_after_merge: false,
  squash_option: 'always',
  printing_merge_request_link_enabled: false,
};
const PUSH_RULE = { deny_delete_tag: true, max_file_size: 50 };

const FILE = `version: 1
groups:
  bench:
    projects:
      settings:
${Object.entries(SETTINGS)
  .map(([k, v]) => `        ${k}: ${v}`)
  .join('\n')}
      push_rule:
${Object.entries(PUSH_RULE)
  .map(([k, v]) => `        ${k}: ${v}`)
  .join('\n')}
      hooks:
        - url: ${HOOK_URL}
          token: \${env:BENCH_HOOK_TOKEN}
          merge_requests_events: true
`;

export async function apply(h) {
  await speed(h);
  await rateLimited(h);
}

/** A client of the sandbox for setting up and checking (not measured). */
function api(sb) {
  return async (method, path, body) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${sb.url}/api/v4${path}`, {
        method,
        headers: { 'private-token': sb.token, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429 && attempt < 100) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? '1') * 1000));
        continue;
      }
      if (res.status >= 400 && res.status !== 404)
        throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    }
  };
}

async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** `top` with `groups` subgroups of `perGroup` projects each; returns the projects' full paths. */
async function seed(sb, top, groups, perGroup) {
  const call = api(sb);
  const parent = await call('POST', '/groups', { name: top, path: top });
  const subgroups = [];
  await pool(
    Array.from({ length: groups }, (_, i) => `g${String(i + 1).padStart(2, '0')}`),
    16,
    async (path) => {
      subgroups.push(await call('POST', '/groups', { name: path, path, parent_id: parent.id }));
    },
  );
  const projects = [];
  const wanted = subgroups.flatMap((group) =>
    Array.from({ length: perGroup }, (_, i) => ({ group, name: `svc-${String(i + 1).padStart(3, '0')}` })),
  );
  await pool(wanted, 32, async ({ group, name }) => {
    const project = await call('POST', '/projects', { name, path: name, namespace_id: group.id });
    projects.push(project.path_with_namespace);
  });
  return projects.sort();
}

/** The serial baseline (gitlabform's way): per project, three reads, then the writes that differ. */
async function baseline(sb, top, { write }) {
  const call = api(sb);
  const started = Date.now();
  let requests = 0;
  const get = (path) => {
    requests++;
    return call('GET', path);
  };
  const group = await get(`/groups/${top}`);
  const projects = [];
  for (let page = 1; ; page++) {
    const batch = await get(`/groups/${group.id}/projects?include_subgroups=true&per_page=100&page=${page}`);
    projects.push(...batch);
    if (batch.length < 100) break;
  }
  for (const listed of projects) {
    const project = await get(`/projects/${listed.id}`);
    const rule = await get(`/projects/${listed.id}/push_rule`);
    const hooks = await get(`/projects/${listed.id}/hooks`);
    if (!write) continue;
    const settings = Object.fromEntries(Object.entries(SETTINGS).filter(([k, v]) => project[k] !== v));
    const send = (method, path, body) => {
      requests++;
      return call(method, path, body);
    };
    if (Object.keys(settings).length) await send('PUT', `/projects/${listed.id}`, settings);
    if (!rule) await send('POST', `/projects/${listed.id}/push_rule`, PUSH_RULE);
    if (!hooks.some((hook) => hook.url === HOOK_URL))
      await send('POST', `/projects/${listed.id}/hooks`, {
        url: HOOK_URL,
        token: 'baseline-token',
        merge_requests_events: true,
      });
  }
  return { wall: Date.now() - started, requests, projects: projects.length };
}

async function writesOf(sb) {
  const log = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
  return { log, writes: log.filter(isWrite).length };
}

/** 1: plan and apply against the serial baseline. */
async function speed(h) {
  const sb = await h.startSandbox({ seed: 0, latency: LATENCY });
  try {
    const projects = await seed(sb, 'bench', GROUPS, PER_GROUP);
    await seed(sb, 'base', BASELINE_PROJECTS / PER_GROUP, PER_GROUP);
    h.progress(`seeded ${projects.length} projects in ${GROUPS} groups, and ${BASELINE_PROJECTS} for the baseline`);
    const file = join(h.work, 'collab.yaml');
    writeFileSync(file, FILE);
    const env = { ...sb.env, BENCH_HOOK_TOKEN: 'bench-hook-token' };
    const cli = (...args) => [
      process.execPath,
      h.cli,
      ...args,
      '-f',
      file,
      ...(args[0] === 'apply' ? ['--journal', join(h.work, 'apply.journal'), '--yes'] : []),
      '-q',
    ];
    const count = projects.length;

    const plans = [];
    for (let run = 0; run < Math.min(h.runs, 3); run++) {
      await sb.resetStats();
      const m = await h.measure(cli('plan', '-o', 'ndjson'), { env });
      plans.push({ ...m, requests: (await sb.stats()).requests });
      h.progress(`collab plan: ${h.fmtMs(m.wall)}, ${m.lines} changes, exit ${m.code}`);
    }
    await sb.resetStats();
    const basePlan = await baseline(sb, 'base', { write: false });
    h.progress(
      `baseline reads (${basePlan.projects} projects): ${h.fmtMs(basePlan.wall)}, ${basePlan.requests} requests`,
    );

    await sb.resetStats();
    const applied = await h.measure(cli('apply', '--concurrency', '8'), { env });
    const applyStats = await sb.stats();
    h.progress(
      `collab apply --concurrency 8: ${h.fmtMs(applied.wall)}, exit ${applied.code}${applied.code ? `: ${applied.stderr}` : ''}`,
    );
    await sb.resetStats();
    const second = await h.measure(cli('apply', '--concurrency', '8'), { env });
    const secondWrites = (await writesOf(sb)).writes;
    await sb.resetStats();
    const baseApply = await baseline(sb, 'base', { write: true });
    h.progress(
      `baseline apply (${baseApply.projects} projects): ${h.fmtMs(baseApply.wall)}, ${baseApply.requests} requests`,
    );

    const plan = {
      wall: h.median(plans.map((p) => p.wall)),
      requests: h.median(plans.map((p) => p.requests)),
      ok: plans.every((p) => p.code === 8 && p.lines === count * 8),
    };
    const scale = count / basePlan.projects;
    const baseReads = basePlan.wall * scale;
    const baseWrites = baseApply.wall * scale;
    const perProject = plan.requests / count;
    const caseName = `desired state: ${count} projects in ${GROUPS} groups (${LATENCY} ms)`;
    h.rows.push({
      case: caseName,
      tool: 'collab',
      command: 'collab plan -o ndjson',
      runs: plans.length,
      wall: plan.wall,
      rss: h.median(plans.map((p) => p.rss)),
      requests: plan.requests,
      items: count,
      ratio: '1.00x',
      note: `${perProject.toFixed(2)} requests a project; ${plans[0].lines} changes; exit ${plans.map((p) => p.code).join(', ')}`,
    });
    h.rows.push({
      case: caseName,
      tool: 'baseline',
      command: 'serial: GET project, push rule, hooks a project',
      runs: 1,
      wall: baseReads,
      requests: Math.round(basePlan.requests * scale),
      items: count,
      ratio: `${(baseReads / plan.wall).toFixed(1)}x`,
      note: `measured on ${basePlan.projects} projects (${h.fmtMs(basePlan.wall)}), x${scale}`,
    });
    h.rows.push({
      case: caseName,
      tool: 'collab',
      command: 'collab apply --concurrency 8',
      runs: 1,
      wall: applied.wall,
      rss: applied.rss,
      requests: applyStats.requests,
      maxInFlight: applyStats.maxInFlight,
      items: count,
      ratio: '1.00x',
      note: `exit ${applied.code}`,
    });
    h.rows.push({
      case: caseName,
      tool: 'baseline',
      command: 'serial: the reads, then PUT settings, POST push rule, POST hook',
      runs: 1,
      wall: baseWrites,
      requests: Math.round(baseApply.requests * scale),
      items: count,
      ratio: `${(baseWrites / applied.wall).toFixed(1)}x`,
      note: `measured on ${baseApply.projects} projects (${h.fmtMs(baseApply.wall)}), x${scale}`,
    });
    h.rows.push({
      case: caseName,
      tool: 'collab',
      command: 'collab apply (second time)',
      runs: 1,
      wall: second.wall,
      items: count,
      note: `${secondWrites} writes; exit ${second.code}`,
    });
    h.targets.push({
      id: 'apply',
      target: `\`collab plan\`, ${count} projects in ${GROUPS} groups, ${LATENCY} ms: at least 10x faster than the serial baseline's reads, at most 2.2 requests a project`,
      measured: `${h.fmtMs(plan.wall)} vs ${h.fmtMs(baseReads)}: ${(baseReads / plan.wall).toFixed(1)}x; ${perProject.toFixed(2)} requests a project`,
      pass: baseReads / plan.wall >= 10 && perProject <= 2.2 && plan.ok,
    });
    await exportCase(h, sb, { caseName, count, plan });
    h.targets.push({
      id: 'apply',
      target:
        '`collab apply --concurrency 8`: at least 8x faster than the serial baseline; a second apply makes no write',
      measured: `${h.fmtMs(applied.wall)} vs ${h.fmtMs(baseWrites)}: ${(baseWrites / applied.wall).toFixed(1)}x; second apply: ${secondWrites} writes`,
      pass: baseWrites / applied.wall >= 8 && applied.code === 0 && second.code === 0 && secondWrites === 0,
    });
  } finally {
    await sb.stop();
  }
}

/** 2: under the hosted service's rate limit, nothing lost and no request between a 429 and its reset. */
async function rateLimited(h) {
  const limit = 2000;
  const sb = await h.startSandbox({ seed: 0, latency: LATENCY, rateLimit: `${limit}/min` });
  try {
    // The log keeps the seeding's requests too: the service's windows are replayed from the first request.
    const projects = await seed(sb, 'bench', 8, PER_GROUP);
    const file = join(h.work, 'collab-limited.yaml');
    writeFileSync(file, FILE);
    const env = { ...sb.env, BENCH_HOOK_TOKEN: 'bench-hook-token' };
    const m = await h.measure(
      [
        process.execPath,
        h.cli,
        'apply',
        '-f',
        file,
        '--yes',
        '--journal',
        join(h.work, 'limited.journal'),
        '--concurrency',
        '8',
        '-q',
      ],
      { env },
    );
    const { log } = await writesOf(sb);
    const storm = stormCheck(log, { limit, periodMs: 60_000 }, LATENCY);
    const call = api(sb);
    let wrong = 0;
    await pool(projects, 8, async (path) => {
      const id = encodeURIComponent(path);
      const [project, rule, hooks] = [
        await call('GET', `/projects/${id}`),
        await call('GET', `/projects/${id}/push_rule`),
        await call('GET', `/projects/${id}/hooks`),
      ];
      const ok =
        Object.entries(SETTINGS).every(([k, v]) => project[k] === v) &&
        rule?.deny_delete_tag === true &&
        hooks.filter((hook) => hook.url === HOOK_URL).length === 1;
      if (!ok) wrong++;
    });
    h.rows.push({
      case: `desired state under --rate-limit ${limit}/min (${projects.length} projects)`,
      tool: 'collab',
      command: 'collab apply --concurrency 8',
      runs: 1,
      wall: m.wall,
      requests: log.length,
      items: projects.length,
      note: `exit ${m.code}; ${storm.windows} windows, ${storm.full} used up; ${storm.limited} answered 429; ${storm.early} requests between a 429 and its reset; ${wrong} projects not in the asked state`,
    });
    h.targets.push({
      id: 'apply',
      target: `Under \`--rate-limit ${limit}/min\`: every project in the asked state (no hook twice), no request between a 429 and its reset`,
      measured: `exit ${m.code}; limit reached in ${storm.full} of ${storm.windows} windows; ${storm.limited} 429s; ${storm.early} early requests; ${wrong} projects wrong`,
      pass: m.code === 0 && wrong === 0 && storm.full > 0 && storm.early === 0,
    });
  } finally {
    await sb.stop();
  }
}
