import { PassThrough } from 'node:stream';
import { deployKeysPath } from '../api/deploy-keys.js';
import { GROUPS_PATH, groupProjectsPath, subgroupsPath } from '../api/groups.js';
import { integrationsPath } from '../api/integrations.js';
import { labelsPath } from '../api/labels.js';
import { type Owner, ownerPath } from '../api/owner.js';
import { PROJECTS_PATH } from '../api/projects.js';
import { protectedEnvironmentsPath } from '../api/protected-environments.js';
import { protectedRefsPath } from '../api/protected-refs.js';
import { variablesPath } from '../api/variables.js';
import { commandOptions, GLOBAL_OPTIONS, longFlag, shortFlag, takesValue } from '../commands/common-options.js';
import { NOUNS } from '../commands/manifest.js';
import type { ArgSpec, CommandSpec, OptionSpec } from '../commands/spec.js';
import { hostKey } from '../config/store.js';
import { Context } from '../context.js';
import type { HttpClient } from '../http/client.js';
import type { IO } from '../io.js';
import { type Runtime, systemClock } from '../runtime.js';
import { hasControls } from '../output/escape.js';
import { readCached, writeCached } from './cache.js';
import { argKind, optionKind, type ValueKind } from './kinds.js';

/**
 * `collab __complete <words…>`, which the completion scripts run for the values that live on the
 * service: the candidates for the last word, one a line, completing a path one level at a time as
 * a shell completes a file's. A word with a slash lists the group before its last slash (its
 * subgroups as `group/sub/`, and where a project is wanted its projects), filtered by the rest; a
 * word without one, the top-level groups and the projects matching it. At most 20 candidates a
 * request (the service's search narrows them; the prefix is checked here).
 *
 * It never prompts and never says anything but candidates: no token, an unreachable or slow
 * service, a token command that does not answer, all give no candidates, within one second
 * (COLLAB_COMPLETE_TIMEOUT).
 */

/** All the time completion takes, token command included: a shell waits for it. */
const COMPLETION_BUDGET_MS = 1000;

/**
 * The budget: 1 s, or COLLAB_COMPLETE_TIMEOUT seconds (for a service that is slow to answer, and
 * for tests on a busy machine). A value that is not a positive number is ignored: completion
 * reports nothing, not even a bad setting.
 */
function budgetMs(env: Runtime['env']): number {
  const seconds = Number(env.COLLAB_COMPLETE_TIMEOUT);
  return env.COLLAB_COMPLETE_TIMEOUT && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : COMPLETION_BUDGET_MS;
}
const PER_REQUEST = 20;

/**
 * What a project or group owns, completed by name from the owner the line gives (`--project` or
 * `--group`): by noun, the positional argument it completes, the list of the owner's things to read
 * (none where that kind of owner holds none), and the field each candidate is. Kept here rather
 * than in kinds.ts, which the completion scripts' generator loads too and which has no use for it.
 */
interface OwnedKind {
  arg: string;
  list: (owner: Owner) => string | undefined;
  field: string;
}

/** Deploy keys and protections are a project's. */
const inProject = (path: (project: string | number) => string) => (owner: Owner) =>
  owner.kind === 'project' ? path(owner.ref) : undefined;

const OWNED: Readonly<Record<string, OwnedKind>> = {
  labels: { arg: 'name', list: labelsPath, field: 'name' },
  variables: { arg: 'key', list: variablesPath, field: 'key' },
  // Not badgesPath: src/api/badges.ts imports the pagination machinery, which `__complete` has no other use for.
  badges: { arg: 'badge-id', list: (owner) => `${ownerPath(owner)}/badges`, field: 'id' },
  'deploy-keys': { arg: 'key-id', list: inProject(deployKeysPath), field: 'id' },
  'protected-branches': {
    arg: 'name',
    list: inProject((project) => protectedRefsPath(project, 'branch')),
    field: 'name',
  },
  'protected-tags': { arg: 'name', list: inProject((project) => protectedRefsPath(project, 'tag')), field: 'name' },
  'protected-environments': { arg: 'name', list: protectedEnvironmentsPath, field: 'name' },
  // The active ones: what `integrations view`, `set` and `disable` are most often given.
  integrations: { arg: 'slug', list: integrationsPath, field: 'slug' },
  // Not schedulesPath: src/api/pipeline-schedules.ts imports the pagination machinery (its create's recovery).
  mirrors: {
    arg: 'mirror-id',
    list: inProject((project) => `${ownerPath({ kind: 'project', ref: project })}/remote_mirrors`),
    field: 'id',
  },
  schedules: {
    arg: 'schedule-id',
    list: inProject((project) => `${ownerPath({ kind: 'project', ref: project })}/pipeline_schedules`),
    field: 'id',
  },
  'approval-rules': {
    arg: 'rule',
    list: inProject((project) => `${ownerPath({ kind: 'project', ref: project })}/approval_rules`),
    field: 'name',
  },
};

