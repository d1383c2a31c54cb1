import { urlRule } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * Webhook fields of the groups API reference (group hook) and the projects API reference (project hook) as one
 * table: the CLI's flags, its --events names and the sandbox's validation all come from here.
 * `url` (HOOK_URL) and the write-only `token` are not in the table: the commands handle them on
 * their own (a required flag; a secret read from a file or a prompt, never from argv).
 */
export type HookOwnerKind = 'project' | 'group';

/**
 * A hook's URL: present, http or https with a host (WebHooks::Hook `validates :url, presence: true`
 * and `public_url: true`: app/models/concerns/web_hooks/hook.rb, gitlabhq/gitlabhq 135b9a70). Whether
 * a local address is allowed is the instance's setting (allow_local_requests_from_web_hooks_and_services),
 * which collab cannot read: the service says.
 */
export const HOOK_URL = {
  name: 'url',
  type: 'string',
  description: 'where deliveries are sent (http or https)',
  rule: urlRule('hook URL', ['http', 'https'], 'app/models/concerns/web_hooks/hook.rb (url: public_url)'),
} as const satisfies ParamSpec;

export interface HookParam extends ParamSpec {
  /** The field exists only on hooks of this kind of owner. */
  only?: HookOwnerKind;
  /** An event subscription (shown in lists, named by --events). */
  event?: boolean;
}

const event = (name: string, description: string, only?: HookOwnerKind): HookParam => ({
  name,
  type: 'boolean',
  description,
  event: true,
  ...(only ? { only } : {}),
});

export const HOOK_PARAMS: readonly HookParam[] = [
  event('push_events', 'deliver push events (on by default)'),
  event('tag_push_events', 'deliver tag push events'),
  event('issues_events', 'deliver issue events'),
  event('confidential_issues_events', 'deliver confidential issue events'),
  event('merge_requests_events', 'deliver merge request events'),
  event('note_events', 'deliver comment events'),
  event('confidential_note_events', 'deliver confidential comment events'),
  event('job_events', 'deliver job events'),
  event('pipeline_events', 'deliver pipeline events'),
  event('wiki_page_events', 'deliver wiki page events'),
  event('deployment_events', 'deliver deployment events'),
  event('releases_events', 'deliver release events'),
  event('subgroup_events', 'deliver subgroup events', 'group'),
  {
    name: 'push_events_branch_filter',
    type: 'string',
    description: 'deliver push events only for branches matching this name or wildcard (release/*)',
    only: 'project',
  },
  {
    name: 'enable_ssl_verification',
    type: 'boolean',
    description: 'verify the TLS certificate of the receiver (on by default)',
  },
];

/** What a new hook has where the request leaves a field out (GitLab's column defaults). */
export const HOOK_DEFAULTS: Readonly<Record<string, unknown>> = {
  push_events: true,
  enable_ssl_verification: true,
  push_events_branch_filter: null,
};

/** The fields a hook of this owner kind has. */
export function hookParamsFor(kind: HookOwnerKind): HookParam[] {
  return HOOK_PARAMS.filter((param) => param.only === undefined || param.only === kind);
}

export function hookEventsFor(kind: HookOwnerKind): HookParam[] {
  return hookParamsFor(kind).filter((param) => param.event);
}

/** `merge_requests_events` -> `merge-requests`: the name --events takes and lists show (the flag without `-events`). */
export function eventName(param: HookParam): string {
  return param.name.replace(/_events$/, '').replace(/_/g, '-');
}
