import { noun } from '../nouns.js';
import { DESIRED_FLAGS, fileFlag, TARGETS } from '../plan/flags.js';
import type { CommandSpec } from '../spec.js';
import { asText, bool, option } from '../flags.js';
import { verb } from '../verb.js';

export const APPLY = verb({
  ...noun('apply'),
  description: [
    'Makes the service what collab.yaml says (README, "Desired state"). On a terminal it shows the plan, then asks to type yes (or the number of changes) before sending anything; elsewhere it needs --yes.',
    'Or applies a plan saved by collab plan --out, without asking (the reviewed artifact). It is refused whole, nothing sent, when a secret it needs is not set, the host differs or a target cannot be read; a target whose fields moved since the plan is refused as stale, and a new plan of it is the way on.',
    'Only what differs is written. One result per target names what changed (a changes array with -o json or ndjson); a journal beside the file lets --resume finish an apply cut short without writing anything twice.',
  ].join('\n\n'),
  args: { targets: TARGETS },
  flags: {
    file: fileFlag('the desired-state file (default collab.yaml), or a plan saved by collab plan --out'),
    journal: option('--journal <file>', 'where the journal is kept (default: <file>.journal beside the file)', asText),
    resume: bool('--resume', 'finish an apply that was cut short, from its journal'),
    schema: bool('--schema', 'print the JSON Schema of collab.yaml (for editors) and exit'),
    ...DESIRED_FLAGS,
  },
  mutating: true,
  confirm: true,
  examples: [
    'collab apply',
    'collab apply --yes',
    'collab apply --dry-run',
    'collab plan --out plan.json && collab apply plan.json',
    'collab apply --resume',
    'collab apply --shard 1/4 --concurrency 8',
    'collab apply --schema > collab.schema.json',
  ],
});

export const spec: CommandSpec = { ...APPLY, load: () => import('./run.js') };
