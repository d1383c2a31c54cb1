import { ownerVerb } from '../owner.js';
import { collectParams, paramOption } from '../../params/derive.js';
import { PUSH_RULE_PARAMS, re2Regex } from '../../params/push-rules.js';
import type { CommandSpec, OptionSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { bool, group } from '../flags.js';

/** Every field of the spec as a flag; regexes are checked (RE2 rules, then compiled) before sending. */
const FIELD_OPTIONS: OptionSpec[] = PUSH_RULE_PARAMS.map((param) => ({
  ...paramOption(param),
  ...(param.regex ? { parse: re2Regex } : {}),
}));
/** The fields given (only those: unset stays unset), for create, update and set. */
const FIELD_FLAGS = {
  fields: group(FIELD_OPTIONS, (raw) => collectParams(raw, PUSH_RULE_PARAMS)),
};

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show the push rule ("no push rule" when there is none; null with --json)',
  examples: ['collab push-rule view --project acme/web/storefront', 'collab push-rule view --group acme --json'],
});

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add the push rule (refused by the service when there is one: see set)',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: [
    "collab push-rule create --project acme/web/storefront --commit-message-regex '^(feat|fix|docs): ' --prevent-secrets",
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change the push rule; fields not given stay as they are',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: ['collab push-rule update --group acme --max-file-size 50 --no-member-check'],
});

export const SET = ownerVerb({
  kinds: ['project', 'group'],
  name: 'set',
  summary: 'Create the push rule, or update it when there is one',
  description: 'Reads the rule first: with none, creates it with the given fields; else changes only the given fields.',
  flags: FIELD_FLAGS,
  mutating: true,
  examples: [
    "collab push-rule set --project 42 --branch-name-regex '^(main|release/.+|feature/.+)$' --deny-delete-tag",
  ],
});

export const DELETE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'delete',
  destructive: true,
  summary: 'Remove the push rule (none to remove is not an error)',
  flags: { strict: bool('--strict', 'fail with exit 4 when there is no push rule') },
  mutating: true,
  examples: ['collab push-rule delete --group acme'],
});

export const spec: CommandSpec = {
  ...noun('push-rule'),
  description: `A project or group has at most one push rule. Every verb takes exactly one of --project <id|path> and --group <id|path>. Project rules need the Maintainer role, group rules the Owner role. Regular expressions are checked before sending: the service uses RE2, which has no look-around, back-references, possessive quantifiers or atomic groups.`,
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
