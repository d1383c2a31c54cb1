import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { moderate } from './moderate.js';
import { moderation } from './shared.js';

export const BLOCK = moderation(
  'block',
  'Block a user: they can no longer sign in or use their tokens',
  'One already blocked is not an error. The service refuses a user blocked through LDAP (LDAP unblocks them) and your own account.',
);

export const run = (ctx: VerbContext, opts: VerbInput<typeof BLOCK>) => moderate('block', ctx, opts);
