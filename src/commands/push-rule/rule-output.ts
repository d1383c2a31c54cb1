import type { VerbContext } from '../../context.js';
import { type Column, type DetailField, headerFor, yesNo } from '../../output/format.js';
import { PUSH_RULE_PARAMS } from '../../params/push-rules.js';

/** How a push rule is printed: its columns, and its summary on a terminal. */

const PUSH_RULE_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  ...PUSH_RULE_PARAMS.map((param) => ({ header: headerFor(param.name), path: param.name })),
  { header: 'CREATED AT', path: 'created_at' },
];

const LABELS: Record<string, string> = {
  commit_message_regex: 'Commit message must match',
  commit_message_negative_regex: 'Commit message must not match',
  branch_name_regex: 'Branch name must match',
  author_email_regex: 'Author email must match',
  file_name_regex: 'File names must not match',
  max_file_size: 'Max file size (MB)',
  deny_delete_tag: 'Deny deleting tags',
  member_check: 'Authors must be users',
  prevent_secrets: 'Prevent secrets',
  commit_committer_check: 'Committer must be pusher',
  reject_unsigned_commits: 'Reject unsigned commits',
};

const PUSH_RULE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  ...PUSH_RULE_PARAMS.map((param) => ({
    label: LABELS[param.name] ?? param.name,
    path: param.name,
    ...(param.type === 'boolean'
      ? { format: yesNo }
      : param.type === 'integer'
        ? { format: (value: unknown) => (value ? String(value) : 'no limit') }
        : { format: (value: unknown) => (typeof value === 'string' && value ? value : '-') }),
  })),
  { label: 'Created', path: 'created_at' },
];

export async function printPushRule(ctx: VerbContext, rule: unknown): Promise<void> {
  await ctx.presenter.resource(rule, { columns: PUSH_RULE_COLUMNS, detail: PUSH_RULE_DETAIL });
}
