#!/usr/bin/env node
/**
 * The benchmark of issue 8: start-up, parallel listing, flat memory and backpressure, paging past
 * the offset limit, waiting for a fork, and the sandbox itself, with python-gitlab and gitbeaker
 * beside collab when they are installed. Prints markdown tables of medians and PASS/FAIL per target.
 *
 *   npm run bench                          build dist/, then run everything
 *   node bench/run.mjs --dist .tmp/dist-x  run another build's cli.cjs
 *   node bench/run.mjs --runs 3 --only startup,listing
 *   npm run bench -- --install-peers       install python-gitlab (apt) and @gitbeaker/cli (npm) first
 *   npm run bench -- --write-readme        also put the results into bench/README.md
 *
 * Every sandbox is a separate process (`collab sandbox`), so the measured command's peak RSS is its
 * own. Peak RSS comes from bench/measure.py (os.wait4's ru_maxrss): Node cannot read a child's.
 * Never part of `npm test`: these are timings.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import http from 'node:http';
import { accessReport as accessCase } from './access-report.mjs';
import { apply as applyCase } from './apply.mjs';
import { sections as sectionsCase } from './sections.mjs';
import { graphql as graphqlCase } from './graphql.mjs';
import { bulk as bulkCase } from './bulk.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const MEASURE = join(HERE, 'measure.py');
const PEERS_DIR = join(HERE, '.peers');
const GITBEAKER_ENTRY = join(PEERS_DIR, 'node_modules/@gitbeaker/cli/dist/index.mjs');
const CASES = [
  'startup',
  'listing',
  'memory',
  'backpressure',
  'offset',
  'fork',
  'sandbox',
  'bulk',
  'apply',
  'sections',
  'access',
  'graphql',
];

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    before: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'long-runs': { type: 'string', default: '3' },
    'startup-runs': { type: 'string', default: '20' },
    only: { type: 'string' },
    'install-peers': { type: 'boolean', default: false },
    'no-peers': { type: 'boolean', default: false },
    'peers-at-scale': { type: 'boolean', default: false },
    'fork-ms': { type: 'string', default: '30000' },
    'write-readme': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  process.stdout.write(
    `usage: node bench/run.mjs [--dist DIR] [--before DIR] [--runs N] [--long-runs N] [--startup-runs N] [--only ${CASES.join(',')}] [--install-peers] [--no-peers] [--peers-at-scale] [--fork-ms MS] [--write-readme]\n`,
  );
  process.exit(0);
}
const RUNS = positiveInteger(flags.runs, '--runs');
/** Runs of what takes many seconds each (100,000 projects and more, the peers' listings): their spread is small. */
const LONG_RUNS = positiveInteger(flags['long-runs'], '--long-runs');
const STARTUP_RUNS = positiveInteger(flags['startup-runs'], '--startup-runs');
/** Start-up runs of the peers, whose start-up is 5 to 20 times collab's and judged by no target. */
const PEER_STARTUP_RUNS = Math.min(STARTUP_RUNS, 10);
const FORK_MS = positiveInteger(flags['fork-ms'], '--fork-ms');
/** Why the peers sit out the 100,000 and 120,000 cases unless --peers-at-scale. */
const PEERS_NOT_AT_SCALE =
  'not run by default (it holds every page in memory and stops at offset 50,000: bench/README.md); --peers-at-scale runs it once';
const ONLY = flags.only ? flags.only.split(',').map((s) => s.trim()) : CASES;
for (const name of ONLY)
  if (!CASES.includes(name)) fail(`unknown case "${name}" for --only: expected some of ${CASES.join(',')}`);
const DIST = resolve(ROOT, flags.dist);
// Builds before 2026-11-22 had an ES module dist/cli.js: still run them, to compare.
const CLI = existsSync(join(DIST, 'cli.cjs')) ? join(DIST, 'cli.cjs') : join(DIST, 'cli.js');
const SANDBOX_MODULE = join(DIST, 'sandbox.js');
if (!existsSync(CLI))
  fail(`${CLI} does not exist: run \`npm run build\` (or node build.mjs --outdir ${flags.dist}) first`);

/**
 * --before DIR: another build (the one a change started from) whose every collab command of the
 * start-up, listing and memory cases (and graphql's exports and saved plans) runs beside this one's,
 * round-robin in the same run, so that the machine's load touches both alike.
 */
const BEFORE_DIST = flags.before ? resolve(ROOT, flags.before) : undefined;
const BEFORE_CLI = BEFORE_DIST && join(BEFORE_DIST, existsSync(join(BEFORE_DIST, 'cli.cjs')) ? 'cli.cjs' : 'cli.js');
if (BEFORE_CLI && !existsSync(BEFORE_CLI)) fail(`${BEFORE_CLI} does not exist: build it first`);

const WORK = mkdtempSync(join(tmpdir(), 'collab-bench-'));
const CONFIG_DIR = join(WORK, 'config');
/** What every measured command sees: no user config, no colour, no prompts. */
const BASE_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: WORK,
  LANG: 'C.UTF-8',
  NO_COLOR: '1',
  CI: 'true',
  COLLAB_CONFIG_DIR: CONFIG_DIR,
};

/** One row of the results table (medians over the runs). */
const rows = [];
/** One row per target of issue 8. */
const targets = [];
const startedAt = Date.now();
/** The machine may be shared: its load before and after the run goes into the report. */
const loadBefore = loadavg()[0];

