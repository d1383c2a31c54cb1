import { type ApprovalSettings, getApprovalSettings } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { SETTING_COLUMNS, settingRows } from './fields.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show the merge request approval settings: each value, and whether a group above locks it',
  examples: [
    'collab approval-settings view --project acme/web/storefront',
    'collab approval-settings view --group acme --json',
  ],
});

type ViewSettingsOptions = VerbInput<typeof VIEW>;

/** One row a key for people; the service's own object (each key as {value, locked, inherited_from}) in JSON. */
export async function run(ctx: VerbContext, opts: ViewSettingsOptions): Promise<void> {
  const { data } = await ctx.session.request<ApprovalSettings>(getApprovalSettings(opts.owner));
  await ctx.presenter.value({ rows: settingRows(data, opts.owner.kind), service: data, columns: SETTING_COLUMNS });
}
