import type { CommandInput } from '../spec.js';
import { groupListOptions } from './group-list.js';

export function options(input: CommandInput) {
  return groupListOptions(input, 'descendants');
}

export { runGroupList as run } from './group-list.js';
