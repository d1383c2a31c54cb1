import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { RequestInfo } from '../../errors.js';
import { type Column, type DetailField, headerFor } from '../../output/format.js';

/**
 * `collab api` and the global output flags. Without `-o` (or with `-o json` / `--json` and no
 * `--fields`) the body goes out as the service sent it; `-o ndjson|csv|table` and `--fields` give
 * a JSON array or object to the output writer every other command uses.
 */

/** Whether the output flags ask for more than the body as it came (the presenter knows them). */
export function reshapes(ctx: VerbContext): boolean {
  return ctx.presenter.reshaping !== undefined;
}

/** The flag combinations that cannot be honoured, refused before anything is sent (exit 2). */
export function checkOutputFlags(ctx: VerbContext, opts: { include: boolean; paginate: boolean }): void {
  const reshaping = ctx.presenter.reshaping;
  if (!reshaping) return;
  const { flag } = reshaping;
  if (opts.include)
    throw new CollabError('usage', `-i prints the answer as it came and cannot be combined with ${flag}`, {
      hint: 'drop -i, or print the headers with --verbose',
    });
  if (opts.paginate && reshaping.tableWithoutFields) {
    throw new CollabError(
      'usage',
      '-o table with --paginate needs --fields: the columns are set before the first page comes',
      { hint: 'for example --fields id,full_path' },
    );
  }
}

/** Prints a JSON body through the output writer: an array as a list, an object as one resource. */
export async function printShaped(ctx: VerbContext, text: string, info: RequestInfo): Promise<void> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw notShapeable(ctx, info, 'text that is not JSON');
  }
  if (Array.isArray(data)) {
    await ctx.presenter.list(data, { columns: columnsOf(data[0]) });
    return;
  }
  if (data === null || typeof data !== 'object')
    throw notShapeable(ctx, info, `a JSON ${data === null ? 'null' : typeof data}`);
  const columns = columnsOf(data);
  // A view (label and value) on a terminal, as `<noun> view` shows one resource.
  const detail: DetailField[] = columns.map((column) => ({ label: column.path, path: column.path }));
  await ctx.presenter.resource(data, { columns, detail });
}

/** The columns of an answer without a command's own: the first item's fields that hold one value (not objects or arrays). */
function columnsOf(item: unknown): Column[] {
  if (!item || typeof item !== 'object') return [];
  return Object.entries(item)
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([path]) => ({ header: headerFor(path), path }));
}

function notShapeable(ctx: VerbContext, info: RequestInfo, what: string): CollabError {
  const flag = ctx.presenter.reshaping?.flag ?? '--fields';
  return new CollabError(
    'usage',
    `${flag} needs a JSON object or array, and ${info.method} ${info.path} answered ${what}`,
    { hint: `drop ${flag} to print the answer as it came` },
  );
}

/** Sub-resources that follow a project's or group's id in a path: where its full path must end. */
const SUB_RESOURCES = new Set(
  'access_requests archive avatar badges boards deploy_keys descendant_groups environments events export forks hooks import issues jobs labels languages members merge_requests milestones mirror notes packages pipelines projects protected_branches protected_tags push_rule releases repository restore runners search share snapshot star starrers subgroups transfer unarchive unstar uploads users variables wikis'.split(
    ' ',
  ),
);

/**
 * A 404 for a path that cannot be what was meant gets a hint: `/api/v4` written twice (the path is
 * below it already), or a project's or group's full path with its slashes unencoded
 * (`projects/acme/web/storefront`: GitLab reads `acme` as the id and the rest as a route).
 */
export function notFoundHint(error: unknown, path: string): unknown {
  if (!isCollabError(error) || error.kind !== 'not-found') return error;
  const bare = path.split('?')[0] ?? '';
  if (/^\/api\/v4(\/|$)/.test(bare))
    return withHint(error, `the path is below /api/v4 already: collab api ${bare.slice('/api/v4/'.length) || '/'}`);
  const match = /^\/(projects|groups)\/([^/]+)\/(.+)$/.exec(bare);
  if (!match || /^\d+$/.test(match[2] as string) || (match[2] as string).includes('%2F')) return error;
  const segments = [match[2] as string, ...(match[3] as string).split('/')];
  const end = segments.findIndex((segment, i) => i > 0 && SUB_RESOURCES.has(segment));
  const full = end === -1 ? segments : segments.slice(0, end);
  if (full.length < 2) return error;
  const rest = end === -1 ? '' : `/${segments.slice(end).join('/')}`;
  return withHint(
    error,
    `a ${match[1] === 'projects' ? 'project' : 'group'}'s full path goes with its slashes encoded: collab api ${match[1]}/${full.join('%2F')}${rest}`,
  );
}
