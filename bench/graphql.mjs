/**
 * The desired state read through GraphQL against REST (`node bench/run.mjs --only graphql`).
 *
 * 1. 400 projects in 20 groups (bench/g01..g20, 20 each, made through the API), 50 ms latency, a
 *    policy of settings, variables, labels, protected branches and members on every project. The
 *    world is brought in line first (`collab apply`), then, side by side in the same run:
 *    - `collab plan` (GraphQL where it can), median of the runs: requests a project, wall time;
 *    - `collab plan --no-graphql` (REST: one GET a section a project), the same;
 *    - a serial REST read as gitlabracadabra does it (one request at a time, per project the
 *      project, its variables, labels, protected branches, members and the namespace's members: 6),
 *      measured on 40 projects and scaled to 400 (a serial read is linear in the projects);
 *    - a second `collab apply`: 0 writes, from the sandbox's request log;
 *    - the first plan, of the world before the apply, both ways: what differs is read again by REST
 *      (src/desired/graphql.ts), so that costs GraphQL's few requests more than REST alone;
 *    - `collab export bench` both ways (alternating): requests, wall time, the same file;
 *    - a saved plan's stale check both ways: a plan changing one variable of every project applied
 *      through GraphQL, then the plan back with --no-graphql: its reads before the writes.
 *    Target: at most 0.2 requests a project for those sections through GraphQL.
 * 2. The scale: 3,000 projects (bench/g01..g60, 50 each), the same policy and latency, brought in
 *    line, then `collab plan` both ways: requests, wall time, and the minutes those requests take
 *    at GitLab.com's 2,000 requests a minute.
 *
 * Run from bench/run.mjs, which hands over its helpers (`h`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A request of the log that writes: every method but GET, except GraphQL's POSTs, which only read. */
export const isWrite = (r) => r.method !== 'GET' && !r.path.startsWith('/api/graphql');

const LATENCY = 50;
const SERIAL_PROJECTS = 40;
const RATE_PER_MINUTE = 2000;

const FILE = `version: 1
groups:
  bench:
    projects:
      settings:
        merge_method: ff
        only_allow_merge_if_pipeline_succeeds: true
        remove_source_branch_after_merge: false
      variables:
        - key: DEPLOY_REGION
          value: eu-west-1
        - key: DEPLOY_TOKEN
          value: \${env:BENCH_DEPLOY_TOKEN}
          masked: true
          protected: true
      labels:
        - name: bug
          color: "#d9534f"
        - name: security
          color: red
      protected_branches:
        - name: main
          push_access_level: maintainer
          merge_access_level: developer
      members:
        - username: dana
          access_level: developer
        - username: rui
          access_level: reporter
`;

