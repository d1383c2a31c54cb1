import type { UploadFile } from '../../api/form.js';
import { type GroupRecord, type GroupRef, updateGroup } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { collectParams } from '../../params/derive.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { TABLE_SETTINGS } from './group-settings.js';
import { printGroup } from './group-output.js';
import { readAvatar } from '../avatar.js';
import { settingOptions } from '../../params/derive.js';
import { GROUP_SETTINGS } from '../../params/groups.js';
import { groupRef } from '../../params/parsers.js';
import { given, nothingToChange, option } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { avatarFlag, OWN_FLAGS, PARENT } from './group-settings.js';
import { verb } from '../verb.js';

/** What update changes (the hidden --parent is refused): a call with none of them is refused. */
const CHANGE_FLAGS = {
  settings: given(() => settingOptions(GROUP_SETTINGS, 'update', OWN_FLAGS)),
  avatar: avatarFlag(),
};

export const UPDATE = verb({
  name: 'update',
  summary: 'Change a group’s settings (owners and administrators)',
  args: { group: GROUP },
  // --parent is hidden: given, it is refused with the way to move a group (groups transfer).
  flags: {
    settings: CHANGE_FLAGS.settings,
    parent: option(...PARENT, groupRef, { hidden: true, aliases: ['--parent'] }),
    avatar: CHANGE_FLAGS.avatar,
  },
  mutating: true,
  examples: [
    'collab groups update acme --description "Acme Corporation" --default-branch-protection 2',
    'collab groups update acme --shared-runners-setting disabled_with_override',
    'collab groups update acme/web --avatar logo.png',
  ],
});

export interface UpdateOptions {
  group: GroupRef;
  settings: Record<string, unknown>;
  avatar: UploadFile | undefined;
}

/** Once a run: the settings checked, the avatar read. */
export async function parse(input: VerbInput<typeof UPDATE>, scope: ReadScope): Promise<UpdateOptions> {
  const { group } = input;
  if (input.parent !== undefined) {
    throw new CollabError('usage', '--parent is not accepted by groups update', {
      hint: `to move the group, use \`collab groups transfer ${group} --to <parent>\``,
    });
  }
  const settings = collectParams(input.settings, TABLE_SETTINGS, {
    column: 'update',
    commandName: 'groups',
    warn: (message) => scope.warn(message),
  });

  const avatar = input.avatar === undefined ? undefined : await readAvatar(input.avatar);
  if (Object.keys(settings).length === 0 && !avatar)
    throw nothingToChange(CHANGE_FLAGS, '`collab groups update --help` lists them');
  return { group, settings, avatar };
}

export async function run(ctx: VerbContext, opts: UpdateOptions): Promise<void> {
  const response = await ctx.session
    .mutate<GroupRecord>(updateGroup(opts.group, opts.settings, opts.avatar))
    .catch((error: unknown) => {
      throw isCollabError(error) && error.kind === 'rejected' ? takenHint(error, opts) : error;
    });
  if (!response) return;
  ctx.terminal.info(`updated group ${response.data.full_path}`);
  if (
    opts.settings.prevent_sharing_groups_outside_hierarchy !== undefined &&
    !('prevent_sharing_groups_outside_hierarchy' in response.data)
  ) {
    ctx.terminal.warn(
      `--prevent-sharing-groups-outside-hierarchy was ignored: ${response.data.full_path} is a subgroup, and the setting belongs to its top-level group`,
    );
  }
  await printGroup(ctx, response.data);
}

/** A path in use beside the group (`path has already been taken`): said as groups create says it. */
function takenHint(error: CollabError, opts: UpdateOptions): CollabError {
  if (!/\bpath has already been taken/.test(error.message) || typeof opts.settings.path !== 'string') return error;
  const parent =
    typeof opts.group === 'string' && opts.group.includes('/') ? opts.group.replace(/\/[^/]*$/, '') : undefined;
  return withHint(
    error,
    `${opts.settings.path} is in use${parent === undefined ? '' : ` under ${parent}`}: choose another --path`,
  );
}
