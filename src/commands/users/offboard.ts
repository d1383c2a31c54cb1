import {
  allMemberships,
  type MemberRecord,
  type MembershipRecord,
  membersPath,
  membershipOwner,
  removeMember,
} from '../../api/members.js';
import type { Owner } from '../../api/owner.js';
import { confirmTargets } from '../../bulk/confirm.js';
import {
  failure,
  failuresError,
  type Outcome,
  resultColumns,
  resultField,
  showFailureHints,
  summary,
  type TargetResult,
} from '../../bulk/results.js';
import { sendUntilGrace } from '../../bulk/run-targets.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError } from '../../errors.js';
import { flat } from '../../error-text.js';
import type { HttpClient } from '../../http/client.js';
import { paginateItems } from '../../http/paginate.js';
import { ACCESS_LEVELS } from '../../params/access.js';
import { eachLimited } from '../../util/pool.js';
import { resolveUser } from '../members/shared.js';
import { accessLevelName } from '../../params/access.js';
import { verb, type VerbInput } from '../verb.js';
import { DONE, moderationText } from './moderate.js';
import { moderateUser } from '../../api/users.js';
import { membershipSources, sourceKey } from './membership-paths.js';
import type { Column } from '../../output/format.js';
import { bool } from '../flags.js';
import { concurrencyFlag } from '../common-options.js';
import { USER } from './shared.js';
import { MAX_TARGET_CONCURRENCY } from '../targets.js';

export const OFFBOARD = verb({
  name: 'offboard',
  summary: 'Remove a user from every project and group they are a direct member of',
  description:
    'Lists the user’s direct memberships and shows the plan on stderr: each project and group by full path and ID with the role, and the groups where the user is the last owner, which are refused (add another owner first; they are failures in the results), and the user’s own personal projects, which stay (unchanged: the holder of a personal namespace stays its member; one line with their count unless --verbose). With --dry-run, -o json, ndjson or csv print the plan on stdout as data (type, id, path, access_level, action: remove, refused or kept, reason). Asks to type the number of memberships on the terminal, or takes --yes. Each removal is one result (ok, unchanged when already gone, failed). Interrupted, run it again: it lists what is left and removes only that. The user’s account stays as it is, unless --block or --deactivate: then, once every membership has its answer, the account is blocked or deactivated (a last result, `user <id>`; unchanged when it already was; the service deactivates only a user inactive for 90 days).',
  args: { user: USER },
  flags: {
    concurrency: concurrencyFlag('removals in flight at once', MAX_TARGET_CONCURRENCY),
    block: bool('--block', 'then block the account (after every membership is done)'),
    deactivate: bool(
      '--deactivate',
      'then deactivate the account, for a user inactive 90 days (after every membership)',
    ),
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab users offboard dana --dry-run',
    'collab users offboard dana --yes',
    'collab users offboard dana --block --yes',
    'collab users offboard 7 --yes --json | jq -r \'.[] | select(.status == "failed") | .target\'',
  ],
});

/**
 * collab users offboard: every direct membership of a user, removed with the run's one client
 * (one pool, one rate-limit gate), --concurrency at a time, one result each in the format of a
 * run over many targets (src/bulk/results.ts) and its exit code. The plan is made from the
 * memberships as they are now, so a run interrupted and run again removes only what is left.
 */

interface OffboardOptions {
  user: string;
  concurrency: number | undefined;
  yes: boolean;
  /** --block or --deactivate: what happens to the account once the memberships are done. */
  account: AccountAction | undefined;
}

type AccountAction = 'block' | 'deactivate';

interface Step {
  membership: MembershipRecord;
  owner: Owner;
  /** The project's or group's full path (the memberships list gives its name alone). */
  path: string;
  /** `group 3`, `project 12`: the result's target. */
  target: string;
  /** Why it is not attempted: a failure. */
  refused?: string;
  /** Why it stays: not attempted, and not a failure. */
  kept?: string;
}

const LAST_OWNER = 'the last owner of the group: add another owner first';
const PERSONAL = 'their own personal project (the holder of a personal namespace stays its member)';