const api = (sb) => async (method, path, body) => {
  const res = await fetch(`${sb.url}/api/v4${path}`, {
    method,
    headers: { 'private-token': sb.token, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
};

async function pool(items, size, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** bench/gNN, `perGroup` projects each, through the API. */
async function seed(sb, groups, perGroup) {
  const call = api(sb);
  const top = await call('POST', '/groups', { name: 'bench', path: 'bench' });
  const subgroups = [];
  await pool(
    Array.from({ length: groups }, (_, i) => `g${String(i + 1).padStart(2, '0')}`),
    16,
    async (path) => void subgroups.push(await call('POST', '/groups', { name: path, path, parent_id: top.id })),
  );
  const wanted = subgroups.flatMap((group) =>
    Array.from({ length: perGroup }, (_, i) => ({ group, name: `svc-${String(i + 1).padStart(3, '0')}` })),
  );
  await pool(wanted, 64, ({ group, name }) => call('POST', '/projects', { name, path: name, namespace_id: group.id }));
  return wanted.length;
}

/** gitlabracadabra's way: one request at a time, six a project. */
async function serialRead(sb, projects) {
  const call = api(sb);
  const started = Date.now();
  let requests = 0;
  const get = (path) => {
    requests++;
    return call('GET', path);
  };
  const listed = await get(`/groups/bench/projects?include_subgroups=true&per_page=${projects}`);
  for (const project of listed.slice(0, projects)) {
    await get(`/projects/${project.id}`);
    await get(`/projects/${project.id}/variables?per_page=100`);
    await get(`/projects/${project.id}/labels?include_ancestor_groups=false&per_page=100`);
    await get(`/projects/${project.id}/protected_branches?per_page=100`);
    await get(`/projects/${project.id}/members?per_page=100`);
    await get(`/groups/${project.namespace.id}/members?per_page=100`);
  }
  return { wall: Date.now() - started, requests, projects: Math.min(projects, listed.length) };
}

function world(h, sb, name) {
  const file = join(h.work, `graphql-${name}.yaml`);
  writeFileSync(file, FILE);
  const env = { ...sb.env, BENCH_DEPLOY_TOKEN: 'bench-deploy-token-1' };
  const cli = (...args) => [
    process.execPath,
    h.cli,
    ...args,
    '-f',
    file,
    ...(args[0] === 'apply' ? ['--yes', '--journal', join(h.work, `graphql-${name}.journal`)] : []),
    '-q',
  ];
  /** One measured run and its requests from the sandbox's count. */
  const measured = async (args) => {
    await sb.resetStats();
    const m = await h.measure(cli(...args), { env });
    return { ...m, requests: (await sb.stats()).requests };
  };
  return { cli, env, measured };
}

const medianOf = (h, runs, key) => h.median(runs.map((run) => run[key]));

async function speed(h) {
  const sb = await h.startSandbox({ seed: 0, latency: LATENCY });
  try {
    const projects = await seed(sb, 20, 20);
    h.progress(`seeded ${projects} projects in 20 groups`);
    const { measured } = world(h, sb, 'speed');
    const firstGraphql = await measured(['plan', '-o', 'ndjson']);
    const firstRest = await measured(['plan', '-o', 'ndjson', '--no-graphql']);
    h.progress(
      `first plan (${firstGraphql.lines} changes): GraphQL ${firstGraphql.requests} requests, ${h.fmtMs(firstGraphql.wall)}; REST ${firstRest.requests} requests, ${h.fmtMs(firstRest.wall)}`,
    );
    const applied = await measured(['apply', '--concurrency', '32']);
    h.progress(`apply: exit ${applied.code}, ${h.fmtMs(applied.wall)}, ${applied.requests} requests`);
    const graphql = [];
    const rest = [];
    for (let run = 0; run < Math.max(h.runs, 3); run++) {
      // Alternating, so that drift in the machine's speed touches both alike.
      graphql.push(await measured(['plan', '-o', 'ndjson']));
      rest.push(await measured(['plan', '-o', 'ndjson', '--no-graphql']));
    }
    await sb.resetStats();
    const serial = await serialRead(sb, SERIAL_PROJECTS);
    const second = await measured(['apply']);
    const log = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
    const writes = log.filter(isWrite).length;
    const scale = projects / serial.projects;
    const caseName = `graphql: ${projects} projects in 20 groups, ${LATENCY} ms`;
    const row = (tool, command, runs, wall, requests, note) =>
      h.rows.push({ case: caseName, tool, command, runs, wall, requests, items: projects, note });
    const perProject = (requests) => (requests / projects).toFixed(2);
    const gReq = medianOf(h, graphql, 'requests');
    const rReq = medianOf(h, rest, 'requests');
    row(
      'collab',
      'plan (GraphQL), in line',
      graphql.length,
      medianOf(h, graphql, 'wall'),
      gReq,
      `${perProject(gReq)} requests a project; ${graphql[0].lines} changes`,
    );
    row(
      'collab',
      'plan --no-graphql, in line',
      rest.length,
      medianOf(h, rest, 'wall'),
      rReq,
      `${perProject(rReq)} requests a project; ${rest[0].lines} changes`,
    );
    row(
      'baseline',
      'serial REST, 6 GETs a project (gitlabracadabra)',
      1,
      serial.wall * scale,
      serial.requests * scale,
      `measured on ${serial.projects} projects (${h.fmtMs(serial.wall)}), scaled to ${projects}`,
    );
    row(
      'collab',
      'first plan (GraphQL), before apply',
      1,
      firstGraphql.wall,
      firstGraphql.requests,
      `${perProject(firstGraphql.requests)} requests a project; ${firstGraphql.lines} changes`,
    );
    row(
      'collab',
      'first plan --no-graphql, before apply',
      1,
      firstRest.wall,
      firstRest.requests,
      `${perProject(firstRest.requests)} requests a project; ${firstRest.lines} changes`,
    );
    row('collab', 'second apply (GraphQL)', 1, second.wall, second.requests, `${writes} writes; exit ${second.code}`);
    for (const r of await exportBoth(h, sb, projects)) row('collab', r.command, r.runs, r.wall, r.requests, r.note);
    for (const r of await staleCheckBoth(h, sb, projects)) row('collab', r.command, 1, r.wall, r.requests, r.note);
    h.targets.push({
      id: 'graphql',
      target: `\`collab plan\` of ${projects} projects through GraphQL: at most 0.2 requests a project; the second apply writes nothing`,
      measured: `${perProject(gReq)} requests a project (REST ${perProject(rReq)}); second apply ${writes} writes (exit ${second.code})`,
      pass: gReq / projects <= 0.2 && writes === 0 && second.code === 0 && graphql[0].code === 0,
    });
  } finally {
    await sb.stop();
  }
}

/** The builds measured: this one, and the --before one (the build a change started from) beside it. */
const builds = (h) => [{ cli: h.cli, suffix: '' }, ...(h.before ? [{ cli: h.before, suffix: ' (before)' }] : [])];

/**
 * `collab export bench` both ways, round-robin (with --before, each build's too), on the world in
 * line: requests and wall time, and whether the files are the same.
 */
async function exportBoth(h, sb, projects) {
  const ways = builds(h).flatMap(({ cli, suffix }) => [
    { cli, suffix, name: `graphql${suffix}`, flags: [] },
    { cli, suffix, name: `rest${suffix}`, flags: ['--no-graphql'] },
  ]);
  const runs = Object.fromEntries(ways.map((way) => [way.name, []]));
  const texts = {};
  for (let run = 0; run < Math.max(h.runs, 3); run++)
    // Each run starts with the next way, so that none is always the first of a round (measured slower).
    for (const { cli, name, flags } of ways.map((_, i) => ways[(i + run) % ways.length])) {
      const out = join(h.work, `graphql-export-${name.replace(/\W+/g, '-')}.yaml`);
      await sb.resetStats();
      const m = await h.measure([process.execPath, cli, 'export', 'bench', '--out', out, '-q', ...flags], {
        env: sb.env,
      });
      runs[name].push({ ...m, requests: (await sb.stats()).requests });
      texts[name] = readFileSync(out, 'utf8');
    }
  const same = new Set(Object.values(texts)).size === 1;
  h.progress(
    `export: ${ways.map(({ name }) => `${name} ${runs[name][0].requests} requests, ${h.fmtMs(h.median(runs[name].map((r) => r.wall)))}`).join('; ')}; same file: ${same}`,
  );
  return ways.map(({ name, suffix, flags }) => {
    const list = runs[name];
    const requests = medianOf(h, list, 'requests');
    return {
      command: `${flags.length ? 'export bench --no-graphql' : 'export bench (GraphQL where a section gives its export whole)'}${suffix}`,
      runs: list.length,
      wall: medianOf(h, list, 'wall'),
      requests,
      note: `${(requests / projects).toFixed(2)} requests a project; ${texts[name].split('\n').length} lines, the same file every way: ${same ? 'yes' : 'NO'}; exit ${list.map((r) => r.code).join(', ')}`,
    };
  });
}

/**
 * A saved plan's stale check both ways: a plan that changes one variable of every project, applied
 * through GraphQL, then the plan back, applied with --no-graphql (the world is in line again
 * after); with --before, the same pair by that build. Each reads the projects and their variables
 * before writing; the reads are the requests less the writes, from the sandbox's log.
 */
async function staleCheckBoth(h, sb, projects) {
  const out = [];
  for (const { cli, suffix } of builds(h))
    for (const [way, from, to, flags] of [
      ['GraphQL', 'eu-west-1', 'eu-west-2', []],
      ['--no-graphql', 'eu-west-2', 'eu-west-1', ['--no-graphql']],
    ]) {
      const file = join(
        h.work,
        `graphql-stale-${way === 'GraphQL' ? 'graphql' : 'rest'}${suffix ? '-before' : ''}.yaml`,
      );
      writeFileSync(file, FILE.replace(`value: ${from}`, `value: ${to}`));
      const plan = `${file}.plan.json`;
      const env = { ...sb.env, BENCH_DEPLOY_TOKEN: 'bench-deploy-token-1' };
      await h.measure([process.execPath, cli, 'plan', '-f', file, '--out', plan, '-q'], { env });
      await sb.resetStats();
      const m = await h.measure([process.execPath, cli, 'apply', '-f', plan, '-q', '--concurrency', '32', ...flags], {
        env,
      });
      const log = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
      const writes = log.filter(isWrite).length;
      h.progress(
        `saved plan (${way}${suffix}): ${log.length} requests, ${writes} writes, ${h.fmtMs(m.wall)}, exit ${m.code}`,
      );
      out.push({
        command: `apply -f plan.json${flags.length ? ' --no-graphql' : ''} (a variable of each project)${suffix}`,
        wall: m.wall,
        requests: log.length,
        note: `stale check ${log.length - writes} reads (${((log.length - writes) / projects).toFixed(2)} a project), then ${writes} writes; exit ${m.code}`,
      });
    }
  return out;
}

async function scale(h) {
  const sb = await h.startSandbox({ seed: 0, latency: LATENCY });
  try {
    const projects = await seed(sb, 60, 50);
    h.progress(`seeded ${projects} projects in 60 groups`);
    const { measured } = world(h, sb, 'scale');
    const applied = await measured(['apply', '--concurrency', '64']);
    h.progress(`apply: exit ${applied.code}, ${h.fmtMs(applied.wall)}, ${applied.requests} requests`);
    const caseName = `graphql at scale: ${projects} projects in 60 groups, ${LATENCY} ms`;
    for (const [command, args] of [
      ['plan (GraphQL), in line', ['plan', '-o', 'ndjson']],
      ['plan --no-graphql, in line', ['plan', '-o', 'ndjson', '--no-graphql']],
    ]) {
      const m = await measured(args);
      const minutes = m.requests / RATE_PER_MINUTE;
      h.progress(
        `${command}: ${m.requests} requests, ${h.fmtMs(m.wall)}, ${minutes.toFixed(2)} min at ${RATE_PER_MINUTE}/min`,
      );
      h.rows.push({
        case: caseName,
        tool: 'collab',
        command,
        runs: 1,
        wall: m.wall,
        requests: m.requests,
        items: projects,
        note: `${(m.requests / projects).toFixed(2)} requests a project; ${minutes.toFixed(2)} min of requests at ${RATE_PER_MINUTE} a minute; ${m.lines} changes`,
      });
    }
  } finally {
    await sb.stop();
  }
}

export async function graphql(h) {
  await speed(h);
  await scale(h);
}
