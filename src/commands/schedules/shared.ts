import { positiveInteger } from '../../params/parsers.js';
import { arg } from '../flags.js';

/** What the declarations of the schedules verbs share. */

export const SCHEDULE_ID = arg(
  { name: 'schedule-id', description: 'the schedule’s ID (see `collab schedules list`)' },
  positiveInteger,
);
