import { closest } from '../util/suggest.js';
import { ACTIVESUPPORT_ZONES } from './activesupport-zones.js';
import { tzNames } from './tz-names.js';
import { type ParamRule, REF_NAME_RULE } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * Pipeline schedules, GitLab's doc/api/pipeline_schedules.md (gitlabhq/gitlabhq 017a6c12): POST
 * /projects/:id/pipeline_schedules requires description, ref and cron; cron_timezone defaults to
 * UTC and active to true. PUT takes the same fields, each optional. The cron and time zone rules
 * below are the one check the flags, collab.yaml and the sandbox share.
 */
export const SCHEDULE_PARAMS = [
  { name: 'description', type: 'string', description: 'what the schedule is for (collab.yaml names it by this)' },
  {
    name: 'ref',
    type: 'string',
    description: 'the branch or tag the pipeline runs for (main, refs/tags/v1)',
    rule: REF_NAME_RULE,
  },
  {
    name: 'cron',
    type: 'string',
    description: 'when it runs, as cron: minute hour day-of-month month day-of-week',
    rule: cronRule(),
  },
  {
    name: 'cron_timezone',
    type: 'string',
    description:
      'the time zone the cron is read in (default UTC): an IANA name (Europe/Berlin), an ActiveSupport one (Berlin) or an offset (+05:30)',
    rule: timezoneRule(),
  },
  { name: 'active', type: 'boolean', description: 'the schedule runs (on by default)' },
] as const satisfies readonly ParamSpec[];

/**
 * The rules of cron and cron_timezone: functions, hoisted, since the table above names them and
 * they the parsers below. The model's words for both are CronValidator's and
 * CronTimezoneValidator's (`syntax is invalid`: app/validators/cron_validator.rb with its
 * ATTRIBUTE_ALLOWLIST, and cron_timezone_validator.rb; GitLab before them said ` is invalid syntax`).
 */
function cronRule(): ParamRule {
  return {
    what: 'cron',
    source: 'doc/api/pipeline_schedules.md (cron); app/validators/cron_validator.rb (Fugit)',
    checks: [
      {
        ok: (value) => cronProblem(value) === undefined,
        says: (value) => cronProblem(value) ?? '',
        service: 'syntax is invalid',
      },
    ],
  };
}

function timezoneRule(): ParamRule {
  return {
    what: 'cron time zone',
    source:
      'doc/api/pipeline_schedules.md (cron_timezone); app/validators/cron_timezone_validator.rb; lib/gitlab/ci/cron_parser.rb',
    checks: [
      {
        ok: (value) => cronZone(value) !== undefined,
        says: (value) => {
          const near = zoneSpeltOtherwise(value);
          const base =
            'must be an IANA time zone (UTC, Europe/Berlin, America/New_York) or an ActiveSupport name (Berlin, Pacific Time (US & Canada))';
          return near === undefined ? base : `${base}: did you mean "${near}"?`;
        },
        service: 'syntax is invalid',
      },
    ],
  };
}

export const CRON_RULE = cronRule();
export const TIMEZONE_RULE = timezoneRule();

/**
 * GET /projects/:id/pipeline_schedules filters by `scope`: the active schedules or the paused ones
 * (doc/api/pipeline_schedules.md, Get all pipeline schedules); without it, all of them.
 */
export const SCHEDULE_SCOPES = ['active', 'inactive'] as const;

/** What a new schedule has where the request leaves a field out. */
export const SCHEDULE_DEFAULTS: Readonly<Record<string, unknown>> = { cron_timezone: 'UTC', active: true };

/**
 * POST/PUT .../pipeline_schedules/:id/variables: key and value, and the type (`env_var` by default).
 * A value may be empty: GitLab checks only that it is given (lib/api/ci/pipeline_schedules.rb), so
 * `--variable KEY=` and collab.yaml's `value: ''` are sent as they are.
 */
export const SCHEDULE_VARIABLE_TYPES = ['env_var', 'file'] as const;

/** The doc's rule for a variable's key: at most 255 characters of A-Z, a-z, 0-9 and _. */
export function scheduleVariableKeyProblem(key: string): string | undefined {
  if (!/^[A-Za-z0-9_]{1,255}$/.test(key)) return 'a key is 1 to 255 characters of A-Z, a-z, 0-9 and _';
  return undefined;
}

