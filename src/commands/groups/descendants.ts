import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import { SUBGROUP_LIST_FILTERS } from '../../params/groups.js';
import { params } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { tree } from './group-list.js';
import { verb } from '../verb.js';

export const DESCENDANTS = verb({
  name: 'descendants',
  summary: 'List every group below a group',
  args: { group: GROUP },
  flags: { query: params(SUBGROUP_LIST_FILTERS), tree: tree() },
  list: true,
  examples: [
    'collab groups descendants acme --tree',
    'collab groups descendants acme --tree -o json | jq ".[] | {full_path, depth}"',
  ],
});

export function parse(input: VerbInput<typeof DESCENDANTS>): GroupListOptions {
  return groupListOptions(input, { kind: 'descendants', group: input.group });
}

export { bindGroup as bind, runGroupList as run } from './group-list.js';