/** What the positional argument `arg` of a command of `noun` names among an owner's things, if anything. */
function ownedKind(noun: string, arg: ArgSpec | undefined): OwnedKind | undefined {
  const owned = Object.hasOwn(OWNED, noun) ? OWNED[noun] : undefined;
  return owned && arg?.name === owned.arg ? owned : undefined;
}

/** What an owner's list to read is, and the field of each item a candidate is. */
interface OwnedList {
  path: string;
  field: string;
}

/** The word to complete and what it names: projects or groups, or something an owner holds. */
type ValueTarget = ({ kind: ValueKind } | { owned: OwnedList }) & {
  /** The value typed so far. */
  word: string;
  /** What comes before the value in the word (`--project=`), printed before each candidate. */
  prefix: string;
  /** --host, when the command line gives one. */
  host: string | undefined;
};

function findOption(options: readonly OptionSpec[], flag: string): OptionSpec | undefined {
  return options.find((option) => longFlag(option) === flag || shortFlag(option) === flag);
}

/**
 * Where the last word stands in the command line (the words after `collab`): the value of a flag
 * (`--project acme/w`, `--project=acme/w`, and bash's `--project = acme/w`), or a positional
 * argument of the command named; undefined where no project or group is wanted.
 */
async function valueTarget(words: readonly string[]): Promise<ValueTarget | undefined> {
  const current = words[words.length - 1] ?? '';
  let spec: CommandSpec | undefined;
  let options: readonly OptionSpec[] = GLOBAL_OPTIONS;
  let pending: OptionSpec | undefined;
  let host: string | undefined;
  let positionals = 0;
  let afterDashes = false;
  let noun: string | undefined;
  let owner: Owner | undefined;
  const takeValue = (option: OptionSpec, value: string) => {
    const flag = longFlag(option);
    if (flag === '--host') host = value;
    // A path or an ID as typed; `-` (many targets) names no one owner.
    if ((flag === '--project' || flag === '--group') && value !== '-')
      owner = { kind: flag === '--project' ? 'project' : 'group', ref: value };
  };
  for (const word of words.slice(0, -1)) {
    if (pending) {
      // bash splits `--project=x` into `--project`, `=`, `x`.
      if (word === '=') continue;
      takeValue(pending, word);
      pending = undefined;
      continue;
    }
    if (!afterDashes && word === '--') {
      afterDashes = true;
      continue;
    }
    if (!afterDashes && word.startsWith('-') && word.length > 1) {
      const at = word.indexOf('=');
      const option = findOption(options, at < 0 ? word : word.slice(0, at));
      if (option && takesValue(option)) {
        if (at < 0) pending = option;
        else takeValue(option, word.slice(at + 1));
      }
      continue;
    }
    if (!spec) {
      const entry = NOUNS.find((candidate) => candidate.name === word);
      if (!entry) return undefined;
      noun = entry.name;
      spec = (await entry.load()).spec;
    } else if (spec.subcommands) {
      spec = spec.subcommands.find((sub) => sub.name === word || (sub.aliases ?? []).includes(word));
      if (!spec) return undefined;
    } else {
      positionals++;
      continue;
    }
    options = [...GLOBAL_OPTIONS, ...commandOptions(spec)];
  }
  if (pending) {
    const kind = optionKind(pending);
    return kind ? { kind, word: current === '=' ? '' : current, prefix: '', host } : undefined;
  }
  if (!afterDashes && current.startsWith('-')) {
    const at = current.indexOf('=');
    const option = at < 0 ? undefined : findOption(options, current.slice(0, at));
    const kind = option ? optionKind(option) : undefined;
    return kind ? { kind, word: current.slice(at + 1), prefix: current.slice(0, at + 1), host } : undefined;
  }
  if (!spec || spec.subcommands) return undefined;
  const args = spec.args ?? [];
  const last = args[args.length - 1];
  const arg = args[positionals] ?? (last?.variadic ? last : undefined);
  const kind = argKind(arg);
  if (kind) return { kind, word: current, prefix: '', host };
  const owned = noun === undefined ? undefined : ownedKind(noun, arg);
  const path = owned && owner ? owned.list(owner) : undefined;
  return owned && path !== undefined
    ? { owned: { path, field: owned.field }, word: current, prefix: '', host }
    : undefined;
}

/** A context that shows nothing and asks nothing: its output and warnings go nowhere, its stdin is empty. */
function silentContext(runtime: Runtime, host: string | undefined, signal: AbortSignal): Context {
  const sink = new PassThrough();
  sink.resume();
  const stdin = new PassThrough();
  stdin.end();
  const io: IO = {
    stdout: sink,
    stderr: sink,
    stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    color: false,
    columns: 0,
  };
  return new Context(io, { host, verbose: false, quiet: true }, signal, {
    env: runtime.env,
    dispatcher: runtime.dispatcher,
    clock: runtime.clock,
  });
}