/** A cron field's range, and the names it takes (months and days of the week). */
interface CronField {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const CRON_FIELDS: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  },
  // 0 and 7 are both Sunday.
  { name: 'day of week', min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

/** The shorthands GitLab's cron parser (Fugit) takes for a whole line. */
const CRON_SHORTHANDS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A cron line as the values each field allows (day of week 7 read as 0); a problem's words when it is not one. */
export type CronSets = readonly (ReadonlySet<number> & { any: boolean })[];

export function parseCron(text: string): CronSets | string {
  const line = CRON_SHORTHANDS[text.trim().toLowerCase()] ?? text.trim();
  const parts = line.split(/\s+/);
  if (parts.length !== 5)
    return 'a cron line has five fields (minute hour day-of-month month day-of-week), such as 0 1 * * *';
  const sets: (Set<number> & { any: boolean })[] = [];
  for (const [index, field] of CRON_FIELDS.entries()) {
    const set = fieldValues(parts[index] as string, field);
    if (typeof set === 'string') return set;
    sets.push(set);
  }
  return sets;
}

function fieldValues(text: string, field: CronField): (Set<number> & { any: boolean }) | string {
  const out = Object.assign(new Set<number>(), { any: text === '*' });
  const value = (word: string): number | undefined => {
    const named = field.names?.indexOf(word.toLowerCase()) ?? -1;
    if (named >= 0) return named + (field.min === 1 ? 1 : 0);
    return /^\d+$/.test(word) && Number(word) >= field.min && Number(word) <= field.max ? Number(word) : undefined;
  };
  for (const item of text.split(',')) {
    const match = /^(\*|[a-z0-9]+(?:-[a-z0-9]+)?)(?:\/(\d+))?$/i.exec(item);
    const step = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match || step < 1) return `the ${field.name} field "${text}" is not cron`;
    const [from, to] =
      match[1] === '*'
        ? [field.min, field.max]
        : ((match[1] as string).split('-').map(value) as [number | undefined, number | undefined]);
    const last = match[1] === '*' || (match[1] as string).includes('-') ? to : match[2] ? field.max : from;
    if (from === undefined || last === undefined || last < from)
      return `the ${field.name} field "${text}" is out of range (${field.min}-${field.max})`;
    for (let n = from; n <= last; n += step) out.add(field.name === 'day of week' && n === 7 ? 0 : n);
  }
  return out;
}

function cronProblem(text: string): string | undefined {
  const parsed = parseCron(text);
  return typeof parsed === 'string' ? parsed : undefined;
}

/**
 * The zone a cron_timezone stands for, as GitLab's CronParser reads it (lib/gitlab/ci/cron_parser.rb,
 * timezone_name: ActiveSupport::TimeZone.find_tzinfo, `MAPPING[name] || name`, then Fugit::Cron.parse
 * of `"* * * * * #{zone}"`): an ActiveSupport name (`Pacific Time (US & Canada)`, exactly as spelt)
 * is the TZInfo identifier it maps to; anything else is read by Fugit's grammar and EtOrbi, both
 * exact about case:
 * - Fugit's zone is an offset (`_tz_delta`: sign, two-digit hour, `:` or not, minutes 00, 15, 30
 *   or 45) or a name whose every part starts with a capital (`_tz_name`), at floraison/fugit
 *   lib/fugit/cron.rb (commit 11790c35);
 * - EtOrbi.get_tzone takes an offset of at most 11 hours (get_offset_tzone), its sign the hours'
 *   alone (`mn = -mn if hr < 0`: -00:30 runs at +00:30), and a name TZInfo lists, spelt as it lists
 *   it (get_tzinfo_tzone), at floraison/et-orbi lib/et-orbi/zone.rb: the tz database's names
 *   (tz-names.ts), each of which Fugit's grammar takes.
 * An offset is returned as `+hh:mm`, a name as it is. Undefined when it is none of these. GitLab
 * stores the value as sent, so this is for comparing and for the sandbox's next_run_at, never for
 * what is sent or shown.
 */
export function cronZone(zone: string): string | undefined {
  const named = ACTIVESUPPORT_ZONES.get(zone);
  if (named !== undefined) return named;
  const offset = /^([+-])(0\d|1[01]):?(00|15|30|45)$/.exec(zone);
  if (offset) return `${offset[2] === '00' ? '+' : offset[1]}${offset[2]}:${offset[3]}`;
  return tzNames().all.has(zone) ? zone : undefined;
}

/**
 * The zone a refused value most likely means: the one it names but for its case (`berlin` for
 * Berlin, `europe/berlin` for Europe/Berlin, `US/PACIFIC` for US/Pacific), the offset a `UTC+1`
 * means (+01:00: UTC+1 is no zone to TZInfo), or the nearest name by spelling (`Europe/Berln`);
 * undefined when none is near.
 */
function zoneSpeltOtherwise(value: string): string | undefined {
  const lower = value.toLowerCase();
  const names = [...ACTIVESUPPORT_ZONES.keys(), ...tzNames().all];
  const cased = names.find((name) => name.toLowerCase() === lower);
  if (cased !== undefined) return cased;
  const offset = /^(?:UTC|GMT)([+-])(\d{1,2})(?::?(\d\d))?$/i.exec(value);
  if (offset) {
    const form = `${offset[1]}${(offset[2] ?? '').padStart(2, '0')}:${offset[3] ?? '00'}`;
    return cronZone(form) === undefined ? undefined : form;
  }
  return closest(value, names);
}

/** Two cron_timezone values that are one zone (`Berlin` and `Europe/Berlin`): the schedule runs alike. */
export function sameCronZone(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [zoneA, zoneB] = [cronZone(a), cronZone(b)];
  if (zoneA === undefined || zoneB === undefined) return false;
  if (zoneA === zoneB) return true;
  // A link and the zone it names (US/Pacific, America/Los_Angeles) run alike.
  const { links } = tzNames();
  return (links.get(zoneA) ?? zoneA) === (links.get(zoneB) ?? zoneB);
}
