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
      const width = /^\d{2,}$/.test(process.env.COLLAB_FORCE_TTY || '')
        ? Number(process.env.COLLAB_FORCE_TTY)
        : (process.stderr.isTTY && process.stderr.columns) || 0;
      process.stderr.write(`${lines.map((line) => wrapped(line, width)).join('\n')}\n`);
      process.exit(1);
    }
    throw error;
  }
  cli.main();
}

/**
 * A line wrapped to a terminal's width (0: not a terminal, left whole) as collab wraps its errors:
 * src/output/text-width.ts's wrapNote, which is in the bundle this runs without
 * (test/process/missing-build.test.ts holds the two to the same lines): at spaces, a word longer
 * than a line after its slashes or commas, later lines indented by two. Its text is ASCII but the
 * checkout's path, measured here in characters.
 */
function wrapped(line, width) {
  if (width < 20 || line.length <= width) return line;
  const pieces = [];
  for (const word of line.split(' ')) {
    if (word.length <= width - 2) pieces.push({ piece: word, glued: false });
    else for (const part of word.split(/(?<=[,/])/)) pieces.push({ piece: part, glued: true });
  }
  const lines = [];
  let current = '';
  const room = () => (lines.length === 0 ? width : width - 2);
  for (const { piece, glued } of pieces) {
    const joined =
      current === ''
        ? piece
        : glued && !current.endsWith(' ') && /[,/]$/.test(current)
          ? current + piece
          : `${current} ${piece}`;
    if (current === '' || joined.length <= room()) current = joined;
    else {
      lines.push(current);
      current = piece;
    }
    while (current.length > room()) {
      const end = room();
      lines.push(current.slice(0, end));
      current = current.slice(end);
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n  ');
}
