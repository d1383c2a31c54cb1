// Bundles the CLI into dist/. Code splitting keeps each command's implementation (and the
// heavy libraries only it uses) in its own chunk, loaded by dynamic import when that command runs.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
await rm(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
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
