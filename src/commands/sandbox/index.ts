import { integer } from '../../params/parsers.js';
import { CollabError } from '../../errors.js';
import { SANDBOX_DEFAULTS } from '../../sandbox/defaults.js';
import { parseRateLimit } from '../../sandbox/faults.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { bool, choice, option } from '../flags.js';
import { verb } from '../verb.js';

export const SANDBOX = verb({
  ...noun('sandbox'),
  description: `Prints, as its first line, what a shell needs to use it:
  export COLLAB_HOST=http://127.0.0.1:PORT COLLAB_TOKEN=<administrator token>
then the other users' tokens (owner, maintainer, developer, reporter, external).
Runs until Ctrl-C. --verbose logs every request on stderr.`,
  flags: {
    port: option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', integer(0, 65535), {
      default: SANDBOX_DEFAULTS.port,
    }),
    seed: option('--seed <n>', 'number of projects to create over the tree of groups', integer(0, 1_000_000), {
      default: SANDBOX_DEFAULTS.seed,
    }),
    latency: option('--latency <ms>', 'delay before each answer', integer(0, 60_000), {
      default: SANDBOX_DEFAULTS.latencyMs,
    }),
    failRate: option(
      '--fail-rate <p>',
      'share of requests (0 to 1) failing with 500/502/503 or a dropped connection',
      probability,
      { default: SANDBOX_DEFAULTS.failRate },
    ),
    rateLimit: option(
      '--rate-limit <n/period>',
      'requests per token per period, e.g. 600/min or 10/s (429 beyond)',
      rateLimit,
    ),
    faultSeed: option('--fault-seed <n>', 'seed for the fault sequence (same seed, same faults)', integer(0), {
      default: SANDBOX_DEFAULTS.faultSeed,
    }),
    forkDuration: option(
      '--fork-duration <ms>',
      "how long a fork's import, or a pull mirror's update, takes to finish",
      integer(0, 3_600_000),
      { default: SANDBOX_DEFAULTS.forkDurationMs },
    ),
    deleteDuration: option(
      '--delete-duration <ms>',
      'how long an immediate deletion takes: the project or group answers until then, then 404',
      integer(0, 3_600_000),
      { default: SANDBOX_DEFAULTS.deleteDurationMs },
    ),
    tier: choice(
      '--tier <tier>',
      `premium serves every endpoint; free answers the paid features (approval rules and settings, protected environments, pull mirrors) as GitLab Free does (default: ${SANDBOX_DEFAULTS.tier})`,
      ['premium', 'free'],
    ),
    graphql: bool('--no-graphql', 'answer /api/graphql 404, as an instance without GraphQL does (clients use REST)'),
    pullMirrorDetails: bool(
      '--no-pull-mirror-details',
      'serve no GET /projects/:id/mirror/pull, as GitLab before 15.6 (collab export writes mirror credentials as a variable)',
    ),
  },
  examples: [
    'collab sandbox --seed 200',
    'collab sandbox --tier free',
    'collab sandbox --no-graphql',
    'collab sandbox --latency 20 --fail-rate 0.2 --rate-limit 600/min',
  ],
});

export const spec: CommandSpec = { ...SANDBOX, load: () => import('./run.js') };

function probability(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`invalid value "${value}" for ${flag}: expected a number from 0 to 1`);
  return n;
}

/** Checked as given, kept as text: the sandbox reads it itself. */
function rateLimit(value: string, flag: string): string {
  if (!parseRateLimit(value))
    throw new CollabError(
      'usage',
      `invalid value "${value}" for ${flag}: expected N/min, N/s or N/<n>s, such as 600/min`,
    );
  return value;
}
