import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawCase, tableCases } from '../helpers/table-cases.js';

/**
 * The terminal table, byte for byte: test/fixtures/tables.golden.txt holds 18 tables (projects,
 * wrapped notes and members, at 60, 80 and 120 columns, with colour and without, over several
 * pages) as our own drawing drew them before cli-table3 drew the lines (0b5ab41), with the cases
 * of test/helpers/table-cases.ts. cli-table3 (or a change to the fitting rule) must draw the same
 * bytes. A change meant to show something else: COLLAB_UPDATE_GOLDEN=1 npx vitest run
 * test/unit/table-golden.test.ts rewrites the file, and its commit says which bytes changed and why.
 */

const GOLDEN = new URL('../fixtures/tables.golden.txt', import.meta.url);

/** The golden file's tables by title (`=== projects, 60 columns, colour`). */
function goldenTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const part of readFileSync(GOLDEN, 'utf8').split(/^=== /m).slice(1)) {
    const newline = part.indexOf('\n');
    tables.set(part.slice(0, newline), part.slice(newline + 1));
  }
  return tables;
}

describe('the terminal table, byte for byte', () => {
  const cases = tableCases();

  if (process.env.COLLAB_UPDATE_GOLDEN === '1') {
    it('rewrites the golden file', async () => {
      let text = '';
      for (const c of cases) text += `=== ${c.title}\n${await drawCase(c)}`;
      writeFileSync(GOLDEN, text);
      expect(goldenTables().size).toBe(cases.length);
    });
    return;
  }

  it('the golden file holds every case, each a bordered table', () => {
    const golden = goldenTables();
    expect([...golden.keys()]).toEqual(cases.map((c) => c.title));
    for (const text of golden.values()) expect(text).toMatch(/┌[─┬]+┐[\s\S]*└[─┴]+┘/);
  });

  for (const c of cases) {
    it(c.title, async () => {
      expect(await drawCase(c)).toBe(goldenTables().get(c.title));
    });
  }
});
