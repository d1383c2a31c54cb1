/**
 * The entry point. It answers `--version` on its own and otherwise loads the program, so that
 * start-up costs no more than the command being run needs.
 */
import { VERSION } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runAndExit } = await import('./main.js');
  await runAndExit(process.argv);
}
