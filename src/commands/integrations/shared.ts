import { integrationName, INTEGRATIONS, isIntegrationName } from '../../params/integrations.js';
import type { ValueParser } from '../../params/option.js';
import { CollabError } from '../../errors.js';
import { arg } from '../flags.js';

/** What the declarations of the integrations verbs share. */

export const TYPED = INTEGRATIONS.filter((spec) => spec.flags).map((spec) => spec.name);

const slug: ValueParser<string> = (value, label) => {
  if (!isIntegrationName(value))
    throw new CollabError(
      'usage',
      `invalid value "${value}" for ${label}: an integration’s slug, such as slack or jira`,
    );
  return integrationName(value);
};

export const SLUG = arg(
  { name: 'slug', description: `the integration (${TYPED.join(', ')}, or any other slug of the service)` },
  slug,
);
