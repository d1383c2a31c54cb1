import { MEMBER_FILTERS, MEMBER_REMOVE_PARAMS } from '../../params/members.js';
import { paramOption } from '../../params/derive.js';
import { accessLevel, date, groupAccessLevel, nonEmpty } from '../../params/parsers.js';
import { GROUP_ARG, PROJECT_ARG } from '../resource-args.js';
import type { CommandSpec, OptionSpec } from '../spec.js';

/**
 * `collab projects members …` and `collab groups members …`: one set of verbs, bound to the kind
 * of owner (the implementations in this directory export one module per kind).
 */
type Kind = 'project' | 'group';

const USER: OptionSpec = { flags: '--user <user>', description: 'a username or user ID (repeat for several)', parse: nonEmpty, repeatable: true, required: true };
const EXPIRES: OptionSpec = { flags: '--expires <YYYY-MM-DD>', description: 'the membership ends at the start of this day (a future date)', parse: date };

function access(kind: Kind, required: boolean): OptionSpec {
  const levels = kind === 'group' ? 'minimal, guest, reporter, developer, maintainer, owner or 5..50' : 'guest, reporter, developer, maintainer, owner or 10..50';
  return { flags: '--access <level>', description: `the role: ${levels}`, parse: kind === 'group' ? groupAccessLevel : accessLevel, ...(required ? { required: true } : {}) };
}

export function memberVerbs(kind: Kind): CommandSpec {
  const arg = kind === 'project' ? PROJECT_ARG : GROUP_ARG;
  const sample = kind === 'project' ? 'acme/web/storefront' : 'acme/web';
  const noun = `collab ${kind}s members`;
  const who = kind === 'project' ? 'Maintainers manage the members of a project, up to their own role (only an Owner makes or removes an Owner)' : 'Owners manage the members of a group; its last owner can be neither removed nor demoted';
  const load = <T>(loader: () => Promise<Record<Kind, T>>) => async () => (await loader())[kind];
  return {
    name: 'members',
    summary: `List, add, change and remove the members of a ${kind}`,
    description: `${who}; administrators manage every membership, and any member may remove themselves.`,
    subcommands: [
      {
        name: 'list',
        summary: `List the ${kind}’s members`,
        description: `Direct members by default. --inherited adds those who are members through the groups above it and the groups it is shared with, each once at their highest role (the service's members/all; not --all, which means every page in every list).`,
        args: [arg],
        options: [{ flags: '--inherited', description: 'also the members through the groups above and shared groups, at their highest role' }, paramOption(MEMBER_FILTERS[0] as (typeof MEMBER_FILTERS)[number])],
        list: true,
        examples: [`${noun} list ${sample}`, `${noun} list ${sample} --inherited --query dana --json`],
        load: load(() => import('./list.js')),
      },
      {
        name: 'add',
        summary: `Add users to the ${kind} with a role`,
        args: [arg],
        options: [USER, access(kind, true), EXPIRES],
        mutating: true,
        examples: [`${noun} add ${sample} --user dana --access developer`, `${noun} add ${sample} --user 7 --user rui --access reporter --expires 2030-01-31`],
        load: load(() => import('./add.js')),
      },
      {
        name: 'update',
        summary: `Change the role or expiry of members of the ${kind}`,
        description: 'At least one of --access, --expires and --no-expiry; what is not given stays as it is.',
        args: [arg],
        options: [USER, access(kind, false), EXPIRES, { flags: '--no-expiry', description: 'the membership no longer ends' }],
        mutating: true,
        examples: [`${noun} update ${sample} --user dana --access maintainer`, `${noun} update ${sample} --user dana --expires 2030-06-30`],
        load: load(() => import('./update.js')),
      },
      {
        name: 'remove',
        destructive: true,
        summary: `Remove users from the ${kind} (not a member is not an error)`,
        args: [arg],
        options: [
          USER,
          ...(kind === 'group' ? MEMBER_REMOVE_PARAMS.map((param) => paramOption(param)) : [paramOption(MEMBER_REMOVE_PARAMS[1] as (typeof MEMBER_REMOVE_PARAMS)[number])]),
          { flags: '--strict', description: 'fail with exit 4 when a user is not a member' },
        ],
        mutating: true,
        examples: [`${noun} remove ${sample} --user dana`, kind === 'group' ? `${noun} remove ${sample} --user dana --skip-subresources` : `collab projects list --group acme --json | ${noun} remove - --user dana --yes`],
        load: load(() => import('./remove.js')),
      },
    ],
  };
}
