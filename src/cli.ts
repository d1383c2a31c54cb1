/**
 * The front bundle (dist/front.cjs, CommonJS): the parser, help and usage errors. dist/cli.cjs loads
 * it with its code cache and calls runAndExit; the commands themselves are in dist/back.cjs. The build runs a few commands
 * through `main` to record the back's code cache.
 */
export { main, runAndExit } from './main.js';
