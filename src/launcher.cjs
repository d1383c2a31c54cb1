'use strict';
// dist/cli.cjs: runs collab from its two bundles, dist/front.cjs (parser, help, usage errors) and
// dist/back.cjs (what runs a command), each compiled from the V8 code cache the build recorded for
// it (dist/<bundle>.cache). Compiling costs more than the rest of `collab <command> --help`, and a
// third of a command's start. Node 20 has no compile cache of its own, and where Node has one
// (module.enableCompileCache, 22.1+) it starts collab slower than this (docs/node.md). A cache V8
// rejects (another Node version, other V8 flags) is ignored: the bundle is then compiled as usual.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

/**
 * V8 settings for the commands' work, set as soon as the back is loaded when the front asks for
 * them (tuneV8, through its runtime), which it does unless the command is offline: `config get`
 * then sets none and loads neither BACK_BUILTINS nor node:v8 for them (11M instructions). Help and
 * usage errors never load the back. V8 rejects a code cache made under other flags, so the build
 * records both bundles' caches under none (build.mjs), and the flags come after the back is read.
 * --liftoff-only: undici parses HTTP with llhttp compiled to WebAssembly, and V8 compiles it with
 * TurboFan on the first response: about 50 ms of CPU and a 35 MB peak of RSS that stays for the
 * whole process (`projects list --limit 1`: 99 MB peak RSS, 64 MB with this flag). Liftoff's code
 * parses pages as fast as far as we could measure. (--no-wasm-tier-up does not avoid that
 * compilation: 100 MB.)
 * --semi-space-growth-factor=1: keeps the young generation at its first size instead of letting
 * it grow to 2 x 16 MB as pages are listed; garbage of each page is then collected within a page
 * or two (listing 100,000 projects as ndjson: peak RSS 106 MB, 90 MB with this flag). Set before
 * the back's modules are evaluated: set as a run connected instead, after they had grown it to 4
 * MB, listing 20,000 projects peaked at 75 MB of RSS, not 70. (--max-semi-space-size has no effect
 * once the heap exists.)
 * --expose-gc: gives gc() to contexts made from now on (not to this one: the global scope of the
 * commands is unchanged). The paginator takes it from a new context to collect the socket reads'
 * dead ArrayBuffers that pile up in the old generation during a long listing (src/http/paginate.ts,
 * DeadBufferCollector: 100,000 projects listed in 67 MB peak RSS instead of 94 MB).
 */
const V8_FLAGS = ['--liftoff-only', '--semi-space-growth-factor=1', '--expose-gc'];

/**
 * Node's built-in modules the commands' work requires (undici's, the config file's, the streams'),
 * required before the V8 flags are set, whatever the run loaded before. Node compiles a built-in
 * from the code cache it ships with, which V8 rejects once any flag has changed: required after
 * tuneV8, each was compiled from source (`projects view 1`: 10% more instructions). A built-in
 * missing here only costs that; test/process/launcher.test.ts says which the commands' modules and
 * a request load after the flags.
 */
const BACK_BUILTINS = [
  'node:os',
  'node:assert',
  'node:diagnostics_channel',
  'node:net',
  'node:http',
  'node:stream/promises',
  'node:string_decoder',
  'node:fs/promises',
];

let flagsWanted = false;
let flagsSet = false;

/** Asks for the V8 flags: set once the back is loaded, before any of its modules is evaluated, or now if it is. */
function tuneV8() {
  flagsWanted = true;
  if (back) setV8Flags();
}

function setV8Flags() {
  if (flagsSet) return;
  flagsSet = true;
  for (const builtin of BACK_BUILTINS) require(builtin);
  const { setFlagsFromString } = require('node:v8');
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}

/**
 * Compiles and evaluates dist/<name>.cjs as Node would a CommonJS module, with one more parameter:
 * the function the front calls to reach the back (build.mjs turns its import()s into calls of it).
 * `useCache: false` is for the build, which records the cache.
 */
function loadBundle(name, { useCache = true } = {}) {
  const file = join(__dirname, `${name}.cjs`);
  // The build checks that the bundles are ASCII, so latin1 reads them exactly and fastest.
  const source = readBundle(file);
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(join(__dirname, `${name}.cache`));
    } catch {
      cachedData = undefined;
    }
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname, __collabImport) { ${source}\n});`;
  const script = new Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, __dirname, importFromBack);
  return { exports: module.exports, script };
}

/**
 * A bundle's source; a build cut short (a bundle missing) is one line saying what to do, not a
 * stack trace, wrapped as collab's errors are by bin/error-lines.cjs (which bin/collab.js writes
 * its not-built message with): the rule's own code is in the bundles, and a bundle is what is
 * missing.
 */
function readBundle(file) {
  try {
    return readFileSync(file, 'latin1');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    const { writeErrorLines } = require('../bin/error-lines.cjs');
    writeErrorLines([
      `error: collab's build is incomplete (no ${file})`,
      `hint: run \`npm ci\` in ${join(__dirname, '..')} (it installs the dependencies and builds; \`npm run build\` rebuilds)`,
    ]);
    process.exit(1);
  }
}

let back;

/**
 * dist/back.cjs, loaded once, then the V8 flags if they were asked for. The build loads it first
 * with `useCache: false`, so that the commands it runs to record the cache run in this one (build.mjs).
 */
function loadBack(options) {
  if (!back) {
    back = loadBundle('back', options);
    if (flagsWanted) setV8Flags();
  }
  return back;
}

/** Module `name` of the back's table (src/run.ts as "run.js", a verb as "commands/projects/list.js"). */
function importFromBack(name) {
  const load = loadBack().exports.modules[name];
  if (!load) return Promise.reject(new Error(`dist/back.cjs has no module ${name}: rebuild collab`));
  return load();
}

function main() {
  return loadBundle('front').exports.runAndExit(process.argv, { tuneV8 });
}

module.exports = { loadBack, loadBundle, main, tuneV8 };
if (require.main === module) main();
