import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import type { SUBGROUPS } from './verbs.js';

export function parse(input: VerbInput<typeof SUBGROUPS>): GroupListOptions {
  return groupListOptions(input, { kind: 'subgroups', group: input.group });
}

export { bindGroup as bind, runGroupList as run } from './group-list.js';
