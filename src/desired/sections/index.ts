import { approvalRules } from './approval-rules.js';
import { approvalSettings } from './approval-settings.js';
import { archived } from './archived.js';
import { avatar } from './avatar.js';
import { badges } from './badges.js';
import { deployKeys } from './deploy-keys.js';
import { hooks } from './hooks.js';
import { integrations } from './integrations.js';
import { labels } from './labels.js';
import { ldapLinks } from './ldap-links.js';
import { members } from './members.js';
import { mirror } from './mirror.js';
import { jobTokenScope } from './job-token-scope.js';
import { pipelineSchedules } from './pipeline-schedules.js';
import { protectedBranches } from './protected-branches.js';
import { protectedEnvironments } from './protected-environments.js';
import { protectedTags } from './protected-tags.js';
import { pushRule } from './push-rule.js';
import { remoteMirrors } from './remote-mirrors.js';
import type { Section, SpecOf, TargetSpec } from './section.js';
import { settings } from './settings.js';
import { shares } from './shares.js';
import { variables } from './variables.js';

/**
 * The sections of collab.yaml, in the order the file's schema lists them (those of both kinds
 * first, then a kind's own). A section is one file of this directory and one entry here.
 */
const ALL = [
  settings,
  pushRule,
  hooks,
  variables,
  labels,
  badges,
  shares,
  members,
  ldapLinks,
  avatar,
  archived,
  mirror,
  protectedBranches,
  protectedTags,
  deployKeys,
  approvalSettings,
  approvalRules,
  pipelineSchedules,
  jobTokenScope,
  remoteMirrors,
  protectedEnvironments,
  integrations,
] as const;

/** A change's request as data (a saved plan carries it): the target's own, or one a section makes. */
export type RequestSpec = TargetSpec | SpecOf<(typeof ALL)[number]>;

export const SECTIONS: readonly Section<RequestSpec>[] = ALL;

/** The order a target's changes are planned and sent in: its attributes first (one PUT), then the rest, archiving last. */
export const PLAN_ORDER: readonly Section<RequestSpec>[] = [
  ...SECTIONS.filter((s) => s.order === 'first'),
  ...SECTIONS.filter((s) => s.order === undefined),
  ...SECTIONS.filter((s) => s.order === 'last'),
];

export const sectionNamed = (name: string): Section<RequestSpec> | undefined =>
  SECTIONS.find((section) => section.name === name);
