import { getGroup, type GroupRecord, type GroupRef, transferGroup } from '../../api/groups.js';
import { resolveGroupId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../delete.js';
import type { VerbInput } from '../verb.js';
import { printGroup } from './group-output.js';
import { tableOption } from '../../params/derive.js';
import { GROUP_TRANSFER_PARAMS } from '../../params/groups.js';
import { groupRef } from '../../params/parsers.js';
import { bool, option } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

const TRANSFER_TO = tableOption(GROUP_TRANSFER_PARAMS, 'group_id');

export const TRANSFER = verb({
  name: 'transfer',
  destructive: true,
  summary: 'Move a group under another group (--to), or make it top-level (--top-level)',
  description: 'On a terminal you confirm by typing the group’s full path; scripts pass --yes.',
  args: { group: GROUP },
  flags: {
    to: option('--group-id <group>', TRANSFER_TO.description, groupRef, { aliases: ['--to', '--parent'] }),
    topLevel: bool('--top-level', 'make the group a top-level group (instead of --to)'),
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab groups transfer acme/web --to globex',
    'collab groups transfer acme/platform/infra --top-level --yes',
  ],
});

export interface TransferOptions {
  group: GroupRef;
  /** The new parent; undefined with --top-level. */
  to: GroupRef | undefined;
  yes: boolean;
}

/** Once a run: where the group goes is said, and not into itself. */
export function parse({ group, to, topLevel, yes }: VerbInput<typeof TRANSFER>): TransferOptions {
  // Top-level is said, never implied: a forgotten --to must not move a group to the top.
  if (to === undefined && !topLevel)
    throw new CollabError(
      'usage',
      'say where the group goes: --to <group>, or --top-level to make it a top-level group',
      { hint: `collab groups transfer ${group} --to <group>` },
    );
  if (to !== undefined && topLevel) throw new CollabError('usage', '--to and --top-level cannot be combined: give one');
  // What can be seen without asking the service: the same reference, or a path below the group's own.
  const same = to !== undefined && String(to).toLowerCase() === String(group).toLowerCase();
  const below =
    typeof to === 'string' && typeof group === 'string' && to.toLowerCase().startsWith(`${group.toLowerCase()}/`);
  if (same || below)
    throw new CollabError('usage', `cannot move group ${group} into ${same ? 'itself' : `its own subgroup ${to}`}`);
  return { group, to, yes };
}

export async function run(ctx: VerbContext, opts: TransferOptions): Promise<void> {
  // Without a terminal to confirm on, --yes is required: refused first, before any request.
  await needConfirmation(ctx, opts.yes, `transfer group ${opts.group}`);
  const targetId = opts.to === undefined ? undefined : await resolveGroupId(ctx.session, opts.to, '--to');
  if (!opts.yes && !ctx.session.dryRun) {
    // The path typed is the service's, whatever reference was given.
    const { full_path: fullPath } = (await ctx.session.request<GroupRecord>(getGroup(opts.group))).data;
    await ctx.prompter.confirmByTyping(
      fullPath,
      opts.to === undefined ? `make group ${fullPath} a top-level group` : `move group ${fullPath} into ${opts.to}`,
      false,
    );
  }
  const response = await ctx.session.mutate<GroupRecord>(transferGroup(opts.group, targetId));
  if (!response) return;
  const moved = response.data;
  ctx.terminal.info(
    moved.parent_id === null
      ? `group ${moved.full_path} is now a top-level group`
      : `moved group ${opts.group}: its full path is now ${moved.full_path}`,
  );
  await printGroup(ctx, moved);
}
