// Bundles the CLI into dist/, in two CommonJS bundles, each run from a V8 code cache recorded here
// (dist/*.cache; an ES module cannot have one on Node 20, and compiling is most of a start):
// - dist/front.cjs: the parser, every command's definition, help and usage errors.
//   `collab <anything> --help` and bad flags never leave this file.
// - dist/back.cjs: what runs a command (context, HTTP client, output, each verb's implementation,
//   collab sandbox's verb). Its modules are evaluated only when imported, so a command pays for its own.
// dist/cli.cjs (src/launcher.cjs) loads them. Every dynamic import() in the front's code, other
// than a noun's definitions, is a way into the back: the plugin below turns it into a call of the
// launcher's __collabImport, and the module it names into an entry of the back's table.
// dist/sandbox.js is the sandbox alone, as an ES module, for scripts (bench, demo); dist/sandbox.cjs
// the same as CommonJS, for `collab sandbox` (sandboxOutsideTheBack).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

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

/**
 * What the build is made from: the sources, this file, the dependencies' versions and the Node that
 * records the code caches. `--if-changed` builds only when that differs from what dist/ was built
 * from: `npm ci` builds once (the prepare script), and `npm test` right after does not build again.
 */
async function inputsDigest() {
  const hash = createHash('sha256').update(`${process.version}\0`);
  const files = [
    'build.mjs',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    ...(await readdir('src', { recursive: true })).map((name) => join('src', name)),
  ].sort();
  for (const file of files) {
    const content = await readFile(file).catch((error) =>
      error.code === 'EISDIR' || error.code === 'ENOENT' ? undefined : Promise.reject(error),
    );
    if (content !== undefined) hash.update(`${file}\0`).update(content).update('\0');
  }
  return hash.digest('hex');
}
const INPUTS_FILE = join(outdir, '.inputs');
const inputs = await inputsDigest();
if (process.argv.includes('--if-changed') && (await readFile(INPUTS_FILE, 'utf8').catch(() => '')) === inputs) {
  console.log(`${relative(process.cwd(), outdir) || outdir} is up to date: built from these sources`);
  process.exit(0);
}

await rm(outdir, { recursive: true, force: true });

// Each import("<BACK_IMPORT>x.js") esbuild writes into the front becomes __collabImport("x.js"), a
// function the launcher hands to the front, which loads the back and evaluates module x of its table.
// (Besides, V8 loses the dynamic-import callback of code that comes from a code cache.) The marker
// has the length that keeps every column of the bundle where its source map says.
const BACK_IMPORT = 'collab::';
const FRONT_PACKAGE = 'collab-front-package::';
const backEntries = new Set([join(SRC, 'run.ts')]);
const intoBack = {
  name: 'dynamic-imports-into-the-back',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import' || FRONT_LAZY_IMPORTERS.has(args.importer)) return undefined;
      // A package import()ed by a module the front leaves out (build.mjs's frontTakesDeclarations)
      // is no matter; one the front keeps is refused once it is built (below).
      if (!args.path.startsWith('.')) return { path: `${FRONT_PACKAGE}${args.path}`, external: true };
      const source = resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts');
      backEntries.add(source);
      return { path: `${BACK_IMPORT}${relative(SRC, source).replace(/\.ts$/, '.js')}`, external: true };
    });
  },
};

/**
 * The front takes from a verb's file only its declaration (what help and the parser read); the
 * verb's run, and the modules only it imports (the HTTP client, node:fs...), stay in the back. The
 * sources have no import made for its side effects, so any module of src/ whose exports the front
 * does not use is left out of it.
 */
const frontTakesDeclarations = {
  name: 'front-takes-declarations',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'import-statement' || !args.importer.startsWith(SRC)) return undefined;
      const path = resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts');
      return path.startsWith(SRC) ? { path, sideEffects: false } : undefined;
    });
  },
};

/**
 * A build plugin that makes eager lines of a dependency's module (a require(), an object made at
 * load) run on first use instead: in the files matching `file`, each change replaces its line
 * `eager` with `onUse`. The build fails if a line is gone (a new version of the dependency): the
 * plugin must then be looked at again. A change with `where` is made only in the files holding
 * that text (one of the versions of a package that node_modules has several of).
 */
