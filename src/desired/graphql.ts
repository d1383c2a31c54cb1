import type { VerbContext } from '../context.js';
import { flat } from '../error-text.js';
import { isCollabError } from '../errors.js';
import type { HttpClient } from '../http/client.js';
import { graphqlUrl } from '../http/url.js';
import { eachLimited } from '../util/pool.js';
import type { LiveTarget } from './model.js';
import type { TargetKind } from './schema.js';
import { type RequestSpec, SECTIONS } from './sections/index.js';
import type { GraphqlConnection, GraphqlFields, Item, Section } from './sections/section.js';
import type { DesiredTarget } from './targets.js';

/**
 * The sections' reads through GitLab's GraphQL API (POST /api/graphql), many targets a request:
 * up to 50 projects a query (`projects(fullPaths:)`), one query a group, each section's connection
 * asked for 100 nodes and paged on by cursor, one target at a time, where it has more (a section
 * that reads fields of the target itself has them whole in the batch's answer).
 *
 * Guarded: what it fills is only ever what the REST read would have given. A section of a target is
 * left to REST (the caller reads it) when the endpoint is not there (404: an old or restricted
 * instance), the answer has errors (a field this instance lacks is one), a node is missing or not
 * of the shape expected, or the section's fill cannot derive the REST shape from it; the user is
 * told once a run why. Limits followed (doc/api/graphql/_index.md, Limits): 100 nodes a page, a
 * complexity of at most 250 (test/unit/graphql-queries.test.ts holds every query to it), 10,000
 * characters a query (the paths travel as variables).
 */

type Reading = Section<RequestSpec>;

/**
 * At most this many projects a query: `Query.projects(fullPaths:)` takes no more than 50
 * (doc/api/graphql/reference/_index.md); a connection's page is 100 nodes (doc/api/graphql/_index.md).
 */
const BATCH = 50;
const PAGE = 100;

const graphqlSections = (): Reading[] => SECTIONS.filter((section) => section.graphql !== undefined);

const readOf = (section: Reading, kind: TargetKind) =>
  section.graphql?.connection(kind) as GraphqlConnection | GraphqlFields;

/** A section that reads fields of the target itself: no connection, no page after the batch's. */
const whole = (section: Reading, kind: TargetKind) => 'fields' in readOf(section, kind);

/** A connection as a field of a query: its alias is the section's name (a field may serve two). */
function connectionField(section: Reading, kind: TargetKind, after: boolean): string {
  const connection = readOf(section, kind);
  if ('fields' in connection) return connection.fields;
  const args = [`first: ${PAGE}`, ...(after ? ['after: $after'] : []), ...(connection.args ? [connection.args] : [])];
  return `${alias(section)}: ${connection.field}(${args.join(', ')}) { nodes { ${connection.node} } pageInfo { hasNextPage endCursor } }`;
}

const alias = (section: Reading) => section.name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

/** The query of a batch: projects by full path, or one group, with the connections of these sections. */
function targetsQuery(kind: TargetKind, sections: readonly Reading[]): string {
  const fields = sections.map((section) => connectionField(section, kind, false)).join(' ');
  return kind === 'project'
    ? `query collabProjects($paths: [String!]!) { projects(fullPaths: $paths, first: ${BATCH}) { nodes { fullPath ${fields} } pageInfo { hasNextPage } } }`
    : `query collabGroup($path: ID!) { group(fullPath: $path) { fullPath ${fields} } }`;
}

/** The query of one section's next page for one target. */
function pageQuery(kind: TargetKind, section: Reading): string {
  return `query collabPage($path: ID!, $after: String!) { ${kind}(fullPath: $path) { ${connectionField(section, kind, true)} } }`;
}

/** Every query this module can send: for the test that holds each to GitLab's schema and limits. */
export function everyQuery(): string[] {
  const queries: string[] = [];
  for (const kind of ['project', 'group'] as const) {
    const sections = graphqlSections().filter((section) => section.graphql?.kinds.includes(kind));
    // Every non-empty subset of the sections, as a batch asks for those its targets use.
    for (let mask = 1; mask < 1 << sections.length; mask++)
      queries.push(
        targetsQuery(
          kind,
          sections.filter((_s, i) => mask & (1 << i)),
        ),
      );
    for (const section of sections) if (!whole(section, kind)) queries.push(pageQuery(kind, section));
  }
  return queries;
}

