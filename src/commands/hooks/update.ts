import { getHook, type Hook, updateHook } from '../../api/hooks.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { unknownThing } from '../delete.js';
import { hookParamsFor } from '../../params/hooks.js';
import type { VerbInput } from '../verb.js';
import { HOOK_COLUMNS, type HookInput, hookDetail, readHookInput } from './fields.js';
import { HOOK_FIELD_FLAGS, HOOK_ID, UPDATE_URL } from './options.js';
import { ownerVerb } from '../owner.js';
import { nothingToChange } from '../flags.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = { url: UPDATE_URL, ...HOOK_FIELD_FLAGS };

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a hook; events not mentioned stay as they are',
  description: `Reads the hook, applies the given flags over it, and writes the whole hook back (the service wants every update to carry the URL): events and settings you do not mention keep their values. --events replaces the whole set of events. --url defaults to the current URL. The service forgets the secret token when the URL changes, unless a token is given with it.`,
  args: { hookId: HOOK_ID },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab hooks update 3 --project acme/web/storefront --issues-events --no-push-events',
    'collab hooks update 7 --group acme --token-prompt',
  ],
});

interface UpdateHookOptions extends HookInput {
  owner: Owner;
  hookId: number;
}

export function parse(flags: VerbInput<typeof UPDATE>): UpdateHookOptions {
  const { hookId, owner } = flags;
  const input = readHookInput(flags, owner);
  if (input.url === undefined && input.token === undefined && Object.keys(input.fields).length === 0)
    throw nothingToChange(CHANGE_FLAGS, '`collab hooks update --help` lists them');
  return { ...input, owner, hookId };
}

/**
 * The hook as it is, with the given flags applied over it. PUT replaces what it is given, and
 * the service wants the URL every time, so the current values are sent along with the changes.
 */
function mergeHook(
  current: Hook,
  owner: Owner,
  opts: Pick<HookInput, 'url' | 'fields'>,
  token: string | undefined,
): Record<string, unknown> & { url: string } {
  const merged: Record<string, unknown> & { url: string } = { url: opts.url ?? current.url };
  for (const param of hookParamsFor(owner.kind)) {
    const value = current[param.name];
    // null means false for booleans and "not set" for the branch filter: leave those out.
    if (value !== null && value !== undefined) merged[param.name] = value;
  }
  Object.assign(merged, opts.fields);
  if (token !== undefined) merged.token = token;
  return merged;
}

export async function run(ctx: VerbContext, opts: UpdateHookOptions): Promise<void> {
  // The token first: a file that cannot be read, or no terminal to ask on, is refused before any request.
  const token = await opts.token?.(ctx);
  const { data: current } = await ctx.session
    .request<Hook>(getHook(opts.owner, opts.hookId))
    .catch((error: unknown) => {
      throw unknownThing(error, opts.owner, `hook ${opts.hookId}`, 'hooks');
    });
  const body = mergeHook(current, opts.owner, opts, token);
  if (body.url !== current.url && token === undefined) {
    ctx.terminal.warn(
      'the URL changes, so the service forgets the secret token of this hook; give --token-file or --token-prompt to set one',
    );
  }
  const response = await ctx.session.mutate<Hook>(updateHook(opts.owner, opts.hookId, body), ['token']);
  if (!response) return;
  ctx.terminal.info(`updated hook ${opts.hookId} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