function requireOnUse(name, file, changes) {
  return {
    name,
    setup(builder) {
      builder.onLoad({ filter: file }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const made = changes.filter(({ where }) => where === undefined || text.includes(where));
        if (made.length === 0) return undefined;
        let contents = text;
        for (const { eager, onUse } of made) {
          if (!contents.includes(eager))
            throw new Error(`${args.path} no longer has "${eager}": update ${name} in build.mjs`);
          contents = contents.replace(eager, onUse);
        }
        return { contents, loader: 'js' };
      });
    },
  };
}

// Commander requires child_process at load for executable subcommands, which collab has none of;
// loading it (with net, dgram and their kin) is a tenth of `collab --help`.
const commanderSpawnOnUse = requireOnUse('commander-child-process-on-use', /[\\/]commander[\\/]lib[\\/]command\.js$/, [
  {
    eager: "const childProcess = require('node:child_process');",
    onUse: "const childProcess = { spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs) };",
  },
]);

// undici's client requires its HTTP/2 half at load, and with it node:http2, tls and crypto (6 ms of
// every command's start); it is used only when a server agrees to HTTP/2, which it may only if
// allowH2 is set, and collab never sets it. Behaviour is unchanged.
const undiciH2OnUse = requireOnUse('undici-http2-on-use', /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/, [
  {
    eager: "const connectH2 = require('./client-h2.js')",
    onUse: "const connectH2 = (...connectArgs) => require('./client-h2.js')(...connectArgs)",
  },
]);

// A client closed (at the end of every command) destroys its sockets with a ClientDestroyedError
// made then, and Node reads that error's stack: formatting its frames in dist/back.cjs makes V8 find
// every line of the 2.7 MB bundle, 7% of the instructions of `projects view 1`. After a close no
// request is left to fail with it, so it is made without frames.
const closedErrorWithoutStack = requireOnUse(
  'undici-closed-error-without-stack',
  /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]dispatcher-base\.js$/,
  [
    {
      eager: '    if (!err) {\n      err = new ClientDestroyedError()\n    }',
      onUse:
        '    if (!err) {\n      const stackTraceLimit = Error.stackTraceLimit\n      Error.stackTraceLimit = 0\n      err = new ClientDestroyedError()\n      Error.stackTraceLimit = stackTraceLimit\n    }',
    },
  ],
);

// string-width makes at load what only text that is not ASCII needs (the rest is counted without
// it, src/output/text-width.ts): its Intl.Segmenter, whose making loads ICU's break rules (some 15
// ms of every command's start, and of the front's: it wraps error lines), and its patterns of
// Unicode properties, which V8 builds from ICU's tables as each is made. All are made on first
// use instead. Its older copies (under cli-table3 and wrap-ansi) make none.
const stringWidthOnUse = requireOnUse('string-width-on-use', /[\\/]string-width[\\/]index\.js$/, [
  {
    eager: 'const segmenter = new Intl.Segmenter();',
    onUse:
      'let madeSegmenter; const segmenter = { segment: (text) => (madeSegmenter ??= new Intl.Segmenter()).segment(text) };',
    where: 'Intl.Segmenter',
  },
  {
    eager: 'const defaultIgnorableCodePointRegex = /^\\p{Default_Ignorable_Code_Point}$/u;',
    onUse:
      'let madeIgnorable; const defaultIgnorableCodePointRegex = { test: (character) => (madeIgnorable ??= /^\\p{Default_Ignorable_Code_Point}$/u).test(character) };',
    where: 'defaultIgnorableCodePointRegex',
  },
  {
    // Version 8 (ours and ora's) measures each frame of a spinner, a Braille pattern and a text ending in
    // `…`, and past its ASCII fast path makes its RGI_Emoji pattern (26 ms) and the Segmenter (13
    // ms) at the first frame. Each Braille pattern (U+2800 to U+28FF) is a cluster of its own, of
    // width 1 (East Asian Width neutral, no emoji, no mark), as every printable ASCII character
    // is, and so is `…` (ambiguous, narrow unless the caller says otherwise; ora does not): the
    // fast path counts them the same way (test/unit/spinner-width.test.ts).
    eager: 'if (/^[\\u0020-\\u007E]*$/.test(string)) {',
    onUse:
      'if ((ambiguousIsNarrow ? /^[\\u0020-\\u007E\\u2026\\u2800-\\u28FF]*$/ : /^[\\u0020-\\u007E\\u2800-\\u28FF]*$/).test(string)) {',
    where: 'rgiEmojiRegex',
  },
  {
    // Version 8's patterns of visible characters and spacing marks, made at load as well: V8
    // parses their Unicode property classes as each is made. Made on first use, with what the
    // module calls on them (test, and search for the visible one).
    eager:
      'const visibleCharacterRegex = /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v;',
    onUse:
      'let madeVisible; const visibleCharacter = () => (madeVisible ??= /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v); const visibleCharacterRegex = { test: (text) => visibleCharacter().test(text), [Symbol.search]: (text) => visibleCharacter()[Symbol.search](text) };',
    where: 'visibleCharacterRegex',
  },
  {
    eager: 'const spacingMarkRegex = /\\p{Spacing_Mark}/v;',
    onUse:
      'let madeSpacingMark; const spacingMarkRegex = { test: (character) => (madeSpacingMark ??= /\\p{Spacing_Mark}/v).test(character) };',
    where: 'spacingMarkRegex',
  },
  {
    // Version 8 makes at load its RGI_Emoji pattern, which esbuild writes as `new RegExp(…, 'v')`:
    // V8 builds the set of emoji sequences as it is made (17 ms as ora is imported). Made on its
    // first test instead, as version 7's default-ignorable pattern above.
    eager: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    onUse:
      'let madeRgiEmoji; const rgiEmojiRegex = { test: (segment) => (madeRgiEmoji ??= /^\\p{RGI_Emoji}$/v).test(segment) };',
    where: 'rgiEmojiRegex',
  },
]);

