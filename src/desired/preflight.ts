import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { getGroup } from '../api/groups.js';
import { getProject } from '../api/projects.js';
import { findResource } from '../api/recover.js';
import type { VerbContext } from '../context.js';
import { CollabError, isCollabError } from '../errors.js';
import { equal, liveFields, type ResolveTemplate, reachedBy } from './diff.js';
import type { Journal } from './journal.js';
import { eachLimited } from '../util/pool.js';
import { askedSections, checkAsks, readByGraphql } from './graphql.js';
import { readInto } from './live.js';
import { TEMPLATE } from './sections/common.js';
import { sectionNamed } from './sections/index.js';
import { resolveReferences } from './load.js';
import { byTarget, type Change, type LiveTarget, type Plan, targetKey, type Unset } from './model.js';
import type { Env } from '../runtime.js';

/**
 * Before a saved plan writes anything, everything it needs is checked at once, as terraform
 * refuses a stale plan file whole: every secret it names resolves, the file it was made from is
 * the one saved (or a note says it changed), and every target can still be read by the caller.
 * Any of those failing is exit 2 with nothing sent. A target whose planned-from fields moved is
 * stale: it alone is refused (nothing of it written), the others are applied. A change whose fields
 * moved to what the change itself makes (this plan applied to the target before) is done, as
 * terraform refuses a saved plan only when the state moved elsewhere: nothing of it is sent again.
 */

/** Each target's stale refusal, by `kind:path`. */
export type Stale = Map<string, CollabError>;

/** What the check found: the stale targets, and the IDs of the changes already made (not sent). */
export interface Checked {
  stale: Stale;
  reached: ReadonlySet<string>;
}

export async function preflight(
  ctx: VerbContext,
  plan: Plan,
  journal: Journal,
  options: { concurrency: number; graphql: boolean },
): Promise<Checked> {
  const pending = plan.changes.filter((change) => !journal.isDone(change.id));
  checkSecrets(ctx, plan, pending);
  noteChangedFile(ctx, plan);
  return readTargets(ctx, plan, pending, journal, options.concurrency, options.graphql);
}

/** Every `${env:…}`/`${file:…}` the changes send that does not resolve now (a plan keeps secrets as templates). */
export function unsetSecrets(env: Env, fileDir: string, changes: readonly Change[]): Unset[] {
  const found = new Map<string, Set<string>>();
  for (const change of changes) {
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        for (const [reference] of value.matchAll(TEMPLATE))
          resolveReferences(reference, env, fileDir, (problem) => {
            const ids = found.get(problem) ?? new Set<string>();
            found.set(problem, ids.add(change.id));
          });
      } else if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
    };
    visit(change.request);
    // A key named by a secret is resolved to find its item, whether or not the request sends it (a delete).
    visit(change.address.key);
  }
  return [...found].map(([problem, ids]) => ({ problem, changes: [...ids] }));
}

/** Each unset secret on a line of its own, with the changes that send it. */
function unsetLines(unset: readonly Unset[]): string[] {
  return unset.map(
    ({ problem, changes }) =>
      `${problem}, sent by ${changes.slice(0, 3).join(', ')}${changes.length > 3 ? ` and ${changes.length - 3} more` : ''}`,
  );
}

/** Every `${env:…}`/`${file:…}` a pending change sends resolves now; else each is named and nothing is sent. */
export function checkSecrets(ctx: VerbContext, plan: Plan, pending: readonly Change[]): void {
  const unset = unsetSecrets(ctx.session.env, dirname(plan.file.path), pending);
  if (unset.length === 0) return;
  for (const line of unsetLines(unset)) ctx.terminal.stderrLine(line);
  throw new CollabError(
    'usage',
    `the plan needs ${unset.length === 1 ? 'a secret that is' : `${unset.length} secrets that are`} not there; nothing was sent`,
    { hint: 'set them, then apply the plan again' },
  );
}

/** The plan's changes that send a secret not set now: `collab plan` runs without it (the service never shows it), and says what apply will need. */
export function noteUnsetSecrets(ctx: VerbContext, plan: Plan): void {
  if (!plan.unset || plan.unset.length === 0) return;
  ctx.terminal.stderrLine(
    `note: ${plan.unset.length === 1 ? 'a secret' : `${plan.unset.length} secrets`} not set now, needed only to apply the changes that send ${plan.unset.length === 1 ? 'it' : 'them'}:`,
  );
  for (const line of unsetLines(plan.unset)) ctx.terminal.stderrLine(`  ${line}`);
}

