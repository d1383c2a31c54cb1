import type { CommandSpec } from './spec.js';

/**
 * The top-level commands' names, aliases and summaries, written here only: help lists them
 * without loading any noun, and each noun's definition (its index.ts) starts from its entry.
 * (manifest.ts adds how each is loaded; kept apart so that a definition never imports the
 * manifest that loads it.)
 */
const NOUN_NAMES = {
  projects: { aliases: ['project'], summary: 'List, create, fork, configure and remove projects' },
  groups: { aliases: ['group'], summary: 'List, create, configure, transfer and remove groups' },
  notes: { summary: 'Comments on issues, merge requests, snippets and epics' },
  hooks: { aliases: ['hook'], summary: 'Webhooks of a project or a group' },
  'push-rule': { aliases: ['push-rules'], summary: 'The push rule of a project or a group' },
  share: { aliases: ['shares'], summary: 'Share a project or a group with a group' },
  variables: { aliases: ['variable'], summary: 'CI/CD variables of a project or a group' },
  labels: { aliases: ['label'], summary: 'Labels of a project or a group' },
  badges: { aliases: ['badge'], summary: 'Badges of a project or a group' },
  'protected-branches': {
    aliases: ['protected-branch'],
    summary: 'Who may push to, merge into and unprotect a project’s branches',
  },
  'protected-tags': { aliases: ['protected-tag'], summary: 'Who may create a project’s tags' },
  'deploy-keys': { aliases: ['deploy-key'], summary: 'SSH keys that deploy from (or push to) a project' },
  'job-token-scope': {
    aliases: ['job-token'],
    summary: 'Which projects and groups may reach a project with a CI/CD job token',
  },
  mirrors: {
    aliases: ['mirror', 'push-mirrors'],
    summary: 'A project’s push mirrors: where its repository is pushed to',
  },
  'approval-rules': { aliases: ['approval-rule'], summary: 'Who must approve a project’s merge requests (Premium)' },
  'approval-settings': {
    aliases: ['approval-setting'],
    summary: 'How merge request approvals work in a project or group (Premium)',
  },
  schedules: {
    aliases: ['schedule', 'pipeline-schedules'],
    summary: 'A project’s pipeline schedules and their variables',
  },
  'protected-environments': {
    aliases: ['protected-environment', 'protected-env'],
    summary: 'Who may deploy to a project’s or group’s environments, and who must approve (Premium)',
  },
  integrations: { aliases: ['integration'], summary: 'Integrations of a project or a group: Slack, Jira, email…' },
  plan: { summary: 'Show what apply would change to make the service what collab.yaml says' },
  apply: { summary: 'Make groups and projects what collab.yaml (or a saved plan) says' },
  'access-report': { summary: 'Who can reach each project and group under a group, and why: an access review' },
  export: { summary: 'Write the live state of groups and projects as collab.yaml' },
  users: { aliases: ['user'], summary: 'Find users, list their memberships, change their accounts, offboard them' },
  api: { summary: 'Make an authenticated request to any API path' },
  auth: { summary: 'Log in to hosts, switch accounts, check and print tokens, log out' },
  config: { summary: 'Read and change settings' },
  completion: { summary: 'Print a shell completion script (bash, zsh, fish)' },
  sandbox: { summary: 'Run a local, in-memory Collaboration Service to try collab against' },
} as const satisfies Record<string, { aliases?: readonly string[]; summary: string }>;

export type NounName = keyof typeof NOUN_NAMES;

/** What a noun's definition takes from its entry here: name, aliases, summary. */
export function noun(name: NounName): Pick<CommandSpec, 'name' | 'aliases' | 'summary'> {
  const entry: { aliases?: readonly string[]; summary: string } = NOUN_NAMES[name];
  return { name, ...(entry.aliases ? { aliases: entry.aliases } : {}), summary: entry.summary };
}
