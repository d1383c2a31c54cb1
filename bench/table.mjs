#!/usr/bin/env node
/**
 * The terminal table's drawing, alone: 10,000 projects written as 100 pages to a terminal of 120
 * columns (colour on: what a user at a terminal gets), by the ListWriter of each source tree given,
 * interleaved run by run, in one process. No service and no network: only the fitting rule and
 * the drawing are timed, so a change to either shows at its own size.
 *
 *   node bench/table.mjs [--runs 15] [--before DIR]...  DIR: another checkout (e.g. a git worktree of main);
 *                                                        several are timed side by side, ratios to the first
 *
 * Each tree's src/output/writer.ts (and the project columns) is bundled with esbuild into a
 * temporary folder and imported; its node_modules are its own (the tree's), so a dependency it
 * added (cli-table3) is the one it runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    before: { type: 'string', multiple: true },
    rows: { type: 'string', default: '10000' },
  },
});
const RUNS = Number(flags.runs);
const ROWS = Number(flags.rows);
const PAGE = 100;

const VISIBILITY = ['public', 'internal', 'private'];
const pages = [];
for (let p = 0; p < ROWS / PAGE; p++) {
  const page = [];
  for (let i = 0; i < PAGE; i++) {
    const id = p * PAGE + i + 1;
    page.push({
      id,
      path_with_namespace: `group-${id % 20}/sub-${id % 7}/project-${id}-${'x'.repeat(id % 13)}`,
      visibility: VISIBILITY[id % 3],
      star_count: id % 50,
      archived: id % 17 === 0,
      last_activity_at: '2024-03-01T10:00:00.000Z',
      description: id % 2 ? `Project number ${id}` : null,
    });
  }
  pages.push(page);
}

async function load(tree) {
  const { build } = await import(pathToFileURL(join(ROOT, 'node_modules/esbuild/lib/main.js')).href);
  const out = mkdtempSync(join(tmpdir(), 'collab-bench-table-'));
  const entry = join(out, 'entry.ts');
  writeFileSync(
    entry,
    `export { ListWriter } from ${JSON.stringify(join(tree, 'src/output/writer.ts'))};\nexport { PROJECT_COLUMNS } from ${JSON.stringify(join(tree, 'src/commands/projects/columns.ts'))};\n`,
  );
  // Bundled beside the tree, so that its imports resolve to its own node_modules.
  const file = join(tree, `.bench-table-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    nodePaths: [join(tree, 'node_modules')],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  const module = await import(pathToFileURL(file).href);
  rmSync(file);
  rmSync(out, { recursive: true });
  return module;
}

async function draw({ ListWriter, PROJECT_COLUMNS }) {
  const stdout = new PassThrough();
  let bytes = 0;
  stdout.on('data', (chunk) => {
    bytes += chunk.length;
  });
  const io = {
    stdout,
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    stdoutIsTTY: true,
    stderrIsTTY: true,
    stdinIsTTY: false,
    color: true,
    columns: 120,
  };
  const start = process.hrtime.bigint();
  const writer = new ListWriter(io, { format: 'table' }, PROJECT_COLUMNS, true);
  for (const page of pages) await writer.write(page);
  await writer.end();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes };
}

const trees = [...(flags.before ?? []).map((dir) => ['before', resolve(dir)]), ['this tree', ROOT]];
const builds = [];
for (const [label, tree] of trees) builds.push({ label, tree, module: await load(tree), times: [], bytes: 0 });
for (let run = 0; run <= RUNS; run++) {
  for (const b of builds) {
    const { ms, bytes } = await draw(b.module);
    if (run > 0) b.times.push(ms); // the first round warms the code up
    b.bytes = bytes;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(builds[0].times);
console.log(`| tree | rows | runs | median | ratio | bytes drawn |\n|---|---|---|---|---|---|`);
for (const b of builds)
  console.log(
    `| ${b.label} (${b.tree}) | ${ROWS.toLocaleString('en-US')} | ${RUNS} | ${median(b.times).toFixed(1)} ms | ${(median(b.times) / base).toFixed(2)}x | ${b.bytes.toLocaleString('en-US')} |`,
  );
