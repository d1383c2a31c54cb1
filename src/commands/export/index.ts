import { commaList } from '../../params/parsers.js';
import { concurrencyFlag } from '../common-options.js';
import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { arg, asText, option } from '../flags.js';
import { graphqlFlag } from '../plan/flags.js';
import { verb } from '../verb.js';

export const EXPORT = verb({
  ...noun('export'),
  description: [
    "Writes the live state of groups and projects as collab.yaml (README, \"Export\"): collab plan of it has nothing to change. Only what differs from a new project's or group's defaults is written; what most projects (or subgroups) below a group share, once in that group's projects: (subgroups:) level, with each exception at its target; nothing empty, paths in natural order.",
    "Secrets the service never shows (a hook's token, a mirror's credentials) are written as $" +
      '{env:NAME}, the variables listed on stderr: plan runs without them, apply needs one only for a change that sends it. A masked or hidden variable is written without its value, which plan and apply then leave alone. Members by username, shares by group path.',
    '-o json (or --json, --jq) writes the same document as JSON, secrets still as $' +
      '{env:NAME} (collab plan reads it too: JSON is YAML); to standard output, or with --out to the file. -o ndjson and csv, which are rows, are refused.',
  ].join('\n\n'),
  document: true,
  args: {
    targets: arg(
      {
        name: 'targets',
        description: 'the groups and projects to export (full paths; default: every top-level group)',
        variadic: true,
        required: false,
      },
      asText,
    ),
  },
  flags: {
    out: option('--out <file>', 'write the file there (default: standard output)', asText),
    sections: option(
      '--sections <names>',
      'only these sections, comma-separated (settings,hooks,…; default: all)',
      commaList,
    ),
    concurrency: concurrencyFlag('targets read at once', 64),
    graphql: graphqlFlag(),
  },
  examples: [
    'collab export acme > collab.yaml',
    'collab export acme/web acme/tools/cli --out collab.yaml',
    'collab export acme --sections settings,push_rule',
    "collab export acme -o json | jq '.groups'",
  ],
});

export const spec: CommandSpec = { ...EXPORT, load: () => import('./run.js') };
