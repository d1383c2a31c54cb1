import { createHook, type Hook } from '../../api/hooks.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { HOOK_COLUMNS, type HookInput, hookDetail, readHookInput } from './fields.js';
import { ownerVerb } from '../owner.js';
import { CREATE_URL, HOOK_FIELD_FLAGS } from './options.js';

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a hook',
  description: 'Push events are on by default, every other event off, TLS verification on.',
  flags: { url: CREATE_URL, ...HOOK_FIELD_FLAGS },
  mutating: true,
  examples: [
    'collab hooks create --project acme/web/storefront --url https://ci.example.com/hook --events push,merge-requests,pipeline',
    'collab hooks create --group acme --url https://audit.example.com/hook --subgroup-events --token-file secret.txt',
    'vault read -field=token secret/hook | collab hooks create --project 42 --url https://ci.example.com/hook --token-file -',
  ],
});

interface CreateHookOptions extends HookInput {
  owner: Owner;
  url: string;
}

export function parse(input: VerbInput<typeof CREATE>): CreateHookOptions {
  // --url is a required flag: commander has refused its absence.
  return { ...readHookInput(input, input.owner), owner: input.owner, url: input.url };
}

export async function run(ctx: VerbContext, opts: CreateHookOptions): Promise<void> {
  const token = await opts.token?.(ctx);
  const body = { url: opts.url, ...opts.fields, ...(token !== undefined ? { token } : {}) };
  const response = await ctx.session.mutate<Hook>(createHook(opts.owner, body), ['token']);
  if (!response) return;
  ctx.terminal.info(
    `created hook ${response.data.id} on ${describeOwner(opts.owner)}${token !== undefined ? ' (with a secret token)' : ''}`,
  );
  await ctx.presenter.resource(response.data, { columns: HOOK_COLUMNS, detail: hookDetail(opts.owner) });
}
