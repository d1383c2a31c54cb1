import { noun } from '../nouns.js';
import { DESIRED_FILE_OPTION, DESIRED_OPTIONS, TARGETS_ARG } from '../plan/flags.js';
import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  ...noun('apply'),
  description: `Makes the service what collab.yaml says (README, "Desired state"), or applies a plan saved by
collab plan --out (each target read again first: one whose fields moved since is refused as stale).
Only what differs is written; one result per target, as for many targets (-); a journal beside the
file lets --resume finish an apply cut short without writing anything twice. Removing hooks, shares
or LDAP links (enforce: true) and archiving ask first, or need --yes.`,
  args: [TARGETS_ARG],
  options: [
    { ...DESIRED_FILE_OPTION, description: 'the desired-state file (default collab.yaml), or a plan saved by collab plan --out' },
    { flags: '--journal <file>', description: 'where the journal is kept (default: <file>.journal beside the file)' },
    { flags: '--resume', description: 'finish an apply that was cut short, from its journal' },
    { flags: '--schema', description: 'print the JSON Schema of collab.yaml (for editors) and exit' },
    ...DESIRED_OPTIONS,
  ],
  mutating: true,
  confirm: true,
  examples: ['collab apply', 'collab apply --dry-run', 'collab apply -f plan.json --yes', 'collab apply --resume', 'collab apply --shard 1/4 --concurrency 8', 'collab apply --schema > collab.schema.json'],
  load: () => import('./run.js'),
};
