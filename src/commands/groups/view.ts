import { getGroup, type GroupRecord, type GroupRef } from '../../api/groups.js';
import type { VerbContext } from '../../context.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import type { VIEW } from './verbs.js';
import { printGroup } from './group-output.js';

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
