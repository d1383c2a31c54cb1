import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every link between the project's Markdown pages resolves: the file exists, and an anchor names a
 * heading of that page (GitHub's rule: lower case, punctuation dropped, spaces to hyphens).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = !inCode && /^#{1,6} (.*)$/.exec(line);
    if (heading)
      anchors.add(
        (heading[1] ?? '')
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\- _]/gu, '')
          .replace(/ /g, '-'),
      );
  }
  return anchors;
}

function links(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t));
}

describe('Markdown links', () => {
  it.each(PAGES)('in %s each name a file and heading that exist', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken = links(text).filter((target) => {
      const [file = '', anchor] = target.split('#');
      const path = file === '' ? join(ROOT, page) : join(ROOT, dirname(page), file);
      if (!existsSync(path)) return true;
      if (anchor === undefined || !path.endsWith('.md')) return false;
      return !headingAnchors(readFileSync(path, 'utf8')).has(anchor);
    });
    expect(broken, `broken links in ${relative(ROOT, join(ROOT, page))}`).toEqual([]);
  });
});

describe('README.md', () => {
  // A guide, not a contract: what collab is, install, the quick start and the recipes; the rest is in docs/.
  it('is at most 200 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });
});
