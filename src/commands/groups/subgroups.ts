import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import { SUBGROUP_LIST_FILTERS } from '../../params/groups.js';
import { params } from '../flags.js';
import { GROUP } from '../resource-args.js';
import { verb } from '../verb.js';

export const SUBGROUPS = verb({
  name: 'subgroups',
  summary: 'List the direct subgroups of a group',
  args: { group: GROUP },
  flags: { query: params(SUBGROUP_LIST_FILTERS) },
  list: true,
  examples: ['collab groups subgroups acme', 'collab groups subgroups acme --search plat --order-by path'],
});

export function parse(input: VerbInput<typeof SUBGROUPS>): GroupListOptions {
  return groupListOptions(input, { kind: 'subgroups', group: input.group });
}

export { bindGroup as bind, runGroupList as run } from './group-list.js';
