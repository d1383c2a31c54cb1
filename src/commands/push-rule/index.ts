import { OWNER_OPTIONS } from '../owner-options.js';
import { paramOption } from '../../params/derive.js';
import { PUSH_RULE_PARAMS, re2Regex } from '../../params/push-rules.js';
import type { CommandSpec, OptionSpec } from '../spec.js';
import { noun } from '../nouns.js';

/** Every field of the spec as a flag; regexes are checked (RE2 rules, then compiled) before sending. */
const FIELD_OPTIONS: OptionSpec[] = PUSH_RULE_PARAMS.map((param) => ({ ...paramOption(param), ...(param.regex ? { parse: re2Regex } : {}) }));
const OWNER_AND_FIELDS: OptionSpec[] = [...OWNER_OPTIONS, ...FIELD_OPTIONS];

export const spec: CommandSpec = {
  ...noun('push-rule'),
  description: `A project or group has at most one push rule. Every verb takes exactly one of --project <id|path> and --group <id|path>. Project rules need the Maintainer role, group rules the Owner role. Regular expressions are checked before sending: the service uses RE2, which has no look-around, back-references, possessive quantifiers or atomic groups.`,
  subcommands: [
    {
      name: 'view',
      summary: 'Show the push rule ("no push rule" when there is none; null with --json)',
      options: OWNER_OPTIONS,
      examples: ['collab push-rule view --project acme/web/storefront', 'collab push-rule view --group acme --json'],
      load: () => import('./view.js'),
    },
    {
      name: 'create',
      summary: 'Add the push rule (refused by the service when there is one: see set)',
      options: OWNER_AND_FIELDS,
      mutating: true,
      examples: ["collab push-rule create --project acme/web/storefront --commit-message-regex '^(feat|fix|docs): ' --prevent-secrets"],
      load: () => import('./create.js'),
    },
    {
      name: 'update',
      summary: 'Change the push rule; fields not given stay as they are',
      options: OWNER_AND_FIELDS,
      mutating: true,
      examples: ['collab push-rule update --group acme --max-file-size 50 --no-member-check'],
      load: () => import('./update.js'),
    },
    {
      name: 'set',
      summary: 'Create the push rule, or update it when there is one',
      description: 'Reads the rule first: with none, creates it with the given fields; else changes only the given fields.',
      options: OWNER_AND_FIELDS,
      mutating: true,
      examples: ["collab push-rule set --project 42 --branch-name-regex '^(main|release/.+|feature/.+)$' --deny-delete-tag"],
      load: () => import('./set.js'),
    },
    {
      name: 'delete',
      destructive: true,
      summary: 'Remove the push rule (none to remove is not an error)',
      options: [...OWNER_OPTIONS, { flags: '--strict', description: 'fail with exit 4 when there is no push rule' }],
      mutating: true,
      examples: ['collab push-rule delete --group acme'],
      load: () => import('./delete.js'),
    },
  ],
};
