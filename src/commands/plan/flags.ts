import { shard } from '../../params/parsers.js';
import { concurrencyFlag } from '../common-options.js';
import { findSetting } from '../../config/settings.js';
import { arg, asText, bool, group, option } from '../flags.js';

/** What `collab plan` and `collab apply` both take: the file, which targets, how many at once. */
export const TARGETS = arg(
  {
    name: 'targets',
    description: 'only these groups and projects (full paths) and what is below them',
    variadic: true,
    required: false,
  },
  asText,
);

export const DESIRED_FLAGS = {
  shard: option(
    '--shard <k/n|auto>',
    "only the k-th of n parts of the targets (a stable split by path, for CI fan-out); auto: GitLab CI's CI_NODE_INDEX of CI_NODE_TOTAL (parallel:)",
    shard,
  ),
  allowMissing: bool(
    '--allow-missing',
    'a path in the file that does not exist, or a glob that matches nothing, is a warning, not an error (a file shared by several instances)',
  ),
  rotateSecrets: bool(
    '--rotate-secrets',
    "send write-only secrets again to what exists: hook tokens, integrations' secrets, a pull mirror's credentials; a push mirror with credentials is made again",
  ),
  concurrency: concurrencyFlag('targets read and changed at once', 64),
  graphql: graphqlFlag(),
};

/**
 * --no-graphql alone (there is no --graphql): every read by REST, as on an instance without GraphQL.
 * Undefined when not given: the graphql setting decides.
 */
export function graphqlFlag() {
  return group(
    [
      {
        flags: '--no-graphql',
        description: `read every section by REST, not through GitLab's GraphQL API (default ${findSetting('graphql').default ? 'GraphQL where it can' : 'REST'}, the graphql setting)`,
      },
    ],
    (raw) => (raw.graphql === false ? false : undefined),
  );
}

export const fileFlag = (description: string) => option('-f, --file <file>', description, asText);