export function parse(input: VerbInput<typeof OFFBOARD>): OffboardOptions {
  if (input.block && input.deactivate)
    throw new CollabError('usage', '--block and --deactivate cannot be used together', {
      hint: 'block a user who was active in the last 90 days; deactivate a dormant one',
    });
  const account = input.block ? 'block' : input.deactivate ? 'deactivate' : undefined;
  return { user: input.user, concurrency: input.concurrency, yes: input.yes, account };
}

export async function run(ctx: VerbContext, opts: OffboardOptions): Promise<void> {
  const stopGrace = sendUntilGrace(ctx);
  try {
    await offboard(ctx, opts);
  } finally {
    stopGrace();
  }
}

async function offboard(ctx: VerbContext, opts: OffboardOptions): Promise<void> {
  const user = await resolveUser(ctx, opts.user);
  const client = await ctx.session.client();
  const concurrency = opts.concurrency ?? Math.min(16, await ctx.session.numberSetting('concurrency'));
  const steps = await plan(client, user.id, await allMemberships(client, user.id), concurrency);
  showPlan(ctx, opts.user, user.id, steps);
  if (opts.account) ctx.terminal.info(`then: ${opts.account} ${opts.user} (ID ${user.id})`);
  const doable = steps.filter((step) => !step.refused && !step.kept);
  if (ctx.session.dryRun) {
    const refused = steps.filter((step) => step.refused).length;
    const kept = steps.filter((step) => step.kept).length;
    // The plan as data for programs (json, ndjson, csv); people had it on stderr.
    const accountRow = opts.account
      ? [{ type: 'user', id: user.id, path: opts.user, access_level: null, action: opts.account, reason: null }]
      : [];
    await ctx.presenter.action({ items: [...steps.map(planRow), ...accountRow], columns: PLAN_COLUMNS });
    ctx.terminal.info(
      `dry run: nothing was sent; ${doable.length} would be removed${refused ? `, ${refused} refused` : ''}${kept ? `, ${kept} kept` : ''}${opts.account ? `, then the account ${DONE[opts.account]}` : ''}`,
    );
    return;
  }
  const asked = doable.length + (opts.account ? 1 : 0);
  if (asked > 0 && !opts.yes)
    await confirmTargets(
      ctx,
      asked,
      `remove ${opts.user} from ${doable.length} membership${doable.length === 1 ? '' : 's'}${opts.account ? `, then ${opts.account} the account` : ''}`,
    );

  const outcomes = new Map<Step, Outcome>();
  for (const step of steps) {
    if (step.refused)
      outcomes.set(
        step,
        failure(step.target, new CollabError('auth', `${opts.user} is ${step.refused}`), (text) =>
          ctx.terminal.redact(text),
        ),
      );
    if (step.kept)
      outcomes.set(step, {
        result: { target: step.target, status: 'unchanged', error: null, response: step.membership },
        message: `kept: ${step.kept}`,
      });
  }
  let removed = 0;
  // The results print at the end: until then a count on a terminal's stderr.
  const progress = await ctx.terminal.spinner(`0 of ${doable.length} memberships done`);
  try {
    await eachLimited(
      doable,
      concurrency,
      async (step) => {
        const outcome = await removeOne(ctx, step, user.id);
        if (outcome) outcomes.set(step, outcome);
        progress.text(`${++removed} of ${doable.length} memberships done`);
      },
      () => ctx.session.signal.aborted,
    );
  } finally {
    progress.stop();
  }

  // The account last, once every membership has its answer (an interrupted run does it when run again).
  const interrupted = steps.some((step) => !outcomes.has(step));
  const account =
    opts.account && !interrupted ? await moderateAccount(ctx, opts.account, opts.user, user.id) : undefined;
  const done = [
    ...steps.filter((step) => outcomes.has(step)).map((step) => outcomes.get(step) as Outcome),
    ...(account ? [account] : []),
  ];
  // Removals first, then refusals; their own personal projects, which stay, are one count in the
  // summary (as in the plan) unless --verbose lists them.
  const rank = (step: Step) => (step.kept ? 2 : step.refused ? 1 : 0);
  const shown = steps
    .filter((step) => outcomes.has(step) && (ctx.terminal.verbose || step.kept !== PERSONAL))
    .sort((a, b) => rank(a) - rank(b))
    .map((step) => outcomes.get(step) as Outcome)
    .concat(account ? [account] : []);
  const messages = new Map<TargetResult, string>(shown.map((outcome) => [outcome.result, outcome.message]));
  await ctx.presenter.list(
    shown.map((outcome) => outcome.result),
    { columns: resultColumns((result) => messages.get(result)), fieldPath: resultField },
  );
  showFailureHints(ctx.terminal, shown);
  if (interrupted) {
    // Shown even with --quiet: it says how to finish.
    ctx.terminal.stderrLine(
      `${summary(done)}; not done: ${steps.length + (account ? 1 : 0) - done.length} of ${steps.length} memberships${opts.account ? `, and the account not ${DONE[opts.account]}` : ''}. To finish, run the same command again: it lists what is left.`,
    );
    throw new CollabError('interrupted', 'interrupted');
  }
  const failed = failuresError(done);
  const said = summaryOf(steps, outcomes, account);
  if (failed)
    throw new CollabError(failed.kind, said, {
      hint:
        account?.result.status === 'failed' && opts.account === 'deactivate'
          ? 'the service deactivates only a user inactive for 90 days: run it again with --block'
          : retryHint(steps, outcomes),
    });
  ctx.terminal.info(said);
}

