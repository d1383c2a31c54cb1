import { groupRef } from '../../params/parsers.js';
import { option } from '../flags.js';

/** What the declarations of the share verbs share; only declarations, so the front bundle takes little (build.mjs). */

export const WITH = option('--group-id <group>', 'the group to share with (ID or full path)', groupRef, {
  required: true,
  aliases: ['--with'],
});
