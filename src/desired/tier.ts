import { getMetadata, isFreeAnswer, type Metadata } from '../api/metadata.js';
import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import type { DesiredData, Level } from './load.js';
import { SECTIONS } from './sections/index.js';

/**
 * A file that uses a paid feature's section (approval rules, protected environments…) against
 * GitLab Free: refused before anything else is read or sent, with one GET /metadata a run, made
 * only when the file uses such a section (`enterprise: false` is GitLab Free).
 */

/** Every level of the file a section may be given at: defaults, each group with its projects and subgroups, each project. */
function levelsOf(data: DesiredData): Level[] {
  const groups = Object.values(data.groups ?? {}).flatMap((group) => [group, group.projects, group.subgroups]);
  return [data.defaults, ...groups, ...Object.values(data.projects ?? {})].filter(
    (level): level is Level => level !== undefined && level !== null,
  );
}

/** Whether the instance says it is GitLab Free (an instance too old to say is taken for a paid one: its answers will tell). */
async function isFree(ctx: VerbContext): Promise<boolean> {
  return isFreeAnswer(await ctx.session.request<Metadata>(getMetadata()));
}

/** `collab plan`/`apply`: a file that uses a paid section against GitLab Free is a usage error. */
export async function refuseUnpaid(ctx: VerbContext, data: DesiredData): Promise<void> {
  const levels = levelsOf(data);
  const used = SECTIONS.filter((section) => section.paid && levels.some((level) => level[section.name] !== undefined));
  if (used.length > 0 && (await isFree(ctx)))
    throw unpaid(
      used.map((section) => `${section.name} (${section.paid})`),
      'collab.yaml uses',
    );
}

/** `collab export`: GitLab Free has no paid section to read; asked for by name, that is a usage error. */
export async function withoutUnpaid(ctx: VerbContext, wanted: Set<string>, named: boolean): Promise<void> {
  const paid = SECTIONS.filter((section) => section.paid && wanted.has(section.name));
  if (paid.length === 0 || !(await isFree(ctx))) return;
  if (named)
    throw unpaid(
      paid.map((section) => section.name),
      '--sections names',
    );
  for (const section of paid) wanted.delete(section.name);
}

function unpaid(what: readonly string[], uses: string): CollabError {
  return new CollabError(
    'usage',
    `${uses} ${what.join(', ')}, which need a paid tier (GitLab Premium or Ultimate): this instance is GitLab Free`,
    { hint: 'remove those sections, or point collab at a GitLab Premium or Ultimate instance' },
  );
}
