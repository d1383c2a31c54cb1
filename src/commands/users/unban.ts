import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const UNBAN = moderation('unban', 'Unban a banned user', 'The service refuses a user who is not banned.');

export const run = (ctx: VerbContext, opts: VerbInput<typeof UNBAN>) => moderate('unban', ctx, opts);
