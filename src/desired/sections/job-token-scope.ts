import { boolean, optional, strictObject } from 'zod/mini';
import { getGroup } from '../../api/groups.js';
import {
  type AllowlistKind,
  addToAllowlist,
  allowlistPath,
  getJobTokenScope,
  type JobTokenScope,
  removeFromAllowlist,
  setJobTokenScope,
} from '../../api/job-token-scope.js';
import { getProject } from '../../api/projects.js';
import { findResource } from '../../api/recover.js';
import { ROLES } from '../../api/roles.js';
import { CollabError } from '../../errors.js';
import { JOB_TOKEN_SCOPE_DEFAULTS } from '../../params/job-token-scope.js';
import { isItem, listOf, listSchema, refSchema, unlisted } from './common.js';
import { gidNumber, isFlag, isNode, isText } from './graphql-nodes.js';
import type { Item, OnTarget, Section } from './section.js';

/**
 * `job_token_scope`: a project's CI/CD job token scope: `enabled` (the "Limit access to this project"
 * setting) and the allowlists of `projects` and `groups` that may reach the project with a job token,
 * each entry by full path (lists, `{enforce, items}` to remove what the file leaves out). Read by
 * REST with a GET for each of the three the file names (the setting, the two lists), or through
 * GraphQL with the project's other sections (its `ciCdSettings` and `ciJobTokenScope`); the paths
 * the file names are found once a run. GitLab lists the project itself first in its own allowlist
 * (Ci::JobToken::Allowlist#projects, app/models/ci/job_token/allowlist.rb at gitlabhq 800235cc),
 * where it always is and cannot be added or removed: the live state leaves it out, and a file that
 * names it (a list shared by a group's projects) asks for nothing.
 */

interface Entry {
  id: number;
  path: string;
}

interface LiveScope {
  enabled: boolean;
  project: Entry[];
  group: Entry[];
}

declare module '../model.js' {
  interface LiveTarget {
    jobTokenScope?: LiveScope;
    /** The ID of each project and group the file's allowlists name (`project:acme/api`), found once a run. */
    allowlistIds?: Readonly<Record<string, number>>;
  }
}

type ScopeSpec = OnTarget &
  (
    | { op: 'job-token-scope-set'; enabled: boolean }
    | { op: 'job-token-allow'; list: AllowlistKind; targetId: number }
    | { op: 'job-token-disallow'; list: AllowlistKind; targetId: number }
  );

const KINDS: readonly AllowlistKind[] = ['project', 'group'];
const LIST_KEY: Record<AllowlistKind, 'projects' | 'groups'> = { project: 'projects', group: 'groups' };

const entrySchema = (kind: AllowlistKind) => strictObject({ path: refSchema(kind) });

/** The file's value: each allowlist's entries (by path) and whether it is enforced; undefined where the file says nothing. */
function wantedOf(value: unknown) {
  const map = isItem(value) ? value : {};
  return {
    enabled: typeof map.enabled === 'boolean' ? map.enabled : undefined,
    lists: Object.fromEntries(
      KINDS.map((kind) => [kind, map[LIST_KEY[kind]] === undefined ? undefined : listOf(map[LIST_KEY[kind]])]),
    ) as Record<AllowlistKind, ReturnType<typeof listOf> | undefined>,
  };
}

/**
 * An allowlist's nodes through GraphQL as the REST list gives them: every entry on the one page
 * (more would need paging: REST then), its ID a plain one or a global ID, its full path.
 */
function entriesOf(connection: unknown): Entry[] | undefined {
  if (!isNode(connection) || !Array.isArray(connection.nodes) || !isNode(connection.pageInfo)) return undefined;
  if (connection.pageInfo.hasNextPage !== false) return undefined;
  const entries: Entry[] = [];
  for (const node of connection.nodes as unknown[]) {
    if (!isNode(node) || !isText(node.fullPath)) return undefined;
    const id = isText(node.id) && /^\d+$/.test(node.id) ? Number(node.id) : gidNumber(node.id);
    if (id === undefined) return undefined;
    entries.push({ id, path: node.fullPath });
  }
  return entries;
}

