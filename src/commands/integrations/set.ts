import { type IntegrationView, setIntegration } from '../../api/integrations.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { flagName, keyedValue } from '../../params/derive.js';
import {
  INTEGRATION_FLAG_PARAMS,
  integrationNamed,
  type IntegrationSpec,
  SECRET_FILE_FLAGS,
} from '../../params/integrations.js';
import { checkValue } from '../../params/rules.js';
import { looksSecret } from '../../util/secrets.js';
import { readOnce } from '../file-text.js';
import type { VerbInput } from '../verb.js';
import { integrationView, unknownIntegration } from './fields.js';
import { readIntegration } from './view.js';
import { asText, option, params, type ReadScope } from '../flags.js';
import { SLUG, TYPED } from './shared.js';
import { keyValue } from '../../params/parsers.js';
import { ownerVerb } from '../owner.js';

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

type SetIntegrationInput = VerbInput<typeof SET>;

interface SetIntegrationOptions {
  owner: Owner;
  slug: string;
  spec: IntegrationSpec | undefined;
  fields: Record<string, unknown>;
  /** Each secret's reader: a file, or standard input (once a run). */
  secrets: Record<string, (ctx: VerbContext) => Promise<string>>;
}

/** `--webhook-file`, `--password-file`, or `--secret-file <key>=…`: where a secret of that key is read from. */
const fileFlag = (key: string) =>
  Object.hasOwn(SECRET_FILE_FLAGS, key) ? `--${key}-file` : `--secret-file ${key}=<path|->`;

/**
 * Every value is checked before anything is sent: a typed flag the integration does not take, a
 * secret on the command line, a required secret not given (the service wants an integration's
 * required settings with every PUT, doc/api/project_integrations.md), two reads of standard input.
 */
export function parse(input: SetIntegrationInput, scope: ReadScope): SetIntegrationOptions {
  const spec = integrationNamed(input.slug);
  if (spec && !spec.owners.includes(input.owner.kind))
    throw new CollabError('usage', `${input.slug} cannot be set up on a ${input.owner.kind}`, {
      hint: `it is set up on each ${spec.owners.join(' or ')}: give --${spec.owners[0]} <path or id>`,
    });
  const takes = new Set(spec?.params.map((param) => param.name) ?? []);
  const secretKeys = new Set(spec?.secrets ?? []);
  for (const key of Object.keys(input.fields))
    if (!takes.has(key)) {
      const param = INTEGRATION_FLAG_PARAMS.find((p) => p.name === key);
      throw new CollabError('usage', `--${param ? flagName(param) : key} is not a setting of ${input.slug}`, {
        hint: spec
          ? `${input.slug} takes ${spec.params
              .filter((p) => !spec.secrets.includes(p.name))
              .map((p) => `--${flagName(p)}`)
              .join(', ')}`
          : `give it as --property ${key}=<value>`,
      });
    }
  const fields: Record<string, unknown> = { ...input.fields };
  for (const [key, value] of input.properties) {
    if (secretKeys.has(key) || looksSecret(key) || key === 'webhook')
      throw new CollabError(
        'usage',
        `--property ${key}= is refused: a secret on the command line ends up in shell history`,
        {
          hint: `read it from a file: ${fileFlag(key)} (- for standard input)`,
        },
      );
    // A setting the integration's table knows is held to it as its typed flag is.
    const param = spec?.params.find((p) => p.name === key);
    fields[key] = param ? keyedValue(param, value, `--property ${key}`) : value;
  }
  const files: (readonly [string, string])[] = [...input.secretFiles];
  for (const [key, file] of [
    ['webhook', input.webhookFile],
    ['password', input.passwordFile],
  ] as const) {
    if (file === undefined) continue;
    if (spec && !secretKeys.has(key))
      throw new CollabError('usage', `--${key}-file is not a setting of ${input.slug}`, {
        hint:
          spec.secrets.length > 0
            ? `its secret is given with ${fileFlag(spec.secrets[0] as string)}`
            : `${input.slug} has no secret`,
      });
    files.push([key, file]);
  }
  // --webhook-file - is refused beside --project - by src/bulk; a --secret-file key=- only here.
  const piped = input.secretFiles.find(([, file]) => file === '-');
  if (piped && scope.targetsOnStdin !== undefined)
    throw new CollabError(
      'usage',
      `--secret-file ${piped[0]}=- cannot read standard input: ${scope.targetsOnStdin} - reads the targets from it`,
      { hint: 'give a file path instead of -' },
    );
  if (files.filter(([, file]) => file === '-').length > 1)
    throw new CollabError('usage', 'only one secret can come from standard input', {
      hint: 'read the others from files',
    });
  const secrets: SetIntegrationOptions['secrets'] = {};
  for (const [key, file] of files) {
    const param = spec?.params.find((p) => p.name === key);
    const shown = file === '-' ? 'standard input' : file;
    secrets[key] = readOnce(file, key, {
      secret: true,
      check: (text) => {
        const value = text.trim();
        if (param) checkValue(param, value, `the ${key} in ${shown}`);
        return value;
      },
    });
  }
  for (const param of spec?.params ?? [])
    if (param.required && secretKeys.has(param.name) && !secrets[param.name])
      throw new CollabError('usage', `${input.slug} needs its ${param.name} with every change`, {
        hint: `give ${fileFlag(param.name)} <path|-> (the service never shows it, so collab cannot send it for you)`,
      });
  return { owner: input.owner, slug: input.slug, spec, fields, secrets };
}

export async function run(ctx: VerbContext, opts: SetIntegrationOptions): Promise<void> {
  const body: Record<string, unknown> = { ...opts.fields };
  for (const [key, read] of Object.entries(opts.secrets)) body[key] = await read(ctx);
  // A required setting not given is sent as the service has it: read only when one is missing.
  const missing = (opts.spec?.params ?? []).filter((param) => param.required && body[param.name] === undefined);
  if (missing.length > 0) {
    const current = await readIntegration(ctx, opts.owner, opts.slug);
    for (const param of missing) {
      const value = current.active ? current.properties?.[param.name] : undefined;
      if (value === undefined || value === null || value === '')
        throw new CollabError(
          'usage',
          `${opts.slug} is not set up on ${describeOwner(opts.owner)}: it needs --${flagName(param)}`,
        );
      body[param.name] = value;
    }
  }
  const response = await ctx.session
    .mutate<IntegrationView>(setIntegration(opts.owner, opts.slug, body), Object.keys(opts.secrets))
    .catch((error: unknown) => {
      throw unknownIntegration(error, opts.owner, opts.slug);
    });
  if (!response) return;
  ctx.terminal.info(`set up ${opts.slug} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, integrationView(response.data));
}
