import { checkListFlags, DEFAULT_LIMIT, type ListFlags, MAX_PER_PAGE, SERVICE_PER_PAGE } from '../list-flags.js';
import { DOCUMENT_FORMATS, OUTPUT_FORMATS } from '../output/format.js';
import { duration, integer } from '../params/parsers.js';
import { findSetting } from '../config/settings.js';
import { pagesCeiling } from '../http/pages-in-flight.js';
import { bool, option } from './flags.js';
import type { CommandSpec, OptionSpec } from './spec.js';
import { MAX_TARGET_CONCURRENCY, targetOptionNoun, targetSlots, withStdinNote } from './targets.js';

/** Options of every command (the global options), described once for the CLI and completions. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  {
    flags: '--host <url>',
    description: 'the service (env COLLAB_HOST, else the configured default host)',
    // glab's --hostname (docs.gitlab.com/cli/auth/login, and its api command's).
    peerNames: ['--hostname'],
  },
  {
    flags: '-o, --output <format>',
    description: 'output format (markdown: collab plan only)',
    choices: [...OUTPUT_FORMATS, ...DOCUMENT_FORMATS],
  },
  { flags: '--json', description: 'shorthand for -o json' },
  { flags: '--fields <list>', description: 'columns or keys to print, as dot paths: id,namespace.full_path' },
  {
    flags: '--jq <expression>',
    description: 'filter JSON output with jq: the list as one array (each object with -o ndjson); strings print raw',
  },
  { flags: '--verbose', description: 'print each request and response status on stderr (token redacted)' },
  {
    flags: '--sudo <user>',
    description: 'administrators only: run every request as this user (username or ID), sent as the Sudo header',
  },
  { flags: '--no-color', description: 'no colour (also NO_COLOR)' },
  { flags: '-q, --quiet', description: 'print only data: no status messages' },
];

/** The concurrency setting: its default and its largest value, from the settings table. */
const CONCURRENCY = findSetting('concurrency');
const CONCURRENCY_MAX = CONCURRENCY.value.type === 'integer' ? CONCURRENCY.value.max : Number.NaN;

/**
 * A command's --concurrency: what runs at once, up to `max` (what it runs decides how many the
 * service takes; by default the setting's own largest value), its default said from the settings table.
 */
function concurrencyOption(
  what: string,
  max = CONCURRENCY_MAX,
  byDefault = `${CONCURRENCY.default}, the concurrency setting`,
): OptionSpec {
  return {
    flags: '--concurrency <n>',
    description: `${what} (default: ${byDefault}; at most ${max})`,
    parse: integer(1, max),
  };
}

/** The same as a typed flag (src/commands/flags.ts), for a verb that declares it. */
export function concurrencyFlag(what: string, max?: number) {
  const { flags, description } = concurrencyOption(what, max);
  return option(flags, description, integer(1, max ?? CONCURRENCY_MAX));
}

const LIST_CONCURRENCY = concurrencyOption(
  'pages in flight with --all',
  undefined,
  `the concurrency setting, or ${CONCURRENCY.default} rising to ${pagesCeiling(Number(CONCURRENCY.default))} while the service keeps its pace`,
);

const LIST_OPTIONS: readonly OptionSpec[] = [
  {
    flags: '--limit <n>',
    description: `the first n items, from as many pages as that takes (default ${DEFAULT_LIMIT})`,
    parse: integer(1),
  },
  { flags: '--all', description: 'every item, streamed page by page as it arrives' },
  {
    flags: '--per-page <n>',
    description: `items per request, 1 to ${MAX_PER_PAGE}`,
    parse: integer(1, MAX_PER_PAGE),
  },
  {
    flags: '--page <n>',
    description: `only this page (of --per-page items, default ${SERVICE_PER_PAGE}), as the service numbers them`,
    parse: integer(1),
  },
  LIST_CONCURRENCY,
];

/**
 * --wait and --timeout of a verb whose work the service finishes in the background (a fork, a
 * mirror pull, an immediate deletion): src/commands/wait.ts follows it.
 */
