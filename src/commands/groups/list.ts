import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import type { LIST } from './verbs.js';

export function parse(input: VerbInput<typeof LIST>): GroupListOptions {
  return groupListOptions(input, { kind: 'all' });
}

export { runGroupList as run } from './group-list.js';
