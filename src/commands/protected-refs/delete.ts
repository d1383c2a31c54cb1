import { unprotectRef } from '../../api/protected-refs.js';
import { deleteOwned } from '../owner-delete.js';
import type { VerbInput } from '../verb.js';
import { perKind } from './shared.js';
import type { deleteVerb } from './verbs.js';

interface DeleteRefOptions {
  project: string | number;
  name: string;
  yes: boolean;
  strict: boolean;
}

/** As every owned thing's delete: the name typed on a terminal, --yes elsewhere; a protection already gone is done (exit 4 with --strict). */
export const { branch, tag } = perKind(
  (_kind, input: VerbInput<ReturnType<typeof deleteVerb>>): DeleteRefOptions => ({
    project: input.project,
    name: input.name,
    yes: input.yes,
    strict: input.strict,
  }),
  async (kind, ctx, opts: DeleteRefOptions) =>
    deleteOwned(ctx, {
      owner: { kind: 'project', ref: opts.project },
      what: `protected ${kind} ${opts.name}`,
      typed: opts.name,
      yes: opts.yes,
      strict: opts.strict,
      request: unprotectRef(opts.project, kind, opts.name),
    }),
);
