#!/usr/bin/env node
'use strict';
// CommonJS on purpose: `collab --version` is answered before Node starts its ES module loader,
// which alone costs more than the rest of that command. Everything else loads the built CLI.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  import('../dist/cli.js');
}
