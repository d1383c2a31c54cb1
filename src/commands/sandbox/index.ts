import { integer } from '../../params/parsers.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

export const spec: CommandSpec = {
  ...noun('sandbox'),
  description: `Prints, as its first line, what a shell needs to use it:
  export COLLAB_HOST=http://127.0.0.1:PORT COLLAB_TOKEN=<administrator token>
then the other users' tokens (owner, maintainer, developer, reporter, external).
Runs until Ctrl-C. --verbose logs every request on stderr.`,
  options: [
    { flags: '--port <n>', description: 'port on 127.0.0.1 (0 picks a free one)', parse: integer(0, 65535), default: 0 },
    { flags: '--seed <n>', description: 'number of projects to create over the tree of groups', parse: integer(0, 1_000_000), default: 50 },
    { flags: '--latency <ms>', description: 'delay before each answer', parse: integer(0, 60_000), default: 0 },
    { flags: '--fail-rate <p>', description: 'share of requests (0 to 1) failing with 500/502/503 or a dropped connection', parse: probability, default: 0 },
    { flags: '--rate-limit <n/period>', description: 'requests per token per period, e.g. 600/min or 10/s (429 beyond)' },
    { flags: '--fault-seed <n>', description: 'seed for the fault sequence (same seed, same faults)', parse: integer(0), default: 1 },
    { flags: '--fork-duration <ms>', description: "how long a fork's import, or a pull mirror's update, takes to finish", parse: integer(0, 3_600_000), default: 3000 },
    { flags: '--delete-duration <ms>', description: 'how long an immediate deletion takes: the project or group answers until then, then 404', parse: integer(0, 3_600_000), default: 2000 },
  ],
  examples: ['collab sandbox --seed 200', 'collab sandbox --latency 20 --fail-rate 0.2 --rate-limit 600/min'],
  load: () => import('./run.js'),
};

function probability(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new Error(`invalid value "${value}" for ${flag}: expected a number from 0 to 1`);
  return n;
}
