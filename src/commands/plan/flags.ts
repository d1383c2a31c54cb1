import { integer, shard } from '../../params/parsers.js';
import { arg, asText, bool, option } from '../flags.js';

/** What `collab plan` and `collab apply` both take: the file, which targets, how many at once. */
export const TARGETS = arg({ name: 'targets', description: 'only these groups and projects (full paths) and what is below them', variadic: true, required: false }, asText);

export const DESIRED_FLAGS = {
  shard: option('--shard <k/n>', 'only the k-th of n parts of the targets (a stable split by path, for CI fan-out)', shard),
  rotateSecrets: bool('--rotate-secrets', 'send write-only secrets (hook tokens) again to hooks that exist'),
  concurrency: option('--concurrency <n>', 'targets read and changed at once (default: the concurrency setting, 8)', integer(1, 64)),
};

export const fileFlag = (description: string) => option('-f, --file <file>', description, asText);
