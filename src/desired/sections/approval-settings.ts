import { strictObject, superRefine } from 'zod/mini';
import { type ApprovalSettings, getApprovalSettings, updateApprovalSettings } from '../../api/approvals.js';
import { CollabError } from '../../errors.js';
import {
  APPROVAL_SETTINGS,
  approvalSettingsFor,
  approvalSettingsProblem,
  lockedSettingProblem,
  lockingGroupPath,
  strictAboveProblem,
  unlockHint,
} from '../../params/approvals.js';
import { isItem, shape } from './common.js';
import type { OnTarget, Planned, Section } from './section.js';

/**
 * `approval_settings`: a project's or group's merge request approval settings (Premium), one GET a
 * target, the changed keys in one PUT. The service answers each key as `{value, locked,
 * inherited_from}`: a key a group above locks cannot be set here, and a file that sets it to
 * another value is refused (the plan would never come out empty).
 */

declare module '../model.js' {
  interface LiveTarget {
    approvalSettings?: ApprovalSettings;
    /** The group whose settings lock the target's (lockingGroupPath), where the file gives it approval settings. */
    approvalSettingsAbove?: readonly { path: string; settings: Readonly<Record<string, unknown>> }[];
  }
}

/** What the file sets of approval settings on the group that locks the target's (a project's top-level group). */
function plannedAbove(
  planned: Planned,
  kind: 'project' | 'group',
  path: string,
): { path: string; settings: Record<string, unknown> }[] {
  const group = lockingGroupPath(kind, path);
  const settings = group === undefined ? undefined : planned('group', group)?.sections.approval_settings;
  return group !== undefined && isItem(settings) ? [{ path: group, settings }] : [];
}

type ApprovalSettingsSpec = OnTarget & {
  op: 'approval-settings-update';
  body: Record<string, boolean>;
  batch: 'approval_settings';
};

/** What a key is on a target the plan makes (nothing set, nothing locked): the default. */
const DEFAULTS: ApprovalSettings = Object.fromEntries(
  APPROVAL_SETTINGS.map((setting) => [
    setting.name,
    { value: setting.defaultValue, locked: false, inherited_from: null },
  ]),
);

export const approvalSettings: Section<ApprovalSettingsSpec> = {
  name: 'approval_settings',
  kinds: ['project', 'group'],
  paid: 'merge request approval settings',
  schema: (kind) =>
    strictObject(shape(kind === 'both' ? APPROVAL_SETTINGS : approvalSettingsFor(kind))).check(
      superRefine((value, ctx) => {
        const message = approvalSettingsProblem(value);
        if (message) ctx.addIssue({ code: 'custom', message, input: value });
      }),
    ),
  forKind: (kind, value) =>
    isItem(value)
      ? Object.fromEntries(
          Object.entries(value).filter(([key]) => approvalSettingsFor(kind).some((setting) => setting.name === key)),
        )
      : value,
  read: {
    // A group above whose file locks a key is applied first: what it locks is known now.
    once: async (_ctx, lives, _values, _reader, planned) => {
      for (const live of lives) live.approvalSettingsAbove = plannedAbove(planned, live.kind, live.path);
    },
    none: (live) => void (live.approvalSettings = DEFAULTS),
    target: async ({ client }, live, resource) =>
      void (live.approvalSettings = (
        await client.request<ApprovalSettings>(getApprovalSettings({ kind: live.kind, ref: Number(resource.id) }))
      ).data),
  },
  diff: ({ value, live, target, emit }) => {
    const settings = live.approvalSettings ?? DEFAULTS;
    const above = strictAboveProblem(live.approvalSettingsAbove ?? [], isItem(value) ? value : {});
    if (above)
      throw new CollabError('usage', `approval_settings.${above.key} of ${target.kind} ${target.path} ${above.says}`, {
        hint: `leave it out of this ${target.kind}, or ${above.hint}`,
      });
    // The file's keys over what the target has: a key the file leaves as it is may refuse one it sets
    // (selective_code_owner_removals on, retain_approvals_on_push off), as the service would (400).
    const after = {
      ...Object.fromEntries(Object.entries(settings).map(([key, setting]) => [key, setting?.value])),
      ...(isItem(value) ? value : {}),
    };
    const together = approvalSettingsProblem(after);
    if (together)
      throw new CollabError('usage', `approval_settings of ${target.kind} ${target.path}: ${together}`, {
        hint: 'set retain_approvals_on_push: true in the file with it, or selective_code_owner_removals: false',
      });
    for (const [key, wanted] of Object.entries(isItem(value) ? value : {})) {
      const current = settings[key];
      if (typeof wanted !== 'boolean' || current?.value === wanted) continue;
      const locked = lockedSettingProblem(settings, { [key]: wanted });
      if (locked)
        throw new CollabError('usage', `approval_settings.${key} of ${target.kind} ${target.path} ${locked.says}`, {
          hint: `leave it out of this ${target.kind}, or ${unlockHint(target.kind, target.path, locked)}`,
        });
      emit(key, 'update', current?.value ?? null, wanted, {
        op: 'approval-settings-update',
        body: { [key]: wanted },
        batch: 'approval_settings',
      });
    }
  },
  export: ({ live }) => {
    const settings = live.approvalSettings ?? DEFAULTS;
    const own = approvalSettingsFor(live.kind).filter((setting) => {
      const current = settings[setting.name];
      return current !== undefined && !current.locked && current.value !== setting.defaultValue;
    });
    return own.length > 0
      ? Object.fromEntries(own.map((setting) => [setting.name, settings[setting.name]?.value]))
      : undefined;
  },
  liveFields: (key, live) => ({ approval_setting: live.approvalSettings?.[key] ?? null }),
  reached: (key, after, live) => live.approvalSettings?.[key]?.value === after,
  ops: ['approval-settings-update'],
  send: async (spec) => [updateApprovalSettings({ kind: spec.kind, ref: spec.ref }, spec.body)],
};