/** `1 ok, 22 kept (their own personal projects)`: the personal projects kept are named as such. */
function summaryOf(steps: readonly Step[], outcomes: ReadonlyMap<Step, Outcome>, account?: Outcome): string {
  const personal = steps.filter((step) => step.kept === PERSONAL).length;
  const rest = summary([
    ...steps
      .filter((step) => step.kept !== PERSONAL && outcomes.has(step))
      .map((step) => outcomes.get(step) as Outcome),
    ...(account ? [account] : []),
  ]);
  if (personal === 0) return rest;
  const kept = `${personal} kept (their own personal project${personal === 1 ? '' : 's'})`;
  return rest === '0 targets' ? kept : `${rest}, ${kept}`;
}

/**
 * The steps in the order listed: a group where the user is the last owner refused, the user's
 * own personal projects kept (only Owner memberships are looked at, one read each).
 */
async function plan(
  client: HttpClient,
  userId: number,
  memberships: readonly MembershipRecord[],
  concurrency: number,
): Promise<Step[]> {
  const sources = await membershipSources(client, memberships, concurrency);
  const steps: Step[] = [];
  for (const membership of memberships) {
    const owner = membershipOwner(membership);
    const source = sources.get(sourceKey(membership));
    const step: Step = {
      membership,
      owner,
      path: source?.path ?? membership.source_name,
      // Results name what a person reads: the full path (the ID is in the dry run's data).
      target: `${owner.kind} ${source?.path ?? membership.source_name}`,
    };
    if (membership.access_level >= ACCESS_LEVELS.owner) {
      if (owner.kind === 'group' && (await lastOwner(client, owner, userId))) step.refused = LAST_OWNER;
      if (owner.kind === 'project' && source?.personalHolder === userId) step.kept = PERSONAL;
    }
    steps.push(step);
  }
  return steps;
}

/** A step as the dry run's data: what would be removed, refused or kept, by path and ID. */
function planRow(step: Step): Record<string, unknown> {
  const action = step.refused ? 'refused' : step.kept ? 'kept' : 'remove';
  return {
    type: step.owner.kind,
    id: step.membership.source_id,
    path: step.path,
    access_level: step.membership.access_level,
    action,
    reason: step.refused ?? step.kept ?? null,
  };
}

const PLAN_COLUMNS: readonly Column[] = [
  { header: 'TYPE', path: 'type' },
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path', text: true },
  { header: 'ACCESS', path: 'access_level', format: accessLevelName },
  { header: 'ACTION', path: 'action' },
  { header: 'REASON', path: 'reason', text: true },
];

/**
 * Whether no one else owns the group, as the service counts owners for its last-owner rule:
 * owners of the group or of a group above it (members/all has both).
 */
async function lastOwner(client: HttpClient, group: Owner, userId: number): Promise<boolean> {
  for await (const member of paginateItems<MemberRecord>(client, { path: membersPath(group, true), perPage: 100 })) {
    if (member.id !== userId && member.access_level >= ACCESS_LEVELS.owner) return false;
  }
  return true;
}