process.on('exit', () => rmSync(WORK, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

if (flags['install-peers']) installPeers();
const peers = flags['no-peers'] ? { python: undefined, gitbeaker: undefined } : findPeers();
const list = detectListCommand();
progress(
  `collab: ${CLI}; listing with \`${list.kind === 'projects' ? 'projects list' : 'api projects --paginate (projects list is not built yet)'}\``,
);
progress(
  `peers: python-gitlab ${peers.python ? peers.python.version : 'not installed'}, gitbeaker ${peers.gitbeaker ? peers.gitbeaker.version : 'not installed'}`,
);

for (const name of ONLY) {
  const caseStarted = Date.now();
  progress(`--- ${name}`);
  try {
    await { startup, listing, memory, backpressure, offset, fork, sandbox, bulk, apply, sections, access, graphql }[
      name
    ]();
  } catch (error) {
    progress(`case ${name} failed: ${error.stack ?? error}`);
    targets.push({
      id: name,
      target: `case ${name}`,
      measured: `error: ${String(error.message ?? error).split('\n')[0]}`,
      pass: false,
    });
  }
  progress(`${name}: ${((Date.now() - caseStarted) / 1000).toFixed(1)} s`);
}

const report = renderReport();
process.stdout.write(report);
if (flags['write-readme']) writeReadme(report);
progress(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);

// ---------------------------------------------------------------------------------------------
// Cases

/**
 * Target 1: start-up of every kind of command against bare `node -e 0`: `--version` (answered by
 * bin/collab.js), `projects list --help` (the front alone), `config get output` with a config file
 * of settings and a host (reads and checks it: the back, no request) and `projects view 1`, which
 * sends one request to a local sandbox without latency (the back and its HTTP client); beside them,
 * with no target of their own, a usage error (the front alone, exit 2), a list of one page (the
 * paginator and a list's output), and view's floor: the same request by node:http alone
 * (bench/startup-floor.cjs), what any Node program that talks to the service pays.
 */
async function startup() {
  const settingsDir = join(WORK, 'config-startup');
  mkdirSync(settingsDir, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(settingsDir, 'config.json'),
    JSON.stringify({
      host: 'https://gitlab.example.com',
      output: 'json',
      timeout: 60,
      hosts: {
        'https://gitlab.example.com': { user: 'root', token: 'glpat-bench', users: { root: { token: 'glpat-bench' } } },
      },
    }),
    { mode: 0o600 },
  );
  const sb = await startSandbox({ seed: 10, latency: 0 });
  try {
    const variants = withBefore(
      [
        { tool: 'node', key: 'node', label: 'node -e 0', cmd: [process.execPath, '-e', '0'] },
        { tool: 'collab', key: 'version', label: 'collab --version', cmd: [CLI, '--version'] },
        {
          tool: 'collab',
          key: 'help',
          label: `collab ${list.kind === 'projects' ? 'projects list' : 'api'} --help`,
          cmd: [CLI, ...(list.kind === 'projects' ? ['projects', 'list'] : ['api']), '--help'],
        },
        {
          tool: 'collab',
          key: 'usage',
          label: 'collab projects list --no-such-flag (a usage error: exit 2)',
          cmd: [CLI, 'projects', 'list', '--no-such-flag'],
          code: 2,
        },
        {
          tool: 'collab',
          key: 'config',
          label: 'collab config get output (a config file to read and check)',
          cmd: [CLI, 'config', 'get', 'output'],
          env: { COLLAB_CONFIG_DIR: settingsDir },
        },
        {
          tool: 'collab',
          key: 'view',
          label: 'collab projects view 1 -o json (one request, local sandbox, no latency)',
          cmd: [CLI, 'projects', 'view', '1', '-o', 'json'],
          env: sb.env,
        },
        {
          tool: 'node',
          key: 'floor',
          label: 'node bench/startup-floor.cjs (node:http alone: the request view sends, JSON out)',
          cmd: [process.execPath, join(HERE, 'startup-floor.cjs')],
          env: sb.env,
        },
        {
          tool: 'collab',
          key: 'list',
          label: 'collab projects list -o json (one page of 10, local sandbox, no latency)',
          cmd: [CLI, 'projects', 'list', '-o', 'json'],
          env: sb.env,
        },
      ].map((v) => (v.tool === 'collab' ? { ...v, cmd: [process.execPath, entryOf(CLI), ...v.cmd.slice(1)] } : v)),
      (v, cli) => ({ ...v, cmd: [process.execPath, entryOf(cli), ...v.cmd.slice(2)] }),
    );
    if (peers.python) {
      variants.push({
        tool: 'python-gitlab',
        label: `${peers.python.name} --version`,
        cmd: [peers.python.path, '--version'],
      });
      variants.push({
        tool: 'python-gitlab',
        label: `${peers.python.name} project list --help`,
        cmd: [peers.python.path, 'project', 'list', '--help'],
      });
    }
    if (peers.gitbeaker) {
      variants.push({
        tool: 'gitbeaker',
        label: 'gitbeaker --version',
        cmd: [process.execPath, GITBEAKER_ENTRY, '--version'],
      });
      variants.push({
        tool: 'gitbeaker',
        label: 'gitbeaker projects all --help',
        cmd: [process.execPath, GITBEAKER_ENTRY, 'projects', 'all', '--help'],
      });
    }
    const samples = variants.map(() => []);
    // Round-robin, so drift in the machine's speed touches every variant alike.
    for (let run = 0; run < STARTUP_RUNS + 1; run++) {
      for (const [i, v] of variants.entries()) {
        if (run > (v.tool === 'python-gitlab' || v.tool === 'gitbeaker' ? PEER_STARTUP_RUNS : STARTUP_RUNS)) continue;
        const result = await measure(v.cmd, { env: v.env });
        if (run > 0) samples[i].push(result); // the first round only warms the file cache
      }
    }
    const medians = samples.map(summarize);
    const base = medians[0].wall;
    for (const [i, v] of variants.entries()) {
      const m = medians[i];
      const failed =
        m.code !== (v.code ?? 0)
          ? `exits ${m.code}${firstLine(m.stderr) ? `: ${firstLine(m.stderr)}` : ''} (timed until then)`
          : '';
      rows.push({
        case: '1 start-up',
        tool: v.tool,
        command: v.label,
        runs: samples[i].length,
        wall: m.wall,
        rss: m.rss,
        ratio: i === 0 ? '1.00x' : `${(m.wall / base).toFixed(2)}x node`,
        note: failed,
      });
    }
    const limits = [
      ['version', 1.3],
      ['help', 1.6],
      ['config', 1.5],
      ['view', 1.5],
    ];
    for (const [key, limit] of limits) {
      for (const [i, v] of variants.entries()) {
        if (v.key !== key) continue;
        const where = v.before ? ' (--before)' : '';
        targets.push(
          ratioTarget(
            '1',
            `\`${v.label.replace(/ \(.*\)$/, '')}\`${where} within ${limit}x of \`node -e 0\``,
            medians[i].wall / base,
            limit,
            medians[i].code,
          ),
        );
      }
    }
  } finally {
    await sb.stop();
  }
}

/**
 * What a user runs for a build's cli.cjs: bin/collab.js beside its dist/ (it answers --version
 * itself and loads dist/cli.cjs for the rest), else the cli.cjs itself.
 */
function entryOf(cli) {
  const dir = dirname(cli);
  const bin = join(dir, '..', 'bin', 'collab.js');
  return basename(dir) === 'dist' && existsSync(bin) ? bin : cli;
}

/**
 * The variants with, after each of collab's, the same command of the --before build (`twin` makes
 * it from the variant and that build's cli.cjs), so that both run round-robin.
 */
function withBefore(variants, twin = (v, cli) => ({ ...v, cmd: v.cmd.map((a) => (a === CLI ? cli : a)) })) {
  if (!BEFORE_CLI) return variants;
  return variants.flatMap((v) =>
    v.tool?.startsWith('collab') && !v.skipped
      ? [v, { ...twin(v, BEFORE_CLI), tool: `${v.tool} (before)`, before: true }]
      : [v],
  );
}

/**
 * Target 2: every project of 10,000 over 20 ms latency, parallel against a serial client, and
 * against gitbeaker (the fastest peer) when it is installed.
 */
async function listing() {
  const seed = 10_000;
  const sb = await startSandbox({ seed, latency: 20 });
  try {
    await warm(sb);
    const variants = [
      ...withBefore([
        {
          tool: 'collab',
          key: 'parallel',
          label: `collab ${list.describe({ format: 'ndjson' })}`,
          ...list.command({ format: 'ndjson' }),
        },
        {
          tool: 'collab (serial)',
          key: 'serial',
          label: `collab ${list.describe({ format: 'ndjson', concurrency: 1 })}`,
          ...list.command({ format: 'ndjson', concurrency: 1 }),
        },
      ]),
      ...peerListings(sb),
    ];
    const results = await interleave(variants, sb, RUNS);
    for (const [i, v] of variants.entries()) addListingRow('2 list 10,000 (20 ms)', v, results[i], seed);
    const find = (key, before = false) => results[variants.findIndex((v) => v.key === key && !v.before === !before)];
    const gitbeaker = results[variants.findIndex((v) => v.tool === 'gitbeaker')];
    for (const before of BEFORE_CLI ? [false, true] : [false]) {
      const parallel = find('parallel', before);
      const serial = find('serial', before);
      const where = before ? ' (--before)' : '';
      const speedup = serial.wall / parallel.wall;
      targets.push({
        id: '2',
        target: `\`projects list --all -o ndjson --per-page 100\`${where}, 10,000 projects, 20 ms latency: at least 5x faster than serial (\`--concurrency 1\`)`,
        measured: `${fmtMs(parallel.wall)} vs ${fmtMs(serial.wall)}: ${speedup.toFixed(1)}x (${parallel.maxInFlight} in flight); ${itemsNote(parallel, seed)}`,
        pass: speedup >= 5 && parallel.items === seed && parallel.code === 0,
      });
      if (!gitbeaker || gitbeaker.skipped) continue;
      const ratio = gitbeaker.wall / parallel.wall;
      targets.push({
        id: '2',
        target: `the same${where}: at least 8x faster than gitbeaker's \`projects all --per-page 100\``,
        measured: `${fmtMs(parallel.wall)} vs ${fmtMs(gitbeaker.wall)}: ${ratio.toFixed(1)}x; gitbeaker ${itemsNote(gitbeaker, seed)}`,
        pass: ratio >= 8 && parallel.items === seed && parallel.code === 0 && gitbeaker.items === seed,
      });
    }
  } finally {
    await sb.stop();
  }
}

/** Target 3: peak RSS at 100,000 projects against 1,000, for every output format, piped. */
async function memory() {
  const formats = ['json', 'ndjson', 'csv', 'table'];
  const bySize = {};
  for (const seed of [1_000, 100_000]) {
    const sb = await startSandbox({ seed, latency: 0 });
    try {
      await warm(sb);
      const variants = withBefore(
        formats.map((format) => ({
          tool: 'collab',
          format,
          label: `collab ${list.describe({ format })} (piped)`,
          ...list.command({ format }),
        })),
      );
      const results = await interleave(variants, sb, seed >= 100_000 ? LONG_RUNS : RUNS);
      bySize[seed] = {};
      for (const [i, v] of variants.entries()) {
        bySize[seed][`${v.format}${v.before ? ' before' : ''}`] = results[i];
        addListingRow(`3 memory ${seed.toLocaleString('en-US')}`, v, results[i], seed);
      }
      if (seed === 100_000) await peersOnce(`3 memory ${seed.toLocaleString('en-US')}`, sb, seed);
    } finally {
      await sb.stop();
    }
  }
  for (const format of formats.flatMap((f) => (BEFORE_CLI ? [f, `${f} before`] : [f]))) {
    const small = bySize[1_000]?.[format];
    const large = bySize[100_000]?.[format];
    if (!small || !large || small.skipped || large.skipped) {
      targets.push({
        id: '3',
        target: `flat memory, -o ${format}`,
        measured: small?.skipped ?? large?.skipped ?? 'not measured',
        pass: false,
      });
      continue;
    }
    const ratio = large.rss / small.rss;
    targets.push({
      id: '3',
      target: `flat memory, -o ${format.replace(' before', ' (--before)')}${format.startsWith('table') ? ' (piped)' : ''}: peak RSS at 100,000 within 1.3x of 1,000 and under 120 MB`,
      measured: `${fmtMB(large.rss)} vs ${fmtMB(small.rss)}: ${ratio.toFixed(2)}x; ${itemsNote(large, 100_000)}`,
      pass: ratio <= 1.3 && large.rss < 120 && large.code === 0 && large.items === 100_000,
    });
  }
}

/** Target 3, backpressure: stdout is a pipe nobody reads for 3 s; how many pages were fetched by 2 s? */
async function backpressure() {
  const seed = 10_000;
  const pages = seed / 100;
  const sb = await startSandbox({ seed, latency: 0 });
  try {
    await warm(sb);
    const variants = [
      { tool: 'collab', label: `collab ${list.describe({ format: 'ndjson' })}`, ...list.command({ format: 'ndjson' }) },
      ...peerListings(sb),
    ];
    const concurrency = 8;
    for (const v of variants) {
      if (v.skipped) {
        rows.push({ case: '3 backpressure', tool: v.tool, command: v.label, note: v.skipped });
        continue;
      }
      const atTwo = [];
      const runs = [];
      // The peers fetch everything whatever stdout does: one run shows it.
      const times = v.tool === 'collab' ? RUNS : 1;
      for (let run = 0; run < times; run++) {
        await sb.resetStats();
        const measuring = measure(v.cmd, { env: { ...sb.env, ...v.env }, stall: 3 });
        await sleep(2000);
        atTwo.push((await sb.stats()).requests);
        const result = await measuring;
        runs.push({ ...result, ...(await sb.stats()) });
      }
      const m = summarize(runs);
      const fetched = median(atTwo);
      rows.push({
        case: '3 backpressure',
        tool: v.tool,
        command: `${v.label.replace(' > file', '')}, stdout unread for 3 s`,
        runs: times,
        wall: m.wall,
        rss: m.rss,
        requests: m.requests,
        maxInFlight: m.maxInFlight,
        note: `${fetched} requests by 2 s, of ${m.requests} in all (${pages} pages)`,
      });
      if (v.tool === 'collab') {
        // Pages in flight plus the few that fit in the pipe and the stream's buffer: anything near
        // the total would mean the tool buffers what it cannot write.
        const bound = 2 * concurrency + 4;
        targets.push({
          id: '3',
          target: `backpressure: with stdout unread, at most ${bound} of ${pages} pages fetched after 2 s`,
          measured: `${fetched} requests after 2 s; ${m.requests} once read`,
          pass: fetched <= bound && m.code === 0,
        });
      }
    }
  } finally {
    await sb.stop();
  }
}

/** Target 4: 120,000 projects, past the 50,000 offset limit: each once, at 80% of the first 50,000's pace. */
async function offset() {
  const seed = 120_000;
  const first = 50_000;
  const sb = await startSandbox({ seed, latency: 0 });
  try {
    const all = {
      tool: 'collab',
      label: `collab ${list.describe({ format: 'ndjson' })}`,
      ...list.command({ format: 'ndjson' }),
    };
    const head = {
      tool: 'collab',
      label: `collab ${list.describe({ format: 'ndjson', limit: first })}`,
      ...list.command({ format: 'ndjson', limit: first }),
    };
    if (all.skipped || head.skipped) {
      targets.push({ id: '4', target: 'past the offset limit', measured: all.skipped ?? head.skipped, pass: false });
      return;
    }
    await warm(sb);
    const output = join(WORK, 'offset.ndjson');
    const verdicts = [];
    const results = await interleave(
      [all, head],
      sb,
      LONG_RUNS,
      async (index) => {
        if (index !== 0) return;
        verdicts.push(await uniqueIds(output));
      },
      (index) => (index === 0 ? output : undefined),
    );
    addListingRow('4 offset limit 120,000', all, results[0], seed);
    addListingRow('4 offset limit 120,000', head, results[1], first);
    const rateAll = seed / results[0].wall;
    const rateHead = first / results[1].wall;
    const exact = verdicts.every((v) => v.count === seed && v.unique === seed);
    const worst = verdicts.find((v) => v.count !== seed || v.unique !== seed) ?? verdicts[0];
    targets.push({
      id: '4',
      target:
        '`projects list --all` over 120,000: each exactly once, at least 80% of the projects/s of the first 50,000',
      measured: `${worst.count} lines, ${worst.unique} unique ids (every run: ${exact ? 'yes' : 'NO'}); ${Math.round(rateAll * 1000)} vs ${Math.round(rateHead * 1000)} projects/s: ${((rateAll / rateHead) * 100).toFixed(0)}%`,
      pass: exact && rateAll / rateHead >= 0.8 && results[0].code === 0,
    });
    await peersOnce('4 offset limit 120,000', sb, seed);
  } finally {
    await sb.stop();
  }
}

/** Desired state: collab plan and collab apply against a serial baseline (bench/apply.mjs). */
async function apply() {
  await applyCase({ cli: CLI, work: WORK, runs: RUNS, rows, targets, startSandbox, measure, median, fmtMs, progress });
}

/** collab.yaml's sections beyond settings, requests a project (bench/sections.mjs). */
async function sections() {
  await sectionsCase({
    cli: CLI,
    work: WORK,
    runs: RUNS,
    rows,
    targets,
    startSandbox,
    measure,
    median,
    fmtMs,
    progress,
  });
}

/** The desired state through GraphQL against REST and a serial read (bench/graphql.mjs). */
async function graphql() {
  await graphqlCase({
    cli: CLI,
    before: BEFORE_CLI,
    work: WORK,
    runs: RUNS,
    rows,
    targets,
    startSandbox,
    measure,
    median,
    fmtMs,
    progress,
  });
}

/** collab access-report over 400 projects (bench/access-report.mjs). */
async function access() {
  await accessCase({ cli: CLI, work: WORK, runs: RUNS, rows, targets, startSandbox, measure, median, fmtMs, progress });
}

/** Issue 17: many targets through `-` (bench/bulk.mjs). */
async function bulk() {
  await bulkCase({ cli: CLI, work: WORK, runs: RUNS, rows, targets, startSandbox, measure, median, fmtMs, progress });
}

/** Target 5: `projects fork --wait` on a 30 s import: noticed within 1 s, at most 15 status requests. */
async function fork() {
  const duration = FORK_MS;
  const seconds = `${duration / 1000} s`;
  const help = spawnSync(process.execPath, [CLI, 'projects', 'fork', '--help'], { env: BASE_ENV, encoding: 'utf8' });
  if (help.status !== 0 || !/--wait/.test(help.stdout)) {
    const why = '`projects fork --wait` is not built yet: skipped';
    rows.push({
      case: `5 fork --wait (${seconds} import)`,
      tool: 'collab',
      command: 'collab projects fork --wait',
      note: why,
    });
    targets.push({
      id: '5',
      target: `\`projects fork --wait\` notices the end of a ${seconds} import within 1 s, at most 15 status requests`,
      measured: why,
      pass: false,
      skipped: true,
    });
    return;
  }
  const sb = await startSandbox({ seed: 50, latency: 0, forkDuration: duration, verbose: true });
  try {
    // The runs go side by side, so the case costs one import's time. Each forks a different
    // project, by id, so that the sandbox's log tells their requests apart.
    const sources = (
      await (
        await fetch(`${sb.url}/api/v4/projects?order_by=id&sort=asc&per_page=100`, {
          headers: { 'private-token': sb.token },
        })
      ).json()
    )
      .filter((p) => !String(p.description ?? '').includes('[fail-import]'))
      .slice(0, RUNS);
    if (sources.length < RUNS) throw new Error(`the sandbox has only ${sources.length} projects to fork`);
    const runs = await Promise.all(
      sources.map(async (source, run) => {
        const name = `bench-fork-${run + 1}`;
        const args = ['projects', 'fork', String(source.id), '--name', name, '--path', name, '--wait', '-o', 'json'];
        const startedRun = Date.now();
        const child = spawn(process.execPath, [CLI, ...args], {
          env: { ...BASE_ENV, ...sb.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        const [code] = await once(child, 'close');
        const ended = Date.now();
        let project;
        try {
          project = JSON.parse(stdout);
        } catch {
          project = undefined;
        }
        const created = sb.log.find((l) => l.line.startsWith(`POST /api/v4/projects/${source.id}/fork 201 `));
        return { code, stderr, project, ended, startedRun, createdAt: created?.at, name };
      }),
    );
    const notices = [];
    const statusRequests = [];
    for (const r of runs) {
      if (r.code !== 0 || !r.project) continue;
      const ids = [String(r.project.id), encodeURIComponent(r.project.path_with_namespace ?? '')].filter(Boolean);
      const mine = sb.log.filter(
        (l) =>
          /^GET /.test(l.line) &&
          ids.some((id) => new RegExp(`^GET /api/v4/projects/${escapeRegExp(id)}(?:[/?]| )`).test(l.line)),
      );
      statusRequests.push(mine.length);
      // The import ends forkDuration after the fork is created; the POST's log line comes just
      // after that, so this slightly overstates the delay.
      if (r.createdAt !== undefined) notices.push(r.ended - (r.createdAt + duration));
    }
    const failed = runs.filter((r) => r.code !== 0 || !r.project);
    const notice = notices.length ? median(notices) : Number.NaN;
    const requests = statusRequests.length ? Math.max(...statusRequests) : Number.NaN;
    rows.push({
      case: `5 fork --wait (${seconds} import)`,
      tool: 'collab',
      command: 'collab projects fork <id> --name N --path N --wait -o json',
      runs: RUNS,
      wall: median(runs.map((r) => r.ended - r.startedRun)),
      requests: statusRequests.length ? median(statusRequests) : undefined,
      note: `end noticed after ${fmtMs(notice)} (median); status requests: ${statusRequests.join(', ') || 'none counted'}${failed.length ? `; ${failed.length} failed: ${firstLine(failed[0].stderr)}` : ''}; ${RUNS} forks side by side`,
    });
    targets.push({
      id: '5',
      target: `\`projects fork --wait\` notices the end of a ${seconds} import within 1 s, at most 15 status requests`,
      measured: `noticed after ${fmtMs(notice)}; at most ${requests} status requests`,
      pass: failed.length === 0 && notice <= 1000 && requests <= 15,
    });
  } finally {
    await sb.stop();
  }
}

/** Target 6: seeding 100,000 projects, and serving a page of 100 of them. */
async function sandbox() {
  const seed = 100_000;
  // startSandbox in a fresh process per run: each seeding starts from a cold heap, as `collab sandbox` does.
  const script = `const { startSandbox } = await import(${JSON.stringify(pathToFileURL(SANDBOX_MODULE).href)});
const t = performance.now(); const sb = await startSandbox({ seed: ${seed}, port: 0 }); const ms = performance.now() - t;
process.stdout.write(JSON.stringify({ ms, count: sb.store.projects?.size ?? sb.store.projects?.length })); await sb.close();`;
  const seedTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: BASE_ENV });
    if (out.status !== 0) throw new Error(`seeding failed: ${out.stderr}`);
    seedTimes.push(JSON.parse(out.stdout).ms);
  }
  const seedMs = median(seedTimes);
  rows.push({
    case: '6 sandbox',
    tool: 'sandbox',
    command: `startSandbox({ seed: ${seed.toLocaleString('en-US')} }) (imported from ${relative(ROOT, SANDBOX_MODULE)})`,
    runs: RUNS,
    wall: seedMs,
  });
  targets.push({
    id: '6',
    target: 'the sandbox seeds 100,000 projects in under 3 s',
    measured: fmtMs(seedMs),
    pass: seedMs < 3000,
  });

  const sb = await startSandbox({ seed, latency: 0 });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pages = 200;
    const get = (page) => timedGet(agent, `${sb.url}/api/v4/projects?per_page=100&page=${page}`, sb.token);
    for (let page = 1; page <= pages; page++) {
      const r = await get(page); // warm: every page served once
      if (r.status !== 200 || r.items !== 100)
        throw new Error(`GET /projects?page=${page} answered ${r.status} with ${r.items} items`);
    }
    await sb.resetStats();
    const times = [];
    let bytes = 0;
    for (let pass = 0; pass < 3; pass++) {
      for (let page = 1; page <= pages; page++) {
        const r = await get(((page * 37 + pass * 11) % pages) + 1);
        times.push(r.ms);
        bytes += r.bytes;
      }
    }
    agent.destroy();
    const ms = median(times);
    const stats = await sb.stats();
    rows.push({
      case: '6 sandbox',
      tool: 'sandbox',
      command: `GET /api/v4/projects?per_page=100&page=k, ${pages} pages x 3, one at a time, warm`,
      runs: times.length,
      wall: ms,
      requests: stats.requests,
      maxInFlight: stats.maxInFlight,
      note: `p95 ${fmtMs(percentile(times, 0.95))}; ${Math.round(bytes / times.length / 1024)} KiB a page`,
    });
    targets.push({
      id: '6',
      target: 'the sandbox serves a page of 100 full projects in under 5 ms (median, loopback, warm)',
      measured: `${fmtMs(ms)} (p95 ${fmtMs(percentile(times, 0.95))})`,
      pass: ms < 5,
    });
  } finally {
    await sb.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Commands under test

/** How collab lists projects: `projects list` once it is built, else `api projects --paginate`. */
function detectListCommand() {
  const help = spawnSync(process.execPath, [CLI, 'projects', 'list', '--help'], { env: BASE_ENV, encoding: 'utf8' });
  if (help.status === 0 && /--all/.test(help.stdout)) {
    const args = ({ format, concurrency, limit }) => [
      'projects',
      'list',
      ...(limit ? ['--limit', String(limit)] : ['--all']),
      '-o',
      format,
      '--per-page',
      '100',
      ...(concurrency ? ['--concurrency', String(concurrency)] : []),
    ];
    return {
      kind: 'projects',
      describe: (o) => args(o).join(' '),
      command: (o) => ({ cmd: [process.execPath, CLI, ...args(o)], format: o.format }),
    };
  }
  // Until `projects list` exists: one JSON array of every page; concurrency through the config file.
  return {
    kind: 'api',
    describe: (o) =>
      `api projects?per_page=100 --paginate${o.concurrency ? ` (config concurrency ${o.concurrency})` : ''}`,
    command: (o) => {
      if (o.format !== 'json' && o.format !== 'ndjson')
        return { skipped: `-o ${o.format} needs \`projects list\`, not built yet` };
      if (o.limit) return { skipped: '--limit needs `projects list`, not built yet' };
      const env = {};
      if (o.concurrency) {
        const dir = join(WORK, `config-c${o.concurrency}`);
        spawnSync('mkdir', ['-p', dir]);
        writeFileSync(join(dir, 'config.json'), JSON.stringify({ concurrency: o.concurrency }), { mode: 0o600 });
        env.COLLAB_CONFIG_DIR = dir;
      }
      return { cmd: [process.execPath, CLI, 'api', 'projects?per_page=100', '--paginate'], format: 'json', env };
    },
  };
}

/** The peers at 100,000 or more projects: once each with --peers-at-scale, else a note saying why not. */
async function peersOnce(caseName, sb, expected) {
  for (const v of peerListings(sb)) {
    if (!flags['peers-at-scale'] && !v.skipped) {
      rows.push({ case: caseName, tool: v.tool, command: v.label, note: PEERS_NOT_AT_SCALE });
      continue;
    }
    const result = await interleave([{ ...v, runs: 1 }], sb, 1);
    addListingRow(caseName, v, result[0], expected);
  }
}

/** The peers' commands for listing every project on `sb`; a note instead when one is missing. */
function peerListings(sb) {
  const out = [];
  if (peers.python) {
    const cfg = join(WORK, 'python-gitlab.cfg');
    writeFileSync(
      cfg,
      `[global]\ndefault = sandbox\nssl_verify = false\ntimeout = 300\nper_page = 100\n\n[sandbox]\nurl = ${sb.url}\nprivate_token = ${sb.token}\napi_version = 4\n`,
      { mode: 0o600 },
    );
    // python-gitlab 3.12's `--all` is deprecated and only sends the API filter all=true (one page);
    // --get-all is the flag that follows every page.
    out.push({
      tool: 'python-gitlab',
      runs: LONG_RUNS,
      label: `${peers.python.name} -c cfg -o json project list --get-all (per_page = 100)`,
      cmd: [peers.python.path, '-c', cfg, '-o', 'json', 'project', 'list', '--get-all'],
      format: 'json-array',
    });
  } else
    out.push({
      tool: 'python-gitlab',
      label: 'gitlab project list --get-all',
      skipped: flags['no-peers'] ? 'not run (--no-peers)' : 'not installed (npm run bench -- --install-peers)',
    });
  if (peers.gitbeaker) {
    // Into a pipe, gitbeaker's output is cut at 64 KiB (it exits before the pipe drains), so its
    // stdout is a file: the time and memory of a complete listing.
    out.push({
      tool: 'gitbeaker',
      runs: LONG_RUNS,
      label: 'gitbeaker projects all --per-page 100 > file',
      cmd: [process.execPath, GITBEAKER_ENTRY, 'projects', 'all', '--per-page', '100'],
      env: { GITBEAKER_HOST: sb.url, GITBEAKER_TOKEN: sb.token },
      format: 'json-array',
      toFile: true,
    });
  } else
    out.push({
      tool: 'gitbeaker',
      label: 'gitbeaker projects all',
      skipped: flags['no-peers'] ? 'not run (--no-peers)' : 'not installed (npm run bench -- --install-peers)',
    });
  return out;
}

function findPeers() {
  let python;
  for (const name of ['gitlab', 'python-gitlab']) {
    const path = which(name);
    if (!path) continue;
    const v = spawnSync(path, ['--version'], { encoding: 'utf8', env: BASE_ENV });
    // Another program may be called `gitlab`; python-gitlab answers a bare version number.
    if (v.status === 0 && /^\d+\.\d+/.test(v.stdout.trim())) {
      python = { name, path, version: v.stdout.trim() };
      break;
    }
  }
  let gitbeaker;
  if (existsSync(GITBEAKER_ENTRY)) {
    const pkg = JSON.parse(readFileSync(join(PEERS_DIR, 'node_modules/@gitbeaker/cli/package.json'), 'utf8'));
    gitbeaker = { version: pkg.version };
  }
  return { python, gitbeaker };
}

function installPeers() {
  const steps = [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', 'gitlab-cli']],
    ['npm', ['install', '--prefix', PEERS_DIR, '--no-audit', '--no-fund', '@gitbeaker/cli']],
  ];
  for (const [cmd, args] of steps) {
    progress(`$ ${cmd} ${args.join(' ')}`);
    const r = spawnSync(cmd, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0)
      progress(`${cmd} ${args.join(' ')} failed (exit ${r.status}); the peers it installs will be reported as missing`);
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Runs `cmd` under measure.py: wall time, peak RSS, exit code, what it printed. */
async function measure(cmd, { env = {}, save, toFile, stall, stdin } = {}) {
  const args = [
    MEASURE,
    ...(save ? [toFile ? '--to-file' : '--save', save] : []),
    ...(stall ? ['--stall', String(stall)] : []),
    ...(stdin ? ['--stdin', stdin] : []),
    '--',
    ...cmd,
  ];
  const child = spawn('python3', args, { env: { ...BASE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`measure.py failed (${code}): ${stderr}`);
  const r = JSON.parse(stdout);
  return {
    wall: r.wall_ms,
    rss: r.max_rss_kb / 1024,
    code: r.code,
    lines: r.stdout_lines,
    bytes: r.stdout_bytes,
    stderr: r.stderr_tail,
  };
}

/**
 * Runs each variant `runs` times against `sb`, round-robin, resetting the sandbox's stats before
 * each run; returns the medians per variant (with items counted from the output).
 */
async function interleave(variants, sb, runs, after, saveTo) {
  const samples = variants.map(() => []);
  const most = Math.max(runs, ...variants.map((v) => v.runs ?? 0));
  for (let run = 0; run < most; run++) {
    for (const [i, v] of variants.entries()) {
      if (v.skipped || run >= (v.runs ?? runs)) continue;
      await sb.resetStats();
      const save = saveTo?.(i) ?? (v.format === 'json-array' ? join(WORK, `out-${i}.json`) : undefined);
      const result = await measure(v.cmd, { env: { ...sb.env, ...v.env }, save, toFile: v.toFile });
      // gitbeaker reports its errors on stdout.
      if (result.code !== 0 && !firstLine(result.stderr) && save && existsSync(save))
        result.stderr = readFileSync(save, 'utf8').slice(0, 2000);
      const stats = await sb.stats();
      const items = countItems(v.format, result, save);
      samples[i].push({ ...result, requests: stats.requests, maxInFlight: stats.maxInFlight, items });
      await after?.(i, result);
      if (save && !saveTo?.(i)) rmSync(save, { force: true });
    }
  }
  return variants.map((v, i) => (v.skipped ? { skipped: v.skipped } : summarize(samples[i])));
}

/** Items in one run's output: lines for ndjson, csv (less the header) and tables; array length for JSON. */
function countItems(format, result, saved) {
  switch (format) {
    case 'ndjson':
      return result.lines;
    case 'csv':
      return result.lines - 1;
    case 'table':
      return result.lines; // piped: tab-separated rows
    case 'json':
      // collab writes one item a line between `[` and `]`
      return Math.max(0, result.lines - 2);
    case 'json-array': {
      if (!saved || !existsSync(saved)) return undefined;
      try {
        const value = JSON.parse(readFileSync(saved, 'utf8'));
        return Array.isArray(value) ? value.length : undefined;
      } catch {
        return undefined;
      }
    }
    default:
      return undefined;
  }
}

function summarize(samples) {
  const pick = (key) => {
    const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number');
    return values.length ? median(values) : undefined;
  };
  // The exit code and messages of the worst run: a single failure must show.
  const failed = samples.find((s) => s.code !== 0);
  return {
    runs: samples.length,
    wall: pick('wall'),
    rss: pick('rss'),
    requests: pick('requests'),
    maxInFlight: pick('maxInFlight'),
    items: failed ? failed.items : pick('items'),
    code: failed ? failed.code : 0,
    stderr: (failed ?? samples[0])?.stderr ?? '',
  };
}

/** One listing before measuring, so that no variant pays for the sandbox's first serialisation of each project. */
async function warm(sb) {
  const v = list.command({ format: 'ndjson' });
  if (v.skipped) return;
  await measure(v.cmd, { env: { ...sb.env, ...v.env } });
}

function addListingRow(caseName, v, m, expected, note = '') {
  if (v.skipped || m.skipped) {
    rows.push({ case: caseName, tool: v.tool, command: v.label, note: v.skipped ?? m.skipped });
    return;
  }
  const problems = [];
  if (m.code !== 0) problems.push(`exit ${m.code}: ${firstLine(m.stderr)}`);
  if (m.items !== undefined && m.items !== expected) problems.push(`${m.items} of ${expected} items`);
  rows.push({
    case: caseName,
    tool: v.tool,
    command: v.label,
    runs: m.runs,
    wall: m.wall,
    rss: m.rss,
    requests: m.requests,
    maxInFlight: m.maxInFlight,
    items: m.items,
    note: [note, ...problems].filter(Boolean).join('; '),
  });
}

/** Every line's id, streamed: how many lines, how many distinct ids. */
async function uniqueIds(file) {
  const ids = new Set();
  let count = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line) continue;
    count++;
    const match = /"id":(\d+)/.exec(line);
    if (match) ids.add(Number(match[1]));
  }
  rmSync(file, { force: true });
  return { count, unique: ids.size };
}

function timedGet(agent, url, token) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent, headers: { 'private-token': token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const body = Buffer.concat(chunks);
        let items;
        try {
          items = JSON.parse(body.toString('utf8')).length;
        } catch {
          items = undefined;
        }
        resolve({ ms, status: res.statusCode, bytes: body.length, items });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// The sandbox, as its own process

async function startSandbox({ seed, latency, forkDuration, failRate, rateLimit, faultSeed, verbose = false }) {
  const args = [
    CLI,
    'sandbox',
    '--port',
    '0',
    '--seed',
    String(seed),
    '--latency',
    String(latency),
    ...(forkDuration !== undefined ? ['--fork-duration', String(forkDuration)] : []),
    ...(failRate !== undefined ? ['--fail-rate', String(failRate)] : []),
    ...(rateLimit !== undefined ? ['--rate-limit', rateLimit] : []),
    ...(faultSeed !== undefined ? ['--fault-seed', String(faultSeed)] : []),
    ...(verbose ? ['--verbose'] : []),
  ];
  const child = spawn(process.execPath, args, { env: BASE_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  const errLines = createInterface({ input: child.stderr });
  let stderrTail = '';
  errLines.on('line', (line) => {
    if (verbose) log.push({ at: Date.now(), line });
    stderrTail = (stderrTail + line + '\n').slice(-2000);
  });
  const outLines = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    outLines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready: ${stderrTail}`)));
  });
  outLines.on('line', () => undefined);
  const match = /^export COLLAB_HOST=(\S+) COLLAB_TOKEN=(\S+)/.exec(first);
  if (!match) throw new Error(`unexpected first line from the sandbox: ${first}`);
  const [, url, token] = match;
  progress(
    `sandbox: ${seed.toLocaleString('en-US')} projects, ${latency} ms latency${forkDuration !== undefined ? `, ${forkDuration} ms forks` : ''}${failRate ? `, fail rate ${failRate}` : ''}${rateLimit ? `, ${rateLimit}` : ''} on ${url}`,
  );
  return {
    url,
    token,
    env: { COLLAB_HOST: url, COLLAB_TOKEN: token },
    log,
    async stats() {
      const res = await fetch(`${url}/__sandbox/stats`);
      return res.json();
    },
    async resetStats() {
      await fetch(`${url}/__sandbox/reset-stats`, { method: 'POST' });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The report

function renderReport() {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const command = `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim();
  let out = `## Results\n\n${date}; ${availableParallelism()} CPUs (${cpu}), ${memory}, Node ${process.version}; \`${command}\` (${RUNS} runs, start-up ${STARTUP_RUNS}); ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after.\n`;
  out += `Peers: python-gitlab ${peers.python?.version ?? 'not installed'}, @gitbeaker/cli ${peers.gitbeaker?.version ?? 'not installed'}.\n\n`;
  out += '### Targets\n\n| # | target | measured (medians) | result |\n|---|---|---|---|\n';
  for (const t of targets)
    out += `| ${t.id} | ${t.target} | ${t.measured} | ${t.skipped ? 'SKIPPED' : t.pass ? 'PASS' : 'FAIL'} |\n`;
  out +=
    '\n### Measurements (medians)\n\n| case | tool | command | runs | wall | peak RSS | requests | max in flight | items | notes |\n|---|---|---|---|---|---|---|---|---|---|\n';
  for (const r of rows) {
    const wall = r.wall === undefined ? '' : fmtMs(r.wall) + (r.ratio ? ` (${r.ratio})` : '');
    out += `| ${r.case} | ${r.tool} | \`${r.command}\` | ${r.runs ?? ''} | ${wall} | ${r.rss === undefined ? '' : fmtMB(r.rss)} | ${r.requests ?? ''} | ${r.maxInFlight ?? ''} | ${r.items ?? ''} | ${(r.note ?? '').replace(/\|/g, '\\|')} |\n`;
  }
  return `${out}\n`;
}

/** Replaces the results between the markers in bench/README.md. */
function writeReadme(report) {
  const file = join(HERE, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) fail(`${file} has no ${start} ... ${end} markers`);
  writeFileSync(file, `${text.slice(0, a + start.length)}\n${report}${text.slice(b)}`);
  progress(`results written to ${file}`);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function ratioTarget(id, target, ratio, limit, code) {
  return {
    id,
    target,
    measured: `${ratio.toFixed(2)}x${code ? ` (exit ${code})` : ''}`,
    pass: ratio <= limit && code === 0,
  };
}

function itemsNote(m, expected) {
  if (m.code !== 0) return `exit ${m.code}`;
  return m.items === expected ? `${expected.toLocaleString('en-US')} items` : `${m.items} of ${expected} items`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function fmtMs(ms) {
  if (ms === undefined || Number.isNaN(ms)) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
}

function fmtMB(mb) {
  return `${mb.toFixed(0)} MB`;
}

/** The line of a command's stderr that says what went wrong: an error line if there is one, else the first. */
function firstLine(text) {
  const lines = (text ?? '').trim().split('\n');
  const line = lines.find((l) => /error/i.test(l) && !/^\s+at /.test(l)) ?? lines[0] ?? '';
  return line.trim().slice(0, 160);
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const path = join(dir, name);
    if (dir && existsSync(path)) return path;
  }
  return undefined;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function positiveInteger(text, flag) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail(`invalid value "${text}" for ${flag}: expected a whole number from 1`);
  return n;
}

function progress(message) {
  process.stderr.write(`[bench ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}
