import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const UNBLOCK = moderation(
  'unblock',
  'Unblock a blocked user',
  'The service refuses a user blocked through LDAP and a deactivated one (activate them instead).',
);

export const run = (ctx: VerbContext, opts: VerbInput<typeof UNBLOCK>) => moderate('unblock', ctx, opts);
