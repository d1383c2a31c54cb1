#!/usr/bin/env node
'use strict';
// CommonJS on purpose, like all of the start-up path: Node's ES module loader alone costs more than
// the rest of `collab --version`, which is answered here; everything else goes through dist/cli.cjs.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  let cli;
  try {
    cli = require('../dist/cli.cjs');
  } catch (error) {
    // A clone that was never built: one line saying what to do, not a stack trace.
    if (error && error.code === 'MODULE_NOT_FOUND' && /dist[\\/]cli\.cjs/.test(String(error.message))) {
      const root = require('node:path').dirname(__dirname);
      const lines = [
        `error: collab is not built (no ${require('node:path').join(root, 'dist', 'cli.cjs')})`,
        `hint: run \`npm ci\` in ${root} (it installs the dependencies and builds; \`npm run build\` rebuilds)`,
      ];
      const { writeErrorLines } = require('./error-lines.cjs');
      writeErrorLines(lines);
      process.exit(1);
    }
    throw error;
  }
  cli.main();
}
