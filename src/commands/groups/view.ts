import { getGroup, type GroupRecord, type GroupRef } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { printGroup } from './group-output.js';
import { tableOption } from '../../params/derive.js';
import { GROUP_VIEW_PARAMS } from '../../params/groups.js';
import { tristate } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

const WITH_CUSTOM_ATTRIBUTES = tableOption(GROUP_VIEW_PARAMS, 'with_custom_attributes');
const WITH_PROJECTS = tableOption(GROUP_VIEW_PARAMS, 'with_projects');

export const VIEW = verb({
  name: 'view',
  summary: 'Show a group: path, visibility, parent, settings and shares',
  description:
    'The runners registration token that owners are sent is never printed; `collab api groups/<id>` shows it.',
  args: { group: GROUP },
  flags: {
    // Read as given, not as parameters: view says itself why --with-projects is deprecated.
    withCustomAttributes: tristate(WITH_CUSTOM_ATTRIBUTES.flags, WITH_CUSTOM_ATTRIBUTES.description),
    withProjects: tristate(WITH_PROJECTS.flags, WITH_PROJECTS.description),
  },
  examples: ['collab groups view acme/platform', 'collab groups view 12 --json'],
});

export interface ViewOptions {
  group: GroupRef;
  withProjects: boolean;
  withCustomAttributes: boolean;
}

/** Once a run: the deprecation of --with-projects is said once, whatever the number of groups. */
export function parse(
  { group, withProjects, withCustomAttributes }: VerbInput<typeof VIEW>,
  scope: ReadScope,
): ViewOptions {
  if (withProjects === true)
    scope.warn(
      'the projects embedded in group details are deprecated (removal in API v5); `collab groups projects <group>` lists them page by page',
    );
  return { group, withProjects: withProjects === true, withCustomAttributes: withCustomAttributes === true };
}

export async function run(ctx: VerbContext, opts: ViewOptions): Promise<void> {
  const { data } = await ctx.session.request<GroupRecord>(
    getGroup(opts.group, { withProjects: opts.withProjects, withCustomAttributes: opts.withCustomAttributes }),
  );
  await printGroup(ctx, data, { withProjects: opts.withProjects });
}
