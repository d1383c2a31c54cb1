import type { CommandSpec } from '../spec.js';
import { CORE_VERBS } from './verbs-core.js';
import { EXTRA_VERBS } from './verbs-extra.js';
import { noun } from '../nouns.js';

export const spec: CommandSpec = {
  ...noun('projects'),
  description: '<project> is a numeric ID or a full path such as grp/sub/app.',
  subcommands: [...CORE_VERBS, ...EXTRA_VERBS],
};
