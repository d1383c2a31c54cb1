/**
 * The bench of `collab export` (part of `--only apply`): on the world `collab apply` made (1,000
 * projects in 20 groups, each with 5 settings, a push rule and a hook), `collab export bench`
 * with every section, its wall time and requests (in all and a project) beside plan's; then
 * `collab plan` of the exported file with no environment set (the hook's token is sent by no
 * change of it), which must find 0 changes (exit 0), and its requests.
 *
 * Called from bench/apply.mjs with its sandbox, helpers (`h`) and the plan's measurements.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export async function exportCase(h, sb, { caseName, count, plan }) {
  const out = join(h.work, 'exported.yaml');
  const runs = [];
  for (let run = 0; run < Math.min(h.runs, 3); run++) {
    await sb.resetStats();
    const m = await h.measure([process.execPath, h.cli, 'export', 'bench', '--out', out, '-q'], { env: sb.env });
    runs.push({ ...m, requests: (await sb.stats()).requests });
    h.progress(`collab export bench: ${h.fmtMs(m.wall)}, exit ${m.code}${m.code ? `: ${m.stderr}` : ''}`);
  }
  const lines = readFileSync(out, 'utf8').split('\n').length;
  await sb.resetStats();
  const planned = await h.measure([process.execPath, h.cli, 'plan', '-f', out, '-o', 'ndjson', '-q'], {
    env: sb.env,
  });
  const planRequests = (await sb.stats()).requests;
  h.progress(`collab plan of the export: ${h.fmtMs(planned.wall)}, ${planned.lines} changes, exit ${planned.code}`);
  const wall = h.median(runs.map((r) => r.wall));
  const requests = h.median(runs.map((r) => r.requests));
  const perProject = requests / count;
  h.rows.push({
    case: caseName,
    tool: 'collab',
    command: 'collab export bench (every section)',
    runs: runs.length,
    wall,
    rss: h.median(runs.map((r) => r.rss)),
    requests,
    items: count,
    ratio: `${(wall / plan.wall).toFixed(2)}x plan's`,
    note: `${requests} requests beside plan's ${plan.requests}: ${perProject.toFixed(2)} a project (plan: ${(plan.requests / count).toFixed(2)}); ${lines} lines; exit ${runs.map((r) => r.code).join(', ')}`,
  });
  h.rows.push({
    case: caseName,
    tool: 'collab',
    command: 'collab plan -f exported.yaml',
    runs: 1,
    wall: planned.wall,
    rss: planned.rss,
    requests: planRequests,
    items: count,
    note: `${planned.lines} changes, no environment set; exit ${planned.code}`,
  });
  h.targets.push({
    id: 'apply',
    target: '`collab export` of the same world: plan of the exported file, no environment set, finds 0 changes',
    measured: `export ${h.fmtMs(wall)}, ${requests} requests (plan's: ${plan.requests}), ${perProject.toFixed(2)} a project; plan of it: ${planned.lines} changes, exit ${planned.code}`,
    pass: runs.every((r) => r.code === 0) && planned.code === 0 && planned.lines === 0,
  });
}
