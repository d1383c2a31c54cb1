import { groupRef, projectRef } from '../params/parsers.js';
import { arg, type ArgSpec, type Values } from './flags.js';

/** The <project> and <group> arguments: how help names them, and how a verb reads them. */

export const PROJECT_ARG: ArgSpec = {
  name: 'project',
  description: 'the project: numeric ID or full path (grp/sub/app)',
};
export const GROUP_ARG: ArgSpec = { name: 'group', description: 'the group: numeric ID or full path (grp/sub)' };

/** The same, typed (src/commands/flags.ts): a typed verb declares `args: { project: PROJECT }`. */
export const PROJECT = arg(PROJECT_ARG, projectRef);
export const GROUP = arg(GROUP_ARG, groupRef);

/** What a verb that takes only `<project>` (`args: { project: PROJECT }`) receives. */
export type ProjectInput = Values<{ project: typeof PROJECT }>;
