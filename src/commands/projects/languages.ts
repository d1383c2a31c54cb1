import { getLanguages } from '../../api/repository.js';
import type { VerbContext } from '../../context.js';
import type { Column } from '../../output/format.js';
import type { ProjectInput } from '../resource-args.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

export const LANGUAGES = verb({
  name: 'languages',
  summary: 'Show the languages of a project’s repository, largest share first',
  description:
    'The table lists language and percent, largest first; -o json prints the service object (language -> percent) in the same order.',
  args: { project: PROJECT },
  examples: ['collab projects languages acme/web/storefront', 'collab projects languages 42 --json'],
});

const LANGUAGE_COLUMNS: readonly Column[] = [
  { header: 'LANGUAGE', path: 'language' },
  { header: 'PERCENT', path: 'percent' },
];

interface LanguageShare {
  language: string;
  percent: number;
}

/** Largest share first; equal shares by name, so the order never depends on the service's. */
function sortLanguages(languages: Readonly<Record<string, unknown>>): LanguageShare[] {
  return Object.entries(languages)
    .map(([language, percent]) => ({ language, percent: Number(percent) }))
    .sort((a, b) => b.percent - a.percent || a.language.localeCompare(b.language));
}

type LanguagesOptions = ProjectInput;

export async function run(ctx: VerbContext, opts: LanguagesOptions): Promise<void> {
  const response = await ctx.session.request<Record<string, number>>(getLanguages(opts.project));
  const rows = sortLanguages(response.data ?? {});
  // JSON gets the service's own shape (language -> percent), in the same order as the table.
  await ctx.presenter.value({
    rows,
    service: Object.fromEntries(rows.map((row) => [row.language, row.percent])),
    columns: LANGUAGE_COLUMNS,
  });
}
