import type { CommandSpec } from '../spec.js';
import { CORE_VERBS } from './verbs-core.js';
import { EXTRA_VERBS } from './verbs-extra.js';

export const spec: CommandSpec = {
  name: 'projects',
  aliases: ['project'],
  summary: 'List, create, fork, configure and remove projects',
  description: '<project> is a numeric ID or a full path such as grp/sub/app.',
  subcommands: [...CORE_VERBS, ...EXTRA_VERBS],
};
