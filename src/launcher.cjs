'use strict';
// dist/cli.cjs: loads the front bundle (dist/front.cjs: parser, help, usage errors) with the V8
// code cache the build recorded for it (dist/front.cache), then runs it. Node 20 has no compile
// cache of its own (module.enableCompileCache is Node 22), and compiling the front on every start
// costs more than the rest of `collab <command> --help`. A cache V8 rejects (another Node version,
// other V8 flags) is ignored, and the front is compiled as usual.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const FRONT = join(__dirname, 'front.cjs');
const CACHE = join(__dirname, 'front.cache');

/** Compiles and evaluates the front; `useCache: false` is for the build, which records the cache. */
function loadFront({ useCache = true } = {}) {
  // The build checks that the bundle is ASCII, so latin1 reads it exactly and fastest.
  const source = readFileSync(FRONT, 'latin1');
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(CACHE);
    } catch {
      cachedData = undefined;
    }
  }
  // Module's own wrapper, and one more parameter: the front loads the commands (ES modules in
  // dist/esm/) through this file's import(), since code from a cache cannot import() (build.mjs).
  const wrapped = `(function (exports, require, module, __filename, __dirname, __collabImport) { ${source}\n});`;
  const script = new Script(wrapped, { filename: FRONT, cachedData });
  const module = { exports: {} };
  const importBack = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, Module.createRequire(FRONT), module, FRONT, __dirname, importBack);
  return { front: module.exports, script };
}

function main() {
  return loadFront().front.runAndExit(process.argv);
}

module.exports = { loadFront, main };
if (require.main === module) main();
