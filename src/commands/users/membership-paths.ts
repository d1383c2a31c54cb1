import { getGroup } from '../../api/groups.js';
import { type MembershipRecord, membershipOwner } from '../../api/members.js';
import { getProject } from '../../api/projects.js';
import { findResource } from '../../api/recover.js';
import type { HttpClient } from '../../http/client.js';
import { eachLimited } from '../../util/pool.js';

/**
 * What a user's memberships list leaves out: the full path of each project and group (the service
 * gives `source_name` alone, so two projects read `storefront`), and for a project whose holder
 * is the user, that it is their personal project. One read per membership, `concurrency` at a time.
 */

export interface MembershipSource {
  /** `acme/web/storefront`, or the name alone when the source cannot be read. */
  path: string;
  /** The user ID of a personal project's holder (the service names it `owner`). */
  personalHolder?: number;
}

export const sourceKey = (membership: Pick<MembershipRecord, 'source_type' | 'source_id'>): string =>
  `${membership.source_type}:${membership.source_id}`;

export async function membershipSources(
  client: HttpClient,
  memberships: readonly MembershipRecord[],
  concurrency: number,
): Promise<Map<string, MembershipSource>> {
  const out = new Map<string, MembershipSource>();
  await eachLimited(memberships, concurrency, async (membership) => {
    const owner = membershipOwner(membership);
    if (owner.kind === 'group') {
      const group = await findResource<{ full_path?: string }>(client, getGroup(owner.ref));
      out.set(sourceKey(membership), { path: group?.full_path ?? membership.source_name });
      return;
    }
    const project = await findResource<{
      path_with_namespace?: string;
      namespace?: { kind?: string };
      owner?: { id: number };
    }>(client, getProject(owner.ref));
    const personal = project?.namespace?.kind === 'user' ? project.owner?.id : undefined;
    out.set(sourceKey(membership), {
      path: project?.path_with_namespace ?? membership.source_name,
      ...(personal !== undefined ? { personalHolder: personal } : {}),
    });
  });
  return out;
}
