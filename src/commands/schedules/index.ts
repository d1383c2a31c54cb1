import { positiveInteger } from '../../params/parsers.js';
import { confirmedDelete } from '../delete.js';
import { arg } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';
import { CREATE_FLAGS, UPDATE_FLAGS } from './options.js';

const SCHEDULE_ID = arg(
  { name: 'schedule-id', description: 'the schedule’s ID (see `collab schedules list`)' },
  positiveInteger,
);

export const LIST = ownerVerb({
  kinds: ['project'],
  name: 'list',
  summary: 'List the project’s pipeline schedules (without their variables)',
  list: true,
  examples: ['collab schedules list --project acme/web/storefront', 'collab schedules list --project 42 --json'],
});

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show one schedule, with its variables',
  args: { scheduleId: SCHEDULE_ID },
  examples: ['collab schedules view 3 --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project'],
  name: 'create',
  summary: 'Add a pipeline schedule',
  description:
    'Active unless --no-active; the cron is read in UTC unless --cron-timezone names an IANA time zone. A short ref (main) is taken by the service for the branch or tag of that name.',
  flags: CREATE_FLAGS,
  mutating: true,
  examples: [
    "collab schedules create --project acme/web/storefront --description nightly --ref main --cron '0 2 * * *'",
    "collab schedules create --project 42 --description weekly --ref main --cron '0 6 * * 1' --cron-timezone Europe/Berlin --variable SUITE=full --file-variable CONFIG=ci/weekly.yml",
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change a schedule and its variables (the schedule’s owner only)',
  description:
    'Only the schedule’s owner may change it: another maintainer takes ownership first (`collab schedules take-ownership`). --variable and --file-variable set a variable (added when the schedule has none of that key), --remove-variable removes one.',
  args: { scheduleId: SCHEDULE_ID },
  flags: UPDATE_FLAGS,
  mutating: true,
  examples: [
    "collab schedules update 3 --project acme/web/storefront --cron '30 2 * * *'",
    'collab schedules update 3 --project 42 --no-active --remove-variable SUITE',
  ],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a schedule (one already gone is not an error)',
  typing: 'the schedule’s ID',
  note: 'Needs the Maintainer role.',
  args: { scheduleId: SCHEDULE_ID },
  kinds: ['project'],
  strict: 'the schedule does not exist',
  examples: ['collab schedules delete 3 --project acme/web/storefront --yes'],
});

export const PLAY = ownerVerb({
  kinds: ['project'],
  name: 'play',
  summary: 'Run a schedule’s pipeline now (its next run is not moved)',
  args: { scheduleId: SCHEDULE_ID },
  mutating: true,
  examples: ['collab schedules play 3 --project acme/web/storefront'],
});

export const TAKE_OWNERSHIP = ownerVerb({
  kinds: ['project'],
  name: 'take-ownership',
  summary: 'Make yourself the schedule’s owner (Maintainer role), so that you may change it',
  description: 'Its pipelines then run as you.',
  args: { scheduleId: SCHEDULE_ID },
  mutating: true,
  examples: ['collab schedules take-ownership 3 --project acme/web/storefront'],
});

export const spec: CommandSpec = {
  ...noun('schedules'),
  description:
    'Every verb takes --project <id|path> (- reads projects from standard input). Developers list, view, create and play schedules; a schedule is changed by its owner alone, and taken over or deleted by Maintainers.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...PLAY, load: () => import('./play.js') },
    { ...TAKE_OWNERSHIP, load: () => import('./take-ownership.js') },
  ],
};
