/**
 * The bench of issue 17 (`npm run bench -- --only bulk`): many targets through `-`.
 *
 * 1. 200 projects updated through `-` with --concurrency 8 against the sandbox at 50 ms latency,
 *    against the same updates one process per project in a shell loop, and against
 *    --concurrency 1: at least 6x and 5x faster.
 * 2. The same 200 projects under --fail-rate 0.2 --rate-limit 600/min: a description (PUT), a
 *    hook each (POST, recovered when its answer is lost) and a push rule each (GET then POST or
 *    PUT): every target ends in the asked state, no hook is created twice, exit 0 once retries
 *    succeed, and the sandbox's request log shows no 429 storm: after a 429 reached collab, no
 *    request arrives before the service's reset time.
 *
 * Run from bench/run.mjs, which hands over its helpers (`h`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TARGETS = 200;
const LATENCY = 50;
const RATE_LIMIT = { limit: 600, periodMs: 60_000 };
/** Between a 429 leaving the sandbox and collab holding its requests back, a request already on its way may still arrive. */
const IN_FLIGHT_SLACK_MS = 25;

export async function bulk(h) {
  await speed(h);
  await underFaults(h);
}

/** 1: concurrency 8 against a shell loop and against concurrency 1. */
async function speed(h) {
  const sb = await h.startSandbox({ seed: 250, latency: LATENCY });
  try {
    const ids = Array.from({ length: TARGETS }, (_, i) => i + 1);
    const input = join(h.work, 'bulk-targets.txt');
    writeFileSync(input, `${ids.join('\n')}\n`);
    const env = sb.env;
    const variants = [
      {
        label: `collab projects update - --concurrency 8`,
        cmd: (d) => [
          process.execPath,
          h.cli,
          'projects',
          'update',
          '-',
          '--description',
          d,
          '--concurrency',
          '8',
          '-q',
        ],
        stdin: input,
      },
      {
        label: `collab projects update - --concurrency 1`,
        cmd: (d) => [
          process.execPath,
          h.cli,
          'projects',
          'update',
          '-',
          '--description',
          d,
          '--concurrency',
          '1',
          '-q',
        ],
        stdin: input,
      },
      {
        label: 'for id in …; do collab projects update $id; done',
        // One process per project, as a shell loop runs them; stops at the first failure.
        cmd: (d) => [
          'sh',
          '-c',
          `for id in $(cat '${input}'); do '${process.execPath}' '${h.cli}' projects update "$id" --description '${d}' -q >/dev/null || exit 1; done`,
        ],
        // A run is ~30 s: fewer runs, their spread is small.
        runs: Math.min(h.runs, 3),
      },
    ];
    const samples = variants.map(() => []);
    for (let run = 0; run < h.runs; run++) {
      for (const [i, v] of variants.entries()) {
        if (run >= (v.runs ?? h.runs)) continue;
        const description = `bench ${i} ${run}`;
        await sb.resetStats();
        const m = await h.measure(v.cmd(description), { env, stdin: v.stdin });
        // The command's requests, before the check below adds its own.
        const stats = await sb.stats();
        const wrong = await projectsNotDescribed(sb, ids, description);
        samples[i].push({ ...m, wrong, stats });
        h.progress(
          `${v.label}: ${h.fmtMs(m.wall)}, exit ${m.code}${wrong.length ? `, ${wrong.length} projects not updated` : ''}`,
        );
      }
    }
    const medians = samples.map((s) => ({
      wall: h.median(s.map((m) => m.wall)),
      rss: h.median(s.map((m) => m.rss)),
      requests: h.median(s.map((m) => m.stats.requests)),
      maxInFlight: Math.max(...s.map((m) => m.stats.maxInFlight)),
      ok: s.every((m) => m.code === 0 && m.wrong.length === 0),
    }));
    for (const [i, v] of variants.entries()) {
      const m = medians[i];
      h.rows.push({
        case: `17 bulk: ${TARGETS} updates (${LATENCY} ms)`,
        tool: 'collab',
        command: v.label,
        runs: samples[i].length,
        wall: m.wall,
        rss: m.rss,
        requests: m.requests,
        maxInFlight: m.maxInFlight,
        items: TARGETS,
        ratio: i === 0 ? '1.00x' : `${(m.wall / medians[0].wall).toFixed(1)}x`,
        note: m.ok ? 'every project updated' : 'FAILED: a run exited non-zero or left projects not updated',
      });
    }
    const [eight, one, loop] = medians;
    h.targets.push({
      id: '17',
      target: `${TARGETS} projects updated through \`-\` with \`--concurrency 8\`, ${LATENCY} ms latency: at least 6x faster than one process per project in a shell loop`,
      measured: `${h.fmtMs(eight.wall)} vs ${h.fmtMs(loop.wall)}: ${(loop.wall / eight.wall).toFixed(1)}x`,
      pass: loop.wall / eight.wall >= 6 && eight.ok && loop.ok,
    });
    h.targets.push({
      id: '17',
      target: `… and at least 5x faster than \`--concurrency 1\``,
      measured: `${h.fmtMs(eight.wall)} vs ${h.fmtMs(one.wall)}: ${(one.wall / eight.wall).toFixed(1)}x (${eight.maxInFlight} in flight)`,
      pass: one.wall / eight.wall >= 5 && eight.ok && one.ok,
    });
  } finally {
    await sb.stop();
  }
}

