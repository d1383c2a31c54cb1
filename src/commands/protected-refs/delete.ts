import { unprotectRef } from '../../api/protected-refs.js';
import { getProject } from '../../api/projects.js';
import { CollabError } from '../../errors.js';
import { needConfirmation } from '../confirm.js';
import type { VerbInput } from '../verb.js';
import { perKind } from './shared.js';
import type { deleteVerb } from './verbs.js';

export interface DeleteRefOptions {
  project: string | number;
  name: string;
  yes: boolean;
  strict: boolean;
}

/** As `hooks delete`: typed confirmation on a terminal, --yes elsewhere; a protection already gone is done (exit 4 with --strict). */
export const { branch, tag } = perKind(
  (_kind, input: VerbInput<ReturnType<typeof deleteVerb>>): DeleteRefOptions => ({ project: input.project, name: input.name, yes: input.yes, strict: input.strict }),
  async (kind, ctx, opts: DeleteRefOptions) => {
    const what = `protected ${kind} ${opts.name} of project ${opts.project}`;
    await needConfirmation(ctx, opts.yes, `unprotect ${kind} ${opts.name}`);
    if (!opts.yes && !ctx.dryRun) await ctx.confirmByTyping(opts.name, `unprotect ${kind} ${opts.name} of project ${opts.project}`, false);
    const response = await ctx.mutate(unprotectRef(opts.project, kind, opts.name));
    if (!response) return;
    if (response.status !== 404) {
      ctx.info(`unprotected ${kind} ${opts.name} of project ${opts.project}`);
      return;
    }
    // A 404 is the protection (already gone) or the project itself: reading the project tells them apart.
    await ctx.request(getProject(opts.project));
    if (opts.strict) throw new CollabError('not-found', `${what} does not exist`, { status: 404 });
    ctx.unchanged(`${kind} ${opts.name} was not protected on project ${opts.project}; nothing to do`);
  },
);