const ALLOWLIST = 'nodes { id fullPath } pageInfo { hasNextPage }';

/** A project's allowlist of projects less the project itself, which GitLab lists first and always allows. */
const others = (entries: Entry[], project: number): Entry[] => entries.filter((entry) => entry.id !== project);

/** A group in the allowlist is answered with its web_url alone (`…/groups/acme/platform`): its path is the URL's rest. */
const groupPath = (item: Item) => String(item.web_url ?? '').replace(/^.*?\/groups\//, '');

export const jobTokenScope: Section<ScopeSpec> = {
  name: 'job_token_scope',
  kinds: ['project'],
  schema: () =>
    strictObject({
      enabled: optional(boolean()),
      projects: optional(listSchema(entrySchema('project'))),
      groups: optional(listSchema(entrySchema('group'))),
    }),
  read: {
    none: (live) =>
      void (live.jobTokenScope = { enabled: JOB_TOKEN_SCOPE_DEFAULTS.inbound_enabled, project: [], group: [] }),
    target: async (reader, live, resource, value) => {
      const id = Number(resource.id);
      // What the file names alone (all three where the whole state is wanted: export, a saved plan).
      const wanted = value === undefined ? undefined : wantedOf(value);
      const allowlist = (kind: AllowlistKind) =>
        !wanted || wanted.lists[kind]
          ? reader.list(allowlistPath(id, kind), {}, ROLES.maintainers)
          : Promise.resolve([]);
      const [enabled, projects, groups] = await Promise.all([
        !wanted || wanted.enabled !== undefined
          ? reader.client.request<JobTokenScope>(getJobTokenScope(id)).then((scope) => scope.data.inbound_enabled)
          : Promise.resolve(JOB_TOKEN_SCOPE_DEFAULTS.inbound_enabled),
        allowlist('project'),
        allowlist('group'),
      ]);
      live.jobTokenScope = {
        enabled,
        project: others(
          projects.map((p) => ({ id: Number(p.id), path: String(p.path_with_namespace) })),
          id,
        ),
        group: groups.map((g) => ({ id: Number(g.id), path: groupPath(g) })),
      };
    },
    // Each path the file's allowlists name, found once (a path that is not there stops the plan).
    once: async (ctx, lives, values) => {
      const paths = new Set<string>();
      for (const value of values) {
        const { lists } = wantedOf(value);
        for (const kind of KINDS)
          for (const item of lists[kind]?.items ?? []) paths.add(`${kind}:${String(item.path)}`);
      }
      const ids: Record<string, number> = {};
      const client = await ctx.session.client();
      await Promise.all(
        [...paths].map(async (key) => {
          const [kind, path] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
          const found = await findResource<{ id: number }>(
            client,
            kind === 'project' ? getProject(path) : getGroup(path),
          );
          if (!found)
            throw new CollabError(
              'not-found',
              `job_token_scope: the ${kind} ${path} does not exist (or you cannot see it)`,
              {
                hint: `give the ${kind}'s full path, as \`collab ${kind}s view ${path}\` finds it`,
              },
            );
          ids[key] = found.id;
        }),
      );
      for (const live of lives) live.allowlistIds = ids;
    },
  },
  graphql: {
    kinds: ['project'],
    exports: ['project'],
    // Fields of the project itself, aliased as this section's: `ciCdSettings` for the setting,
    // `ciJobTokenScope` for the two allowlists (doc/api/graphql/reference/_index.md, Project).
    connection: () => ({
      fields: `jobTokenScopeSetting: ciCdSettings { inboundJobTokenScopeEnabled } jobTokenScope: ciJobTokenScope { inboundAllowlist(first: 100) { ${ALLOWLIST} } groupsAllowlist(first: 100) { ${ALLOWLIST} } }`,
    }),
    fill: (live, [node]) => {
      const setting = node?.jobTokenScopeSetting;
      const scope = node?.jobTokenScope;
      if (!isNode(setting) || !isFlag(setting.inboundJobTokenScopeEnabled) || !isNode(scope)) return false;
      const project = entriesOf(scope.inboundAllowlist);
      const group = entriesOf(scope.groupsAllowlist);
      if (!project || !group) return false;
      live.jobTokenScope = {
        enabled: setting.inboundJobTokenScopeEnabled,
        project: others(project, Number(live.resource?.id)),
        group,
      };
      return true;
    },
  },
  diff: ({ value, live, emit }) => {
    const wanted = wantedOf(value);
    const found = live.jobTokenScope ?? { enabled: JOB_TOKEN_SCOPE_DEFAULTS.inbound_enabled, project: [], group: [] };
    if (wanted.enabled !== undefined && wanted.enabled !== found.enabled)
      emit('enabled', 'update', found.enabled, wanted.enabled, { op: 'job-token-scope-set', enabled: wanted.enabled });
    for (const kind of KINDS) {
      const list = wanted.lists[kind];
      if (!list) continue;
      // An entry is the one the file names when it is the ID its path was found as: GitLab finds a
      // path whatever its case (Routable matches LOWER(routes.path)), so ACME/api is acme/api.
      const named = (item: Item, entry: Entry) =>
        item.path === entry.path || live.allowlistIds?.[`${kind}:${String(item.path)}`] === entry.id;
      for (const item of list.items) {
        const path = String(item.path);
        if (found[kind].some((entry) => named(item, entry))) continue;
        // The project itself: always in its allowlist (GitLab refuses to add it).
        if (kind === 'project' && path.toLowerCase() === live.path.toLowerCase()) continue;
        const targetId = live.allowlistIds?.[`${kind}:${path}`] ?? 0;
        emit(`${kind} ${path}`, 'create', null, { path }, { op: 'job-token-allow', list: kind, targetId });
      }
      for (const entry of unlisted(list, found[kind], named))
        emit(
          `${kind} ${entry.path}`,
          'delete',
          { path: entry.path },
          null,
          {
            op: 'job-token-disallow',
            list: kind,
            targetId: entry.id,
          },
          true,
        );
    }
  },
  liveFields: (key, live) => {
    const scope = live.jobTokenScope;
    if (key === 'enabled') return { enabled: scope?.enabled ?? null };
    const [kind, path] = [key.slice(0, key.indexOf(' ')) as AllowlistKind, key.slice(key.indexOf(' ') + 1)];
    return { entry: scope?.[kind]?.find((e) => e.path === path)?.id ?? null };
  },
  // The setting as the change sets it; an entry there (by path, in any case, as GitLab finds it) or gone.
  reached: (key, after, live) => {
    const scope = live.jobTokenScope;
    if (!scope) return false;
    if (key === 'enabled') return scope.enabled === after;
    const [kind, path] = [key.slice(0, key.indexOf(' ')) as AllowlistKind, key.slice(key.indexOf(' ') + 1)];
    const there = scope[kind]?.some((entry) => entry.path.toLowerCase() === path.toLowerCase()) ?? false;
    return after === null ? !there : there;
  },
  ops: ['job-token-scope-set', 'job-token-allow', 'job-token-disallow'],
  // An allowlist's POST and DELETE take the project's numeric ID alone (src/api/job-token-scope.ts).
  send: async (spec, resolver) => {
    switch (spec.op) {
      case 'job-token-scope-set':
        return [setJobTokenScope(spec.ref, spec.enabled)];
      case 'job-token-allow':
        return [addToAllowlist(await resolver.projectId(spec.ref), spec.list, spec.targetId)];
      case 'job-token-disallow':
        return [removeFromAllowlist(await resolver.projectId(spec.ref), spec.list, spec.targetId)];
    }
  },
  export: ({ live }) => {
    const scope = live.jobTokenScope;
    if (!scope) return undefined;
    const out: Item = {};
    if (scope.enabled !== JOB_TOKEN_SCOPE_DEFAULTS.inbound_enabled) out.enabled = scope.enabled;
    for (const kind of KINDS)
      if (scope[kind].length > 0) out[LIST_KEY[kind]] = scope[kind].map((entry) => ({ path: entry.path }));
    return Object.keys(out).length > 0 ? out : undefined;
  },
};
