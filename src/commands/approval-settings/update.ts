import { describeOwner } from '../../api/owner.js';
import { type ApprovalSettings, getApprovalSettings, updateApprovalSettings } from '../../api/approvals.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import {
  APPROVAL_SETTINGS,
  approvalSettingsFor,
  approvalSettingsProblem,
  lockedSettingProblem,
  unlockHint,
} from '../../params/approvals.js';
import { flagName } from '../../params/derive.js';
import type { VerbInput } from '../verb.js';
import { SETTING_COLUMNS, settingRows } from './fields.js';
import { nothingToChange, params } from '../flags.js';
import { ownerVerb } from '../owner.js';

/** What update changes on this kind of owner (a group takes no project-only setting): a call with none is refused. */
const changeFlags = (kind: 'project' | 'group') => ({ settings: params(approvalSettingsFor(kind)) });

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change merge request approval settings; those not given stay',
  description:
    'A top-level group’s strict value (authors may not approve, approvals do not stay on push…) locks it for every project under it: such a key cannot be changed on the project. selective_code_owner_removals is a project’s alone, and needs retain_approvals_on_push on.',
  flags: { settings: params(APPROVAL_SETTINGS) },
  mutating: true,
  examples: [
    'collab approval-settings update --group acme --no-allow-author-approval',
    'collab approval-settings update --project acme/web/storefront --retain-approvals-on-push',
  ],
});

type UpdateSettingsInput = VerbInput<typeof UPDATE>;

interface UpdateSettingsOptions {
  owner: UpdateSettingsInput['owner'];
  body: Record<string, boolean>;
}

/** Only the keys this kind of owner takes (the docs' two tables), at least one. */
export function parse(input: UpdateSettingsInput): UpdateSettingsOptions {
  const body = Object.fromEntries(
    Object.entries(input.settings).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
  const allowed = approvalSettingsFor(input.owner.kind).map((setting) => setting.name);
  const other = Object.keys(body).find((key) => !allowed.includes(key));
  if (other !== undefined)
    throw new CollabError('usage', `${other} is a project’s setting: a group does not take it`, {
      hint: 'give it with --project',
    });
  if (Object.keys(body).length === 0) throw nothingToChange(changeFlags(input.owner.kind));
  const both = approvalSettingsProblem(body, (setting) => `--${flagName({ name: setting })}`);
  if (both) throw new CollabError('usage', both);
  return { owner: input.owner, body };
}

/** A locked key is refused before sending: the service would keep the group's value whatever is sent. */
export async function run(ctx: VerbContext, opts: UpdateSettingsOptions): Promise<void> {
  const current = (await ctx.session.request<ApprovalSettings>(getApprovalSettings(opts.owner))).data;
  const locked = lockedSettingProblem(current, opts.body);
  if (locked)
    throw new CollabError('usage', `${locked.key} of ${describeOwner(opts.owner)} ${locked.says}`, {
      // A path names the group that locks it; an ID does not, without a request more.
      hint: unlockHint(opts.owner.kind, typeof opts.owner.ref === 'string' ? opts.owner.ref : undefined, locked),
    });
  const clash = clashWithCurrent(current, opts);
  if (clash) throw clash;
  const response = await ctx.session.mutate<ApprovalSettings>(updateApprovalSettings(opts.owner, opts.body));
  if (!response) return;
  ctx.terminal.info(
    `updated the approval settings of ${describeOwner(opts.owner)}: ${Object.keys(opts.body).join(', ')}`,
  );
  await ctx.presenter.value({
    rows: settingRows(response.data, opts.owner.kind),
    service: response.data,
    columns: SETTING_COLUMNS,
  });
}

/**
 * The one rule of the two settings (approvalSettingsProblem) held to what the owner will have, not
 * only to what was given: --selective-code-owner-removals where approvals are not retained on push
 * (or --no-retain-approvals-on-push where selective removals are on) is the service's 400
 * ("selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled"),
 * said before sending, with the flag that makes it one GitLab takes.
 */
function clashWithCurrent(current: ApprovalSettings, opts: UpdateSettingsOptions): CollabError | undefined {
  const selective = opts.body.selective_code_owner_removals === true;
  if (!selective && opts.body.retain_approvals_on_push !== false) return undefined;
  const values = Object.fromEntries(Object.entries(current).map(([key, setting]) => [key, setting?.value]));
  if (!approvalSettingsProblem({ ...values, ...opts.body })) return undefined;
  const owner = describeOwner(opts.owner);
  return selective
    ? new CollabError(
        'usage',
        `--selective-code-owner-removals cannot be on while ${owner} has retain_approvals_on_push off: selective removals need approvals retained on push`,
        { hint: 'give --retain-approvals-on-push with it' },
      )
    : new CollabError(
        'usage',
        `--no-retain-approvals-on-push cannot be given while ${owner} has selective_code_owner_removals on: selective removals need approvals retained on push`,
        { hint: 'give --no-selective-code-owner-removals with it' },
      );
}
