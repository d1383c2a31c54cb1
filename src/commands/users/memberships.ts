import { ACCESS_LEVELS } from '../../params/access.js';
import { type MembershipRecord, membershipsPath } from '../../api/members.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbContext } from '../../context.js';
import { type Column, PRIORITY } from '../../output/format.js';
import { resolveUser } from '../members/shared.js';
import { accessLevelName } from '../../params/access.js';
import { verb, type VerbInput } from '../verb.js';
import { type MembershipSource, membershipSources, sourceKey } from './membership-paths.js';
import { USER } from './shared.js';
import { choice } from '../flags.js';

export const MEMBERSHIPS = verb({
  name: 'memberships',
  summary: 'List the projects and groups a user is a direct member of, with the role',
  args: { user: USER },
  flags: { type: choice('--type <type>', 'only projects or only groups', ['project', 'group']) },
  list: true,
  examples: ['collab users memberships dana', 'collab users memberships 7 --type group --json'],
});

interface MembershipsOptions {
  user: string;
  type: 'project' | 'group' | undefined;
  list: ListFlags;
}

/**
 * The service calls a group a Namespace here; people read `group`. PATH is the full path the list
 * leaves out (read per membership: two projects may share a name); json, ndjson and csv carry the
 * service's objects as they came.
 */
function membershipColumns(sources: ReadonlyMap<string, MembershipSource>): readonly Column[] {
  return [
    {
      header: 'TYPE',
      path: 'source_type',
      format: (value) => (value === 'Namespace' ? 'group' : 'project'),
      choices: ['project', 'group'],
    },
    { header: 'ID', path: 'source_id' },
    {
      header: 'PATH',
      path: 'source_name',
      derive: (item) =>
        sources.get(sourceKey(item as MembershipRecord))?.path ?? (item as MembershipRecord).source_name,
      text: true,
      priority: PRIORITY.identifying,
    },
    {
      header: 'ACCESS',
      path: 'access_level',
      format: accessLevelName,
      choices: ['minimal', ...Object.keys(ACCESS_LEVELS)],
    },
  ];
}

export function parse(input: VerbInput<typeof MEMBERSHIPS>): MembershipsOptions {
  return input;
}

export async function run(ctx: VerbContext, opts: MembershipsOptions): Promise<void> {
  const user = await resolveUser(ctx, opts.user);
  const query = opts.type ? { type: opts.type === 'group' ? 'Namespace' : 'Project' } : {};
  const memberships: MembershipRecord[] = [];
  const listing = await ctx.session.pages(membershipsPath(user.id), query, opts.list);
  try {
    for await (const page of listing)
      for (const item of page.items) memberships.push(JSON.parse(item) as MembershipRecord);
    // The paths are read only for a table: json, ndjson and csv carry the memberships as they came.
    await ctx.presenter.list(memberships, {
      columns: async () =>
        membershipColumns(
          await membershipSources(
            await ctx.session.client(),
            memberships,
            await ctx.session.numberSetting('concurrency'),
          ),
        ),
    });
  } finally {
    // A membership left out is the worst case of an offboarding check: a list cut at --limit says so.
    listing.progress?.finish();
  }
}