/**
 * `collab sandbox` runs the sandbox from dist/sandbox.cjs, a bundle of its own, required when that
 * command runs: in the back, its modules (some 400 functions, declared when the back is loaded,
 * whichever command runs) cost every other command its start. The sandbox is whole in itself
 * (dist/sandbox.js is the same, for scripts), so nothing of the back's state is needed in it.
 */
const SANDBOX_ENTRY = join(SRC, 'sandbox/index.ts');
const sandboxOutsideTheBack = {
  name: 'sandbox-outside-the-back',
  setup(builder) {
    builder.onResolve({ filter: /sandbox[\\/]index\.js$/ }, (args) => {
      const path = resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts');
      return path === SANDBOX_ENTRY ? { path: './sandbox.cjs', external: true } : undefined;
    });
  },
};

// graphql-js checks every instanceof against a second copy of itself unless NODE_ENV is
// production (a tenth of the sandbox's answer to a batch of 100 projects); a bundle holds one copy.
const graphqlOneCopy = {
  name: 'graphql-one-copy',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]graphql[\\/]jsutils[\\/]instanceOf\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const check = "process.env.NODE_ENV === 'production'";
      if (!text.includes(check))
        throw new Error(`${args.path} no longer has "${check}": update graphqlOneCopy in build.mjs`);
      return { contents: text.replace(check, 'true'), loader: 'js' };
    });
  },
};

/**
 * No package is both imported and import()ed by the back's modules. Each module of the back is
 * evaluated on first use already, so an import() of a package defers nothing; but it makes esbuild
 * build the package's namespace object, and those of every namespace it exports, when the back is
 * loaded: zod/mini's was 1,040 getters defined at every command's start (`projects view 1`: 9% of
 * its instructions), and the zod modules behind them, locales and all, kept in the bundle.
 */
const packagesImportedOneWay = {
  name: 'packages-imported-one-way',
  setup(builder) {
    const kinds = new Map();
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!args.importer.startsWith(SRC) || args.path.startsWith('node:')) return undefined;
      if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return undefined;
      const seen = kinds.get(args.path) ?? new Map();
      seen.set(args.kind, relative(SRC, args.importer));
      kinds.set(args.path, seen);
      return undefined;
    });
    builder.onEnd(() => {
      for (const [name, seen] of kinds)
        if (seen.size === 2)
          throw new Error(
            `src/${seen.get('dynamic-import')} import()s ${name}, which src/${seen.get('import-statement')} imports: import it (see packagesImportedOneWay in build.mjs)`,
          );
    });
  },
};

/**
 * The packages the front may hold: the parser, and the display width of text (error lines wrap at
 * a terminal's width). Whatever else a verb's declaration would pull in (an HTTP client, a schema
 * library) fails the build here, wherever in src/ it was imported from: such code belongs to the
 * verb's run, which stays in the back (frontTakesDeclarations).
 */
