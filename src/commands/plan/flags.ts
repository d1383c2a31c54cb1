import { integer, shard } from '../../params/parsers.js';
import type { ArgSpec, OptionSpec } from '../spec.js';

/** What `collab plan` and `collab apply` both take: the file, which targets, how many at once. */
export const DESIRED_FILE_OPTION: OptionSpec = { flags: '-f, --file <file>', description: 'the desired-state file (default collab.yaml)' };

export const TARGETS_ARG: ArgSpec = { name: 'targets', description: 'only these groups and projects (full paths) and what is below them', variadic: true, required: false };

export const DESIRED_OPTIONS: readonly OptionSpec[] = [
  { flags: '--shard <k/n>', description: 'only the k-th of n parts of the targets (a stable split by path, for CI fan-out)', parse: shard },
  { flags: '--rotate-secrets', description: 'send write-only secrets (hook tokens) again to hooks that exist' },
  { flags: '--concurrency <n>', description: 'targets read and changed at once (default: the concurrency setting, 8)', parse: integer(1, 64) },
];
