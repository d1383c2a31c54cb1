import { describe, expect, it } from 'vitest';
import { helpText } from '../helpers/cli.js';

/** plan --help and apply --help on terminals of several widths: paragraphs wrap at the width, never at a fixed place mid-sentence. */

/** The description: the text between the summary and `Arguments:`, its paragraphs with their lines joined. */
function paragraphs(text: string): string[] {
  const body = text.slice(text.indexOf('\n\n', text.indexOf('Usage:')) + 2, text.indexOf('\nArguments:'));
  return body
    .split('\n\n')
    .slice(1)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim());
}

describe('plan and apply --help', () => {
  for (const command of ['plan', 'apply']) {
    it(`${command}: the same paragraphs at 60 and 140 columns, each line within the width`, async () => {
      const narrow = await helpText([command], 60);
      const wide = await helpText([command], 140);
      expect(paragraphs(narrow)).toEqual(paragraphs(wide));
      expect(paragraphs(narrow).length).toBeGreaterThanOrEqual(3);
      const description = narrow.slice(0, narrow.indexOf('\nArguments:'));
      for (const line of description.split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
      // Wide: a paragraph's lines fill the width, none broken where a narrower terminal would break it.
      expect(Math.max(...wide.split('\n').map((line) => line.length))).toBeGreaterThan(100);
    });
  }

  it('plan documents every field of a change line, kind included', async () => {
    const text = paragraphs(await helpText(['plan'], 100)).join(' ');
    for (const field of ['target (', 'kind (', 'section (', 'key (', 'from (', 'to (', 'action ('])
      expect(text).toContain(field);
  });
});