function showPlan(ctx: VerbContext, ref: string, userId: number, steps: readonly Step[]): void {
  if (steps.length === 0) {
    ctx.terminal.info(`${ref} (ID ${userId}) is a direct member of no project or group; nothing to do`);
    return;
  }
  ctx.terminal.info(`${ref} (ID ${userId}) has ${steps.length} direct membership${steps.length === 1 ? '' : 's'}:`);
  // Their own personal projects stay: one line for them all unless --verbose.
  const personal = steps.filter((step) => step.kept === PERSONAL);
  const listed = ctx.terminal.verbose ? steps : steps.filter((step) => step.kept !== PERSONAL);
  const paths = listed.map((step) => flat(step.path));
  const width = Math.max(0, ...paths.map((path) => path.length));
  const idWidth = Math.max(0, ...listed.map((step) => String(step.membership.source_id).length));
  listed.forEach((step, index) => {
    const role = accessLevelName(step.membership.access_level).padEnd(10);
    const line = `  ${step.owner.kind.padEnd(7)} ${String(step.membership.source_id).padStart(idWidth)}  ${(paths[index] as string).padEnd(width)}  ${role}`;
    ctx.terminal.info(
      step.refused ? `${line}  refused: ${step.refused}` : step.kept ? `${line}  kept: ${step.kept}` : line.trimEnd(),
    );
  });
  if (personal.length > 0 && listed.length < steps.length) {
    ctx.terminal.info(
      `  kept: ${personal.length} of their own personal project${personal.length === 1 ? '' : 's'} (the holder of a personal namespace stays its member; --verbose lists them)`,
    );
  }
}

/** One removal; undefined when Ctrl-C stopped it before it had an answer. */
async function removeOne(ctx: VerbContext, step: Step, userId: number): Promise<Outcome | undefined> {
  const { membership, owner, target } = step;
  // Each removal is exactly the membership listed: a group's does not take those below it,
  // which are in the plan on their own.
  const params = owner.kind === 'group' ? { skip_subresources: true } : {};
  const what = `${owner.kind} ${flat(step.path)} (ID ${membership.source_id}, ${accessLevelName(membership.access_level)})`;
  try {
    const response = await ctx.session.request(removeMember(owner, userId, params));
    const gone = response.status === 404;
    const message = gone ? `not a member of ${what} any more` : `removed from ${what}`;
    return { result: { target, status: gone ? 'unchanged' : 'ok', error: null, response: membership }, message };
  } catch (error) {
    if (ctx.session.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted')) return undefined;
    return failure(target, error, (text) => ctx.terminal.redact(text));
  }
}

/**
 * What to do about the failures: a refusal as the last owner stays one until someone else owns the
 * group, so running the command again alone cannot remove it.
 */
function retryHint(steps: readonly Step[], outcomes: ReadonlyMap<Step, Outcome>): string {
  const failed = steps.filter((step) => outcomes.get(step)?.result.status === 'failed');
  const lastOwned = failed.filter((step) => step.refused === LAST_OWNER);
  if (lastOwned.length === 0)
    return 'see each failed membership’s result; run the same command again to retry what is left';
  const others = failed.length > lastOwned.length ? '; for the other failures, see each result' : '';
  return `add another owner to ${lastOwned.length === 1 ? 'the refused group' : `each of the ${lastOwned.length} refused groups`} first (\`collab groups members add <group> --user <username> --access owner\`), then run the same command again${others}`;
}

/** The account's step, one result (`user 7`): done, unchanged when it already was so, or the service's refusal. */
async function moderateAccount(
  ctx: VerbContext,
  action: AccountAction,
  ref: string,
  userId: number,
): Promise<Outcome | undefined> {
  const target = `user ${userId}`;
  try {
    const { data } = await ctx.session.request(moderateUser(userId, action));
    const { changed, text } = moderationText(action, ref, data);
    return {
      result: {
        target,
        status: changed ? 'ok' : 'unchanged',
        error: null,
        response: { id: userId, state: DONE[action] },
      },
      message: text,
    };
  } catch (error) {
    if (ctx.session.signal.aborted && (!isCollabError(error) || error.kind === 'interrupted')) return undefined;
    return failure(target, error, (text) => ctx.terminal.redact(text));
  }
}
