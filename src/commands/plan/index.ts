import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { asText, option } from '../flags.js';
import { verb } from '../verb.js';
import { DESIRED_FLAGS, fileFlag, TARGETS } from './flags.js';

export const PLAN = verb({
  ...noun('plan'),
  description: [
    'Reads collab.yaml (the desired state of groups and projects: README, "Desired state") and the service\'s state, and prints what apply would change, terraform-like: ~ changed, + added, - removed. A change the same on several targets is shown once, with the targets counted and named (on 91 projects below acme; --verbose lists their paths); then the changes each target has alone, under its path, and the counts per section last. On a terminal a long change wraps under its text (the whole plan is in -o json, one record a change in -o ndjson).',
    "Exit 0 when there is nothing to change, 8 when there are changes (a scheduled job's drift check); 2 when a target filter selects nothing in the file, 4 when a path in it does not exist (unless create: true) or a glob matches no project (--allow-missing: warnings).",
    "-o ndjson (or csv) prints one change a line: target (the group or project's full path), kind (project or group), section (the section of collab.yaml it comes from: settings, push_rule, hooks…; create for a target to be made), key (the setting's name, a hook's URL, a share's group, a member's username, an LDAP link), from (the value now, null when there is none), to (the value the file wants, null when it is removed; a secret as its $" +
      "{env:…} template), action (create, update or delete). -o json prints the plan itself, -o markdown a summary for a merge request's comment.",
  ].join('\n\n'),
  markdown: true,
  args: { targets: TARGETS },
  flags: {
    file: fileFlag('the desired-state file (default collab.yaml)'),
    out: option(
      '--out <file>',
      'save the plan (with the live values it was computed from) for collab apply -f <file>',
      asText,
    ),
    ...DESIRED_FLAGS,
  },
  examples: [
    'collab plan',
    'collab plan other.yaml acme/web',
    'collab plan -o ndjson > drift.ndjson',
    'collab plan -o markdown > plan.md',
    'collab plan --out plan.json && collab apply plan.json',
  ],
});

export const spec: CommandSpec = { ...PLAN, load: () => import('./run.js') };