/** The queries a batch of these sections sends for targets of this kind, and their pages' queries. */
export function queriesOf(kind: TargetKind, sections: readonly Reading[]): string[] {
  return [
    targetsQuery(kind, sections),
    ...sections.filter((section) => !whole(section, kind)).map((section) => pageQuery(kind, section)),
  ];
}

const ABSENT = 'is not available on this instance (POST /api/graphql: 404)';

/** Why a read went to REST: said once a run. */
class Fallback extends Error {}

/** One read's GraphQL queries: whether the endpoint answers, and why sections went to REST. */
class GraphqlRun {
  /**
   * Why no other query is sent this run: the endpoint is not there (404), or it refuses this
   * token (401, 403: GitLab's GraphQL takes a token of scope api or read_api, never a CI job
   * token, where REST may take it); every later query would meet the same answer.
   */
  private closed: string | undefined;
  private readonly reasons = new Map<string, Set<string>>();

  constructor(
    private readonly ctx: VerbContext,
    private readonly client: HttpClient,
  ) {}

  fallBack(sections: readonly Reading[], why: string): void {
    const names = this.reasons.get(why) ?? new Set<string>();
    for (const section of sections) names.add(section.name);
    this.reasons.set(why, names);
  }

  /** One line a reason, naming every section it sent to REST (in the file's order). */
  tell(): void {
    for (const [why, names] of this.reasons) {
      const sections = SECTIONS.filter((section) => names.has(section.name)).map((section) => section.name);
      this.ctx.terminal.warn(`GraphQL ${why}: reading ${sections.join(', ')} by REST`);
    }
  }

  /** The answer's `data`; a Fallback for anything but a 200 with data and no errors. */
  async query(query: string, variables: Record<string, unknown>): Promise<Item> {
    const { data, errors } = await this.answer(query, variables);
    if (errors.length > 0) throw new Fallback(answeredError(errors[0]));
    return data;
  }

  /**
   * The answer's `data` and its errors, each with the path of the field it nulled: GitLab answers
   * 200 with both when a field's resolver failed (a field of one project the caller may not
   * read), the rest of `data` as it would be (doc/api/graphql/_index.md). The caller sends to REST
   * what each error's path names; a Fallback when there is no `data` to keep (`data: null`, a
   * query refused whole: a timeout, a field this instance lacks).
   */
  async answer(query: string, variables: Record<string, unknown>): Promise<{ data: Item; errors: FieldError[] }> {
    if (this.closed !== undefined) throw new Fallback(this.closed);
    let answer: unknown;
    try {
      answer = (
        await this.client.request({
          method: 'POST',
          path: graphqlUrl(this.client.baseUrl),
          json: { query, variables },
          // A query changes nothing: sent again after a lost answer as a GET would be.
          idempotent: true,
          expect: 'object',
        })
      ).data;
    } catch (error) {
      if (this.ctx.session.signal.aborted || !isCollabError(error)) throw error;
      if (error.kind === 'not-found') this.closed = ABSENT;
      else if (error.status === 401 || error.status === 403) this.closed = `refused the token (${flat(error.message)})`;
      if (this.closed !== undefined) throw new Fallback(this.closed);
      throw new Fallback(`failed (${flat(error.message)})`);
    }
    const { data, errors } = answer as { data?: unknown; errors?: unknown };
    const listed = Array.isArray(errors) ? errors.map(fieldError) : [];
    if (!isItem(data)) throw new Fallback(listed[0] ? answeredError(listed[0]) : 'answered no data');
    return { data, errors: listed };
  }
}

/** One entry of an answer's `errors`: its message, and the path of the field it nulled (empty: none named). */
interface FieldError {
  message: string | undefined;
  path: ReadonlyArray<string | number>;
}

