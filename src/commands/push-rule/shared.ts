import type { Owner } from '../../api/owner.js';
import { ownerFromOptions } from '../owner-options.js';
import { getPushRule } from '../../api/push-rules.js';
import { getOwner } from '../../api/shares.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { DetailField } from '../../output/writer.js';
import { collectParams } from '../../params/derive.js';
import { PUSH_RULE_PARAMS } from '../../params/push-rules.js';
import type { CommandInput } from '../spec.js';

export type PushRule = Record<string, unknown> & { id: number };

export interface PushRuleOptions {
  owner: Owner;
  /** Only the fields given. */
  fields: Record<string, unknown>;
}

/** The owner and the given fields; at least one field, as the service requires. */
export function pushRuleOptions({ options: o }: CommandInput, verb: string): PushRuleOptions {
  const owner = ownerFromOptions(o);
  const fields = collectParams(o, PUSH_RULE_PARAMS);
  if (Object.keys(fields).length === 0) {
    throw new CollabError('usage', `push-rule ${verb} needs at least one field`, { hint: 'for example --deny-delete-tag, --max-file-size 100 or --commit-message-regex <re>; see --help' });
  }
  return { owner, fields };
}

/**
 * The rule, or null when there is none. A project without one answers 200 null, a group 404;
 * a 404 also means the owner is missing, so the owner is read to tell the two apart.
 */
export async function readPushRule(ctx: Context, owner: Owner): Promise<PushRule | null> {
  const response = await ctx.request<PushRule | null>(getPushRule(owner));
  if (response.status !== 404) return response.data ?? null;
  await ctx.request(getOwner(owner));
  return null;
}


export const PUSH_RULE_COLUMNS: readonly Column[] = [{ header: 'ID', path: 'id' }, ...PUSH_RULE_PARAMS.map((param) => ({ header: param.name.toUpperCase(), path: param.name })), { header: 'CREATED_AT', path: 'created_at' }];

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

const yesNo = (value: unknown) => (value === true ? 'yes' : 'no');

export const PUSH_RULE_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  ...PUSH_RULE_PARAMS.map((param) => ({
    label: LABELS[param.name] ?? param.name,
    path: param.name,
    ...(param.type === 'boolean' ? { format: yesNo } : param.type === 'integer' ? { format: (value: unknown) => (value ? String(value) : 'no limit') } : { format: (value: unknown) => (typeof value === 'string' && value ? value : '-') }),
  })),
  { label: 'Created', path: 'created_at' },
];

export async function printPushRule(ctx: Context, rule: unknown): Promise<void> {
  await ctx.printResource(rule, { columns: PUSH_RULE_COLUMNS, detail: PUSH_RULE_DETAIL });
}
