import { compileProblem, re2Problem } from './push-rules.js';
import { type ParamRule, urlRule } from './rules.js';
import type { ParamSpec } from './types.js';
import { looksSecret } from '../util/secrets.js';

/**
 * A branch regex: the doc calls it a "regular expression for branch names to mirror"
 * (doc/api/remote_mirrors.md, gitlabhq/gitlabhq 0286e4c6), and the model holds it to that:
 * `validates :mirror_branch_regex, untrusted_regexp: true, length: { maximum: 255 }`
 * (ee/app/models/ee/remote_mirror.rb, diffblue/gitlab 29375e85, a copy of gitlab-org/gitlab),
 * whose UntrustedRegexpValidator answers `not valid RE2 syntax: <why>`. "" clears it.
 */
const regexProblem = (value: string) => (value === '' ? undefined : (re2Problem(value) ?? compileProblem(value)));
export const MIRROR_BRANCH_REGEX_RULE: ParamRule = {
  what: 'branch regex',
  source: 'doc/api/remote_mirrors.md (mirror_branch_regex); ee/app/models/ee/remote_mirror.rb',
  maxLength: 255,
  checks: [
    {
      ok: (value) => regexProblem(value) === undefined,
      says: (value) => regexProblem(value) ?? '',
      service: (value) => `not valid RE2 syntax: ${regexProblem(value) ?? ''}`,
    },
  ],
};

/**
 * Push mirrors, GitLab's doc/api/remote_mirrors.md (gitlabhq/gitlabhq 0286e4c6): POST
 * /projects/:id/remote_mirrors takes the URL and these; PUT these alone (a mirror's URL is not
 * changed: it is removed and made again). A new mirror is disabled, mirrors every branch and
 * overwrites divergent refs. The URL's credentials are never answered: the service scrubs them
 * (`https://*****:*****@host/…`).
 */
export const MIRROR_PARAMS = [
  { name: 'enabled', type: 'boolean', description: 'the mirror pushes (a new mirror: off unless given)' },
  { name: 'only_protected_branches', type: 'boolean', description: 'mirror only the protected branches' },
  {
    name: 'keep_divergent_refs',
    type: 'boolean',
    description: 'keep refs that diverged on the remote instead of overwriting them',
  },
  {
    name: 'mirror_branch_regex',
    type: 'string',
    description: 'mirror only branches whose name matches this regular expression (not with only_protected_branches)',
    paid: true,
    rule: MIRROR_BRANCH_REGEX_RULE,
  },
  {
    name: 'auth_method',
    type: 'string',
    description: 'how to sign in to the remote',
    choices: ['password', 'ssh_public_key'],
  },
] as const satisfies readonly ParamSpec[];

/**
 * A setting as the service holds it, for comparing: a branch regex of "" is none, as a PUT of ""
 * clears it (MIRROR_BRANCH_REGEX_RULE) and the service then answers null.
 */
export const mirrorSetting = (name: string, value: unknown): unknown =>
  name === 'mirror_branch_regex' && value === '' ? null : value;

export const MIRROR_DEFAULTS: Readonly<Record<string, unknown>> = {
  enabled: false,
  only_protected_branches: false,
  keep_divergent_refs: false,
  mirror_branch_regex: null,
  auth_method: 'password',
};

/**
 * The doc: a branch regex "requires only_protected_branches to be disabled". `named` says a field
 * as its entry point does: collab.yaml's key (as is), or a verb's flag.
 */
export function mirrorBranchesProblem(
  fields: Readonly<Record<string, unknown>>,
  named: (field: string) => string = (field) => field,
): string | undefined {
  const regex = fields.mirror_branch_regex;
  return typeof regex === 'string' && regex !== '' && fields.only_protected_branches === true
    ? `${named('mirror_branch_regex')} cannot be used with ${named('only_protected_branches')}: give one of them`
    : undefined;
}

/**
 * A push mirror's URL: RemoteMirror validates `url` with `addressable_url: { schemes: %w[ssh git
 * http https] }` (doc/api/remote_mirrors.md). It may carry credentials: a secret, never quoted.
 * Checked as the flag gives it, and in collab.yaml without its credentials (their templates).
 */
export const MIRROR_URL_RULE = urlRule(
  'push mirror URL',
  ['ssh', 'git', 'http', 'https'],
  'doc/api/remote_mirrors.md (url); app/models/remote_mirror.rb',
  { secret: true },
);

export const MIRROR_URL_PARAM: ParamSpec = {
  name: 'url',
  type: 'string',
  description: 'the remote (its credentials a secret)',
  rule: MIRROR_URL_RULE,
};

/**
 * The URL without its credentials: how the service shows it, less the asterisks; how a mirror is
 * told apart. They end at the authority's last `@` (a URL parser's rule), so a token with an `@`
 * in it never shows a part of itself.
 */
export function mirrorUrlWithoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
}