function fieldError(value: unknown): FieldError {
  const { message, path } = isItem(value) ? value : {};
  return {
    message: typeof message === 'string' ? message : undefined,
    path: Array.isArray(path) && path.every((step) => typeof step === 'string' || typeof step === 'number') ? path : [],
  };
}

/** The server's words, on one line and cut short: a message of any length is still one warning. */
const answeredError = (error: FieldError | undefined) =>
  `answered an error (${error?.message !== undefined ? flat(error.message) : 'no message'})`;

const isItem = (value: unknown): value is Item => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A connection's page as read: its nodes and the cursor after them, or undefined for any other shape. */
function pageOf(value: unknown): { nodes: Item[]; next: string | null } | undefined {
  if (!isItem(value) || !Array.isArray(value.nodes) || !value.nodes.every(isItem) || !isItem(value.pageInfo))
    return undefined;
  const { hasNextPage, endCursor } = value.pageInfo;
  if (hasNextPage === false) return { nodes: value.nodes, next: null };
  if (hasNextPage === true && typeof endCursor === 'string' && endCursor !== '')
    return { nodes: value.nodes, next: endCursor };
  return undefined;
}

/** A target to read through GraphQL, and the sections to read so. */
export interface GraphqlAsk {
  live: LiveTarget;
  sections: readonly Reading[];
}

/** The names of the sections asked of GraphQL, by live state: what REST need not read unless GraphQL leaves it. */
export function askedSections(asks: readonly GraphqlAsk[]): Map<LiveTarget, Set<string>> {
  return new Map(asks.map(({ live, sections }) => [live, new Set(sections.map((section) => section.name))]));
}

/** What plan and apply ask of GraphQL: each existing target's sections that have a GraphQL read its file lets it use. */
export function planAsks(
  targets: readonly DesiredTarget[],
  lives: ReadonlyMap<DesiredTarget, LiveTarget>,
): GraphqlAsk[] {
  return targets.flatMap((target) => {
    const live = lives.get(target);
    const sections = graphqlSections().filter(
      (section) =>
        target.sections[section.name] !== undefined &&
        section.kinds.includes(target.kind) &&
        section.graphql?.kinds.includes(target.kind) &&
        (section.graphql.usable?.(target.sections[section.name], target.kind, live?.resource) ?? true),
    );
    return live?.resource && sections.length > 0 ? [{ live, sections }] : [];
  });
}

/**
 * What a saved plan's stale check asks: each target's sections, of those its changes are compared
 * in, that have a GraphQL read (what the file wanted is not in a plan: a field GraphQL does not
 * show makes a change look moved, and the caller reads that section again by REST). The caller
 * passes the targets that exist (none its plan makes), before reading them.
 */
export function checkAsks(checks: ReadonlyArray<{ live: LiveTarget; sections: ReadonlySet<string> }>): GraphqlAsk[] {
  return checks.flatMap(({ live, sections: names }) => {
    const sections = graphqlSections().filter(
      (section) =>
        names.has(section.name) && section.kinds.includes(live.kind) && section.graphql?.kinds.includes(live.kind),
    );
    return sections.length > 0 ? [{ live, sections }] : [];
  });
}

/** What export asks: each target's wanted sections whose GraphQL read gives all their export writes. */
export function exportAsks(lives: readonly LiveTarget[], wanted: ReadonlySet<string>): GraphqlAsk[] {
  return lives.flatMap((live) => {
    const sections = graphqlSections().filter(
      (section) => wanted.has(section.name) && section.graphql?.exports?.includes(live.kind),
    );
    return live.resource && sections.length > 0 ? [{ live, sections }] : [];
  });
}

/** A query's worth of targets of one kind: each with its own sections, the query asking all theirs. */
interface Batch {
  kind: TargetKind;
  sections: readonly Reading[];
  asks: readonly GraphqlAsk[];
}

/**
 * The asks in as few queries as GitLab's limits allow: up to 50 projects a query (one group), each
 * query asking the sections any of its targets asks. Every set of sections is within the limits
 * (test/unit/graphql-queries.test.ts scores each, all of them together included), so a target's
 * sections never split a batch; targets asking the same sections go side by side, so that a query
 * asks what its targets need and little more.
 */
