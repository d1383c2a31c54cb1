import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import type { DESCENDANTS } from './verbs.js';

export function parse(input: VerbInput<typeof DESCENDANTS>): GroupListOptions {
  return groupListOptions(input, { kind: 'descendants', group: input.group });
}

export { bindGroup as bind, runGroupList as run } from './group-list.js';
