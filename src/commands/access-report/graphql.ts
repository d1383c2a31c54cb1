import type { VerbContext } from '../../context.js';
import { queriesOf, readByGraphql } from '../../desired/graphql.js';
import type { LiveTarget } from '../../desired/model.js';
import { allInRecordOrder, isNode, isText } from '../../desired/sections/graphql-nodes.js';
import { memberOf, members } from '../../desired/sections/members.js';
import type { Item, Section } from '../../desired/sections/section.js';
import type { RequestSpec } from '../../desired/sections/index.js';
import type { MemberEntry } from './compute.js';

/**
 * The direct members of the report's projects through GitLab's GraphQL API, with the desired
 * state's engine (src/desired/graphql.ts: 50 projects a query, a project's members paged on beyond
 * 100, and its guarded fall back to REST, said once on stderr). The node asks for what a REST
 * member row gives the report: the level, the expiry, the user's name and state (UserCore `state`,
 * GitLab's UserState: the REST API's values), and `bot` (UserCore), which spares the GET /users/:id
 * the REST path reads for it (doc/api/graphql/reference/_index.md, `UserCore`, `UserState`).
 */

/** A project member as the report reads it, with whether the user is a bot. */
export interface GraphqlMember extends MemberEntry {
  bot: boolean;
}

function memberEntry(node: Item): GraphqlMember | undefined {
  const record = memberOf(node);
  const user = node.user;
  if (!record || !isNode(user) || !isText(user.name) || !isText(user.state) || typeof user.bot !== 'boolean')
    return undefined;
  return {
    id: record.id,
    username: record.username,
    name: user.name,
    state: user.state,
    access_level: record.access_level,
    expires_at: record.expires_at ?? null,
    bot: user.bot,
  };
}

/** The members section as the report reads it: direct members, with the user's name, state and bot. */
function reading(found: Map<string, GraphqlMember[]>): Section<RequestSpec> {
  return {
    ...(members as unknown as Section<RequestSpec>),
    graphql: {
      kinds: ['project'],
      connection: () => ({
        field: 'projectMembers',
        args: 'relations: [DIRECT]',
        node: 'id accessLevel { integerValue } expiresAt user { id username name state bot }',
      }),
      fill: (live, nodes) => {
        // In the REST list's order, as the report's REST path reads them.
        const entries = allInRecordOrder(nodes, memberEntry);
        if (entries) found.set(live.path, entries);
        return entries !== undefined;
      },
    },
  };
}

/** Every query the report can send: for the test that holds each to GitLab's schema and limits. */
export function accessQueries(): string[] {
  return queriesOf('project', [reading(new Map())]);
}

/** The direct members of these projects by full path; a project left out is read by REST. */
export async function projectMembersByGraphql(
  ctx: VerbContext,
  paths: readonly string[],
  concurrency: number,
): Promise<Map<string, GraphqlMember[]>> {
  const found = new Map<string, GraphqlMember[]>();
  const section = reading(found);
  const asks = paths.map((path) => ({
    live: { kind: 'project', path, resource: {} } satisfies LiveTarget,
    sections: [section],
  }));
  if (asks.length > 0) await readByGraphql(ctx, asks, concurrency);
  return found;
}