/**
 * The one user name the service shows of a mirror's URL: RemoteMirror#safe_url scrubs every other
 * as `*****` (`super(allowed_usernames: %w[git])`, app/models/remote_mirror.rb, gitlabhq/gitlabhq
 * 0286e4c6; SafeUrl, app/models/concerns/safe_url.rb). SSH remotes sign in as `git`: no secret.
 */
const SHOWN_USER = 'git';

/**
 * The values of the URL's query keys that name secrets (`?private_token=…`, looksSecret's rule), as
 * written and percent-decoded: a token there is one as much as in the user part.
 */
function querySecrets(url: string): string[] {
  const query = /^[^?#]*\?([^#]*)/.exec(url)?.[1];
  if (!query) return [];
  const values: string[] = [];
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const value = pair.slice(equals + 1);
    if (!value || !looksSecret(decoded(pair.slice(0, equals)))) continue;
    values.push(value, decoded(value.replace(/\+/g, ' ')));
  }
  return values;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Not percent-encoding: the text as written is all there is.
    return text;
  }
}

/**
 * Whether a URL given on the command line would put a secret there: credentials (mirrorUrlHasSecret)
 * or a secret-named key in its query.
 */
export function urlHoldsSecret(url: string): boolean {
  return mirrorUrlHasSecret(url) || querySecrets(url).length > 0;
}

/** Whether the URL holds a secret: a password, or over HTTP(S) a user part other than `git` (a token given as the user name); `ssh://git@` holds none. */
export function mirrorUrlHasSecret(url: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)@/i.exec(url);
  if (!match) return false;
  const userinfo = match[2] as string;
  return userinfo.includes(':') || (/^https?$/i.test(match[1] as string) && userinfo !== SHOWN_USER);
}

/** The URL as collab shows it: as given where it holds no secret (`ssh://git@host/…`), else without its credentials. */
export function shownMirrorUrl(url: string): string {
  return mirrorUrlHasSecret(url) ? mirrorUrlWithoutCredentials(url) : url;
}

/**
 * What of the URL is a secret, to keep out of every line collab writes: the token, as written and
 * percent-decoded (how an echo may quote it). That is the password, or over HTTP(S) a user part
 * alone (a token given as the user name). A user name beside a password is no secret: redacted
 * wherever it shows, a short one blanks the words it is part of (`user` in `user-agent`). The
 * whole URL too where, its credentials aside, it holds an `@` or a `?`: a token cut short by a
 * `/` (`https://u:to/ken@host`) or in a query is where no rule finds it.
 */
export function mirrorUrlSecrets(url: string): string[] {
  const whole = [...(/[@?]/.test(mirrorUrlWithoutCredentials(url)) ? [url] : []), ...querySecrets(url)];
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)@/i.exec(url);
  if (!match) return [...new Set(whole)];
  const userinfo = match[2] as string;
  const colon = userinfo.indexOf(':');
  const token = colon >= 0 ? userinfo.slice(colon + 1) : /^https?$/i.test(match[1] as string) ? userinfo : '';
  if (!token || (colon < 0 && token === SHOWN_USER)) return [...new Set(whole)];
  return [...new Set([...whole, token, decoded(token)])];
}

/** How to write credentials that a URL reads as they are meant, wherever a URL is refused for them. */
export const MIRROR_CREDENTIALS_HINT =
  'percent-encode the user and the token in its value (/ as %2F, ? as %3F, # as %23, @ as %40)';

/**
 * What a push mirror URL may not hold, however it is given (--url, --url-file, standard input,
 * collab.yaml with its templates resolved): a line break or another control character (two URLs
 * read as one), or a second `@` in its authority. Readers disagree on where such credentials end:
 * GitLab's UrlSanitizer (lib/gitlab/url_sanitizer.rb) and WHATWG at the last `@`, Ruby's URI, with
 * which SafeUrl scrubs the service's answer (app/models/concerns/safe_url.rb, gitlabhq/gitlabhq
 * 6adfd945), nowhere, and a scrubber that stops at the first shows the rest of the token. Percent-
 * encoded, every reader sees the same user and token. The words quote nothing of the URL: a secret.
 */
export function mirrorUrlProblem(url: string): { says: string; hint: string } | undefined {
  if (/[\r\n\u0085\u2028\u2029]/.test(url))
    return {
      says: 'it holds a line break',
      hint: 'give one URL on one line (a file may end with one newline)',
    };
  if (/[\u0000-\u001f\u007f-\u009f]/.test(url))
    return { says: 'it holds a control character', hint: 'write the URL in printable characters alone' };
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  if (authority.indexOf('@') !== authority.lastIndexOf('@'))
    return { says: 'its user:token holds an @ that is not percent-encoded', hint: MIRROR_CREDENTIALS_HINT };
  return undefined;
}

/** The URL as the service answers it: the password as `*****`, and the user too unless it is `git`. */
export function scrubbedMirrorUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i, (_all, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    return `${scheme}${user === SHOWN_USER ? user : '*****'}${colon < 0 ? '' : ':*****'}@`;
  });
}
