/**
 * The bench of `collab access-report` (`npm run bench -- --only access`): 400 projects in 20 groups
 * (audit and audit/g01..g19, 20 projects each, made through the API on a `--seed 0` sandbox), 50 ms
 * latency. Roles come from every source: members of audit and of each subgroup, a direct member on
 * every fourth project, a group share (audit/g03 with globex), a project share on every tenth
 * project (with acme/web). `collab access-report audit -o csv`, and with `--include-groups`
 * (up to 3 runs each): wall time, requests (the sandbox's count) and rows.
 * Targets: a few seconds (at most 5 s) and at most 1.2 requests a project.
 *
 * Run from bench/run.mjs, which hands over its helpers (`h`).
 */

const LATENCY = 50;
const SUBGROUPS = 19;
const PER_GROUP = 20;

function api(sb) {
  return async (method, path, body) => {
    const res = await fetch(`${sb.url}/api/v4${path}`, {
      method,
      headers: { 'private-token': sb.token, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
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

export async function seed(sb) {
  const call = api(sb);
  const users = Object.fromEntries((await call('GET', '/users?per_page=100')).map((u) => [u.username, u.id]));
  const top = await call('POST', '/groups', { name: 'audit', path: 'audit' });
  const groups = [top];
  await pool(
    Array.from({ length: SUBGROUPS }, (_, i) => `g${String(i + 1).padStart(2, '0')}`),
    16,
    async (path) => {
      groups.push(await call('POST', '/groups', { name: path, path, parent_id: top.id }));
    },
  );
  await call('POST', `/groups/${top.id}/members`, { user_id: users.olivia, access_level: 50 });
  await pool(groups.slice(1), 16, async (group) =>
    call('POST', `/groups/${group.id}/members`, { user_id: users.dana, access_level: 30 }),
  );
  const globex = await call('GET', '/groups/globex');
  const web = await call('GET', '/groups/acme%2Fweb');
  await call('POST', `/groups/${encodeURIComponent('audit/g03')}/share`, { group_id: globex.id, group_access: 20 });
  const wanted = groups.flatMap((group) =>
    Array.from({ length: PER_GROUP }, (_, i) => ({ group, name: `svc-${String(i + 1).padStart(3, '0')}` })),
  );
  let n = 0;
  await pool(wanted, 32, async ({ group, name }) => {
    const i = n++;
    const project = await call('POST', '/projects', { name, path: name, namespace_id: group.id });
    if (i % 4 === 0)
      await call('POST', `/projects/${project.id}/members`, {
        user_id: users.rui,
        access_level: 40,
        expires_at: '2099-03-31',
      });
    if (i % 10 === 0) await call('POST', `/projects/${project.id}/share`, { group_id: web.id, group_access: 30 });
  });
  return wanted.length;
}

export async function accessReport(h) {
  const sb = await h.startSandbox({ seed: 0, latency: LATENCY });
  try {
    const count = await seed(sb);
    h.progress(`seeded ${count} projects in ${SUBGROUPS + 1} groups`);
    const caseName = `access report: ${count} projects in ${SUBGROUPS + 1} groups (${LATENCY} ms)`;
    for (const extra of [[], ['--include-groups']]) {
      const command = ['access-report', 'audit', '-o', 'csv', ...extra];
      const runs = [];
      for (let run = 0; run < Math.min(h.runs, 3); run++) {
        await sb.resetStats();
        const m = await h.measure([process.execPath, h.cli, ...command, '-q'], { env: sb.env });
        runs.push({ ...m, requests: (await sb.stats()).requests });
        h.progress(`collab ${command.join(' ')}: ${h.fmtMs(m.wall)}, ${m.lines - 1} rows, exit ${m.code}`);
      }
      const wall = h.median(runs.map((r) => r.wall));
      const requests = h.median(runs.map((r) => r.requests));
      const perProject = requests / count;
      const ok = runs.every((r) => r.code === 0 && r.lines > count);
      h.rows.push({
        case: caseName,
        tool: 'collab',
        command: `collab ${command.join(' ')}`,
        runs: runs.length,
        wall,
        rss: h.median(runs.map((r) => r.rss)),
        requests,
        items: runs[0].lines - 1,
        ratio: '1.00x',
        note: `${perProject.toFixed(2)} requests a project; exit ${runs.map((r) => r.code).join(', ')}`,
      });
      h.targets.push({
        id: 'access',
        target: `\`collab ${command.join(' ')}\`, ${count} projects in ${SUBGROUPS + 1} groups, ${LATENCY} ms: at most 5 s and 1.2 requests a project`,
        measured: `${h.fmtMs(wall)}; ${requests} requests, ${perProject.toFixed(2)} a project`,
        pass: ok && wall <= 5000 && perProject <= 1.2,
      });
    }
  } finally {
    await sb.stop();
  }
}