function batchesOf(asks: readonly GraphqlAsk[]): Batch[] {
  // A batch's sections in the registry's order; a reading of its own (access-report's) after them.
  const rank = (section: Reading) => SECTIONS.indexOf(section) >>> 0;
  const out: Batch[] = [];
  for (const kind of ['project', 'group'] as const) {
    // Grouped by their sections, in the order each set is first asked.
    const bySections = new Map<string, GraphqlAsk[]>();
    for (const ask of asks.filter((each) => each.live.kind === kind)) {
      const key = ask.sections.map((section) => section.name).join(' ');
      const same = bySections.get(key) ?? [];
      bySections.set(key, same);
      same.push(ask);
    }
    const ofKind = [...bySections.values()].flat();
    const size = kind === 'project' ? BATCH : 1;
    for (let at = 0; at < ofKind.length; at += size) {
      const part = ofKind.slice(at, at + size);
      const sections = [...new Set(part.flatMap((ask) => ask.sections))].sort((a, b) => rank(a) - rank(b));
      out.push({ kind, sections, asks: part });
    }
  }
  // Sent in the order their targets are first asked, of either kind.
  const at = new Map(asks.map((ask, index) => [ask, index]));
  const firstOf = (batch: Batch) => Math.min(...batch.asks.map((ask) => at.get(ask) ?? 0));
  return out.sort((a, b) => firstOf(a) - firstOf(b));
}

/**
 * Reads through GraphQL each ask's sections into its live state; returns what it filled, by live
 * state. Whatever fell back is left for REST. `concurrency` queries at once (a batch's pages after
 * its query, in its place).
 */
export async function readByGraphql(
  ctx: VerbContext,
  asks: readonly GraphqlAsk[],
  concurrency: number,
): Promise<Map<LiveTarget, Set<string>>> {
  const filled = new Map<LiveTarget, Set<string>>();
  const run = new GraphqlRun(ctx, await ctx.session.client());
  const read = async ({ kind, sections, asks: part }: Batch) => {
    let nodes: Nodes;
    try {
      nodes = await readNodes(
        run,
        kind,
        sections,
        part.map((ask) => ask.live),
      );
    } catch (error) {
      if (!(error instanceof Fallback)) throw error;
      run.fallBack(sections, error.message);
      return;
    }
    for (const { live, sections: own } of part) {
      const node = nodes.get(live.path.toLowerCase());
      const done = new Set<string>();
      for (const section of own) {
        const failed = node?.failed.get(alias(section));
        if (failed) {
          run.fallBack([section], answeredError(failed));
          continue;
        }
        try {
          const items = !node
            ? undefined
            : whole(section, kind)
              ? [node.item]
              : await readConnection(run, kind, live.path, section, node.item[alias(section)]);
          const filled = items ? section.graphql?.fill(live, items) : false;
          if (filled === true) done.add(section.name);
          else
            run.fallBack(
              [section],
              typeof filled === 'string'
                ? filled
                : node
                  ? 'answered what collab cannot read as the REST API would'
                  : 'left a target out',
            );
        } catch (error) {
          if (!(error instanceof Fallback)) throw error;
          run.fallBack([section], error.message);
        }
      }
      if (done.size > 0) filled.set(live, done);
    }
  };
  // The first query alone: an instance without GraphQL answers it 404, and no other is sent.
  const [first, ...rest] = batchesOf(asks);
  if (first) await read(first);
  await eachLimited(rest, concurrency, read);
  run.tell();
  return filled;
}

/**
 * A target's node as a batch answered it, and the errors of its sections' fields, by section alias;
 * by full path in lower case: GitLab finds a path whatever its case (Routable.where_full_path_in
 * matches LOWER(routes.path)), as REST does, and answers its own (`Acme/Web` is `acme/web`).
 */
type Nodes = Map<string, { item: Item; failed: Map<string, FieldError> }>;

/**
 * The batch's nodes by full path. An error whose path names a section's field of one target's
 * node (`projects.nodes.3.jobTokenScope`, `group.labels`) sends that section of that target to
 * REST and no other; an error that names none (the whole query, a node, its full path) sends the
 * batch.
 */
