#!/usr/bin/env node
'use strict';
// CommonJS on purpose, like all of the start-up path: Node's ES module loader alone costs more than
// the rest of `collab --version`, which is answered here; everything else goes through dist/cli.cjs.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  require('../dist/cli.cjs').main();
}