/** 2: under faults and a rate limit, three commands over the same targets, once each. */
async function underFaults(h) {
  const sb = await h.startSandbox({
    seed: 250,
    latency: LATENCY,
    failRate: 0.2,
    rateLimit: `${RATE_LIMIT.limit}/min`,
    faultSeed: 17,
  });
  try {
    const ids = Array.from({ length: TARGETS }, (_, i) => i + 1);
    const input = join(h.work, 'bulk-fault-targets.txt');
    writeFileSync(input, `${ids.join('\n')}\n`);
    const hookUrl = 'https://bench.example.com/bulk-hook';
    const commands = [
      ['projects', 'update', '-', '--description', 'under faults'],
      ['hooks', 'create', '--project', '-', '--url', hookUrl],
      ['push-rule', 'set', '--project', '-', '--deny-delete-tag', '--commit-message-regex', 'JIRA-\\d+'],
    ];
    const runs = [];
    const started = Date.now();
    for (const [i, args] of commands.entries()) {
      // Kept so that a target that failed says why: its result line carries the error.
      const save = join(h.work, `bulk-fault-results-${i}.ndjson`);
      const m = await h.measure([process.execPath, h.cli, ...args, '--concurrency', '8', '-o', 'ndjson'], {
        env: sb.env,
        stdin: input,
        save,
      });
      runs.push({ args, ...m });
      h.progress(
        `${args.slice(0, 2).join(' ')} under faults: exit ${m.code} in ${h.fmtMs(m.wall)}${m.code ? `: ${m.stderr}` : ''}`,
      );
      for (const failed of failedResults(save)) h.progress(`  target ${failed.target}: ${failed.error}`);
    }
    const wall = Date.now() - started;
    // The sandbox's request log: method, path, status and arrival time of every API request.
    const log = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
    const stats = await sb.stats();
    // What the service holds now, read with the same token (its own retries: faults and the limit apply).
    const api = (path) => getWithRetries(`${sb.url}/api/v4/${path}`, sb.token);
    const wrong = { description: 0, hooks: 0, doubled: 0, rules: 0 };
    for (const id of ids) {
      const project = await api(`projects/${id}`);
      if (project.description !== 'under faults') wrong.description++;
      const hooks = (await api(`projects/${id}/hooks?per_page=100`)).filter((hook) => hook.url === hookUrl);
      if (hooks.length === 0) wrong.hooks++;
      if (hooks.length > 1) wrong.doubled++;
      const rule = await api(`projects/${id}/push_rule`);
      if (rule?.deny_delete_tag !== true || rule.commit_message_regex !== 'JIRA-\\d+') wrong.rules++;
    }
    const storm = stormCheck(log);
    const exits = runs.map((r) => r.code);
    h.rows.push({
      case: `17 bulk under faults (${TARGETS} targets, fail-rate 0.2, ${RATE_LIMIT.limit}/min)`,
      tool: 'collab',
      command: 'projects update -; hooks create --project -; push-rule set --project - (--concurrency 8)',
      runs: 1,
      wall,
      requests: log.length,
      maxInFlight: stats.maxInFlight,
      items: TARGETS,
      note: `exits ${exits.join(', ')}; ${stats.faults} faults; ${storm.windows} rate-limit windows, ${storm.full} of them used up; ${storm.limited} answered 429; ${storm.early} requests arrived after a 429 and before its reset; not in the asked state: ${wrong.description} descriptions, ${wrong.hooks} hooks, ${wrong.rules} push rules; ${wrong.doubled} projects with a hook created twice`,
    });
    h.targets.push({
      id: '17',
      target: `Under \`--fail-rate 0.2 --rate-limit 600/min\`: every target in the asked state, no create doubled, no 429 storm (no request after a 429 before the reset), exit 0`,
      measured: `exits ${exits.join(', ')}; ${wrong.description + wrong.hooks + wrong.rules} targets not in the asked state; ${wrong.doubled} hooks doubled; limit reached in ${storm.full} of ${storm.windows} windows, ${storm.limited} 429s, ${storm.early} requests between a 429 and its reset; ${stats.faults} faults injected`,
      // The limit must have been reached (else nothing was shown); then at most the requests
      // already on their way meet a 429 (RateLimit-Remaining: 0 closes the gate first), at most
      // --concurrency a window, and none arrives before the reset.
      pass:
        exits.every((code) => code === 0) &&
        wrong.description + wrong.hooks + wrong.rules + wrong.doubled === 0 &&
        storm.full > 0 &&
        storm.early === 0 &&
        storm.limited <= 8 * storm.windows &&
        stats.faults > 0,
    });
  } finally {
    await sb.stop();
  }
}

