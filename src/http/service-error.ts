import { refusedHint } from '../api/roles.js';
import { CollabError, type RequestInfo, kindForStatus } from '../errors.js';
import { paidFeatureAt, paidTierMessage } from '../params/tiers.js';

/**
 * Reads the service's error body, which comes in several shapes
 * (GitLab API v4 behaviour): {"message": "404 Project Not Found"},
 * {"message": {"path": ["has already been taken"]}} (possibly nested),
 * {"error": "name is missing"}, {"error": "insufficient_scope", "error_description": "..."},
 * GraphQL's {"errors": [{"message": "Invalid token"}]} (POST /api/graphql refusing a token:
 * gitlabhq/gitlabhq app/controllers/graphql_controller.rb @017a6c12, render_error),
 * or plain text such as a throttled 429's "Retry later".
 */
export function describeServiceError(status: number, body: string, contentType: string | undefined): string {
  const text = body.trim();
  let detail = '';
  if (text.startsWith('{') || text.startsWith('[') || (contentType ?? '').includes('json')) {
    try {
      // Whatever its shape, the service's words are a message's few lines, never its whole body: a
      // warning or a retry's note quotes the message as it is (only error lines pass flat's cut).
      detail = shortened(describeJsonError(JSON.parse(text)));
    } catch {
      detail = firstLine(text);
    }
  } else if (/^<(!doctype|html)/i.test(text)) {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    detail = `an HTML page${title ? ` ("${shortened(title)}")` : ''} instead of an API response (is a proxy or login page in the way?)`;
  } else {
    detail = firstLine(text);
  }
  if (!detail) detail = defaultReason(status);
  return /^\d{3}\b/.test(detail) ? detail : `${status} ${detail}`;
}

/** The most of the service's error text a message keeps. */
const MAX_DETAIL = 300;

function shortened(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function firstLine(text: string): string {
  return shortened(text.split(/\r?\n/, 1)[0] ?? '');
}

function describeJsonError(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value ?? '');
  const record = value as Record<string, unknown>;
  if ('message' in record) return describeMessage(record.message);
  if (typeof record.error === 'string') {
    const description = typeof record.error_description === 'string' ? `: ${record.error_description}` : '';
    return `${record.error}${description}`;
  }
  const first = Array.isArray(record.errors) ? (record.errors[0] as { message?: unknown } | undefined) : undefined;
  if (typeof first?.message === 'string') return firstLine(first.message);
  return firstLine(JSON.stringify(value));
}

/**
 * `{"path": ["has already been taken"], "limits": {"size": ["too big"]}}` -> "path has already been taken; limits.size too big".
 * A message that is a sentence of its own (capitalized, as the model's errors on `base` are) follows its key after a colon:
 * `{"base": ["Could not change HEAD: …"]}` -> "base: Could not change HEAD: …".
 */
function describeMessage(message: unknown, prefix = ''): string {
  const under = (text: string) => (!prefix ? text : /^[A-Z]/.test(text) ? `${prefix}: ${text}` : `${prefix} ${text}`);
  if (typeof message === 'string') return under(message);
  if (Array.isArray(message)) {
    return under(message.map((item) => (typeof item === 'string' ? item : describeMessage(item))).join(', '));
  }
  if (message && typeof message === 'object') {
    return Object.entries(message as Record<string, unknown>)
      .map(([key, inner]) => describeMessage(inner, prefix ? `${prefix}.${key}` : key))
      .join('; ');
  }
  return String(message ?? '');
}

function defaultReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return reasons[status] ?? 'error';
}

/**
 * GitLab answers a project or group the token may not see as it answers one that is not there
 * (404 Project Not Found, 404 Group Not Found), so the hint says both. A command that knows more
 * (a did-you-mean, the member that is missing) gives its own hint instead.
 */
function notFoundHint(message: string): string | undefined {
  const kind = /^404 (Project|Group) Not Found$/i.exec(message)?.[1]?.toLowerCase();
  if (kind)
    return `no ${kind} with that path or ID, or not one this token can see: check it (\`collab ${kind}s list --search <name>\`)`;
  // Issues and merge requests are numbered within their project (their IID, the number in their
  // URL, .../issues/12), not by the global ID the API also shows (doc/api/notes.md: issue_iid, merge_request_iid).
  const numbered = /^404 (Issue|Merge ?Request) Not Found$/i.exec(message)?.[1]?.toLowerCase();
  if (numbered) {
    const [what, sign] = numbered === 'issue' ? ['issue', '#'] : ['merge request', '!'];
    return `give the ${what}'s number in its project (the ${sign}N of its URL, its IID), not its global ID, and check the project`;
  }
  return undefined;
}

/**
 * GitLab's refusals of a visibility against the one above or below (Group#visibility_level_allowed_by_parent,
 * _by_sub_groups, _by_projects; Project#visibility_level_allowed_by_group; the sandbox's
 * src/sandbox/routes/group-changes.ts says them alike): what to change first.
 */