/** The candidates for the last of `words`; none when there is nothing to offer or anything goes wrong. */
export async function completeWords(words: readonly string[], runtime: Runtime): Promise<string[]> {
  // The run's clock, as the token command's limit has it: a test moves it past the budget without waiting.
  const clock = runtime.clock ?? systemClock;
  const started = clock.now();
  const budget = budgetMs(runtime.env);
  const deadline = new AbortController();
  const timer = clock.setTimeout(() => deadline.abort(), budget);
  const signal = runtime.signal ? AbortSignal.any([deadline.signal, runtime.signal]) : deadline.signal;
  let ctx: Context | undefined;
  const answer = (async () => {
    const target = await valueTarget(words);
    if (!target) return [];
    ctx = silentContext(runtime, target.host, signal);
    const host = hostKey(await ctx.session.host());
    const key = { host, kind: 'owned' in target ? `owned:${target.owned.path}` : target.kind, word: target.word };
    let candidates = readCached(runtime.env, key);
    if (!candidates) {
      const { token } = await ctx.session.resolveToken(host, {
        timeoutMs: Math.max(1, budget - (clock.now() - started)),
      });
      const client = await ctx.session.connect(host, token);
      try {
        candidates =
          'owned' in target
            ? await fetchOwned(client, target.owned, target.word)
            : await fetchCandidates(client, target.kind, target.word);
      } finally {
        await client.close();
      }
      if (signal.aborted) return [];
      writeCached(runtime.env, key, candidates);
    }
    return candidates.map((candidate) => `${target.prefix}${candidate}`);
  })();
  const gaveUp = new Promise<string[]>((resolve) =>
    signal.addEventListener('abort', () => resolve([]), { once: true }),
  );
  try {
    return await Promise.race([answer.catch(() => []), gaveUp]);
  } finally {
    timer.cancel();
    // Whatever is still running (a request, a token command) ends with the run.
    deadline.abort();
    await (ctx as Context | undefined)?.close().catch(() => undefined);
  }
}

interface Named {
  path?: unknown;
  full_path?: unknown;
  path_with_namespace?: unknown;
}

/**
 * Asks the service for the groups (and projects) a word may continue into, as the module comment
 * says. Each request asks for PER_REQUEST at most; `search` narrows them on the service (which
 * matches anywhere in a name or path), the prefix is checked here.
 */
async function fetchCandidates(client: HttpClient, kind: ValueKind, word: string): Promise<string[]> {
  const slash = word.lastIndexOf('/');
  const parent = slash < 0 ? undefined : word.slice(0, slash);
  const rest = word.slice(slash + 1);
  const search: Record<string, string> = rest ? { search: rest } : {};
  const list = async (path: string, query: Record<string, string | number | boolean>): Promise<Named[]> => {
    const { data } = await client.request<unknown>({ method: 'GET', path, query: { per_page: PER_REQUEST, ...query } });
    return Array.isArray(data) ? (data as Named[]) : [];
  };
  const groupPath = (group: Named) =>
    typeof group.full_path === 'string'
      ? group.full_path
      : parent && typeof group.path === 'string'
        ? `${parent}/${group.path}`
        : group.path;
  const [groups, projects] = await Promise.all([
    parent === undefined ? list(GROUPS_PATH, { top_level_only: true, ...search }) : list(subgroupsPath(parent), search),
    kind !== 'project' || (parent === undefined && !word)
      ? Promise.resolve([])
      : parent === undefined
        ? list(PROJECTS_PATH, { search: word, search_namespaces: true, simple: true })
        : list(groupProjectsPath(parent), { ...search, simple: true, with_shared: false }),
  ]);
  const lower = word.toLowerCase();
  const matches = (text: unknown): text is string => typeof text === 'string' && text.toLowerCase().startsWith(lower);
  const groupCandidates = groups
    .map(groupPath)
    .filter(matches)
    .map((path) => `${path}/`);
  const projectCandidates = projects.map((project) => project.path_with_namespace).filter(matches);
  return [...new Set([...groupCandidates.sort(), ...projectCandidates.sort()])].filter(oneLine);
}

/**
 * One candidate a line: a path or a name holding a line break, a tab or another control (no real
 * path does) would reach the shell as pieces of itself, so it is not offered. Nor is one holding
 * what escape.ts escapes elsewhere (a C1 control, a bidi override): the shell inserts a candidate
 * as it is and lists candidates on the terminal as they are, so it cannot be shown escaped.
 */
function oneLine(candidate: string): boolean {
  return !/[\t\n]/.test(candidate) && !hasControls(candidate);
}

/**
 * The names (keys, IDs) of what the owner holds that start with the word: one page of its list,
 * 100 at most (a project's labels, variables, badges, keys and protections are few). A name with a
 * control character is not offered, as for paths.
 */
async function fetchOwned(client: HttpClient, owned: OwnedList, word: string): Promise<string[]> {
  const { data } = await client.request<unknown>({ method: 'GET', path: owned.path, query: { per_page: 100 } });
  const names = (Array.isArray(data) ? data : []).map((item) =>
    item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[owned.field] : undefined,
  );
  const texts = names
    .map((name) => (typeof name === 'number' ? String(name) : name))
    .filter((name): name is string => typeof name === 'string' && name.startsWith(word));
  return [...new Set(texts)].sort().filter(oneLine);
}
