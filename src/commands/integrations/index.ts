import { CollabError } from '../../errors.js';
import {
  INTEGRATION_FLAG_PARAMS,
  INTEGRATIONS,
  integrationName,
  isIntegrationName,
} from '../../params/integrations.js';
import type { ValueParser } from '../../params/option.js';
import { keyValue } from '../../params/parsers.js';
import { arg, asText, bool, option, params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const TYPED = INTEGRATIONS.filter((spec) => spec.flags).map((spec) => spec.name);

const slug: ValueParser<string> = (value, label) => {
  if (!isIntegrationName(value))
    throw new CollabError(
      'usage',
      `invalid value "${value}" for ${label}: an integration’s slug, such as slack or jira`,
    );
  return integrationName(value);
};

const SLUG = arg(
  { name: 'slug', description: `the integration (${TYPED.join(', ')}, or any other slug of the service)` },
  slug,
);

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the integrations set up (active)',
  list: true,
  examples: ['collab integrations list --project acme/web/storefront', 'collab integrations list --group acme'],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show an integration’s settings (its secrets are never shown)',
  args: { slug: SLUG },
  examples: ['collab integrations view slack --project acme/web/storefront'],
});

export const SET = ownerVerb({
  kinds: ['project', 'group'],
  name: 'set',
  summary: 'Set up an integration, or change its settings',
  description: `Typed flags for ${TYPED.join(', ')} (each integration takes its own: others are refused); --property key=value for any setting. A secret (a webhook URL, a password or token) is read from --webhook-file, --password-file or --secret-file key=<path>, - for standard input, never from the command line; the service wants an integration’s required settings, secrets included, with every change.`,
  args: { slug: SLUG },
  flags: {
    fields: params(INTEGRATION_FLAG_PARAMS),
    webhookFile: option(
      '--webhook-file <path|->',
      'read the incoming webhook’s URL (a secret) from a file; -: standard input',
      asText,
    ),
    passwordFile: option(
      '--password-file <path|->',
      'read the password or API token (a secret) from a file; -: standard input',
      asText,
      { aliases: ['--token-file'] },
    ),
    properties: option('--property <key=value>', 'any other setting of the integration (repeatable)', keyValue, {
      repeatable: true,
    }),
    secretFiles: option(
      '--secret-file <key=path>',
      'a secret setting read from a file; path -: standard input (repeatable)',
      keyValue,
      {
        repeatable: true,
      },
    ),
  },
  mutating: true,
  examples: [
    'collab integrations set slack --project acme/web/storefront --webhook-file slack-url.txt --channel deploys --no-push-events',
    'vault read -field=token secret/jira | collab integrations set jira --project 42 --url https://acme.atlassian.net --username bot@acme.example --token-file -',
    "collab integrations set emails_on_push --group acme --recipients 'dev@acme.example qa@acme.example'",
  ],
});

export const DISABLE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'disable',
  summary: 'Disable an integration and clear its settings (one not set up is not an error)',
  description: 'On a terminal you confirm by typing the slug; scripts pass --yes.',
  args: { slug: SLUG },
  flags: { strict: bool('--strict', 'fail with exit 4 when the integration is not set up') },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: ['collab integrations disable slack --project acme/web/storefront --yes'],
});

export const spec: CommandSpec = {
  ...noun('integrations'),
  description:
    'Integrations of a project or a group: every verb takes --project or --group <id|path> (- reads them from standard input) and needs the Maintainer role. An integration is named by its slug, with _ or - (microsoft_teams, microsoft-teams).',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...SET, load: () => import('./set.js') },
    { ...DISABLE, load: () => import('./disable.js') },
  ],
};
