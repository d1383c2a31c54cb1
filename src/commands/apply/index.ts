import { noun } from '../nouns.js';
import { DESIRED_FLAGS, fileFlag, TARGETS } from '../plan/flags.js';
import type { CommandSpec } from '../spec.js';
import { asText, bool, option } from '../flags.js';
import { verb } from '../verb.js';

export const APPLY = verb({
  ...noun('apply'),
  description: `Makes the service what collab.yaml says (README, "Desired state"), or applies a plan saved by
collab plan --out (each target read again first: one whose fields moved since is refused as stale).
Only what differs is written; one result per target, as for many targets (-); a journal beside the
file lets --resume finish an apply cut short without writing anything twice. Removing hooks, shares
or LDAP links (enforce: true) and archiving ask first, or need --yes.`,
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
  examples: ['collab apply', 'collab apply --dry-run', 'collab apply -f plan.json --yes', 'collab apply --resume', 'collab apply --shard 1/4 --concurrency 8', 'collab apply --schema > collab.schema.json'],
});

export const spec: CommandSpec = { ...APPLY, load: () => import('./run.js') };
