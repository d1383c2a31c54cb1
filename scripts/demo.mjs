// `npm run demo`: starts the sandbox in-process on a free port, runs a short real session of
// collab against it (each command printed before its output), and stops the sandbox.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { startSandbox } = await import(join(root, 'dist/sandbox.js'));

const sandbox = await startSandbox({ port: 0, seed: 60, forkDuration: 2500 });
const home = mkdtempSync(join(tmpdir(), 'collab-demo-'));
const binDir = join(home, 'bin');
spawnSync('mkdir', ['-p', binDir]);
symlinkSync(join(root, 'bin/collab.js'), join(binDir, 'collab'));
const hasJq = spawnSync('sh', ['-c', 'command -v jq'], { encoding: 'utf8' }).status === 0;
const env = {
  ...process.env,
  PATH: `${binDir}:${process.env.PATH}`,
  COLLAB_HOST: sandbox.url,
  COLLAB_TOKEN: sandbox.tokens.admin,
  COLLAB_CONFIG_DIR: home,
  HOOK_SECRET: 'demo-hook-secret',
};
const tty = process.stdout.isTTY;
const bold = (text) => (tty && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[22m` : text);
const filter = hasJq
  ? `jq -r 'sort_by(-.star_count) | .[:3][] | "\\(.star_count)\\t\\(.path_with_namespace)"'`
  : `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const p of JSON.parse(s).sort((a,b)=>b.star_count-a.star_count).slice(0,3))console.log(p.star_count+"\\t"+p.path_with_namespace)})'`;

const session = [
  [
    'The sandbox is a GitLab-compatible service in memory; collab reads COLLAB_HOST and COLLAB_TOKEN.',
    'collab api version',
  ],
  [
    'A projects table (borders and colour on a terminal, tab-separated text in a pipe):',
    'collab projects list --limit 8',
  ],
  ['The group hierarchy as a tree:', 'collab groups list --tree'],
  ['One project, summarised:', 'collab projects view acme/web/storefront'],
  [
    'A fork runs in the background on the service; --wait follows its import to the end:',
    'collab projects fork acme/web/storefront --namespace olivia --wait',
  ],
  [
    `JSON piped into a filter (${hasJq ? 'jq' : 'node, as jq is not installed'}): the three most starred projects of all ${60}:`,
    `collab projects list --all --json --fields path_with_namespace,star_count | ${filter}`,
  ],
  [
    'A webhook whose secret comes from a file or stdin, never from the command line:',
    'printf %s "$HOOK_SECRET" | collab hooks create --project acme/web/storefront --url https://ci.example.com/hook --events push,merge_requests --token-file -',
  ],
  [
    'Members: add a new hire to a group, then list who is in it, inherited from acme too:',
    'collab groups members add acme/web --user xena --access developer --expires 2099-12-31 && collab groups members list acme/web --inherited',
  ],
  [
    'Desired state: what examples/collab.yaml would change (exit code 8: changes found), the first lines of the plan:',
    'CI_HOOK_TOKEN=demo-hook-token collab plan -f examples/collab.yaml > plan.txt; echo "exit code $?"; head -12 plan.txt',
  ],
  [
    'Bad input is refused before anything is sent (exit code 2):',
    'collab projects list --per-page 500; echo "exit code $?"',
  ],
];

let failed = 0;
for (const [comment, command] of session) {
  process.stdout.write(`\n# ${comment}\n${bold(`$ ${command}`)}\n`);
  // Asynchronous: the sandbox answers from this very process.
  const status = await new Promise((resolve) =>
    spawn('bash', ['-c', command.replace('examples/', `${root}/examples/`)], {
      env,
      cwd: home,
      stdio: ['ignore', 'inherit', 'inherit'],
    }).on('close', resolve),
  );
  if (status !== 0 && !command.includes('echo "exit code')) failed++;
}
await sandbox.close();
rmSync(home, { recursive: true, force: true });
process.stdout.write(
  `\nThe sandbox is stopped. Start your own with: bin/collab sandbox --seed 200 (README.md, Quick start)\n`,
);
process.exit(failed === 0 ? 0 : 1);