/** The file the plan was made from, changed since: the plan is applied as saved, and the user is told. */
function noteChangedFile(ctx: VerbContext, plan: Plan): void {
  let digest: string | undefined;
  try {
    digest = createHash('sha256').update(readFileSync(plan.file.path, 'utf8')).digest('hex');
  } catch {
    digest = undefined;
  }
  if (digest === plan.file.digest) return;
  const what =
    digest === undefined
      ? `${plan.file.path}, which the plan was made from, cannot be read now`
      : `${plan.file.path} changed since the plan was made`;
  ctx.terminal.warn(
    `${what}: applying the plan as saved (\`collab plan -f ${plan.file.path} --out <file>\` plans the file as it is now)`,
  );
}

/** A target of the plan, and the changes compared against what it has now. */
interface Check {
  key: string;
  live: LiveTarget;
  compared: Change[];
  creating: boolean;
  /** The read of `live.resource` once asked (GraphQL confirming every section compared needs none): whether the caller reaches it. */
  found?: Promise<boolean>;
}

/**
 * Reads every target once: one the caller cannot reach is an error for the whole plan; one whose
 * fields moved is stale. The sections are read through GraphQL where `graphql` allows and a section
 * has such a read, many targets a request (src/desired/graphql.ts, with its fallback), by REST
 * otherwise, beside each other. A target whose every compared section GraphQL confirms unmoved is
 * not read by REST at all: GraphQL found it by its path, as the caller sees it. A change that looks
 * moved through GraphQL is compared again with the REST read, which decides: the stale refusal says
 * what REST shows, as without GraphQL, and a field GraphQL does not show (an access entry's ID, a
 * label's priority) is never taken as unmoved.
 */
