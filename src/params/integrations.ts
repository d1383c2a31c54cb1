import { urlRule } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * The URLs an integration takes: http or https, with a host (the integrations validate them with
 * `public_url: true`, AddressableUrlValidator's http and https). A webhook URL carries its key: a
 * secret, never quoted.
 */
const SOURCE = 'doc/api/project_integrations.md; app/models/integrations/*.rb (public_url)';
const INTEGRATION_URL_RULE = urlRule('integration URL', ['http', 'https'], SOURCE);
/** An optional URL the model takes blank, which clears it (Integrations::Jira: `api_url, public_url: true, allow_blank: true`). */
const OPTIONAL_URL_RULE = urlRule('integration URL', ['http', 'https'], SOURCE, { blank: true });
const WEBHOOK_URL_RULE = urlRule('webhook URL', ['http', 'https'], SOURCE, { secret: true });

/**
 * Integrations of a project or group (doc/api/project_integrations.md and group_integrations.md
 * @ba00d505, their tables committed in test/fixtures/gitlab-docs/): PUT /:owner/:id/integrations/:slug
 * sets one up (its required parameters on every PUT, as the docs' tables say), GET shows it, DELETE
 * disables it and resets its settings. The path's slug is hyphenated (`microsoft-teams`); collab
 * names an integration with underscores (`microsoft_teams`), as collab.yaml's keys are, and takes
 * either. `*_events` flags are the integration's own fields; the rest are its `properties`. A secret
 * (a password, a token, a webhook URL, which carries its key) is never shown by the service (GitLab's
 * API leaves password fields and `webhook` out of `properties`), so collab never compares it.
 */

export interface IntegrationSpec {
  /** collab's name: the slug with underscores. */
  name: string;
  title: string;
  params: readonly ParamSpec[];
  /** The parameters that are secrets: read from a file or standard input, never argv; never compared. */
  secrets: readonly string[];
  /** `integrations set` has flags of its own for it (else: --property and --secret-file). */
  flags: boolean;
  /** Where it can be set up: a project's alone for Jenkins (group_integrations.md has no Jenkins section). */
  owners: readonly ('project' | 'group')[];
}

const EVERYWHERE = ['project', 'group'] as const;

const BRANCHES = ['all', 'default', 'protected', 'default_and_protected'] as const;

const event = (name: string, what: string): ParamSpec => ({
  name: `${name}_events`,
  type: 'boolean',
  description: `notify on ${what}`,
});

const CHAT_EVENTS: readonly ParamSpec[] = [
  event('push', 'pushes'),
  event('issues', 'issues'),
  event('confidential_issues', 'confidential issues'),
  event('merge_requests', 'merge requests'),
  event('tag_push', 'tag pushes'),
  event('note', 'comments'),
  event('confidential_note', 'confidential comments'),
  event('pipeline', 'pipelines'),
  event('wiki_page', 'wiki pages'),
];

const NOTIFY: readonly ParamSpec[] = [
  { name: 'notify_only_broken_pipelines', type: 'boolean', description: 'notify only of broken pipelines' },
  {
    name: 'branches_to_be_notified',
    type: 'string',
    choices: BRANCHES,
    description: 'the branches to notify of (default: default)',
  },
];

const CHANNELS: readonly ParamSpec[] = [
  { name: 'channel', type: 'string', description: 'the channel used when no other is set' },
  { name: 'username', type: 'string', description: 'the name the notifications come from' },
  {
    name: 'labels_to_be_notified',
    type: 'string',
    description: 'only notify of these labels (comma-separated; none: all)',
  },
  {
    name: 'labels_to_be_notified_behavior',
    type: 'string',
    choices: ['match_any', 'match_all'],
    description: 'match any or all of the labels',
  },
];

/**
 * The channel of one kind of event, over `channel` (doc/api/project_integrations.md and
 * group_integrations.md, "Slack notifications" and "Mattermost notifications": `push_channel`,
 * `issue_channel`, ..., each a string): a property, shown in GET's `properties` as the others are.
 */
const eventChannel = (name: string, what: string): ParamSpec => ({
  name: `${name}_channel`,
  type: 'string',
  description: `the channel to notify of ${what} (over --channel)`,
});

/** The per-event channels both Slack and Mattermost take, in the docs' order. */
const EVENT_CHANNELS: readonly ParamSpec[] = [
  eventChannel('push', 'pushes'),
  eventChannel('issue', 'issues'),
  eventChannel('confidential_issue', 'confidential issues'),
  eventChannel('merge_request', 'merge requests'),
  eventChannel('note', 'comments'),
  eventChannel('confidential_note', 'confidential comments'),
  eventChannel('tag_push', 'tag pushes'),
  eventChannel('pipeline', 'pipelines'),
  eventChannel('wiki_page', 'wiki pages'),
];

const webhook = (example: string): ParamSpec => ({
  name: 'webhook',
  type: 'string',
  required: true,
  description: `the incoming webhook URL (${example}); a secret: it carries the key`,
  rule: WEBHOOK_URL_RULE,
});

export const INTEGRATIONS: readonly IntegrationSpec[] = [
  {
    name: 'slack',
    title: 'Slack notifications',
    params: [
      webhook('https://hooks.slack.com/services/…'),
      ...CHANNELS,
      ...NOTIFY,
      ...CHAT_EVENTS,
      event('deployment', 'deployments'),
      event('alert', 'alerts'),
      event('incidents', 'incidents'),
      event('commit', 'commits'),
      event('job', 'jobs'),
      ...EVENT_CHANNELS,
      // Slack's alone (Mattermost's section has none of these three).
      eventChannel('deployment', 'deployments'),
      eventChannel('alert', 'alerts'),
      eventChannel('incident', 'incidents'),
    ],
    secrets: ['webhook'],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'mattermost',
    title: 'Mattermost notifications',
    params: [
      webhook('http://mattermost.example.com/hooks/…'),
      ...CHANNELS,
      ...NOTIFY,
      ...CHAT_EVENTS,
      ...EVENT_CHANNELS,
    ],
    secrets: ['webhook'],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'microsoft_teams',
    title: 'Microsoft Teams notifications',
    params: [webhook('https://outlook.office.com/webhook/…'), ...NOTIFY, ...CHAT_EVENTS],
    secrets: ['webhook'],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'jira',
    title: 'Jira issues',
    params: [
      {
        name: 'url',
        type: 'string',
        required: true,
        description: 'the Jira project’s URL',
        rule: INTEGRATION_URL_RULE,
      },
      {
        name: 'api_url',
        type: 'string',
        description: 'the Jira API’s base URL (default: url; "" clears it)',
        rule: OPTIONAL_URL_RULE,
      },
      { name: 'username', type: 'string', description: 'the Jira user (an email for Jira Cloud)' },
      {
        name: 'password',
        type: 'string',
        required: true,
        description: 'the API token, password or personal access token; a secret',
      },
      {
        name: 'jira_auth_type',
        type: 'integer',
        choices: [0, 1],
        description: '0 basic authentication, 1 a Jira personal access token',
      },
      { name: 'jira_issue_prefix', type: 'string', description: 'the prefix of Jira issue keys' },
      { name: 'jira_issue_regex', type: 'string', description: 'a regular expression of Jira issue keys' },
      {
        name: 'jira_issue_transition_automatic',
        type: 'boolean',
        description: 'move issues by automatic transitions, ahead of jira_issue_transition_id (default off)',
      },
      { name: 'jira_issue_transition_id', type: 'string', description: 'the transitions to move issues by' },
      event('commit', 'commits'),
      event('merge_requests', 'merge requests'),
      { name: 'comment_on_event_enabled', type: 'boolean', description: 'comment in Jira issues on each event' },
      { name: 'issues_enabled', type: 'boolean', description: 'show Jira issues in GitLab' },
      // The Jira projects issues are viewed from (doc/api/project_integrations.md, PUT …/integrations/jira):
      // which ones, not in what order.
      {
        name: 'project_keys',
        type: 'string-array',
        description: 'the Jira projects whose issues are shown',
        unordered: true,
      },
    ],
    secrets: ['password'],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'emails_on_push',
    title: 'Emails on push',
    params: [
      { name: 'recipients', type: 'string', required: true, description: 'the addresses, separated by spaces' },
      { name: 'disable_diffs', type: 'boolean', description: 'leave code diffs out' },
      { name: 'send_from_committer_email', type: 'boolean', description: 'send from the committer’s address' },
      event('push', 'pushes'),
      event('tag_push', 'tag pushes'),
      {
        name: 'branches_to_be_notified',
        type: 'string',
        choices: BRANCHES,
        description: 'the branches to notify of, all unless given',
      },
    ],
    secrets: [],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'pipelines_email',
    title: 'Pipeline status emails',
    params: [
      { name: 'recipients', type: 'string', required: true, description: 'the addresses, comma-separated' },
      ...NOTIFY,
      event('pipeline', 'pipelines'),
    ],
    secrets: [],
    flags: true,
    owners: EVERYWHERE,
  },
  {
    name: 'jenkins',
    title: 'Jenkins',
    params: [
      {
        name: 'jenkins_url',
        type: 'string',
        required: true,
        description: 'the Jenkins server’s URL',
        rule: INTEGRATION_URL_RULE,
      },
      { name: 'enable_ssl_verification', type: 'boolean', description: 'verify the server’s certificate' },
      { name: 'project_name', type: 'string', required: true, description: 'the Jenkins project' },
      { name: 'username', type: 'string', description: 'the Jenkins user' },
      { name: 'password', type: 'string', description: 'the Jenkins user’s password; a secret' },
      event('push', 'pushes'),
      event('merge_requests', 'merge requests'),
      event('tag_push', 'tag pushes'),
    ],
    secrets: ['password'],
    flags: false,
    owners: ['project'],
  },
];

/** `microsoft-teams` or `microsoft_teams` -> collab's name, `microsoft_teams`. */
export const integrationName = (slug: string): string => slug.trim().toLowerCase().replace(/-/g, '_');

/** collab's name -> the API path's slug. */
export const integrationSlug = (name: string): string => integrationName(name).replace(/_/g, '-');

export const integrationNamed = (name: string): IntegrationSpec | undefined =>
  INTEGRATIONS.find((spec) => spec.name === integrationName(name));

/** Whether a field is the integration's own (shown beside `active`) rather than one of its properties. */
export const isEventField = (name: string): boolean => name.endsWith('_events') || name === 'comment_on_event_enabled';

/** Integration's event defaults (app/models/integration.rb): on, but for deployments, incidents and vulnerabilities. */
const EVENT_DEFAULTS: Readonly<Record<string, boolean>> = {
  deployment_events: false,
  incidents_events: false,
  vulnerability_events: false,
};

export const eventDefault = (name: string): boolean => EVENT_DEFAULTS[name] ?? true;

/**
 * The typed flags of `collab integrations set`: every parameter of the integrations that have
 * flags, once by name, but the secrets (they come from a file, never argv: SECRET_FILE_FLAGS).
 * Which of them an integration takes is its table's; others are refused before anything is sent.
 * A name several integrations take in different senses says each, with whose it is: Slack's
 * username is who the notifications come from, Jira's the Jira user; emails on push takes
 * recipients separated by spaces, pipeline emails comma-separated.
 */
export const INTEGRATION_FLAG_PARAMS: readonly ParamSpec[] = flagParams();

function flagParams(): ParamSpec[] {
  const byName = new Map<string, { param: ParamSpec; senses: Map<string, string[]> }>();
  for (const spec of INTEGRATIONS.filter((integration) => integration.flags))
    for (const param of spec.params.filter((p) => !spec.secrets.includes(p.name))) {
      const entry = byName.get(param.name) ?? { param, senses: new Map<string, string[]>() };
      entry.senses.set(param.description, [...(entry.senses.get(param.description) ?? []), spec.name]);
      byName.set(param.name, entry);
    }
  return [...byName.values()].map(({ param, senses }) => ({
    ...param,
    required: false,
    description:
      senses.size === 1
        ? param.description
        : [...senses].map(([description, names]) => `${names.join(', ')}: ${description}`).join('; '),
  }));
}

/** The secrets with a file flag of their own: `--webhook-file`, `--password-file` (Jira's API token: `--token-file`). */
export const SECRET_FILE_FLAGS = { webhook: 'webhook', password: 'password' } as const;

/** An integration's name as the API path takes it: lower-case letters, digits, `_` or `-`. */
export const isIntegrationName = (name: string): boolean => /^[a-z][a-z0-9_-]*$/.test(integrationName(name));