const FRONT_PACKAGES = new Set(['commander', 'string-width', 'strip-ansi', 'ansi-regex', 'get-east-asian-width']);

const frontBuilt = await build({
  ...common,
  entryPoints: { front: 'src/cli.ts' },
  outdir,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  metafile: true,
  plugins: [intoBack, frontTakesDeclarations, commanderSpawnOnUse, stringWidthOnUse],
});
// What the bundle holds: the inputs esbuild parsed less those it shook out.
const frontInputs = Object.values(frontBuilt.metafile.outputs).flatMap((output) =>
  Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
);
for (const input of frontInputs) {
  const name = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (name !== undefined && !FRONT_PACKAGES.has(name))
    throw new Error(
      `the front (dist/front.cjs) takes the package ${name} (${input}): move the code that needs it into a verb's run`,
    );
}

{
  const file = join(outdir, 'front.cjs');
  const bundle = await readFile(file, 'utf8');
  const aPackage = new RegExp(`${FRONT_PACKAGE}([^"]+)`).exec(bundle);
  if (aPackage)
    throw new Error(
      `the front (dist/front.cjs) import()s the package "${aPackage[1]}": move that code behind src/run.ts`,
    );
  // esbuild writes strings with double quotes; anything else is caught by the check below.
  const backImport = new RegExp(`\\bimport\\("${BACK_IMPORT}([^"]+)"\\)`, 'g');
  const rewritten = bundle.replace(backImport, (all, target) => {
    const call = `__collabImport("${target}")`;
    if (call.length !== all.length) throw new Error('BACK_IMPORT must be as long as "__collabImport(" less "import("');
    return call;
  });
  if (rewritten.includes(BACK_IMPORT))
    throw new Error('dist/front.cjs still names the back after the rewrite: see BACK_IMPORT in build.mjs');
  await writeFile(file, rewritten);
}

// jq-web (for --jq) stays outside the bundles: its jq.js finds jq.wasm beside itself, and both are
// copied to dist/jq-web/ (as jq.cjs: the package's "type" would make a .js an ES module), where
// src/output/jq.ts requires them from, only when --jq is given.
const JQ_WEB = 'jq-web';
{
  const from = dirname(createRequire(import.meta.url).resolve('jq-web'));
  await mkdir(join(outdir, JQ_WEB), { recursive: true });
  await copyFile(join(from, 'jq.js'), join(outdir, JQ_WEB, 'jq.cjs'));
  await copyFile(join(from, 'jq.wasm'), join(outdir, JQ_WEB, 'jq.wasm'));
  await copyFile(join(from, 'LICENSE'), join(outdir, JQ_WEB, 'LICENSE'));
}

// The back's entry: a table of the modules the front may ask for, each evaluated on its first import.
const table = [...backEntries]
  .map(
    (source) =>
      `  ${JSON.stringify(relative(SRC, source).replace(/\.ts$/, '.js'))}: () => import(${JSON.stringify(source)}),`,
  )
  .join('\n');
await build({
  ...common,
  stdin: {
    contents: `export const modules = {\n${table}\n};\n`,
    resolveDir: SRC,
    sourcefile: 'back-modules.js',
    loader: 'js',
  },
  outfile: join(outdir, 'back.cjs'),
  format: 'cjs',
  // Code from a code cache cannot import(): Node built-ins imported on use are required instead.
  supported: { 'dynamic-import': false },
  plugins: [
    packagesImportedOneWay,
    undiciH2OnUse,
    stringWidthOnUse,
    closedErrorWithoutStack,
    graphqlOneCopy,
    sandboxOutsideTheBack,
  ],
  // src/output/jq.ts reads import.meta.url only where __filename (the bundle's) is undefined: from the sources.
  logOverride: { 'empty-import-meta': 'silent' },
});

await build({
  ...common,
  entryPoints: { sandbox: 'src/sandbox/index.ts' },
  outdir,
  format: 'esm',
  plugins: [graphqlOneCopy],
  // Some CommonJS dependencies call require() for Node built-ins; give ESM output a require.
  banner: {
    js: "import { createRequire as __collabCreateRequire } from 'node:module'; const require = __collabCreateRequire(import.meta.url);",
  },
});

