import { integer, nonEmpty } from '../../params/parsers.js';
import { arg, option } from '../flags.js';
import { APPROVALS_REQUIRED_MAX } from '../../params/approvals.js';

/** What the declarations of the approval-rules verbs share. */

export const NAME = arg({ name: 'name', description: 'the rule’s name (see `collab approval-rules list`)' }, nonEmpty);

export const APPROVALS = integer(0, APPROVALS_REQUIRED_MAX);

/** Who approves and where: names, looked up before anything is sent. */
export const APPROVER_FLAGS = {
  approvers: option('--approver <username>', 'a user who may approve (repeatable)', nonEmpty, { repeatable: true }),
  approverGroups: option('--approver-group <path>', 'a group whose members may approve (repeatable)', nonEmpty, {
    repeatable: true,
  }),
  branches: option('--branch <name>', 'a protected branch the rule is scoped to (repeatable)', nonEmpty, {
    repeatable: true,
  }),
};

/** The flags that say a rule's fields, for a rule's problem said in flags. */
export const RULE_FLAG_NAMES = {
  protected_branches: '--branch',
  applies_to_all_protected_branches: '--all-protected-branches',
} as const;
