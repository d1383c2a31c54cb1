import { arg } from '../flags.js';
import { ruled } from '../../params/parsers.js';
import { USER_RULE } from '../../params/users.js';
import { verb } from '../verb.js';

/** What the declarations of the users verbs share. */

export const USER = arg({ name: 'user', description: 'a username or user ID', required: true }, ruled(USER_RULE));

/** A change to the user's account (administrators): POST /users/:id/<action>. */
export const moderation = (name: string, summary: string, description: string) =>
  verb({
    name,
    summary,
    description,
    args: { user: USER },
    mutating: true,
    examples: [`collab users ${name} dana`, `collab users ${name} 7 --json`],
  });
