// README's recipes, run as a reader would: each `sh` block under "## Recipes", in order, by bash,
// against one `collab sandbox --seed 200` started in this process, with collab from this checkout.
// The `text` block after each is its output in a pipe: standard output, then standard error (kept
// apart, so that the order of the two streams does not depend on which process wrote first).
//   node scripts/readme-recipes.mjs          checks that every block runs and prints what README shows
//   node scripts/readme-recipes.mjs --write  writes what they print into README.md
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readmePath = join(root, 'README.md');
const RECIPE = /(```sh\n)([\s\S]*?)(```\n+```text\n)([\s\S]*?)(```)/g;

/** The recipes section's blocks: each command block with the output block that follows it. */
export function recipes(readme) {
  const start = readme.indexOf('\n## Recipes\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return { start, end, section, blocks: [...section.matchAll(RECIPE)].map((m) => ({ script: m[2], shown: m[4] })) };
}

function runBash(script, env, cwd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -o pipefail\n${script}`], { env, cwd });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (status) => resolve({ status, out: out + err }));
  });
}

/** Runs every block in one sandbox, in order; returns each block's output with the port hidden. */
export async function runRecipes(blocks) {
  const { startSandbox } = await import(join(root, 'dist/sandbox.js'));
  const sandbox = await startSandbox({ port: 0, seed: 200 });
  const home = mkdtempSync(join(tmpdir(), 'collab-recipes-'));
  try {
    mkdirSync(join(home, 'bin'));
    symlinkSync(join(root, 'bin/collab.js'), join(home, 'bin/collab'));
    // The file the masked-variable recipe reads: a secret a reader keeps in a file, never on argv.
    writeFileSync(join(home, 'db-password.txt'), 'Xk3-correct-horse-battery\n', { mode: 0o600 });
    const env = {
      PATH: `${join(home, 'bin')}:${process.env.PATH}`,
      HOME: home,
      COLLAB_HOST: sandbox.url,
      COLLAB_TOKEN: sandbox.tokens.admin,
      COLLAB_CONFIG_DIR: join(home, 'config'),
      NO_COLOR: '1',
      TZ: 'UTC',
    };
    const port = new URL(sandbox.url).port;
    const results = [];
    for (const block of blocks) {
      const { status, out } = await runBash(block.script, env, home);
      results.push({ status, out: out.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:PORT') });
    }
    return results;
  } finally {
    await sandbox.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(readmePath, 'utf8');
  const { start, end, section, blocks } = recipes(readme);
  const results = await runRecipes(blocks);
  const failed = results.filter((r, i) => r.status !== 0 && !/echo "exit \$\?"/.test(blocks[i].script));
  for (const r of failed) process.stderr.write(`a recipe failed (exit ${r.status}):\n${r.out}\n`);
  if (process.argv.includes('--write')) {
    let i = 0;
    const written = section.replace(
      RECIPE,
      (_m, a, script, b, _shown, c) => `${a}${script}${b}${results[i++].out}${c}`,
    );
    writeFileSync(readmePath, readme.slice(0, start) + written + readme.slice(end));
  } else {
    const differ = results.filter((r, i) => r.out !== blocks[i].shown);
    for (const r of differ) process.stderr.write(`README shows other output than this recipe prints:\n${r.out}\n`);
    if (differ.length > 0) process.exitCode = 1;
  }
  if (failed.length > 0) process.exitCode = 1;
}
