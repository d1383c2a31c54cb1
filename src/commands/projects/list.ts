import { PROJECTS_PATH, starredProjectsPath, userProjectsPath } from '../../api/projects.js';
import type { ListFlags } from '../../list-flags.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { PaginateOptions } from '../../http/paginate.js';
import type { QueryParams } from '../../http/query.js';
import { collectParams, flagName, optionKey } from '../../params/derive.js';
import {
  PROJECT_LIST_PARAMS,
  PROJECTS_OFFSET_LIMIT,
  STARRED_PROJECTS_PARAMS,
  USER_PROJECTS_PARAMS,
} from '../../params/projects.js';
import type { ParamSpec } from '../../params/types.js';
import type { VerbInput } from '../verb.js';
import { PROJECT_COLUMNS } from './columns.js';
import { paramOption } from '../../params/derive.js';
import type { ValueParser } from '../../params/option.js';
import { given, option } from '../flags.js';
import { verb } from '../verb.js';
import { thousands } from '../../util/thousands.js';

const USERNAME = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/;

/** A user by ID or username, as GET /users/:user_id/... takes it. */
const userRef: ValueParser<string | number> = (value, flag) => {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!USERNAME.test(text))
    throw new CollabError('usage', `invalid value "${value}" for ${flag}: expected a user ID or username`);
  return text;
};

export const LIST = verb({
  name: 'list',
  summary: 'List projects (GET /projects), a user’s projects (--user) or starred projects (--starred-by)',
  description: `Every filter of GET /projects is a flag. --user and --starred-by use their own endpoints, which take fewer filters. --all streams every page; ordered by id (the default with --all) it goes past the service’s limit of offset pagination (${thousands(PROJECTS_OFFSET_LIMIT)} projects by default).`,
  flags: {
    // As given: which of them the endpoint takes depends on --user and --starred-by (list.ts).
    filters: given(() => PROJECT_LIST_PARAMS.map((p) => paramOption(p))),
    user: option('--user <id|username>', "the user's personal projects (GET /users/:user_id/projects)", userRef),
    starredBy: option(
      '--starred-by <id|username>',
      'projects starred by this user (GET /users/:user_id/starred_projects)',
      userRef,
    ),
  },
  list: true,
  examples: [
    'collab projects list --membership --order-by last_activity_at',
    'collab projects list --topic api,cli --visibility public --json',
    'collab projects list --all -o ndjson > projects.ndjson',
    'collab projects list --user olivia --archived',
    'collab projects list --custom-attribute tier=gold --with-custom-attributes',
  ],
});

interface Endpoint {
  path: string;
  /** How the endpoint is named in messages. */
  label: string;
  /** The flag that chose it (--user, --starred-by), for messages. */
  flag: string | undefined;
  params: readonly ParamSpec[];
}

type Input = VerbInput<typeof LIST>;

export interface ListOptions {
  endpoint: Endpoint;
  query: Record<string, unknown>;
  flags: ListFlags;
  offsetWindow: PaginateOptions['offsetWindow'];
}

function chooseEndpoint(input: Input): Endpoint {
  const { user, starredBy } = input;
  if (user !== undefined && starredBy !== undefined) {
    throw new CollabError('usage', '--user and --starred-by cannot be used together', {
      hint: "--user lists a user's own projects, --starred-by the projects a user starred",
    });
  }
  if (user !== undefined)
    return {
      path: userProjectsPath(user),
      label: 'GET /users/:user_id/projects',
      flag: '--user',
      params: USER_PROJECTS_PARAMS,
    };
  if (starredBy !== undefined)
    return {
      path: starredProjectsPath(starredBy),
      label: 'GET /users/:user_id/starred_projects',
      flag: '--starred-by',
      params: STARRED_PROJECTS_PARAMS,
    };
  return { path: PROJECTS_PATH, label: 'GET /projects', flag: undefined, params: PROJECT_LIST_PARAMS };
}

export function parse(input: Input): ListOptions {
  const endpoint = chooseEndpoint(input);
  const o = input.filters;
  // Filters of GET /projects that the chosen endpoint does not take are refused, not dropped.
  for (const param of PROJECT_LIST_PARAMS) {
    if (o[optionKey(param)] === undefined || endpoint.params.some((p) => p.name === param.name)) continue;
    throw new CollabError(
      'usage',
      `--${flagName(param)} cannot be used with ${endpoint.flag}: ${endpoint.label} does not take it`,
      {
        hint: `filters of ${endpoint.label}: ${endpoint.params.map((p) => `--${flagName(p)}`).join(', ')}`,
      },
    );
  }
  const query = collectParams(o, endpoint.params);
  const orderBy = query.order_by;
  const orders: readonly unknown[] = endpoint.params.find((p) => p.name === 'order_by')?.choices ?? [];
  if (orderBy !== undefined && !orders.includes(orderBy)) {
    throw new CollabError('usage', `--order-by ${orderBy} cannot be used with ${endpoint.flag}`, {
      hint: `${endpoint.label} orders by ${orders.join(', ')}`,
    });
  }
  if (orderBy === 'similarity' && query.search === undefined) {
    throw new CollabError('usage', '--order-by similarity needs --search', {
      hint: 'similarity ranks projects by how well they match the search',
    });
  }
  // GET /projects reads topics as one comma-separated value.
  if (Array.isArray(query.topic)) query.topic = query.topic.join(',');

  const flags: ListFlags = input.list;

  // Offset pages stop at the service's offset limit (PROJECTS_OFFSET_LIMIT by default; a self-managed
  // instance sets its own). Ordered by id, --all goes on past that point by starting a new window
  // after the last id written; so id is the order of --all unless chosen.
  if (flags.all && query.order_by === undefined) query.order_by = 'id';
  const byIdWindow = query.order_by === 'id' && endpoint.params.some((p) => p.name === 'id_after');
  const offsetWindow = byIdWindow
    ? {
        maxRecords: PROJECTS_OFFSET_LIMIT,
        key: 'id',
        param: query.sort === 'asc' ? ('id_after' as const) : ('id_before' as const),
      }
    : undefined;
  return { endpoint, query, flags, offsetWindow };
}

export async function run(ctx: VerbContext, opts: ListOptions): Promise<void> {
  const pages = await ctx.session.pages(
    opts.endpoint.path,
    opts.query as QueryParams,
    opts.flags,
    opts.offsetWindow ? { offsetWindow: opts.offsetWindow } : {},
  );
  try {
    const count = await ctx.presenter.list(pages, { columns: PROJECT_COLUMNS });
    // GitLab ranks by similarity only the projects the caller is a member of (GET /projects): an
    // administrator who is a member of none gets an empty list, which needs saying.
    if (count === 0 && opts.query.order_by === 'similarity' && opts.endpoint.path === PROJECTS_PATH) {
      ctx.terminal.info(
        '--order-by similarity lists only projects you are a member of (the service’s rule); without it, --search lists every project that matches',
      );
    }
  } catch (error) {
    if (isCollabError(error) && error.status === 405) {
      const hint =
        opts.query.order_by === 'id'
          ? 'start further in with --id-after <id> or --id-before <id>, or use --all'
          : 'order by id (--order-by id, the default with --all) to list every project past that point';
      // The service's message says where (its limit, the default's or a self-managed instance's).
      throw withHint(error, `offset pagination stops at that offset: ${hint}`);
    }
    throw error;
  }
}
