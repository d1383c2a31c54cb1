import { writeFileSync } from 'node:fs';
import { Document, isScalar, visit } from 'yaml';
import type { VerbContext } from '../../context.js';
import { readAndExport } from '../../desired/export.js';
import { graphqlAllowed } from '../plan/desired-flags.js';
import { plural, readsText } from '../../desired/render.js';
import { SECTIONS } from '../../desired/sections/index.js';
import { CollabError } from '../../errors.js';
import { didYouMean } from '../../util/suggest.js';
import { checkWritable, unwritableFile } from '../../util/unwritable.js';
import type { VerbInput } from '../verb.js';
import type { EXPORT } from './index.js';

interface ExportCommandOptions {
  roots: string[];
  out: string | undefined;
  sections: string[] | undefined;
  concurrency: number | undefined;
  graphql: boolean | undefined;
}

export async function parse(input: VerbInput<typeof EXPORT>): Promise<ExportCommandOptions> {
  const names = SECTIONS.filter((section) => section.export).map((section) => section.name);
  for (const name of input.sections ?? []) {
    if (names.includes(name)) continue;
    throw new CollabError('usage', `--sections: no section ${name}${didYouMean(name, names)}`, {
      hint: `the sections are ${names.join(', ')}`,
    });
  }
  // Checked before any request: an export of every group is not read to be lost at the end.
  if (input.out) await checkWritable(input.out);
  return {
    roots: input.targets.map((path) => path.replace(/^\/+|\/+$/g, '')),
    out: input.out,
    sections: input.sections,
    concurrency: input.concurrency,
    graphql: input.graphql,
  };
}

/** --out's file, written whole; what only the write can tell (a full disk) said as checkWritable says the rest. */
function writeOut(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw unwritableFile(`cannot write ${file}`, error);
  }
}

/** The file as a person writes it: a list of plain values on one line (`topics: [api, docs]`). */
function yamlText(data: unknown): string {
  const doc = new Document(data);
  visit(doc, {
    Seq(_key, node) {
      if (node.items.every((item) => isScalar(item))) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

export async function run(ctx: VerbContext, opts: ExportCommandOptions): Promise<void> {
  const exported = await readAndExport(ctx, {
    roots: opts.roots,
    sections: opts.sections,
    concurrency: opts.concurrency ?? (await ctx.session.numberSetting('concurrency')),
    graphql: await graphqlAllowed(ctx, opts.graphql),
  });
  const header = `# collab export of ${await ctx.session.host()}${opts.roots.length > 0 ? ` (${opts.roots.join(', ')})` : ''}: collab plan -f <this file> has nothing to change.\n`;
  const text = header + yamlText(exported.data);
  const out = opts.out;
  await ctx.presenter.value({
    document: text,
    data: exported.data,
    ...(out ? { to: (written: string) => writeOut(out, written) } : {}),
  });
  if (exported.variables.size > 0) {
    ctx.terminal.warn(
      `the file names ${plural(exported.variables.size, 'secret')} the service never shows: collab plan runs without ${exported.variables.size === 1 ? 'it' : 'them'}, collab apply needs ${exported.variables.size === 1 ? 'it' : 'each'} only for a change that sends it:`,
    );
    for (const [name, what] of [...exported.variables].sort()) ctx.terminal.stderrLine(`  ${name}: ${what}`);
  }
  ctx.terminal.info(
    `exported ${plural(exported.groups, 'group')} and ${plural(exported.projects, 'project')}${opts.out ? ` to ${opts.out}` : ''}; ${readsText(exported.reads, exported.groups + exported.projects)}`,
  );
}
