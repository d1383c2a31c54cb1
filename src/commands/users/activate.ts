import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const ACTIVATE = moderation(
  'activate',
  'Activate a deactivated user',
  'The service refuses a blocked user: unblock them.',
);

export const run = (ctx: VerbContext, opts: VerbInput<typeof ACTIVATE>) => moderate('activate', ctx, opts);
