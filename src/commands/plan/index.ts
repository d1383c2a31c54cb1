import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { asText, option } from '../flags.js';
import { verb } from '../verb.js';
import { DESIRED_FLAGS, fileFlag, TARGETS } from './flags.js';

export const PLAN = verb({
  ...noun('plan'),
  description: `Reads collab.yaml (the desired state of groups and projects: README, "Desired state") and the
service's state, and prints what apply would change, terraform-like: ~ changed, + added, - removed.
Exit 0 when there is nothing to change, 8 when there are changes (a scheduled job's drift check).
-o ndjson prints one change per line {target, section, key, from, to, action}; -o json the plan.`,
  args: { targets: TARGETS },
  flags: {
    file: fileFlag('the desired-state file (default collab.yaml)'),
    out: option('--out <file>', 'save the plan (with the live values it was computed from) for collab apply -f <file>', asText),
    ...DESIRED_FLAGS,
  },
  examples: ['collab plan', 'collab plan -f policy.yaml acme/web', 'collab plan -o ndjson > drift.ndjson', 'collab plan --out plan.json && collab apply -f plan.json'],
});

export const spec: CommandSpec = { ...PLAN, load: () => import('./run.js') };
