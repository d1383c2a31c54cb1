import { ACCESS_LEVELS, ROLE_TITLES } from '../params/access.js';
import { ROLES } from './roles.js';

/**
 * Project features that refuse a request whatever the caller's role, and the hint a refusal then
 * takes instead of the role's (src/api/roles.ts): GitLab's ProjectPolicy takes the pipeline
 * schedule rights away with `builds_disabled | repository_disabled`, create_merge_request_in,
 * by which all but Maintainers read approval rules, with `merge_requests_disabled |
 * repository_disabled`, and every label right with `issues_disabled & merge_requests_disabled`
 * (app/policies/project_policy.rb @0ff8c1b4, pavankalisetti009/gitlab's mirror of
 * gitlab-org/gitlab). A feature is off where its access level is `disabled`, and for a
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
const ISSUES: FeatureLevel = { level: 'issues_access_level', name: 'issues', verb: 'are', role: ACCESS_LEVELS.guest };

/**
 * The requests each feature gates, by method and path below the project: any one of `features` off
 * refuses them, or, with `allOf`, all of them off together (then `allOf` names what they hide).
 * Who may still send them with the feature off (`except`, in src/api/roles.ts's words), if
 * anyone, and whether GitLab answers the refusal 404, as if there were nothing (`hides`).
 */
const GATES: ReadonlyArray<{
  methods?: readonly string[];
  path: RegExp;
  features: readonly FeatureLevel[];
  allOf?: string;
  except?: string;
  hides?: boolean;
}> = [
  { path: /^\/pipeline_schedules(\/|$)/, features: [CI_CD, REPOSITORY], hides: true },
  // LabelsFinder then finds no label through the project (`GET /labels` is an empty list, one
  // label 404 Label Not Found, a DELETE too), and creating or changing one is 403 (authorize!
  // :create_label, :update_label): app/finders/labels_finder.rb @852aade1,
  // lib/api/helpers/label_helpers.rb @055e3c66, gitlabhq/gitlabhq.
  { path: /^\/labels(\/|$)/, features: [ISSUES, MERGE_REQUESTS], allOf: 'its labels', hides: true },
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

/** The settings of the features that gate this request (`rest`: its path below `/projects/:id`), if any. */
export function gateSettings(method: string, rest: string): string[] {
  return gateOf(method, rest)?.features.map((feature) => feature.level) ?? [];
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

type Off = 'disabled' | 'private';

/**
 * Whether a feature is off for the caller: disabled, or for members from its role up and the
 * caller below it. A caller whose role collab does not know (`yours` undefined: no membership
 * shown, an administrator's or a share's) counts as below it after a refusal, and as not below it
 * where nothing was refused yet (`known`): administrators use every feature.
 */
function offFor(
  feature: FeatureLevel,
  levels: Record<string, unknown>,
  yours: number | undefined,
  known: boolean,
): Off | undefined {
  if (levels[feature.level] === 'disabled') return 'disabled';
  const below = yours === undefined ? !known : yours < feature.role;
  return levels[feature.level] === 'private' && below ? 'private' : undefined;
}

/** `merge requests are for members with the Reporter role or above only`: who a feature for members only is for. */
function membersOnly(feature: FeatureLevel): string {
  const who =
    feature.role === ACCESS_LEVELS.guest
      ? 'project members'
      : `members with the ${ROLE_TITLES[feature.role]} role or above`;
  return `${feature.name} ${feature.verb} for ${who} only`;
}

/** The flag of `collab projects update` that turns a feature on for everyone who reads the project. */
const fixOf = (feature: FeatureLevel, projectRef: string) =>
  `\`collab projects update ${projectRef} --${feature.level.replaceAll('_', '-')} enabled\``;

/**
 * The hint of a gate whose features are all off together (`allOf`): each feature's state, and
 * either setting that brings back what they hide.
 */
function allOffHint(
  gate: { features: readonly FeatureLevel[]; allOf?: string },
  levels: Record<string, unknown>,
  projectRef: string,
  yours: number | undefined,
  known: boolean,
): string | undefined {
  const states = gate.features.map((feature) => offFor(feature, levels, yours, known));
  if (states.some((state) => state === undefined)) return undefined;
  const said = gate.features.map((feature, i) =>
    states[i] === 'disabled'
      ? `${feature.name} ${feature.verb} turned off (${feature.level}: disabled)`
      : `${membersOnly(feature)} (${feature.level}: private)`,
  );
  const whom = states.every((state) => state === 'disabled') ? 'whatever the role' : 'from you';
  return `${said.join(' and ')} in this project, which hides ${gate.allOf} ${whom}: ${gate.features.map((feature) => fixOf(feature, projectRef)).join(' or ')} brings them back`;
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
  if (gate.allOf !== undefined) return allOffHint(gate, levels, projectRef, yours, false);
  for (const feature of gate.features) {
    const fix = fixOf(feature, projectRef);
    const them = feature.verb === 'is' ? 'it' : 'them';
    const off = offFor(feature, levels, yours, false);
    if (off === 'disabled')
      return `${feature.name} ${feature.verb} turned off in this project (${feature.level}: disabled), ${gate.except ? `so only ${gate.except} may do this` : 'which refuses this whatever the role'}: ${fix} turns ${them} on`;
    if (off === 'private')
      return `${membersOnly(feature)} in this project (${feature.level}: private): ${fix} opens ${them} to everyone who reads the project`;
  }
  return undefined;
}

/**
 * Before any refusal: the hint where a project's features hide from the caller what a read of
 * `rest` lists, GitLab answering an empty list rather than a refusal (a project's labels with
 * issues and merge requests off); a feature for members only counts only where collab knows the
 * caller's role (`yours`) is below it. Undefined where nothing is hidden, or collab cannot tell.
 */
export function hiddenByFeatures(
  rest: string,
  project: unknown,
  projectRef: string,
  yours: number | undefined,
): string | undefined {
  const gate = gateOf('GET', rest);
  if (gate?.allOf === undefined || typeof project !== 'object' || project === null) return undefined;
  return allOffHint(gate, project as Record<string, unknown>, projectRef, yours, true);
}
