import type { Router } from '../http.js';
import { approvalRoutes } from './approvals.js';
import { deployKeyRoutes } from './deploy-keys.js';
import { groupBadgeRoutes, projectBadgeRoutes } from './badges.js';
import { forkRoutes } from './forks.js';
import { groupRoutes } from './groups.js';
import { groupHookRoutes, projectHookRoutes } from './hooks.js';
import { integrationRoutes } from './integrations.js';
import { groupLabelRoutes, projectLabelRoutes } from './labels.js';
import { memberRoutesTable } from './members.js';
import { namespaceRoutes } from './namespaces.js';
import { noteableRoutes } from './noteables.js';
import { noteRoutes } from './notes.js';
import { projectActionRoutes, pullMirrorDetailsRoutes } from './project-actions.js';
import { projectRoutes } from './projects.js';
import { protectedEnvironmentRoutes } from './protected-environments.js';
import { protectedRefRoutes } from './protected-refs.js';
import { groupPushRuleRoutes, projectPushRuleRoutes } from './push-rules.js';
import { shareRoutes } from './shares.js';
import { userRoutes } from './users.js';
import { groupVariableRoutes, projectVariableRoutes } from './variables.js';
import { jobTokenScopeRoutes } from './job-token-scope.js';
import { pipelineScheduleRoutes } from './pipeline-schedules.js';
import { remoteMirrorRoutes } from './remote-mirrors.js';
import { repositoryRoutes } from './repository.js';
import { userModerationRoutes } from './user-moderation.js';

/**
 * Every resource's route table; the first route that matches a request answers it. `pullMirrorDetails`
 * false leaves out GET /projects/:id/mirror/pull, as GitLab before 15.6 has it (SandboxOptions).
 */
export function registerRoutes(
  router: Router,
  { pullMirrorDetails = true }: { pullMirrorDetails?: boolean } = {},
): void {
  for (const table of [
    userRoutes,
    namespaceRoutes,
    forkRoutes,
    projectActionRoutes,
    pullMirrorDetails ? pullMirrorDetailsRoutes : [],
    projectRoutes,
    groupRoutes,
    noteableRoutes,
    noteRoutes,
    projectHookRoutes,
    groupHookRoutes,
    projectPushRuleRoutes,
    groupPushRuleRoutes,
    shareRoutes,
    memberRoutesTable,
    protectedRefRoutes,
    deployKeyRoutes,
    projectVariableRoutes,
    groupVariableRoutes,
    projectLabelRoutes,
    groupLabelRoutes,
    projectBadgeRoutes,
    groupBadgeRoutes,
    approvalRoutes,
    pipelineScheduleRoutes,
    repositoryRoutes,
    jobTokenScopeRoutes,
    remoteMirrorRoutes,
    userModerationRoutes,
    protectedEnvironmentRoutes,
    integrationRoutes,
  ]) {
    router.add(table);
  }
}
