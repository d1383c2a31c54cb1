/**
 * A project's CI/CD job token scope, GitLab's doc/api/project_job_token_scopes.md (gitlabhq/gitlabhq
 * 08ed20f9): PATCH /projects/:id/job_token_scope takes `enabled` (required), the "Limit access to
 * this project" setting, answered as `inbound_enabled`; the allowlists of projects and of groups
 * are added to by ID (`target_project_id`, `target_group_id`). Every request needs the Maintainer
 * role. A new project has the limit on (GitLab's default for new projects; doc/update/deprecations.md).
 */
export const JOB_TOKEN_SCOPE_DEFAULTS = { inbound_enabled: true } as const;
