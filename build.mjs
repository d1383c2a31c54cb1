// Bundles the CLI into dist/. Code splitting keeps each command's implementation (and the
// heavy libraries only it uses) in its own chunk, loaded by dynamic import when that command runs.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
// `--outdir DIR` builds elsewhere (tests of work in progress run DIR/cli.js via COLLAB_TEST_DIST).
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist';
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.17',
  sourcemap: 'linked',
  minify: true,
  keepNames: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Some CommonJS dependencies call require() for Node built-ins; give ESM output a require.
  banner: { js: "import { createRequire as __collabCreateRequire } from 'node:module'; const require = __collabCreateRequire(import.meta.url);" },
  define: { __COLLAB_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