await build({
  ...common,
  entryPoints: [SANDBOX_ENTRY],
  outfile: join(outdir, 'sandbox.cjs'),
  format: 'cjs',
  plugins: [graphqlOneCopy],
});

await copyFile('src/launcher.cjs', join(outdir, 'cli.cjs'));

// The launcher reads the bundles as latin1 (the fastest way to a V8 string): they must be ASCII,
// which esbuild's default charset guarantees; check it rather than trust it.
// Nor may they import(), which V8 refuses to code that comes from a cache.
for (const bundle of ['front.cjs', 'back.cjs']) {
  const bytes = await readFile(join(outdir, bundle));
  const nonAscii = bytes.findIndex((byte) => byte > 0x7f);
  if (nonAscii >= 0) throw new Error(`dist/${bundle} is not ASCII (byte ${nonAscii}); the launcher reads it as latin1`);
  if (/[^\w$.]import\(/.test(bytes.toString('latin1')))
    throw new Error(`dist/${bundle} has an import(), which fails in code from a code cache`);
}

// Record the code caches: evaluate each bundle as the launcher does, run what is typical of it, and
// save what V8 compiled: RECORDED_COMMANDS, through the front against a sandbox in this process.
// The front's cache then holds the parser, one help's rendering and the way into the back (without
// them, each command compiled some 70 functions of commander's and ours, 5M instructions); another
// noun's definitions are compiled when used. Recorded after every command's help had been built and
// rendered, it was 539 KB, not 314, and slower to read than what it saved: every help, usage error
// and command started 0.6 to 2 ms later (bench/README.md, start-up, 2026-12-07). The back's holds
// the code every command shares (the context, the config file's check, the HTTP client, a request,
// the output); the verbs' own code is compiled when used. Evaluating every module of the back
// instead made a cache of 1.9 MB, not 1.4, and `projects view 1` 365M instructions, not 317M.
// Both under no V8 flags, as the launcher loads them: the commands' flags are set later, by the
// runtime of the run (src/launcher.cjs), which the commands run here have none of.
const launcher = createRequire(import.meta.url)(join(outdir, 'cli.cjs'));
const front = launcher.loadBundle('front', { useCache: false });
const back = launcher.loadBack({ useCache: false });
await runRecordedCommands(front.exports.main);
await writeFile(join(outdir, 'front.cache'), front.script.createCachedData());
await writeFile(join(outdir, 'back.cache'), back.script.createCachedData());

/**
 * The commands the caches are recorded from, one of each kind: a help (the front alone), a config
 * file read and checked, one request. (A page of a list as well made a cache 50 KB larger and
 * `projects list` no faster: 360M instructions against 363M.) They run against a sandbox in this
 * process (dist/sandbox.js, outside the back) and a config directory made for them.
 */
async function runRecordedCommands(main) {
  const RECORDED_COMMANDS = [
    ['projects', 'list', '--help'],
    ['config', 'get', 'output'],
    ['projects', 'view', '1', '-o', 'json'],
  ];
  const { startSandbox } = await import(pathToFileURL(join(outdir, 'sandbox.js')).href);
  const sandbox = await startSandbox({ seed: 10 });
  const dir = await mkdtemp(join(tmpdir(), 'collab-build-'));
  try {
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({ output: 'json', hosts: { [sandbox.url]: { user: 'root', token: sandbox.tokens.admin } } }),
      { mode: 0o600 },
    );
    const env = { HOME: dir, COLLAB_CONFIG_DIR: dir, COLLAB_HOST: sandbox.url, CI: 'true', NO_COLOR: '1' };
    for (const args of RECORDED_COMMANDS) {
      let stderr = '';
      const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });
      const runtime = {
        env,
        streams: () => ({
          stdout: discard(),
          stderr: new Writable({ write: (chunk, _encoding, done) => done(void (stderr += chunk)) }),
          stdin: Readable.from([]),
        }),
        write: (fd, text) => void (fd === 2 && (stderr += text)),
        helpWidth: () => 80,
      };
      const code = await main(args, runtime);
      if (code !== 0)
        throw new Error(`recording the back's code cache: collab ${args.join(' ')} exited ${code}: ${stderr}`);
    }
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

// Last: a build cut short is never taken for a complete one.
await writeFile(INPUTS_FILE, inputs);
