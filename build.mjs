// Bundles the CLI into dist/, in two halves:
// - dist/front.cjs (CommonJS, one file): the parser, every command's definition, help and usage
//   errors. dist/cli.cjs loads it with a V8 code cache recorded here (dist/front.cache), which an ES
//   module cannot have on Node 20: `collab <anything> --help` and bad flags never leave this file.
// - dist/esm/ (ES modules, code splitting): what runs a command (context, HTTP client, output, each
//   verb's implementation, the sandbox), loaded by import() from the front when a command runs.
// Every dynamic import() in the front's code, other than a noun's definitions, is a way into the
// second half: the plugin below makes it external and makes its target an entry point of dist/esm/.
import { build } from 'esbuild';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
// `--outdir DIR` builds elsewhere (tests of work in progress run DIR/cli.cjs via COLLAB_TEST_DIST).
const at = process.argv.indexOf('--outdir');
const outdir = resolve(at > 0 ? process.argv[at + 1] : 'dist');
const SRC = resolve('src');
/** Definitions the front keeps: the nouns it lists lazily (manifest.ts) are bundled into it. */
const FRONT_LAZY_IMPORTERS = new Set([join(SRC, 'commands/manifest.ts')]);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.17',
  sourcemap: 'linked',
  minify: true,
  legalComments: 'none',
  define: { __COLLAB_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

await rm(outdir, { recursive: true, force: true });

// V8 loses the dynamic-import callback of code that comes from a code cache ("A dynamic import
// callback was not specified"), and vm's USE_MAIN_CONTEXT_DEFAULT_LOADER is experimental (it warns)
// in Node 20. So the front does not import() the back itself: each import("<BACK_IMPORT>x.js")
// esbuild writes is turned into __collabImport("./esm/x.js"), a function the launcher hands to the
// front, whose import() is an ordinary one, relative to dist/.
// The marker has the length that keeps every column of the bundle where its source map says.
const BACK_IMPORT = 'collab-esm-at:';
const backEntries = new Set([join(SRC, 'run.ts'), join(SRC, 'sandbox/index.ts')]);
const intoBack = {
  name: 'dynamic-imports-into-dist-esm',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import' || FRONT_LAZY_IMPORTERS.has(args.importer)) return undefined;
      if (!args.path.startsWith('.')) {
        return { errors: [{ text: `the front (dist/front.cjs) import()s the package "${args.path}": move that code behind src/run.ts` }] };
      }
      const source = resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts');
      backEntries.add(source);
      return { path: `${BACK_IMPORT}${relative(SRC, source).replace(/\.ts$/, '.js')}`, external: true };
    });
  },
};

// Commander requires child_process at load for executable subcommands, which collab has none of;
// loading it (with net, dgram and their kin) is a tenth of `collab --help`. Require it on use.
const commanderSpawnOnUse = {
  name: 'commander-child-process-on-use',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const eager = "const childProcess = require('node:child_process');";
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(eager)) throw new Error(`${args.path} no longer has "${eager}": update build.mjs`);
      const onUse = "const childProcess = { spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs) };";
      return { contents: text.replace(eager, onUse), loader: 'js' };
    });
  },
};

await build({
  ...common,
  entryPoints: { front: 'src/cli.ts' },
  outdir,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  plugins: [intoBack, commanderSpawnOnUse],
});

{
  const file = join(outdir, 'front.cjs');
  const bundle = await readFile(file, 'utf8');
  // esbuild writes strings with double quotes; anything else is caught by the check below.
  const backImport = new RegExp(`\\bimport\\("${BACK_IMPORT}([^"]+)"\\)`, 'g');
  const rewritten = bundle.replace(backImport, (all, target) => {
    const call = `__collabImport("./esm/${target}")`;
    if (call.length !== all.length) throw new Error('BACK_IMPORT must be as long as __collabImport("./esm/ less import("');
    return call;
  });
  if (rewritten.includes(BACK_IMPORT) || /\bimport\(/.test(rewritten)) {
    throw new Error('dist/front.cjs still has an import() after the rewrite: see BACK_IMPORT in build.mjs');
  }
  await writeFile(file, rewritten);
}

await build({
  ...common,
  entryPoints: [...backEntries],
  outdir: join(outdir, 'esm'),
  outbase: SRC,
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  format: 'esm',
  // Some CommonJS dependencies call require() for Node built-ins; give ESM output a require.
  banner: { js: "import { createRequire as __collabCreateRequire } from 'node:module'; const require = __collabCreateRequire(import.meta.url);" },
});

await copyFile('src/launcher.cjs', join(outdir, 'cli.cjs'));

// The launcher reads the front as latin1 (the fastest way to a V8 string): it must be ASCII,
// which esbuild's default charset guarantees; check it rather than trust it.
const front = await readFile(join(outdir, 'front.cjs'));
const nonAscii = front.findIndex((byte) => byte > 0x7f);
if (nonAscii >= 0) throw new Error(`dist/front.cjs is not ASCII (byte ${nonAscii}); the launcher reads it as latin1`);

// Record the code cache: evaluate the front as the launcher does, build and render every command's
// help (compiling everything that path runs), and save what V8 compiled.
const { loadFront } = createRequire(import.meta.url)(join(outdir, 'cli.cjs'));
const { front: frontExports, script } = loadFront({ useCache: false });
await frontExports.renderEveryHelp();
await writeFile(join(outdir, 'front.cache'), script.createCachedData());
