import type { UploadFile } from '../../api/form.js';
import { createGroup, type GroupRecord, type GroupRef } from '../../api/groups.js';
import { resolveGroupId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { collectParams } from '../../params/derive.js';
import { pathFromName } from '../../params/paths.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { checkPath, TABLE_SETTINGS } from './group-settings.js';
import { printGroup } from './group-output.js';
import { readAvatar } from '../avatar.js';
import { settingOptions } from '../../params/derive.js';
import { GROUP_SETTINGS } from '../../params/groups.js';
import { groupRef } from '../../params/parsers.js';
import { longFlag } from '../common-options.js';
import { given, option } from '../flags.js';
import { avatarFlag, OWN_FLAGS, PARENT } from './group-settings.js';
import { verb } from '../verb.js';

/** A group needs a name; its path is derived from the name when not given. */
const createSettings = () =>
  settingOptions(GROUP_SETTINGS, 'create', OWN_FLAGS).map((spec) =>
    longFlag(spec) === '--name' ? { ...spec, required: true } : spec,
  );

/** The settings are read together in parse (src/commands/groups/create.ts): which are accepted depends on the verb. */
export const CREATE = verb({
  name: 'create',
  summary: 'Create a group, or a subgroup with --parent',
  description:
    '--path defaults to one made from the name: lower case, accents dropped, other characters as dashes (as GitLab proposes it).',
  flags: {
    settings: given(createSettings),
    parent: option(...PARENT, groupRef, { aliases: ['--parent'] }),
    avatar: avatarFlag(),
  },
  mutating: true,
  examples: [
    'collab groups create --name "Web Team" --parent acme',
    'collab groups create --name Ops --path ops --visibility internal --project-creation-level maintainer',
    'collab groups create --name Design --avatar logo.png --dry-run',
  ],
});

export interface CreateOptions {
  name: string;
  path: string;
  parent: GroupRef | undefined;
  settings: Record<string, unknown>;
  avatar: UploadFile | undefined;
}

/** Once a run: the settings checked, the path derived, the avatar read. */
export async function parse(input: VerbInput<typeof CREATE>, scope: ReadScope): Promise<CreateOptions> {
  const { name, path, ...settings } = collectParams(input.settings, TABLE_SETTINGS, {
    column: 'create',
    commandName: 'groups',
    warn: (message) => scope.warn(message),
  });
  // --name is a required flag, held to the group name's rule by its parser (src/params/groups.ts).
  if (typeof name !== 'string') throw new CollabError('usage', 'missing required option --name');
  const finalPath = typeof path === 'string' ? path : pathFromName(name);
  if (finalPath === '')
    throw new CollabError('usage', `cannot derive a path from the name "${name}"`, {
      hint: 'give one with --path <path>',
    });
  checkPath(finalPath);
  return {
    name,
    path: finalPath,
    parent: input.parent,
    settings,
    avatar: input.avatar === undefined ? undefined : await readAvatar(input.avatar),
  };
}

/**
 * A path in use, as POST /groups says it: GitLab's "Failed to save group {:path=>["has already
 * been taken"]}" (lib/api/groups.rb, the model's errors as Ruby prints a hash; Ruby 3.4 prints
 * `{path: [...]}`), or the JSON shape's "path has already been taken" of a service that answers so.
 */
const PATH_TAKEN = /\bpath has already been taken|\bpath(?:=>|: )\["has already been taken"/;

export async function run(ctx: VerbContext, opts: CreateOptions): Promise<void> {
  const parentId = opts.parent === undefined ? undefined : await resolveGroupId(ctx.session, opts.parent, '--parent');
  const request = createGroup(
    { name: opts.name, path: opts.path, ...(parentId !== undefined ? { parent_id: parentId } : {}), ...opts.settings },
    opts.avatar,
  );
  const response = await ctx.session.mutate<GroupRecord>(request).catch((error: unknown) => {
    if (isCollabError(error) && error.kind === 'rejected' && PATH_TAKEN.test(error.message)) {
      throw withHint(
        error,
        `${opts.path} is in use${opts.parent !== undefined ? ` under ${opts.parent}` : ''}: choose another --path`,
      );
    }
    throw error;
  });
  if (!response) return;
  ctx.terminal.info(`created group ${response.data.full_path} (id ${response.data.id})`);
  await printGroup(ctx, response.data);
}
