import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why, in words that stay true: no issue number from a tracker outside the repository
 * (a reader cannot follow it), and every file they point at exists (a moved file leaves its old
 * path behind in comments otherwise).
 */
const ROOT = new URL('../../', import.meta.url).pathname;

/** The comment text of a TypeScript file, line by line: whole comment lines, and what follows ` // ` on a line of code. */
function commentLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let inBlock = false;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (inBlock || trimmed.startsWith('/*')) {
      out.push({ line: index + 1, text: trimmed });
      inBlock =
        !trimmed.includes('*/') ||
        (trimmed.startsWith('/*') && trimmed.indexOf('*/') < 2 && trimmed.length > 2 && !trimmed.endsWith('*/'));
      return;
    }
    if (trimmed.startsWith('//')) out.push({ line: index + 1, text: trimmed });
    else if (raw.includes(' // ')) out.push({ line: index + 1, text: raw.slice(raw.indexOf(' // ')) });
  });
  return out;
}

function sources(): Array<{ file: string; comments: Array<{ line: number; text: string }> }> {
  return ['src', 'test'].flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .filter((name) => /\.(ts|mts|cts)$/.test(name) && !name.includes('fixtures'))
      .map((name) => ({ file: `${dir}/${name}`, comments: commentLines(readFileSync(join(ROOT, dir, name), 'utf8')) })),
  );
}

/**
 * A number in someone's tracker: a hash and a number, a section sign, or the word issue with a
 * number and a part of it (an item, a section, a dot, a colon, a closing parenthesis). A GitLab
 * issue a comment gives as an example ("issue #3 of project grp/app", "a note on issue 1") is data.
 */
const ISSUE = /\b[Ii]ssues? \d+(?:\.\d|,? items?\b|,? §|\s*§|\)|:)|§\s?\d|(?:^|[\s(])#\d+\b(?! of )/;

/** A test's title: the string `it(`, `describe(` or `test(` (or their `.each(...)`) opens with. */
const TITLE = /\b(?:it|describe|test)(?:\.(?:each|skipIf|runIf)\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;

/** A path of this repository a comment names: `src/…` or `test/…`, up to its extension. */
const PATH = /\b(?:src|test)\/[\w./-]*\.(?:ts|mts|cjs|mjs|json|md|yaml)\b/g;

describe('comments', () => {
  const files = sources();

  it('are read from every source and test file (the reader finds them)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.find((file) => file.file === 'test/unit/comments.test.ts')?.comments.length).toBeGreaterThan(5);
  });

  it('cite no issue number', () => {
    const cited = files.flatMap(({ file, comments }) =>
      comments
        .filter((comment) => ISSUE.test(comment.text))
        .map((comment) => `${file}:${comment.line}: ${comment.text}`),
    );
    expect(cited).toEqual([]);
  });

  it('nor does a test’s title', () => {
    const titled = files.filter(({ file }) => file.startsWith('test/'));
    const titles = titled.flatMap(({ file }) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(TITLE)].map((match) => ({ file, title: match[2] as string })),
    );
    expect(titles.length).toBeGreaterThan(1000);
    expect(titles.filter(({ title }) => ISSUE.test(title)).map(({ file, title }) => `${file}: ${title}`)).toEqual([]);
  });

  it('name only paths that exist', () => {
    const missing = files.flatMap(({ file, comments }) =>
      comments.flatMap((comment) =>
        [...comment.text.matchAll(PATH)]
          .map((match) => match[0])
          .filter((path) => !existsSync(join(ROOT, path)))
          .map((path) => `${file}:${comment.line}: ${path}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('docs/ARCHITECTURE.md', () => {
  const text = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const cells = text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .flatMap((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split(' | ')
        .map((cell) => cell.trim()),
    );

  it('is a map of at most 2,500 words', () => {
    expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2500);
  });

  it('keeps every table cell short enough to read (300 characters); the detail goes to prose below the table', () => {
    expect(cells.filter((cell) => cell.length > 300).map((cell) => `${cell.length}: ${cell.slice(0, 60)}…`)).toEqual(
      [],
    );
  });

  it('shows the layers, the seam, the services, the section registry, the sandbox and the two recipes', () => {
    for (const heading of [
      '## Layers',
      '## The seam',
      '## The services',
      '## Section modules',
      "## The sandbox's truth",
      '## Adding an endpoint, end to end',
      '## Adding a section',
    ])
      expect(text).toContain(`\n${heading}\n`);
  });
});
