import { ACCESS_LEVELS, ROLE_TITLES } from '../params/access.js';
import { ROLES } from './roles.js';

/**
 * Project features that refuse a request whatever the caller's role, and the hint a refusal then
 * takes instead of the role's (src/api/roles.ts): GitLab's ProjectPolicy takes the pipeline
 * schedule rights away with `builds_disabled | repository_disabled`, and create_merge_request_in,
 * by which all but Maintainers read approval rules, with `merge_requests_disabled |
 * repository_disabled` (app/policies/project_policy.rb @0ff8c1b4, pavankalisetti009/gitlab's
 * mirror of gitlab-org/gitlab). A feature is off where its access level is `disabled`, and for a
 * member below the feature's role or a non-member where it is `private` (Reporter for merge
 * requests, Guest otherwise: app/models/project_feature.rb @08608c8e, gitlabhq/gitlabhq). The
 * levels are read from the project's GET that a refusal already makes for the caller's role
 * (doc/api/projects.md shows `*_access_level` to whoever reads the project): no request of its own.
 */

interface FeatureLevel {
  /** The project's field, and the flag of `collab projects update` that sets it. */
  level: string;
  name: string;
  verb: 'is' | 'are';
  /** The least role that uses the feature where it is for members only. */
  role: number;
}

const REPOSITORY: FeatureLevel = {
  level: 'repository_access_level',
  name: 'the repository',
  verb: 'is',
  role: ACCESS_LEVELS.guest,
};
const CI_CD: FeatureLevel = { level: 'builds_access_level', name: 'CI/CD', verb: 'is', role: ACCESS_LEVELS.guest };
const MERGE_REQUESTS: FeatureLevel = {
  level: 'merge_requests_access_level',
  name: 'merge requests',
  verb: 'are',
  role: ACCESS_LEVELS.reporter,
};

/**
 * The requests each feature gates, by method and path below the project, who may still send
 * them with the feature off (`except`, in src/api/roles.ts's words), if anyone, and whether GitLab
 * answers the refusal 404, as if there were nothing (`hides`).
 */
const GATES: ReadonlyArray<{
  methods?: readonly string[];
  path: RegExp;
  features: readonly FeatureLevel[];
  except?: string;
  hides?: boolean;
}> = [
  { path: /^\/pipeline_schedules(\/|$)/, features: [CI_CD, REPOSITORY], hides: true },
  // Changing approval rules is admin_project's alone, which no feature takes away, and admin_project
  // reads them too (authorize_read_project_approval_rule!, ee/lib/api/helpers/
  // project_approval_rules_helpers.rb @a5c67111, ashierj/superdemo). A refused read is 403: their
  // 404 is a rule that is not there, or GitLab Free, which has no such route (src/params/tiers.ts).
  {
    methods: ['GET'],
    path: /^\/approval_rules(\/|$)/,
    features: [MERGE_REQUESTS, REPOSITORY],
    except: ROLES.maintainers,
  },
];

function gateOf(method: string, rest: string) {
  return GATES.find((g) => g.path.test(rest) && (g.methods === undefined || g.methods.includes(method)));
}

/**
 * Whether a feature turned off may explain a 404 of this request (`rest`: its path below
 * `/projects/:id`): GitLab answers a pipeline schedule the caller may not read, CI/CD off
 * included, `404 Pipeline Schedule Not Found` (lib/api/ci/pipeline_schedules.rb's
 * `pipeline_schedule` helper), so only the 404 of a gate that `hides` is worth the project's read.
 */
export function featureMayHide(method: string, rest: string): boolean {
  return gateOf(method, rest)?.hides === true;
}

/**
 * The hint of a refused request to a project (`rest`: its path below `/projects/:id`) whose
 * feature is off for the caller (`yours`: their role where collab knows it), naming the feature and
 * the setting that turns it on; undefined where no feature explains the refusal.
 */
export function featureOffHint(
  method: string,
  rest: string,
  project: unknown,
  projectRef: string,
  yours: number | undefined,
): string | undefined {
  const gate = gateOf(method, rest);
  if (!gate || typeof project !== 'object' || project === null) return undefined;
  const levels = project as Record<string, unknown>;
  for (const feature of gate.features) {
    const flag = `--${feature.level.replaceAll('_', '-')}`;
    const fix = `\`collab projects update ${projectRef} ${flag} enabled\``;
    const them = feature.verb === 'is' ? 'it' : 'them';
    if (levels[feature.level] === 'disabled')
      return `${feature.name} ${feature.verb} turned off in this project (${feature.level}: disabled), ${gate.except ? `so only ${gate.except} may do this` : 'which refuses this whatever the role'}: ${fix} turns ${them} on`;
    if (levels[feature.level] === 'private' && (yours === undefined || yours < feature.role)) {
      const who =
        feature.role === ACCESS_LEVELS.guest
          ? 'project members'
          : `members with the ${ROLE_TITLES[feature.role]} role or above`;
      return `${feature.name} ${feature.verb} for ${who} only in this project (${feature.level}: private): ${fix} opens ${them} to everyone who reads the project`;
    }
  }
  return undefined;
}