export function waitFlags(until: string) {
  return {
    wait: bool('--wait', `wait until ${until}`),
    timeout: option(
      '--timeout <duration>',
      `with --wait: how long to wait, e.g. 90s, 10m (default ${DEFAULT_WAIT_MS / 60_000}m)`,
      duration,
    ),
  };
}

/** How long --wait waits unless --timeout says otherwise. */
export const DEFAULT_WAIT_MS = 10 * 60_000;

const DRY_RUN: OptionSpec = {
  flags: '--dry-run',
  description: 'print the request that would be sent, and send nothing',
};
const YES: OptionSpec = { flags: '-y, --yes', description: 'do not ask for confirmation' };

/** The options a command with a target slot gets for `-`: --concurrency (lists have theirs), --yes for destructive verbs. */
function bulkOptions(spec: CommandSpec): OptionSpec[] {
  if (targetSlots(spec).length === 0) return [];
  const options: OptionSpec[] = [];
  if (!spec.list)
    options.push(concurrencyOption('with - as the target: targets in flight at once', MAX_TARGET_CONCURRENCY));
  if (spec.destructive === true && !spec.confirm)
    options.push({ flags: '-y, --yes', description: 'with - as the target: do not ask to type the number of targets' });
  return options;
}

/**
 * A command's own options plus those its kind brings (list, dry-run, confirmation, and what `-` as
 * the target needs: src/commands/targets.ts), and their aliases.
 */
export function commandOptions(spec: CommandSpec): OptionSpec[] {
  let options = [
    ...(spec.options ?? []),
    ...(spec.list ? LIST_OPTIONS : []),
    ...(spec.mutating ? [DRY_RUN] : []),
    ...(spec.confirm ? [YES] : []),
    ...bulkOptions(spec),
  ];
  if (targetSlots(spec).length > 0) options = options.map(withBulkHelp);
  return options.flatMap((option) => (option.aliases?.length ? withAliases(option) : [option]));
}

/** Help of a command that takes `-`: its target option says so, and a list's --concurrency that it still counts pages. */
function withBulkHelp(option: OptionSpec): OptionSpec {
  if (targetOptionNoun(option)) return withStdinNote(option);
  if (option === LIST_CONCURRENCY)
    return {
      ...option,
      description: `${option.description}; with - as the target too, each target's pages (targets run at the concurrency setting, at most ${MAX_TARGET_CONCURRENCY})`,
    };
  return option;
}

/**
 * An option with aliases: the option itself, its help naming them, and a hidden option per alias
 * that reads its value the same way (same placeholder, parser, choices) and stands for it.
 */
function withAliases(option: OptionSpec): OptionSpec[] {
  const long = longFlag(option);
  const aliases = option.aliases ?? [];
  const value = option.flags.slice(option.flags.indexOf(long) + long.length);
  const { aliases: _aliases, required: _required, negatable: _negatable, default: _default, ...reading } = option;
  return [
    { ...option, description: `${option.description} (also ${aliases.join(', ')})` },
    ...aliases.map((alias) => ({
      ...reading,
      flags: `${alias}${value}`,
      description: `same as ${long}`,
      hidden: true,
      aliasOf: long,
    })),
  ];
}

/** The long flag of a spec: `-y, --yes` -> `--yes`. */
export function longFlag(spec: OptionSpec): string {
  return spec.flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? spec.flags;
}

export function shortFlag(spec: OptionSpec): string | undefined {
  return spec.flags.split(/[ ,]+/).find((part) => /^-[A-Za-z]$/.test(part));
}

export function takesValue(spec: OptionSpec): boolean {
  return /<[^>]+>|\[[^\]]+\]/.test(spec.flags);
}

/** The parsed values of LIST_OPTIONS, for ctx.session.pages, checked against the list flags' rule (src/list-flags.ts). */
export function listFlags(o: Readonly<Record<string, unknown>>): ListFlags {
  // Each was read by its integer parser (LIST_OPTIONS): a number, or not given.
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return checkListFlags({
    limit: count(o.limit),
    all: o.all === true,
    perPage: count(o.perPage),
    page: count(o.page),
    concurrency: count(o.concurrency),
  });
}