async function readTargets(
  ctx: VerbContext,
  plan: Plan,
  pending: readonly Change[],
  journal: Journal,
  concurrency: number,
  graphql: boolean,
): Promise<Checked> {
  const unreachable: string[] = [];
  const client = await ctx.session.client();
  const sectionsOf = (changes: readonly Change[]) => new Set(changes.map((change) => change.address.section));
  const checks: Check[] = byTarget(pending).map(({ kind, path, changes }) => ({
    key: targetKey(kind, path),
    live: { kind, path, resource: null },
    // A change started by an earlier run and not known done is looked for by its recover, not compared.
    compared: changes.filter((change) => !journal.inDoubt(change.id)),
    creating: changes.some((change) => change.address.section === 'create'),
  }));
  /** The target's resource, read once; false when the caller cannot reach it (said below). */
  const find = (check: Check): Promise<boolean> => {
    check.found ??= reach(check);
    return check.found;
  };
  const reach = async (check: Check): Promise<boolean> => {
    const { kind, path } = check.live;
    try {
      check.live.resource =
        (await findResource<Record<string, unknown>>(client, kind === 'project' ? getProject(path) : getGroup(path))) ??
        null;
    } catch (error) {
      if (!isCollabError(error) || error.kind !== 'auth') throw error;
      unreachable.push(`${kind} ${path}: ${error.message}`);
      return false;
    }
    if (check.live.resource === null && !check.creating) {
      unreachable.push(`${kind} ${path} cannot be found (removed, moved, or no longer visible to you)`);
      return false;
    }
    return true;
  };
  const asks = graphql
    ? checkAsks(
        checks
          .filter((check) => !check.creating)
          .map(({ live, compared }) => ({ live, sections: sectionsOf(compared) })),
      )
    : [];
  const asked = askedSections(asks);
  const byRest = (check: Check) => [...sectionsOf(check.compared)].filter((name) => !asked.get(check.live)?.has(name));
  // Those with a section GraphQL cannot read (or none compared) are found first, as without GraphQL.
  const first = checks.filter((check) => !asked.has(check.live) || byRest(check).length > 0);
  // Beside the queries, each way bounded by `concurrency` (as plan reads: live.ts, readSections).
  const [filled] = await Promise.all([
    readByGraphql(ctx, asks, concurrency),
    eachLimited(first, concurrency, async (check) => {
      if (await find(check)) await readInto(ctx, check.live, new Set(byRest(check)));
    }),
  ]);
  const byGraphql = (check: Check) => filled.get(check.live) ?? new Set<string>();
  // What GraphQL left or shows moved: read by REST, the target found first where it was not.
  await eachLimited(checks, concurrency, async (check) => {
    const again = [...(asked.get(check.live) ?? [])].filter(
      (name) =>
        !byGraphql(check).has(name) ||
        check.compared.some(
          (change) => change.address.section === name && moved(change, check.live, resolverOf(ctx, plan), true),
        ),
    );
    if (again.length === 0) return;
    for (const name of again) byGraphql(check).delete(name);
    if (await find(check)) await readInto(ctx, check.live, new Set(again));
  });
  if (unreachable.length > 0) {
    for (const line of unreachable.sort()) ctx.terminal.stderrLine(line);
    throw new CollabError(
      'usage',
      `${unreachable.length === 1 ? 'a target' : `${unreachable.length} targets`} of the plan cannot be reached; nothing was sent`,
      {
        hint: `check the token's access, or make a new plan (\`collab plan -f ${plan.file.path} --out <file>\`)`,
      },
    );
  }
  const stale: Stale = new Map();
  const reached = new Set<string>();
  const resolve = resolverOf(ctx, plan);
  for (const check of checks) {
    const { live } = check;
    const moves = check.compared.filter((each) =>
      moved(each, live, resolve, byGraphql(check).has(each.address.section)),
    );
    // Moved to the change's own result is done; moved anywhere else (or shown only in part by
    // GraphQL) is another client's doing, and the whole target is refused.
    const change = moves.find((each) => byGraphql(check).has(each.address.section) || !reachedBy(each, live, resolve));
    if (!change) {
      for (const each of moves) reached.add(each.id);
      continue;
    }
    stale.set(
      check.key,
      new CollabError(
        'rejected',
        `stale: ${change.id} was planned from ${JSON.stringify(change.live)}, the service now has ${JSON.stringify(liveFields(change.address, live, change.after, { change, resolve }))}; nothing of ${live.path} was changed`,
        {
          hint: `make a new plan of it (\`collab plan -f ${plan.file.path} --out <file> ${live.path}\`) and review it`,
        },
      ),
    );
  }
  // What of a change sent the check could not compare (a secret it keeps no digest of) is said,
  // never sent silently over what another client may have set since the plan.
  for (const check of checks) {
    if (stale.has(check.key)) continue;
    for (const change of check.compared) {
      if (reached.has(change.id)) continue;
      const unchecked = sectionNamed(change.address.section)?.unchecked?.(change.request);
      if (unchecked) ctx.terminal.warn(`${change.id}: ${unchecked}`);
    }
  }
  return { stale, reached };
}

/** `partial`: the live state came through GraphQL, which may leave fields out: a field it lacks is not taken as unmoved. */
const moved = (change: Change, live: LiveTarget, resolve: ResolveTemplate, partial = false) =>
  !unmoved(change.live, liveFields(change.address, live, change.after, { change, resolve }), partial);

/**
 * A secret's template in a change's key (a hook's URL from `${env:…}`) resolved now, as apply sends
 * it: checkSecrets found each set, so the item is looked for by what the secret stands for now.
 */
const resolverOf =
  (ctx: VerbContext, plan: Plan): ResolveTemplate =>
  (template) =>
    resolveReferences(template, ctx.session.env, dirname(plan.file.path), () => undefined);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether what a change was computed from is as it was: every field the plan read, compared; a
 * field read now that the plan did not read (a schedule's variables, read only for the schedules a
 * file gives variables) is not what the change was computed from. Read through GraphQL (`partial`),
 * a field the plan read that the read now lacks is taken as moved: GraphQL may not show it.
 */
function unmoved(then: unknown, now: unknown, partial: boolean): boolean {
  if (isRecord(then) && isRecord(now))
    return Object.keys(then).every((key) => (!partial || key in now) && unmoved(then[key], now[key], partial));
  return equal(then, now);
}
