import { type ProtectedBranch, protectRef } from '../../api/protected-refs.js';
import type { VerbContext } from '../../context.js';
import { isCollabError, withHint } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { BRANCH_ROLE_FLAGS, COLUMNS_OF, nameArg, type RefKind, roleFlag } from './shared.js';
import { bool } from '../flags.js';
import { ownerVerb, type OwnerOf } from '../owner.js';

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

interface CreateRefOptions {
  owner: OwnerOf<'project'>;
  kind: RefKind;
  name: string;
  /** The request's fields besides the name: only what was given (the service's defaults otherwise). */
  fields: Record<string, unknown>;
}

type CreateInput = VerbInput<typeof createBranchVerb> | VerbInput<typeof createTagVerb>;

function fieldsOf(input: CreateInput): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (input.kind === 'tag') {
    if (input.createAccess !== undefined) fields.create_access_level = input.createAccess;
    return fields;
  }
  if (input.push !== undefined) fields.push_access_level = input.push;
  if (input.merge !== undefined) fields.merge_access_level = input.merge;
  if (input.unprotect !== undefined) fields.unprotect_access_level = input.unprotect;
  if (input.allowForcePush) fields.allow_force_push = true;
  if (input.codeOwnerApproval) fields.code_owner_approval_required = true;
  return fields;
}

/** What to do about a name that is protected already (409 for a branch, 422 for a tag). */
function duplicateHint(opts: CreateRefOptions): string {
  const project = opts.owner.ref;
  return opts.kind === 'branch'
    ? `${opts.name} is protected already: change it with \`collab protected-branches update '${opts.name}' --project ${project}\``
    : `${opts.name} is protected already: protected tags have no update; \`collab protected-tags delete '${opts.name}' --project ${project}\` first, then create it again`;
}

export function parse(input: CreateInput): CreateRefOptions {
  return { owner: input.owner, kind: input.kind, name: input.name, fields: fieldsOf(input) };
}

export async function run(ctx: VerbContext, opts: CreateRefOptions): Promise<void> {
  const { kind } = opts;
  let response: Awaited<ReturnType<typeof ctx.session.mutate<ProtectedBranch>>>;
  try {
    response = await ctx.session.mutate<ProtectedBranch>(
      protectRef(opts.owner.ref, kind, { name: opts.name, ...opts.fields }),
    );
  } catch (error) {
    if (
      isCollabError(error) &&
      (error.status === 409 || (kind === 'tag' && error.status === 422 && /already been taken/.test(error.message)))
    )
      throw withHint(error, duplicateHint(opts));
    throw error;
  }
  if (!response) return;
  ctx.terminal.info(`protected ${kind} ${response.data.name} of project ${opts.owner.ref}`);
  await ctx.presenter.resource(response.data, COLUMNS_OF[kind]);
}
