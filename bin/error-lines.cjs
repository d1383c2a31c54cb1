'use strict';
// The error lines of start-up, written before any bundle is loaded: by bin/collab.js when there is
// no build, by the launcher (src/launcher.cjs, copied to dist/cli.cjs) when a bundle is missing.
// Both run without the bundles, and so without the rule collab wraps its errors by
// (src/error-text.ts's wrapErrorLines over src/output/text-width.ts's wrapNote): this is that rule
// once more, in CommonJS, held to it by test/process/missing-build.test.ts.

/**
 * `error:` and `hint:` lines on stderr, wrapped at its width when it is a terminal (or at
 * COLLAB_FORCE_TTY's), as collab's other errors are; left whole in a pipe.
 */
function writeErrorLines(lines) {
  const width = /^\d{2,}$/.test(process.env.COLLAB_FORCE_TTY || '')
    ? Number(process.env.COLLAB_FORCE_TTY)
    : (process.stderr.isTTY && process.stderr.columns) || 0;
  process.stderr.write(`${lines.map((line) => wrapped(line, width)).join('\n')}\n`);
}

/**
 * A line's words for wrapping: a command quoted in backticks is one word where it fits a line of
 * `room` (measured by `width`: characters here, terminal cells in src/output/text-width.ts, which
 * takes it from here so that both wrap alike), but not right after the line's label (`hint:`):
 * moved whole to the next line it would leave the label alone on its own.
 */
function noteWords(line, room, width = (text) => text.length) {
  const words = line.split(' ');
  const out = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const ticks = (word.match(/`/g) || []).length;
    const end = ticks % 2 === 1 ? words.findIndex((next, j) => j > i && next.includes('`')) : -1;
    const quoted = end < 0 ? undefined : words.slice(i, end + 1).join(' ');
    const afterLabel = i === 1 && /:$/.test(words[0]);
    if (quoted !== undefined && !afterLabel && width(quoted) <= room) {
      out.push(quoted);
      i = end;
    } else out.push(word);
  }
  return out;
}

/**
 * Where a word too long for a line may break: the indexes just after each comma and slash in it,
 * and with `encoded` (the default) each encoded slash, %2F in any case (a project's path in a
 * request path, `acme%2Fweb%2Fstorefront`, reads as acme/web/storefront). The one rule of notes,
 * here and in src/output/text-width.ts (wrapNote), and of a table's cells there (breakAfter).
 */
function wordBreaks(word, encoded = true) {
  const at = [];
  for (const match of word.matchAll(encoded ? /[,/]|%2F/gi : /[,/]/g)) at.push(match.index + match[0].length);
  return at;
}

/** A word cut after each of its breaks (wordBreaks): `id,` `path,` `name`, joined back as they were. */
function wordParts(word) {
  const parts = [];
  let from = 0;
  for (const at of [...wordBreaks(word), word.length])
    if (at > from) {
      parts.push(word.slice(from, at));
      from = at;
    }
  return parts;
}

/**
 * A line wrapped to a terminal's width (0: not a terminal, left whole) as wrapNote wraps it: at
 * spaces (never inside a command quoted in backticks that fits a line), a word longer than a line
 * after its slashes or commas (or a %2F), later lines indented by two. Its text is ASCII but the checkout's
 * path, measured here in characters.
 */
function wrapped(line, width) {
  if (width < 20 || line.length <= width) return line;
  const pieces = [];
  for (const word of noteWords(line, width - 2)) {
    if (word.length <= width - 2) pieces.push({ piece: word, glued: false });
    else for (const [i, part] of wordParts(word).entries()) pieces.push({ piece: part, glued: i > 0 });
  }
  const lines = [];
  let current = '';
  const room = () => (lines.length === 0 ? width : width - 2);
  for (const { piece, glued } of pieces) {
    const joined = current === '' ? piece : glued ? current + piece : `${current} ${piece}`;
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

module.exports = { noteWords, wordBreaks, wordParts, writeErrorLines };
