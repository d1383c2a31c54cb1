import { groupRef } from '../../params/parsers.js';
import { option } from '../flags.js';

/** What the declarations of the share verbs share. */

export const WITH = option('--group-id <group>', 'the group to share with (ID or full path)', groupRef, {
  required: true,
  aliases: ['--with'],
});