/**
 * The service's fixed windows, replayed from the request log's arrival times as
 * src/sandbox/faults.ts counts them (a window starts with the first request after the last one
 * ended, and ends on a whole second a period later): for each 429, the requests that arrived after
 * collab had it (its arrival plus the latency, plus a little slack for requests already on their
 * way) and before its window's end, the reset the answer named. A client whose requests each
 * retry on their own sends such requests; one rate-limit state for all sends none.
 */
export function stormCheck(log, rateLimit = RATE_LIMIT, latency = LATENCY) {
  const byArrival = [...log].sort((a, b) => a.time - b.time);
  let end = -Infinity;
  let windows = 0;
  const counts = [];
  for (const request of byArrival) {
    if (request.time >= end) {
      end = Math.ceil((request.time + rateLimit.periodMs) / 1000) * 1000;
      windows++;
      counts.push(0);
    }
    counts[counts.length - 1]++;
    request.reset = end;
  }
  // Windows whose limit was reached: collab had to wait for a reset.
  const full = counts.filter((count) => count >= rateLimit.limit).length;
  const limited = byArrival.filter((request) => request.status === 429);
  const early = new Set();
  for (const refused of limited) {
    const answered = refused.time + latency;
    for (const request of byArrival)
      if (request.time > answered + IN_FLIGHT_SLACK_MS && request.time < refused.reset) early.add(request);
  }
  return { limited: limited.length, windows, full, early: early.size };
}

/** A GET for checking results, through the same faults and rate limit: retried until it answers. */
async function getWithRetries(url, token) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { headers: { 'private-token': token } });
      if (res.status === 429) {
        await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
        continue;
      }
      if (res.status >= 500) throw new Error(`${res.status}`);
      return res.status === 404 ? null : await res.json();
    } catch (error) {
      if (attempt > 20) throw error;
      await sleep(100);
    }
  }
}

async function projectsNotDescribed(sb, ids, description) {
  const wrong = [];
  const seen = new Map();
  for (let page = 1; page <= Math.ceil(ids.length / 100) + 1; page++) {
    const res = await fetch(`${sb.url}/api/v4/projects?order_by=id&sort=asc&per_page=100&page=${page}`, {
      headers: { 'private-token': sb.token },
    });
    for (const project of await res.json()) seen.set(project.id, project.description);
  }
  for (const id of ids) if (seen.get(id) !== description) wrong.push(id);
  return wrong;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The results of a run through `-` -o ndjson that say status failed. */
function failedResults(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"status":"failed"'))
    .map((line) => JSON.parse(line));
}
