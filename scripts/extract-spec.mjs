#!/usr/bin/env node
// Extracts from the service's API reference the tables that tests check the code against, into
// test/fixtures/spec/*.json, so that the tests need nothing outside the repository. Run it again
// when the reference changes:
//   node scripts/extract-spec.mjs <path of 3-projects.md> [output directory]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [specPath, outDir = new URL('../test/fixtures/spec/', import.meta.url).pathname] = process.argv.slice(2);
if (!specPath) {
  process.stderr.write("usage: node scripts/extract-spec.mjs <path of the spec's 3-projects.md> [output directory]\n");
  process.exit(2);
}
const spec = readFileSync(specPath, 'utf8');

/** The rows (cells trimmed) of the first markdown table after `heading`, without its header. */
function tableAfter(heading) {
  const start = spec.indexOf(heading);
  if (start < 0) throw new Error(`no "${heading}" in ${specPath}`);
  const rows = [];
  let inTable = false;
  for (const line of spec.slice(start).split('\n').slice(1)) {
    if (line.startsWith('|')) {
      inTable = true;
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    } else if (inTable) break;
  }
  return rows.slice(2);
}

/** The bullet of a section whose text starts with `prefix`. */
function bullet(section, prefix) {
  const text = spec.slice(spec.indexOf(section));
  const line = text.split('\n').find((l) => l.startsWith(`- ${prefix}`));
  if (!line) throw new Error(`no "- ${prefix}" under "${section}" in ${specPath}`);
  return line.slice(2);
}

const settings = tableAfter('### Settings table for create').map(
  ([attribute, type, create, createForUser, update]) => ({ attribute, type, create, createForUser, update }),
);
const mirroring = tableAfter('### Pull mirroring').find((cells) => cells[0] === 'POST or PUT');
if (!mirroring) throw new Error('no create/update row in the pull-mirroring table');
const table = {
  source: '3-projects.md',
  settings,
  pullMirroringParameters: mirroring[2],
  deprecations: bullet('## 9. Versioning', 'Deprecated'),
};
mkdirSync(outDir, { recursive: true });
const file = join(outDir, 'project-settings.json');
writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
process.stdout.write(`wrote ${file}: ${settings.length} settings\n`);