function visibilityHint(message: string, request: RequestInfo): string | undefined {
  const orLess = (level: string) => (level === 'private' ? level : `${level} or less`);
  const parent = /is not allowed since the parent group has an? (\w+) visibility/.exec(message)?.[1];
  if (parent)
    return `a group is at most as visible as its parent: choose ${orLess(parent)}, or raise the parent's first`;
  const group = /visibility_level \w+ is not allowed in an? (\w+) group/.exec(message)?.[1];
  if (group) return `a project is at most as visible as its group: choose ${orLess(group)}, or raise the group's first`;
  if (/is not allowed since (there are sub-groups|this group contains projects) with higher visibility/.test(message)) {
    const ref = /^\/groups\/([^/?]+)/.exec(request.path)?.[1];
    const named = ref === undefined ? '<group>' : decodeURIComponent(ref);
    return `lower the subgroups and projects below it first (\`collab groups descendants ${named}\` and \`collab groups projects ${named} --include-subgroups\` list them); \`collab apply\` orders such changes itself`;
  }
  return undefined;
}

/**
 * GitLab's refusal of a pipeline schedule on a ref the caller may not update (Ci::PipelineSchedulePolicy
 * `protected_ref`): the create and update services answer 400 with the model's base error
 * (app/services/ci/pipeline_schedules/base_save_service.rb @7e8b0612, gitlabhq/gitlabhq), the
 * role itself having been asked first (403), so a 400 of these words is the ref's protection.
 */
function scheduleRefHint(message: string): string | undefined {
  if (!/not authorized to (create|update) the pipeline schedule$/.test(message)) return undefined;
  return "the schedule's ref is a protected branch you may neither push nor merge to (or a protected tag you may not create): give another ref, or have a Maintainer make the schedule";
}

export function serviceError(
  status: number,
  body: string,
  contentType: string | undefined,
  request: RequestInfo,
  requires?: string,
  url?: string,
  /** The caller's role where the request is a project's and collab read it (src/api/roles.ts). */
  yours?: number,
): CollabError {
  const paid = status === 404 && url !== undefined ? unpaidFeature(body, url) : undefined;
  if (paid) return new CollabError('auth', paidTierMessage(paid), { status, request });
  let message = describeServiceError(status, body, contentType);
  let hint: string | undefined;
  const root = status === 404 && url !== undefined && !isApiErrorBody(body) ? apiRootOf(url) : undefined;
  if (root) {
    message = `${message} from ${root.full}: no API answers at ${root.api}`;
    hint = `if the service lives under a sub-path, give it in the host: --host ${root.origin}/<sub-path> (for example --host ${root.origin}/gitlab; collab adds /api/v4)`;
  } else if (status === 401) hint = 'the token was rejected: run `collab auth login`, or check COLLAB_TOKEN';
  else if (status === 403 && requires) hint = refusedHint(requires, yours);
  else if (status === 404) hint = notFoundHint(message);
  else if (status === 400) hint = visibilityHint(message, request) ?? scheduleRefHint(message);
  return new CollabError(kindForStatus(status), message, { status, request, ...(hint ? { hint } : {}) });
}

/**
 * Whether a body is one of the API's own error objects. GitLab's API answers every 404 under
 * /api/v4 with one, an unknown route included (`{"error": "404 Not Found"}`), a missing thing
 * with `{"message": "404 Project Not Found"}`; an HTML page or plain text is some other server
 * (a web front end, a proxy) at that URL: the API lives elsewhere, typically under a sub-path.
 */
function isApiErrorBody(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && ('message' in value || 'error' in value);
  } catch {
    return false;
  }
}

/**
 * A paid feature the instance does not have: GitLab Free answers its routes as unknown ones
 * (`{"error": "404 Not Found"}`, never a missing thing's `{"message": ...}`; src/params/tiers.ts).
 */
function unpaidFeature(body: string, url: string): string | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null || (value as { error?: unknown }).error !== '404 Not Found')
      return undefined;
    const path = new URL(url).pathname;
    const at = path.indexOf('/api/v4/');
    return at < 0 ? undefined : paidFeatureAt(path.slice(at + '/api/v4'.length))?.name;
  } catch {
    return undefined;
  }
}

/** The URL asked (without its query), the API root it assumed and the origin, for the message. */
function apiRootOf(url: string): { full: string; api: string; origin: string } | undefined {
  try {
    const parsed = new URL(url);
    const at = parsed.pathname.indexOf('/api/v4');
    if (at < 0) return undefined;
    return {
      full: `${parsed.origin}${parsed.pathname}`,
      api: `${parsed.origin}${parsed.pathname.slice(0, at)}/api/v4`,
      origin: parsed.origin,
    };
  } catch {
    return undefined;
  }
}
