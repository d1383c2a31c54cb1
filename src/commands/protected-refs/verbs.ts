import { confirmedDelete } from '../delete.js';
import { type RefAccessKind, refAccess } from '../../params/protected-refs.js';
import { nonEmpty } from '../../params/parsers.js';
import { arg, bool, type Flag, option, tristate } from '../flags.js';
import { ownerVerb } from '../owner.js';

/**
 * `collab protected-branches …` and `collab protected-tags …`: one set of verbs of a project,
 * declared per kind of protection (`fixed: { kind }`), each with one implementation in this
 * directory. A protection is named by the branch or tag name, or the wildcard, as written
 * (`main`, `release/*`).
 */
export type { ProtectedRefKind as RefKind } from '../../api/protected-refs.js';
import type { ProtectedRefKind as RefKind } from '../../api/protected-refs.js';

export const NOUN_OF: Record<RefKind, string> = { branch: 'protected-branches', tag: 'protected-tags' };

const nameArg = (kind: RefKind) =>
  arg({ name: 'name', description: `the ${kind} name or wildcard (main, release/*)` }, nonEmpty);

const ROLES_TEXT = (kind: RefAccessKind) =>
  kind === 'unprotect'
    ? 'developer, maintainer or admin'
    : kind === 'create'
      ? 'no-one, developer or maintainer'
      : 'no-one, developer, maintainer or admin';
/** `--push-access-level` (the API's push_access_level), also `--push`. */
const roleFlag = (kind: RefAccessKind, what: string): Flag<number, 'optional'> =>
  option(`--${kind}-access-level <role>`, `who may ${what}: ${ROLES_TEXT(kind)}`, refAccess(kind), {
    aliases: [kind === 'create' ? '--create-access' : `--${kind}`],
  });

const sample = (kind: RefKind) => (kind === 'branch' ? 'release/*' : 'v*');
const command = (kind: RefKind) => `collab ${NOUN_OF[kind]}`;

export const listVerb = (kind: RefKind) =>
  ownerVerb({
    kinds: ['project'],
    fixed: { kind },
    name: 'list',
    summary:
      kind === 'branch'
        ? 'List the project’s protected branches and who may push and merge'
        : 'List the project’s protected tags and who may create them',
    list: true,
    examples: [
      `${command(kind)} list --project acme/web/storefront`,
      `${command(kind)} list --project acme/web/storefront --json`,
    ],
  });

export const viewVerb = (kind: RefKind) =>
  ownerVerb({
    kinds: ['project'],
    fixed: { kind },
    name: 'view',
    summary: `Show one protected ${kind}`,
    args: { name: nameArg(kind) },
    examples: [`${command(kind)} view '${sample(kind)}' --project acme/web/storefront`],
  });

const BRANCH_ROLE_FLAGS = {
  push: roleFlag('push', 'push'),
  merge: roleFlag('merge', 'merge'),
  unprotect: roleFlag('unprotect', 'unprotect'),
};

export const createBranchVerb = ownerVerb({
  kinds: ['project'],
  fixed: { kind: 'branch' },
  name: 'create',
  summary: 'Protect a branch, or every branch a wildcard matches',
  description:
    'Who may push, merge and unprotect is maintainer unless given. A name already protected is refused: change it with `update`.',
  args: { name: nameArg('branch') },
  flags: {
    ...BRANCH_ROLE_FLAGS,
    allowForcePush: bool('--allow-force-push', 'who may push may also force-push'),
    codeOwnerApproval: bool(
      '--code-owner-approval',
      'pushes that change files with code owners need their approval (paid tiers)',
    ),
  },
  mutating: true,
  examples: [
    "collab protected-branches create 'release/*' --project acme/web/storefront --push-access-level no-one --merge-access-level developer",
    'collab protected-branches create main --project acme/web/storefront --allow-force-push',
  ],
});

export const updateBranchVerb = ownerVerb({
  kinds: ['project'],
  name: 'update',
  summary: 'Change who may push, merge or unprotect, and the force-push and code-owner rules',
  description:
    'What is not given stays as it is. A role given replaces every entry of its kind (the service keeps a list of them).',
  args: { name: nameArg('branch') },
  flags: {
    ...BRANCH_ROLE_FLAGS,
    allowForcePush: tristate('--allow-force-push', 'who may push may also force-push (--no-allow-force-push: not)'),
    codeOwnerApproval: tristate(
      '--code-owner-approval',
      'pushes that change files with code owners need their approval (--no-code-owner-approval: not)',
    ),
  },
  mutating: true,
  examples: [
    'collab protected-branches update main --project acme/web/storefront --merge developer',
    'collab protected-branches update main --project acme/web/storefront --no-allow-force-push',
  ],
});

export const createTagVerb = ownerVerb({
  kinds: ['project'],
  fixed: { kind: 'tag' },
  name: 'create',
  summary: 'Protect a tag, or every tag a wildcard matches',
  description:
    'Who may create matching tags is maintainer unless given. A name already protected is refused: remove it first (protected tags have no update).',
  args: { name: nameArg('tag') },
  flags: { createAccess: roleFlag('create', 'create matching tags') },
  mutating: true,
  examples: ["collab protected-tags create 'v*' --project acme/web/storefront --create-access-level developer"],
});

export const deleteVerb = (kind: RefKind) =>
  confirmedDelete({
    kinds: ['project'],
    fixed: { kind },
    summary: `Unprotect a ${kind} (one that is not protected is not an error)`,
    typing: 'the name',
    args: { name: nameArg(kind) },
    strict: `the ${kind} is not protected`,
    examples: [`${command(kind)} delete '${sample(kind)}' --project acme/web/storefront --yes`],
  });
