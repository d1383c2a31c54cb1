import type { VerbInput } from '../verb.js';
import { type GroupListOptions, groupListOptions } from './group-list.js';
import { GROUP_LIST_FILTERS } from '../../params/groups.js';
import { params } from '../flags.js';
import { tree } from './group-list.js';
import { verb } from '../verb.js';

export const LIST = verb({
  name: 'list',
  summary: 'List groups you are a member of (administrators: every group)',
  flags: { query: params(GROUP_LIST_FILTERS), tree: tree() },
  list: true,
  examples: [
    'collab groups list --tree',
    'collab groups list --all-available --search platform --order-by similarity',
    'collab groups list --min-access-level maintainer --skip-groups 12,14 --json',
    'collab groups list --custom-attribute team=acme --all',
  ],
});

export function parse(input: VerbInput<typeof LIST>): GroupListOptions {
  return groupListOptions(input, { kind: 'all' });
}

export { runGroupList as run } from './group-list.js';
