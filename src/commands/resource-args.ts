import { groupRef, projectRef } from '../params/parsers.js';
import { arg, type ArgSpec, option, type Values } from './flags.js';

/** The <project> and <group> arguments: how help names them, and how a verb reads them. */

export const PROJECT_ARG: ArgSpec = {
  name: 'project',
  description: 'the project: numeric ID or full path (grp/sub/app)',
};
const GROUP_ARG: ArgSpec = { name: 'group', description: 'the group: numeric ID or full path (grp/sub)' };

/** The same, typed (src/commands/flags.ts): a typed verb declares `args: { project: PROJECT }`. */
export const PROJECT = arg(PROJECT_ARG, projectRef);
export const GROUP = arg(GROUP_ARG, groupRef);

/** A required --project, for the verbs of what only a project has (deploy keys, protected branches and tags); `-` reads projects from standard input. */
export const PROJECT_FLAG = option('--project <project>', 'the project (ID or full path)', projectRef, {
  required: true,
});

/** What a verb that takes only `<project>` declares (`typed: ONLY_PROJECT`) and receives (`ProjectInput`). */
export const ONLY_PROJECT = { args: { project: PROJECT } } as const;
export type ProjectInput = Values<(typeof ONLY_PROJECT)['args']>;
