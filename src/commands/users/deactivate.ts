import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const DEACTIVATE = moderation(
  'deactivate',
  'Deactivate a dormant user (they come back active when they sign in again)',
  'The service refuses a blocked user and one active in the last 90 days: block them instead.',
);

export const run = (ctx: VerbContext, opts: VerbInput<typeof DEACTIVATE>) => moderate('deactivate', ctx, opts);