async function readNodes(
  run: GraphqlRun,
  kind: TargetKind,
  sections: readonly Reading[],
  lives: readonly LiveTarget[],
): Promise<Nodes> {
  const out: Nodes = new Map();
  const { data, errors } = await run.answer(targetsQuery(kind, sections), {
    ...(kind === 'group' ? { path: (lives[0] as LiveTarget).path } : { paths: lives.map((live) => live.path) }),
  });
  // Which section a field of the node is, by the name the answer gives it.
  const sectionOf = new Map(sections.flatMap((section) => keysOf(section, kind).map((key) => [key, section])));
  const add = (item: unknown): void => {
    if (isItem(item) && typeof item.fullPath === 'string')
      out.set(item.fullPath.toLowerCase(), { item, failed: new Map() });
  };
  let nodeOf: (path: ReadonlyArray<string | number>) => { node: unknown; field: unknown };
  if (kind === 'group') {
    const path = (lives[0] as LiveTarget).path;
    if (
      isItem(data.group) &&
      typeof data.group.fullPath === 'string' &&
      data.group.fullPath.toLowerCase() === path.toLowerCase()
    )
      add(data.group);
    nodeOf = (at) => ({ node: at[0] === 'group' ? data.group : undefined, field: at[1] });
  } else {
    // At most 50 paths in a page of 50: a next page would be more projects than asked for.
    const page = pageOf(data.projects);
    if (!page || page.next !== null) {
      if (errors.length > 0) throw new Fallback(answeredError(errors[0]));
      throw new Fallback('answered projects in a shape collab does not know');
    }
    for (const node of page.nodes) add(node);
    nodeOf = (at) => ({
      node: at[0] === 'projects' && at[1] === 'nodes' && typeof at[2] === 'number' ? page.nodes[at[2]] : undefined,
      field: at[3],
    });
  }
  for (const error of errors) {
    const { node, field } = nodeOf(error.path);
    const section = typeof field === 'string' ? sectionOf.get(field) : undefined;
    const target = isItem(node) && typeof node.fullPath === 'string' ? out.get(node.fullPath.toLowerCase()) : undefined;
    if (!section || !target || target.item !== node) throw new Fallback(answeredError(error));
    target.failed.set(alias(section), error);
  }
  return out;
}

/**
 * The names a section's fields take in an answer: its connection's alias, or the fields it reads
 * of the target itself, each aliased as the section's (`jobTokenScope: ciJobTokenScope { ... }`).
 */
function keysOf(section: Reading, kind: TargetKind): string[] {
  const read = readOf(section, kind);
  if (!('fields' in read)) return [alias(section)];
  // The selection's own level: what is in braces or parentheses belongs to a field below.
  let top = read.fields;
  for (let before = ''; before !== top; ) {
    before = top;
    top = top.replace(/\([^()]*\)|\{[^{}]*\}/g, ' ');
  }
  return [...top.matchAll(/(\w+)(?:\s*:\s*\w+)?/g)].map((match) => match[1] as string);
}

/** Every node of one section's connection: the first page from the batch, the rest one query a page. */
async function readConnection(
  run: GraphqlRun,
  kind: TargetKind,
  path: string,
  section: Reading,
  first: unknown,
): Promise<Item[] | undefined> {
  let page = pageOf(first);
  const nodes: Item[] = [];
  // A server that hands back a cursor it gave before, or a page of nothing that says more follow,
  // would be asked forever: the section goes to REST instead (whose keyset pages have the same guard).
  const cursors = new Set<string>();
  while (page) {
    nodes.push(...page.nodes);
    if (page.next === null) return nodes;
    if (cursors.has(page.next) || page.nodes.length === 0)
      throw new Fallback('answered pages that do not end (a cursor again, or an empty page with more after it)');
    cursors.add(page.next);
    const owner = (await run.query(pageQuery(kind, section), { path, after: page.next }))[kind];
    page = isItem(owner) ? pageOf(owner[alias(section)]) : undefined;
  }
  return undefined;
}
