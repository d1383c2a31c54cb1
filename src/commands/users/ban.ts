import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const BAN = moderation(
  'ban',
  'Ban an active user (they are blocked, and what they made is hidden)',
  'The service refuses a user who is not active.',
);

export const run = (ctx: VerbContext, opts: VerbInput<typeof BAN>) => moderate('ban', ctx, opts);
