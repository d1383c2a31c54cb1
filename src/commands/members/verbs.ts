import { MEMBER_REMOVE_PARAMS } from '../../params/members.js';
import { accessLevel, date, groupAccessLevel, nonEmpty } from '../../params/parsers.js';
import { asText, bool, group, option, params } from '../flags.js';
import { type OwnerKind, ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

/**
 * `collab projects members …` and `collab groups members …`: one set of verbs declared for each
 * kind of owner (its help names the kind), each with one implementation in this directory that
 * reads the owner's kind from `owner`.
 */
type Kind = OwnerKind;

/** --user, repeatable and required: the usernames or IDs as given. */
const USERS = option('--user <user>', 'a username or user ID (repeat for several)', nonEmpty, {
  repeatable: true,
  required: true,
});
const EXPIRES = option(
  '--expires-at <YYYY-MM-DD>',
  'the membership ends at the start of this day (a future date)',
  date,
  {
    aliases: ['--expires'],
  },
);

/** --access-level (also --access): a role by name or number; groups also take minimal access. */
const ACCESS_FLAG = '--access-level <level>';
const roles = (kind: Kind) =>
  `the role: ${kind === 'group' ? 'minimal, guest, reporter, developer, maintainer, owner or 5..50' : 'guest, reporter, developer, maintainer, owner or 10..50'}`;
const roleParser = (kind: Kind) => (kind === 'group' ? groupAccessLevel : accessLevel);
/** --no-expiry alone (there is no --expiry): commander sets `expiry` false when it is given. */
const NO_EXPIRY = group(
  [{ flags: '--no-expiry', description: 'the membership no longer ends' }],
  (raw) => raw.expiry === false,
);

const sample = (kind: Kind) => (kind === 'project' ? 'acme/web/storefront' : 'acme/web');
const command = (kind: Kind) => `collab ${kind}s members`;

export const listVerb = (kind: Kind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'list',
    summary: `List the ${kind}’s members`,
    description: `Direct members by default. --inherited adds those who are members through the groups above it and the groups it is shared with, each once at their highest role (the service's members/all; not --all, which means every page in every list).`,
    flags: {
      inherited: bool(
        '--inherited',
        'also the members through the groups above and shared groups, at their highest role',
      ),
      query: option(
        '--query <text>',
        'members whose username or name contains this text (or whose email is this text)',
        asText,
      ),
    },
    list: true,
    examples: [
      `${command(kind)} list ${sample(kind)}`,
      `${command(kind)} list ${sample(kind)} --inherited --query dana --json`,
    ],
  });

export const addVerb = (kind: Kind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'add',
    summary: `Add users to the ${kind} with a role`,
    flags: {
      users: USERS,
      access: option(ACCESS_FLAG, roles(kind), roleParser(kind), { required: true, aliases: ['--access'] }),
      expires: EXPIRES,
    },
    mutating: true,
    examples: [
      `${command(kind)} add ${sample(kind)} --user dana --access-level developer`,
      `${command(kind)} add ${sample(kind)} --user 7 --user rui --access-level reporter --expires-at 2030-01-31`,
    ],
  });

export const updateVerb = (kind: Kind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'update',
    summary: `Change the role or expiry of members of the ${kind}`,
    description: 'At least one of --access, --expires and --no-expiry; what is not given stays as it is.',
    flags: {
      users: USERS,
      access: option(ACCESS_FLAG, roles(kind), roleParser(kind), { aliases: ['--access'] }),
      expires: EXPIRES,
      noExpiry: NO_EXPIRY,
    },
    mutating: true,
    examples: [
      `${command(kind)} update ${sample(kind)} --user dana --access-level maintainer`,
      `${command(kind)} update ${sample(kind)} --user dana --expires-at 2030-06-30`,
    ],
  });

export const removeVerb = (kind: Kind) =>
  ownerVerb({
    kinds: [kind],
    argument: true,
    name: 'remove',
    destructive: true,
    summary: `Remove users from the ${kind} (not a member is not an error)`,
    flags: {
      users: USERS,
      params: params(
        kind === 'group'
          ? MEMBER_REMOVE_PARAMS
          : MEMBER_REMOVE_PARAMS.filter((param) => param.name !== 'skip_subresources'),
      ),
      strict: bool('--strict', 'fail with exit 4 when a user is not a member'),
    },
    mutating: true,
    examples: [
      `${command(kind)} remove ${sample(kind)} --user dana`,
      kind === 'group'
        ? `${command(kind)} remove ${sample(kind)} --user dana --skip-subresources`
        : `collab projects list --group acme --json | ${command(kind)} remove - --user dana --yes`,
    ],
  });

export function memberVerbs(kind: Kind): CommandSpec {
  const who =
    kind === 'project'
      ? 'Maintainers manage the members of a project, up to their own role (only an Owner makes or removes an Owner)'
      : 'Owners manage the members of a group; its last owner can be neither removed nor demoted';
  return {
    name: 'members',
    summary: `List, add, change and remove the members of a ${kind}`,
    description: `${who}; administrators manage every membership, and any member may remove themselves.`,
    subcommands: [
      { ...listVerb(kind), load: () => import('./list.js') },
      { ...addVerb(kind), load: () => import('./add.js') },
      { ...updateVerb(kind), load: () => import('./update.js') },
      { ...removeVerb(kind), load: () => import('./remove.js') },
    ],
  };
}
