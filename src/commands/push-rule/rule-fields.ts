import type { Owner } from '../../api/owner.js';
import { getPushRule } from '../../api/push-rules.js';
import { getOwner } from '../../api/shares.js';
import type { VerbContext } from '../../context.js';
import type { VerbInput } from '../verb.js';
import { collectParams, paramOption } from '../../params/derive.js';
import { PUSH_RULE_PARAMS } from '../../params/push-rules.js';
import type { OptionSpec } from '../spec.js';
import { group, nothingToChange } from '../flags.js';
import type { CREATE } from './create.js';

/** The push rule's fields: read from the flags of create, update and set, and from the service. */

export type PushRule = Record<string, unknown> & { id: number };

export interface PushRuleOptions {
  owner: Owner;
  /** Only the fields given. */
  fields: Record<string, unknown>;
}

/** The owner and the given fields; at least one field, as the service requires (create, update and set share their flags). */
export function pushRuleOptions({ owner, fields }: VerbInput<typeof CREATE>): PushRuleOptions {
  if (Object.keys(fields).length === 0) throw nothingToChange(FIELD_FLAGS);
  return { owner, fields };
}

/**
 * The rule, or null when there is none. A project without one answers 200 null, a group 404;
 * a 404 also means the owner is missing, so the owner is read to tell the two apart.
 */
export async function readPushRule(ctx: VerbContext, owner: Owner): Promise<PushRule | null> {
  const response = await ctx.session.request<PushRule | null>(getPushRule(owner));
  if (response.status !== 404) return response.data ?? null;
  await ctx.session.request(getOwner(owner));
  return null;
}

/** Every field of the spec as a flag; regexes are held to their rule (RE2's, then compiled) before sending. */
const FIELD_OPTIONS: OptionSpec[] = PUSH_RULE_PARAMS.map((param) => paramOption(param));

/** The fields given (only those: unset stays unset), for create, update and set. */
export const FIELD_FLAGS = {
  fields: group(FIELD_OPTIONS, (raw) => collectParams(raw, PUSH_RULE_PARAMS)),
};
